package config

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/metric"
)

// FuzzLoad feeds arbitrary text to Load as a scb-check.toml and as a
// pyproject.toml. Load must never panic; every problem it reports names
// the file; it gives the same answer twice, and the same answer whether
// the file is named or discovered; a config it accepts satisfies the
// schema; and settings that parse as TOML read the same from a
// scb-check.toml as from the [tool.scb-check] table of a pyproject.toml.
func FuzzLoad(f *testing.F) {
	seeds := []string{
		"",
		"context = 3\nexclude = [\"gen/\", \"./a\", \"*.py\"]\n",
		"[low-use-short-function]\nenabled = true\nmax-call-sites = 1\nmax-inline-call-nesting = 0\n",
		"[low-use-short-function]\nmax-call-sites = 0\n",
		"low-use-short-function-extra = 7\n",
		"[tool.scb-check]\ncontext = 2\n[tool.scb-check.low-use-short-function]\nenabled = true\n",
		"[tool]\nscb-check = \"bad\"\n",
		"[tool.ruff]\nexclude = [\"vendor/\"]\nextend-exclude = [\"a\", 1]\n[tool.ty.src]\nexclude = [\"fixtures/\"]\n",
		"context = -1\n",
		"context = 9223372036854775807\n",
		"exclude = [[\"nested\"]]\n",
		"[[low-use-short-function]]\nenabled = true\n",
		"context = 1979-05-27T07:32:00Z\n",
		"exclude = [\"\\\\\\\\\", \"/\", \"  \", \"[\"]\n",
		"a = {b = {c = 1}}\n",
		"= broken\n",
		"context = 1\ncontext = 2\n",
		"[gates]\nmax-erosion = 0.2\nmax-cog-erosion = 1\nmax-verbosity = 0\nmax-high-cc-functions = 4\n",
		"[gates]\nmax-erosion = nan\nmax-verbosity = inf\nmax-erosion-increase = -0.0\nmax-verbosity-increase = 1e-320\n",
		"[gates]\nmax-erosion = 20\nmax-high-cc-functions = -1\nunknown = 1\n",
		"gates = 1\n[tool.scb-check.gates]\nmax-erosion = 0.5\n",
		"exclude = [\"\xff\"]\n",
		"context = 0x7fffffffffffffff\nexclude = ['''a\nb''']\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	// One directory per fuzzing process (inputs run one at a time in it),
	// holding a .git directory so that discovery stops there.
	dir, err := filepath.EvalSymlinks(f.TempDir())
	require.NoError(f, err)
	require.NoError(f, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	f.Fuzz(func(t *testing.T, text string) {
		var scb *Config
		for _, name := range []string{scbCheckFile, pyprojectFile} {
			cfg, err := loadText(t, dir, name, text)
			if err == nil {
				checkInvariants(t, name, cfg, dir)
			}
			if name == scbCheckFile {
				scb = cfg
			}
		}
		checkSameInPyproject(t, dir, text, scb)
	})
}

// loadText writes text to dir/name and loads it as the explicit config,
// then again, then by discovery, requiring the same answer each time, and
// every line of an error to name the file.
func loadText(t *testing.T, dir, name, text string) (*Config, error) {
	t.Helper()
	for _, other := range []string{scbCheckFile, pyprojectFile} {
		if err := os.Remove(filepath.Join(dir, other)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	defer os.Remove(path)
	cfg, err := Load(dir, path)
	again, errAgain := Load(dir, path)
	require.Equal(t, cfg, again, "%s: a second load differs", name)
	require.Equal(t, errText(err), errText(errAgain), "%s: a second load fails otherwise", name)
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			require.True(t, strings.HasPrefix(line, path+": "), "%s: error line does not name the file: %q", name, line)
		}
		require.Nil(t, cfg, "%s: a config beside an error", name)
	}
	found, errFound := Load(dir, "")
	switch {
	case name == pyprojectFile && errFound == nil && found.Path == "":
		// A pyproject.toml without scb-check settings is not a config
		// file; the defaults apply.
		require.NoError(t, err, "%s: an explicit file that discovery passes over", name)
		require.Equal(t, Default(dir), found, "%s: defaults", name)
	default:
		require.Equal(t, errText(err), errText(errFound), "%s: discovery fails otherwise", name)
		require.Equal(t, cfg, found, "%s: discovery reads otherwise", name)
	}
	return cfg, err
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkSameInPyproject moves the settings of text, when it parses as TOML,
// under [tool.scb-check] of a pyproject.toml: the config read must be the
// one read from the scb-check.toml (nil when that failed), file aside.
func checkSameInPyproject(t *testing.T, dir, text string, scb *Config) {
	t.Helper()
	var doc map[string]any
	if !utf8.ValidString(text) || toml.Unmarshal([]byte(text), &doc) != nil {
		return
	}
	if doc == nil {
		doc = map[string]any{}
	}
	out, err := toml.Marshal(map[string]any{"tool": map[string]any{"scb-check": doc}})
	if err != nil {
		return // values go-toml cannot write back (NaN keys, say)
	}
	var back map[string]any
	if toml.Unmarshal(out, &back) != nil {
		return
	}
	if !equalTOML(map[string]any{"tool": map[string]any{"scb-check": doc}}, back) {
		return // the writer changed a value (a local time's precision, say)
	}
	cfg, _ := loadText(t, dir, pyprojectFile, string(out))
	if scb == nil || cfg == nil {
		require.Equal(t, scb == nil, cfg == nil, "settings that fail in one file load in the other:\n%s", out)
		return
	}
	want := *scb
	want.Path = cfg.Path
	require.Equal(t, &want, cfg, "settings read otherwise from a pyproject.toml:\n%s", out)
}

// equalTOML compares decoded TOML values, NaN equal to NaN.
func equalTOML(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !equalTOML(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalTOML(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && (x == y && math.Signbit(x) == math.Signbit(y) || math.IsNaN(x) && math.IsNaN(y))
	default:
		return a == b
	}
}

func checkInvariants(t *testing.T, name string, cfg *Config, dir string) {
	t.Helper()
	if cfg.BaseDir != dir {
		t.Fatalf("%s: base dir %q, want %q", name, cfg.BaseDir, dir)
	}
	if cfg.Context < 0 {
		t.Fatalf("%s: negative context %d", name, cfg.Context)
	}
	l := cfg.LowUse
	for _, s := range lowUseInts {
		if v := *s.field(&l); v < s.min {
			t.Fatalf("%s: %s = %d below its minimum %d", name, s.key, v, s.min)
		}
	}
	seen := map[string]bool{}
	for _, p := range cfg.Exclude {
		if p == "" || seen[p] || strings.HasPrefix(p, "/") || strings.Contains(p, `\`) {
			t.Fatalf("%s: bad exclude list %q", name, cfg.Exclude)
		}
		seen[p] = true
	}
	for key, v := range cfg.Gates {
		gate, ok := metric.GateNamed(key)
		switch {
		case !ok:
			t.Fatalf("%s: %s is no gate", name, key)
		case gate.Metric.Kind == metric.Share && !(v >= 0 && v <= 1):
			t.Fatalf("%s: %s = %v is no share", name, key, v)
		case gate.Metric.Kind == metric.Count && (v < 0 || v != math.Trunc(v)):
			t.Fatalf("%s: %s = %v is no count", name, key, v)
		}
	}
}
