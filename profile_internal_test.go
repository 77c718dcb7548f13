package scbcheck

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

func TestProfileNamed(t *testing.T) {
	cases := []struct {
		version string
		want    *Profile
		err     string
	}{
		{"", Profile020, ""},
		{"0.2.0", Profile020, ""},
		{"0.1.3", Profile013, ""},
		{"0.1.2", nil, `unknown compat version "0.1.2" (known: 0.2.0, 0.1.3)`},
	}
	for _, tc := range cases {
		t.Run(tc.version, func(t *testing.T) {
			p, err := ProfileNamed(tc.version)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Same(t, tc.want, p)
		})
	}
	// The configuration's schema accepts exactly the profiles' names.
	var names []string
	for _, p := range profiles {
		names = append(names, p.Name)
	}
	assert.Equal(t, config.CompatVersions, names)
}

// 0.1.3 runs whether the options or the configuration chose it.
func TestProfile013Chosen(t *testing.T) {
	s, err := resolve(Options{Catalog: &rules.Catalog{}, Compat: "0.1.3"})
	require.NoError(t, err)
	assert.Same(t, compat013.Engine, s.engine.Profile)
	s, err = resolve(Options{Catalog: &rules.Catalog{}})
	require.NoError(t, err)
	s, err = s.forRun(&config.Config{Compat: "0.1.3"})
	require.NoError(t, err)
	assert.Same(t, compat013.Engine, s.engine.Profile)
}

// The 0.1.3 profile's settings: its own pair of policies (no ignore
// files, no severity filter), the catalog at its severities, its steps.
func TestResolveProfile013(t *testing.T) {
	cat := &rules.Catalog{Bundled: true, Rules: []rules.Rule{
		{ID: "e", Language: "python", Severity: "error", Origin: rules.OriginBundled,
			Doc: "id: e\nlanguage: python\nseverity: error\nmetadata:\n  weight: 1"},
		{ID: "w", Language: "python", Severity: "warning", Origin: rules.OriginBundled,
			Doc: "id: w\nlanguage: python\nseverity: warning\nmetadata:\n  weight: 6"},
		{ID: "h", Language: "python", Severity: "hint", Origin: rules.OriginBundled, Doc: "id: h\nlanguage: python\nseverity: hint"},
		{ID: "o", Language: "python", Severity: "off", Origin: rules.OriginBundled, Doc: "id: o\nlanguage: python\nseverity: off"},
	}}
	cases := []struct {
		name       string
		includeAll bool
		policy     Policy
	}{
		{"default: directives and thresholds apply", false, Policy{MinSeverity: rules.SeverityHint, Suppressions: true, Thresholds: true}},
		{"include-all: only directives and thresholds lifted, directives not read", true, Policy{MinSeverity: rules.SeverityHint, NoDirectiveChecks: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := resolve(Options{Catalog: cat, Compat: "0.1.3", IncludeAll: tc.includeAll})
			require.NoError(t, err)
			assert.Same(t, Profile013, s.Profile)
			assert.Equal(t, tc.policy, s.Policy)
			assert.False(t, s.engine.IgnoreFiles)
			assert.Same(t, compat013.Engine, s.engine.Profile)
			// Every rule but the one off runs; the error rule is info now.
			var active []string
			for _, r := range s.engine.Active.Rules {
				active = append(active, r.ID+" "+r.Severity)
			}
			assert.Equal(t, []string{"e info", "w warning", "h hint"}, active)
			assert.Equal(t, map[string]string{"include_all": strconv.FormatBool(tc.includeAll), "disable_sg": "false",
				"rules": s.engine.Active.CatalogIdentity()[:16], "compat": "0.1.3"}, s.Recorded())
			assert.NotEqual(t, cat.Identity(), s.engine.Active.CatalogIdentity())
		})
	}
	// The default profile records no compat: its baselines stay as they
	// were.
	s, err := resolve(Options{Catalog: cat})
	require.NoError(t, err)
	assert.NotContains(t, s.Recorded(), "compat")
}

