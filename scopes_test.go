package scbcheck_test

import (
	"bufio"
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// scopeOf reads the scope a fixture file states on its first line, in a
// comment: "scope: tests" or "scope: production".
func scopeOf(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	require.True(t, sc.Scan(), path)
	_, scope, ok := strings.Cut(sc.Text(), "scope: ")
	require.True(t, ok, "%s states its scope on its first line", path)
	return strings.TrimSpace(scope)
}

// Each language's conventions tell its test files from the rest: every
// fixture file states its scope, and the counts were made by hand from
// the conventions the documentation lists (docs/languages.md).
func TestScopesFollowEachLanguagesConventions(t *testing.T) {
	cases := []struct {
		language          string
		tests, production int
	}{
		// test_*.py, *_test.py, conftest.py, tests/ and test/ are tests;
		// testing.py and contest.py are not.
		{"python", 5, 3},
		// *_test.go and testdata/; a directory named tests is not.
		{"go", 2, 3},
		// *.test.*, *.spec.*, __tests__/ and test/.
		{"javascript", 4, 2},
		// *.test.* and e2e/.
		{"typescript", 2, 1},
		// *.spec.*.
		{"tsx", 1, 1},
		// src/test/ and *Test.java.
		{"java", 3, 1},
		// tests/ and benches/; src/tests.rs is a module of the crate.
		{"rust", 2, 2},
		// *_test.c, test_*.c, tests/ and test/.
		{"c", 4, 1},
		// *_test.cc, *_unittest.cc and tests/.
		{"cpp", 3, 1},
	}
	for _, tc := range cases {
		t.Run(tc.language, func(t *testing.T) {
			dir := filepath.Join("testdata", "scopes", tc.language)
			r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
				Path: dir, WorkDir: dir, Config: config.Default(dir), Languages: []string{"all"}, DisableSG: true,
			})
			require.NoError(t, err)
			tests, production := 0, 0
			for _, f := range r.Files {
				assert.Equal(t, tc.language, f.Language, f.Path)
				want := scopeOf(t, r.Abs(f.Path))
				assert.Equal(t, want == "tests", f.Test, "%s states scope %s", f.Path, want)
				if want == "tests" {
					tests++
				} else {
					production++
				}
			}
			assert.Equal(t, tc.tests, tests, "test files counted by hand")
			assert.Equal(t, tc.production, production, "production files counted by hand")
			require.NotNil(t, r.Scopes)
			assert.Equal(t, tc.tests, r.Scopes.Tests.FilesScanned)
			assert.Equal(t, tc.production, r.Scopes.Production.FilesScanned)
		})
	}
}

// The configuration's tests globs make test code, its production globs
// production code, in that order, before the language's conventions;
// they are relative to the configuration's directory.
func TestScopeGlobsOverrideTheConventions(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteTree(t, dir, map[string]string{
		"proj/scb-check.toml": "tests = [\"code/pkg/contest.py\", \"code/tests/both.py\"]\n" +
			"production = [\"code/tests/\", \"code/conftest.py\"]\n",
		"proj/code/pkg/core.py":      "def core():\n    return 1\n",
		"proj/code/pkg/contest.py":   "def contest():\n    return 1\n",
		"proj/code/tests/fixture.py": "def fixture():\n    return 1\n",
		"proj/code/tests/both.py":    "def both():\n    return 1\n",
		"proj/code/conftest.py":      "def conf():\n    return 1\n",
		"proj/code/test_other.py":    "def other():\n    return 1\n",
	})
	proj := filepath.Join(dir, "proj")
	cfg, err := config.Load(proj, "")
	require.NoError(t, err)
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: filepath.Join(proj, "code"), WorkDir: proj, Config: cfg, DisableSG: true,
	})
	require.NoError(t, err)
	got := map[string]bool{}
	for _, f := range r.Files {
		got[f.Path] = f.Test
	}
	assert.Equal(t, map[string]bool{
		"pkg/core.py":      false, // the convention
		"pkg/contest.py":   true,  // a tests glob
		"tests/fixture.py": false, // a production glob over the tests/ convention
		"tests/both.py":    true,  // a tests glob wins over a production glob
		"conftest.py":      false, // a production glob over the conftest.py convention
		"test_other.py":    true,  // the convention
	}, got)
}

