package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary TOML text to Load under both file names. Load
// must never panic, and a config it accepts must satisfy the schema.
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
	}
	for _, s := range seeds {
		f.Add(s)
	}
	// One directory per fuzzing process: inputs run one at a time in it.
	dir, err := filepath.EvalSymlinks(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range []string{"scb-check.toml", "pyproject.toml"} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(dir, path)
			if err != nil {
				if !strings.HasPrefix(err.Error(), path+": ") {
					t.Fatalf("%s: error does not name the file: %v", name, err)
				}
				continue
			}
			checkInvariants(t, name, cfg, dir)
		}
	})
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
}