// The options' compat wins over the configuration's; the configuration's
// applies otherwise; 0.1.3 refuses keys it does not know and --languages.
func TestForRunProfile(t *testing.T) {
	cat := &rules.Catalog{}
	cases := []struct {
		name    string
		opt     Options
		cfg     config.Config
		want    *Profile
		wantErr string
	}{
		{"the configuration chooses 0.1.3", Options{}, config.Config{Compat: "0.1.3", Keys: []string{"compat", "exclude"}}, Profile013, ""},
		{"the options win over the configuration", Options{Compat: "0.2.0"}, config.Config{Compat: "0.1.3"}, Profile020, ""},
		{"0.1.3 from the options", Options{Compat: "0.1.3"}, config.Config{Compat: "0.2.0", Keys: []string{"compat", "context"}}, Profile013, ""},
		{"0.1.3 refuses a key it does not read", Options{Compat: "0.1.3"}, config.Config{Path: "/p/scb-check.toml", Keys: []string{"exclude", "languages"}}, nil,
			`/p/scb-check.toml: key "languages" is not a setting of scb-check 0.1.3 (it reads only exclude and context)`},
		{"0.1.3 refuses --languages", Options{Compat: "0.1.3", Languages: []string{"go"}}, config.Config{}, nil,
			"Options.Languages: scb-check 0.1.3 reads python only"},
		{"0.2.0 takes every key", Options{}, config.Config{Keys: []string{"gates", "languages"}}, Profile020, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Catalog = cat
			s, err := resolve(tc.opt)
			if err == nil {
				s, err = s.forRun(&tc.cfg)
			}
			if tc.wantErr != "" {
				assert.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Same(t, tc.want, s.Profile)
			if tc.want == Profile013 {
				require.Len(t, s.engine.Languages, 1)
				assert.Equal(t, "python", s.engine.Languages[0].Name)
			}
		})
	}
}

// TestProfilesOnFixtureTree analyses the fixture tree with each profile
// and checks each file against its first line's want annotation: whether
// the profile reads it (read013, read020) and the functions it counts
// there (functions013, functions020; none when absent).
func TestProfilesOnFixtureTree(t *testing.T) {
	// The tree is copied, with a file that is not valid UTF-8 added (kept
	// out of testdata: the tests that analyse testdata expect every file
	// there to be cacheable).
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.CopyFS(root, os.DirFS(filepath.Join("compat013", "testdata", "functions", "tree"))))
	latin1 := "# want read013:\"yes\" read020:\"no\" functions013:\"1\"\n" +
		"# Latin-1 bytes: 0.2.0 skips the file, 0.1.3 reads it with replacement\n" +
		"# characters (0.1.3 \u00a72): caf\xe9.\n" +
		"def cafe():\n    return \"caf\xe9\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "latin1.py"), []byte(latin1), 0o644))
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	wants := map[string]*testkit.Want{}
	require.NoError(t, filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() || filepath.Base(path) == ".ignore" {
			return nil
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		tree, err := p.Parse(compat013.PyText(src))
		require.NoError(t, err)
		ws, err := testkit.ParseWants(path, tree)
		require.NoError(t, err)
		require.Contains(t, ws.Lines, 1, "%s: the first line must hold the want annotation", path)
		wants[path] = ws.Lines[1]
		return nil
	}))
	require.Len(t, wants, 6)
	for _, profile := range []string{"0.2.0", "0.1.3"} {
		tag := map[string]string{"0.2.0": "020", "0.1.3": "013"}[profile]
		t.Run(profile, func(t *testing.T) {
			r, err := Analyze(context.Background(), Options{
				Path: root, Config: config.Default(root), Compat: profile, DisableSG: true, Workers: 2,
			})
			require.NoError(t, err)
			got := map[string]string{}
			for _, f := range r.Files {
				got[r.Abs(f.Path)] = strconv.Itoa(len(f.Callables))
			}
			for path, w := range wants {
				read := w.Values["read"+tag] == "yes"
				n, counted := got[path]
				if !assert.Equalf(t, read, counted, "%s: read by %s", path, profile) || !read {
					continue
				}
				want := w.Values["functions"+tag]
				if want == "" {
					want = "0"
				}
				assert.Equalf(t, want, n, "%s: functions under %s", path, profile)
			}
		})
	}
}

// 0.1.3's include-all reads no directive: a malformed one does not stop
// the run, as it stops 0.1.3's default policy and 0.2.0 (which checks
// directives even with include-all).
func TestProfile013IncludeAllReadsNoDirectives(t *testing.T) {
	cases := []struct {
		name, src, err string
	}{
		{"a boundary outside a function", "# scbc boundary\nvalue = 1\n", "scbc boundary must be inside a function body"},
		{"an ignore of an unknown rule", "value = 1  # scbc ignore[no-such-rule]\n", "unknown rule id: no-such-rule"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte(tc.src), 0o644))
			analyse := func(compat string, includeAll bool) error {
				_, err := Analyze(context.Background(), Options{
					Path: dir, Config: config.Default(dir), Compat: compat, IncludeAll: includeAll, DisableSG: true,
				})
				return err
			}
			assert.NoError(t, analyse("0.1.3", true))
			assert.ErrorContains(t, analyse("0.1.3", false), tc.err)
			assert.ErrorContains(t, analyse("0.2.0", true), tc.err)
		})
	}
}