// A glob that does not compile is a configuration error naming the file
// and the key.
func TestScopeGlobErrorNamesTheKey(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteTree(t, dir, map[string]string{
		"scb-check.toml": "production = [\"src/[a\"]\n",
		"a.py":           "x = 1\n",
	})
	cfg, err := config.Load(dir, "")
	require.NoError(t, err)
	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, Config: cfg, DisableSG: true})
	require.ErrorIs(t, err, scbcheck.ErrConfig)
	assert.Contains(t, err.Error(), filepath.Join(dir, "scb-check.toml")+`: key "production": invalid glob "src/[a"`)
}

// An unknown scope is a configuration error naming Options.Scope; a scope
// that keeps no file is ErrNoFiles, as a tree without files.
func TestScopeErrors(t *testing.T) {
	dir := filepath.Join("testdata", "scopes", "numbers", "tests")
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, Scope: "prod", DisableSG: true})
	require.ErrorIs(t, err, scbcheck.ErrConfig)
	assert.Contains(t, err.Error(), `Options.Scope: unknown scope "prod" (known: all, production, tests)`)

	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, Config: config.Default(dir), Scope: "production", DisableSG: true})
	require.ErrorIs(t, err, scbcheck.ErrNoFiles)
	assert.Contains(t, err.Error(), "the one file found is test code (scope production)")
}

// The numbers of each scope of testdata/scopes/numbers, worked out by
// hand. The tree: pkg/core.py's grade (10 ifs: CC 11, 22 SLOC lines),
// pkg/util.py's total (a for: CC 2, 5 SLOC), and tests/test_util.py (8
// SLOC: the import, total_copy, a copy of total, CC 2, 5 SLOC, and
// test_total, an assert: CC 2, 2 SLOC). Mass is CC·√SLOC; erosion the
// share of mass in functions with CC > 10. total and total_copy are a
// clone group of 5 + 5 lines in the whole tree; in either scope alone
// each is single, so no scope has a clone.
func TestScopeNumbersWorkedOutByHand(t *testing.T) {
	grade, total, totalCopy, testTotal := 11*math.Sqrt(22), 2*math.Sqrt(5), 2*math.Sqrt(5), 2*math.Sqrt(2)
	type numbers struct {
		files, sloc, functions, highCC, cloneLOC int
		erosion, verbosity                       float64
	}
	want := map[lang.Scope]numbers{
		lang.ScopeAll: {files: 3, sloc: 35, functions: 4, highCC: 1, cloneLOC: 10,
			erosion: grade / (grade + total + totalCopy + testTotal), verbosity: 10.0 / 35},
		lang.ScopeProduction: {files: 2, sloc: 27, functions: 2, highCC: 1, erosion: grade / (grade + total)},
		lang.ScopeTests:      {files: 1, sloc: 8, functions: 2},
	}
	of := func(r *report.Report) numbers {
		return numbers{files: r.FilesScanned, sloc: r.TotalLOC, functions: r.TotalFunctions, highCC: r.HighCCFunctions,
			cloneLOC: r.CloneLOC, erosion: r.Erosion, verbosity: r.Verbosity}
	}
	dir := filepath.Join("testdata", "scopes", "numbers")
	run := func(scope lang.Scope) *report.Report {
		r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
			Path: dir, WorkDir: dir, Config: config.Default(dir), DisableSG: true, Scope: string(scope),
		})
		require.NoError(t, err)
		return r
	}
	whole := run("")
	for _, scope := range lang.Scopes {
		t.Run(string(scope), func(t *testing.T) {
			w := want[scope]
			got := of(run(scope))
			assert.InDelta(t, w.erosion, got.erosion, 1e-12)
			assert.InDelta(t, w.verbosity, got.verbosity, 1e-12)
			w.erosion, w.verbosity, got.erosion, got.verbosity = 0, 0, 0, 0
			assert.Equal(t, w, got)
			// The default run's scopes hold the same numbers.
			inWhole := of(whole.InScope(scope))
			inWhole.erosion, inWhole.verbosity = 0, 0
			assert.Equal(t, w, inWhole)
		})
	}
}

// realTree writes under dir the files of the tree at src that keep
// accepts (paths relative to src, slash-separated), keeping their paths.
func realTree(t *testing.T, src, dir string, files []string, keep func(string) bool) {
	t.Helper()
	for _, f := range files {
		if !keep(f) {
			continue
		}
		text, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f)))
		require.NoError(t, err)
		full := filepath.Join(dir, filepath.FromSlash(f))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, text, 0o644))
	}
}