// tree013 is a small tree whose 0.1.3 report is worked out by hand in
// TestProfile013Wired (and in the e2e case compat_0.1.3_tree).
var tree013 = map[string]string{
	// SLOC 1-6; first: cc 2, cog 1. Its if block (3-5) is a clone of b.py's.
	"a.py": "def first(items):\n    total = 0\n    if items:\n        total = len(items)\n        print(total)\n    return total\n",
	// SLOC 1-5; second: cc 2, cog 1. The if block (2-4) is a's with the
	// identifiers renumbered: one clone group of two.
	"b.py": "def second(values):\n    if values:\n        count = len(values)\n        print(count)\n    return None\n",
	// A multi-line f-string: its start (2), the line of its field (3) and
	// of its closing quotes (4) are SLOC under 3.12's tokenize: 4 SLOC.
	"c.py": "name = \"x\"\ntext = f\"\"\"a\n{name}\nb\"\"\"\n",
	// A form feed splits the line for tokenize (a string left open):
	// tree-sitter accepts it, 0.1.3 would crash, the profile skips it.
	"d.py": "s = \"a\x0cb\"\n",
	// 1 SLOC; makes pkg a package, so util's module is pkg.util.
	"pkg/__init__.py": "VERSION = 1\n",
	// SLOC 1, 2, 5, 8-11 (7). helper (1-2) and the property size (10-11)
	// are single-return wrappers; alias = helper (5) renames pkg.util.helper:
	// 3 wrappers over 5 SLOC lines. Both functions: cc 1, cog 0, 2 SLOC.
	"pkg/util.py": "def helper(x):\n    return x + 1\n\n\nalias = helper\n\n\nclass Box:\n    @property\n    def size(self):\n        return 3\n",
}

// The 0.1.3 profile's SLOC, clones and trivial wrappers, by hand on
// tree013 (without ast-grep): files 5 (d.py skipped), SLOC 6+5+4+1+7 = 23;
// clone lines a 3-5, b 2-4 (6); wrapper lines 1, 2, 5, 10, 11 of util (5);
// flagged 11, verbosity 11/23. Functions first, second, helper, size: none
// over 10, so erosion 0.0 and the high masses the integer 0; total_mass =
// 2√6 + 2√5 + √2 + √2 and total_cog_mass = √6 + √5, summed in report order
// with compensation (as Python 3.12's sum). The cache, cold or warm, gives
// the same report.
func TestProfile013Wired(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	testkit.WriteTree(t, dir, tree013)
	const want = `{"verbosity": 0.4782608695652174, "erosion": 0.0, "cog_erosion": 0.0, "files_scanned": 5, "total_loc": 23, ` +
		`"verbosity_flagged_loc": 11, "clone_loc": 6, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 5, "trivial_wrappers": 3, ` +
		`"total_functions": 4, "high_cc_functions": 0, "high_cog_functions": 0, ` +
		`"total_mass": 12.199542565312125, "high_cc_mass": 0, "total_cog_mass": 4.685557720282968, "high_cog_mass": 0}`
	cacheDir := t.TempDir()
	for _, run := range []string{"no cache", "cold cache", "warm cache"} {
		t.Run(run, func(t *testing.T) {
			opt := Options{Path: dir, Config: config.Default(dir), Compat: "0.1.3", IncludeAll: true, DisableSG: true}
			var stats CacheStats
			if run != "no cache" {
				opt.CacheDir, opt.CacheStats = cacheDir, &stats
			}
			r, err := Analyze(context.Background(), opt)
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, Profile013.WriteJSON(&b, r))
			assert.Equal(t, want, b.String())
			require.Len(t, r.Skipped, 1)
			assert.Equal(t, "d.py", r.Skipped[0].Path)
			assert.Contains(t, r.Skipped[0].Reason.String(), "tokenize rejects the source")
			var wrappers []string
			for _, f := range r.Findings {
				if f.RuleID == rules.TrivialWrapperID {
					wrappers = append(wrappers, f.Subject+":"+strconv.Itoa(f.Line)+"-"+strconv.Itoa(f.EndLine))
				}
			}
			assert.Equal(t, []string{"helper:1-2", "alias:5-5", "size:10-11"}, wrappers)
			if run == "warm cache" {
				assert.Equal(t, 5, stats.FileHits, "every parsed file is read back from the cache")
			}
		})
	}
}

// Options.Compat chooses 0.1.3 before the configuration is searched for,
// so the search passes a .git file (0.1.3 stops only at a .git
// directory) and finds the parent's scb-check.toml, which excludes
// inner/proj/b.py; the default profile stops at the .git file.
func TestProfile013ConfigSearchPassesGitFile(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	testkit.WriteTree(t, dir, testkit.ConfigAboveGitFile)
	for compat, want := range map[string]int{"0.1.3": 1, "0.2.0": 2} {
		t.Run(compat, func(t *testing.T) {
			r, err := Analyze(context.Background(), Options{
				Path: filepath.Join(dir, "inner", "proj"), WorkDir: filepath.Join(dir, "inner"), Compat: compat, DisableSG: true,
			})
			require.NoError(t, err)
			assert.Equal(t, want, r.FilesScanned)
		})
	}
}