// checkScopesOfRealTree checks, for the tree at dir holding the files
// (relative paths) isTest tells apart, that a run of each scope reports
// byte for byte what a run over a copy holding that scope's files alone
// reports (clones, call sites and DIR included), and that the default
// run's scopes hold that run's numbers.
func checkScopesOfRealTree(t *testing.T, dir string, files []string, isTest func(string) bool, languages []string) {
	t.Helper()
	run := func(path string, scope lang.Scope) (*report.Report, string) {
		r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
			Path: path, WorkDir: path, Config: config.Default(path), Languages: languages,
			AstGrep: testkit.AstGrep(t), Scope: string(scope),
		})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, report.WriteJSON(&b, r))
		return r, b.String()
	}
	whole, _ := run(dir, lang.ScopeAll)
	require.NotNil(t, whole.Scopes)
	for _, scope := range []lang.Scope{lang.ScopeProduction, lang.ScopeTests} {
		t.Run(string(scope), func(t *testing.T) {
			copyDir := filepath.Join(t.TempDir(), "tree")
			realTree(t, dir, copyDir, files, func(f string) bool { return scope.Keeps(isTest(f)) })
			scoped, got := run(dir, scope)
			_, want := run(copyDir, lang.ScopeAll)
			assert.Equal(t, want, got, "the scope's report is that of a copy without the other files")
			assert.Greater(t, scoped.FilesScanned, 0)
			inWhole := whole.InScope(scope)
			for _, m := range metric.All {
				if m.Key == "dir" {
					continue
				}
				w, _ := scoped.Value(m.Key)
				g, _ := inWhole.Value(m.Key)
				assert.Equal(t, w, g, "%s of the default run's scopes", m.Key)
			}
		})
	}
}

// This project's Go code, measured with Go enabled: --scope production is
// the report of a copy without *_test.go files and testdata directories,
// --scope tests that of a copy holding them alone.
func TestScopesOfThisProjectsGoCode(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the project's Go code five times")
	}
	var files []string
	require.NoError(t, filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != "." || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".go") || p == "go.mod") {
			files = append(files, filepath.ToSlash(p))
		}
		return nil
	}))
	require.Greater(t, len(files), 300)
	dir := filepath.Join(t.TempDir(), "scbcheck")
	realTree(t, ".", dir, files, func(string) bool { return true })
	isTest := func(f string) bool {
		return strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "testdata/") || strings.Contains(f, "/testdata/")
	}
	checkScopesOfRealTree(t, dir, files, isTest, []string{"go"})
}

// A Python package laid out from Debian's python3 standard library: the
// json package and difflib as the package, test.support and
// test_support.py under tests/, and test_support.py once more inside the
// package (a test by its name, and a clone of its copy under tests/).
func TestScopesOfAPythonPackage(t *testing.T) {
	stdlibs, err := filepath.Glob("/usr/lib/python3*/json/decoder.py")
	require.NoError(t, err)
	require.NotEmpty(t, stdlibs, "needs Debian's python3 standard library (apt-get install python3)")
	stdlib := filepath.Dir(filepath.Dir(stdlibs[0]))
	layout := map[string]string{} // path in the tree: path in the standard library
	add := func(pattern, under string) {
		matches, err := filepath.Glob(filepath.Join(stdlib, pattern))
		require.NoError(t, err)
		require.NotEmpty(t, matches, pattern)
		for _, m := range matches {
			layout[under+"/"+filepath.Base(m)] = m
		}
	}
	add("json/*.py", "mypkg/json")
	add("difflib.py", "mypkg")
	add("test/test_support.py", "mypkg")
	add("test/test_support.py", "tests")
	add("test/support/*.py", "tests/support")
	dir := filepath.Join(t.TempDir(), "pkg")
	var files []string
	for p, src := range layout {
		text, err := os.ReadFile(src)
		require.NoError(t, err)
		testkit.WriteTree(t, dir, map[string]string{p: string(text)})
		files = append(files, p)
	}
	isTest := func(f string) bool {
		return strings.HasPrefix(f, "tests/") || strings.HasPrefix(filepath.Base(f), "test_")
	}
	checkScopesOfRealTree(t, dir, files, isTest, nil)
}
