package reuse_test

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/source"
)

// fixture is one project tree under testdata/reuse: its result and the
// want annotations of its files.
type fixture struct {
	res   *reuse.Result
	wants map[string]testkit.Wants
	// expected aggregate values from the tree's want.txt
	expect map[string]string
}

// load discovers and parses every source file under dir, extracts, and
// collects and computes DIR as Analyze does (reuse.Collect: manifests,
// configuration files, the root's pyproject.toml).
func load(t *testing.T, dir string) fixture {
	t.Helper()
	fx := fixture{expect: readExpect(t, filepath.Join(dir, "want.txt"))}
	files, opts, wants := collect(t, dir)
	fx.wants = wants
	fx.res = reuse.Compute(files, opts)
	return fx
}

// collect discovers the files under dir (every language, ignore files
// not read), parses the source files and runs the real collection of
// DIR's input, returning Compute's input and the files' want
// annotations.
func collect(t *testing.T, dir string) ([]reuse.File, reuse.Options, map[string]testkit.Wants) {
	t.Helper()
	sources, found, wants := parseTree(t, dir, source.DiscoverOptions{Languages: lang.All(), NoIgnoreFiles: true})
	files, opts, warns := reuse.Collect(reuse.Input{Root: dir, Sources: sources, Found: found})
	require.Empty(t, warns, "the fixture's manifests and pyproject.toml are read")
	return files, opts, wants
}

// parseTree discovers the files under dir, parses and extracts the
// source files, and returns them with the files of reuse.ReadExtensions
// found with them and the want annotations of each parsed file (by path
// relative to dir). A file that does not parse is skipped, as Analyze
// skips it.
func parseTree(t *testing.T, dir string, opts source.DiscoverOptions) ([]reuse.Source, []string, map[string]testkit.Wants) {
	t.Helper()
	found, data, err := source.DiscoverWithData(dir, opts, reuse.ReadExtensions(), 0)
	require.NoError(t, err)
	root, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	root, err = filepath.Abs(root)
	require.NoError(t, err)
	wants := map[string]testkit.Wants{}
	parsers := map[*lang.Spec]*source.Parser{}
	defer func() {
		for _, p := range parsers {
			p.Close()
		}
	}()
	var sources []reuse.Source
	for _, f := range found {
		require.Empty(t, f.Skip, f.Path)
		src, err := os.ReadFile(f.Path)
		require.NoError(t, err)
		parser := parsers[f.Lang]
		if parser == nil {
			parser, err = source.NewParser(f.Lang)
			require.NoError(t, err)
			parsers[f.Lang] = parser
		}
		tree, err := parser.Parse(src)
		var syntaxErr *source.SyntaxError
		if errors.As(err, &syntaxErr) {
			sources = append(sources, reuse.Source{Path: f.Path, Lang: f.Lang, Skipped: true})
			continue
		}
		require.NoError(t, err, f.Path)
		rel, err := filepath.Rel(root, f.Path)
		require.NoError(t, err)
		rel = filepath.ToSlash(rel)
		ws, err := testkit.ParseWants(rel, tree)
		require.NoError(t, err)
		wants[rel] = ws
		sources = append(sources, reuse.Source{Path: f.Path, Lang: f.Lang, Facts: reuse.Extract(tree)})
	}
	return sources, data, wants
}

func readExpect(t *testing.T, path string) map[string]string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		require.True(t, ok, "%s: %q is not key: value", path, line)
		out[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	require.NoError(t, sc.Err())
	return out
}

func ratio(p *float64) string {
	if p == nil {
		return "null"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

// TestFixtures checks every tree under testdata/reuse: the aggregate
// values of its want.txt, and the status of every listed symbol against
// the want annotation on its definition line (a symbol without one, or an
// annotation without a symbol, fails), or against a `status module.name`
// line of want.txt.
func TestFixtures(t *testing.T) {
	entries, err := os.ReadDir("../testdata/reuse")
	require.NoError(t, err)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			fx := load(t, filepath.Join("../testdata/reuse", e.Name()))
			res := fx.res
			got := map[string]string{
				"dir":            ratio(res.Dir),
				"dir_with_tests": ratio(res.WithTests),
				"dir_reachable":  ratio(res.Reachable),
				"dir_lenient":    ratio(res.Lenient),
				"macro_dir":      ratio(res.Macro),
				"exported":       strconv.Itoa(res.Exported),
				"used":           strconv.Itoa(res.Used),
				"null_reason":    res.NullReason,
			}
			var entries, unresolved, warnings []string
			for _, en := range res.Entries {
				entries = append(entries, en.Module)
			}
			for _, u := range res.Unresolved {
				unresolved = append(unresolved, u.Path+":"+strconv.Itoa(u.Line)+":"+u.Import)
			}
			for _, w := range res.Warnings {
				warnings = append(warnings, w.Path+":"+strconv.Itoa(w.Line))
			}
			got["entries"] = strings.Join(entries, " ")
			got["unresolved"] = strings.Join(unresolved, " ")
			got["warnings"] = strings.Join(warnings, " ")
			for k, want := range fx.expect {
				if strings.HasPrefix(k, "used_by ") || strings.HasPrefix(k, "status ") {
					continue
				}
				g, ok := got[k]
				require.True(t, ok, "want.txt key %q is not checked", k)
				assert.Equal(t, want, g, k)
			}
			for _, k := range []string{"dir", "exported", "used"} {
				assert.Contains(t, fx.expect, k, "want.txt must state %s", k)
			}
			for k := 1; k < len(res.Symbols); k++ {
				a, b := res.Symbols[k-1], res.Symbols[k]
				if a.Module == b.Module {
					assert.True(t, a.Path < b.Path || a.Path == b.Path && a.Line <= b.Line,
						"a module's symbols are listed file by file, in line order: %s:%d before %s:%d", a.Path, a.Line, b.Path, b.Line)
				}
			}
			bySym := map[string]map[int]map[string]string{}
			statused := 0
			for _, s := range res.Symbols {
				if want, ok := fx.expect["status "+s.Module+"."+s.Name]; ok {
					// a symbol whose line cannot hold a comment (a C macro,
					// whose value runs to the end of the line)
					assert.Equal(t, want, s.Status, "status of %s.%s", s.Module, s.Name)
					statused++
					continue
				}
				if bySym[s.Path] == nil {
					bySym[s.Path] = map[int]map[string]string{}
				}
				bySym[s.Path][s.Line] = map[string]string{"status": s.Status}
				if want, ok := fx.expect["used_by "+s.Module+"."+s.Name]; ok {
					assert.Equal(t, want, strings.Join(s.UsedBy, " "), "used_by of %s.%s", s.Module, s.Name)
				}
			}
			wantStatused := 0
			for k := range fx.expect {
				if strings.HasPrefix(k, "status ") {
					wantStatused++
				}
			}
			assert.Equal(t, wantStatused, statused, "every status line of want.txt names a symbol")
			paths := make([]string, 0, len(fx.wants))
			for p := range fx.wants {
				paths = append(paths, p)
			}
			sort.Strings(paths)
			for _, p := range paths {
				fx.wants[p].CheckValues(t, bySym[p])
			}
		})
	}
}

// The result does not depend on the order the files come in.
func TestComputeIgnoresFileOrder(t *testing.T) {
	for _, dir := range []string{"python_imports", "go_imports", "js_forms", "ts_example5", "java_units", "c_headers"} {
		t.Run(dir, func(t *testing.T) {
			files, opts, _ := collect(t, filepath.Join("../testdata/reuse", dir))
			require.Greater(t, len(files), 3)
			want := reuse.Compute(files, opts)
			for k := 0; k < 5; k++ {
				shuffled := append([]reuse.File(nil), files...)
				rand.New(rand.NewSource(int64(k))).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
				manifests := append([]reuse.Manifest(nil), opts.Manifests...)
				rand.New(rand.NewSource(int64(k))).Shuffle(len(manifests), func(i, j int) { manifests[i], manifests[j] = manifests[j], manifests[i] })
				o := opts
				o.Manifests = manifests
				assert.Equal(t, want, reuse.Compute(shuffled, o), "shuffle %d", k)
			}
		})
	}
}

func TestDataStrings(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"a Hydra target", "model:\n  _target_: pkg.models.Encoder\n  dim: 3\n", []string{"pkg.models.Encoder"}},
		{"JSON strings and repeats", `{"a": "x.y", "b": ["x.y", "z.w.v"]}`, []string{"x.y", "z.w.v"}},
		{"no lone names, numbers or dots", "name = \"plain\"\nversion = 1.2.3\npath = \"./a..b\"\n", nil},
		{"sentence dots are trimmed", "see pkg.tool.", []string{"pkg.tool"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, reuse.DataStrings([]byte(tc.text)))
		})
	}
}

func TestManifestFrom(t *testing.T) {
	gomod, err := reuse.ReadManifest("", "go.mod", []byte("module example.com/app\n"))
	require.NoError(t, err)
	assert.Equal(t, "example.com/app/internal/tok", gomod.From("internal/tok").ModulePath,
		"a go.mod above the analysed directory names it by the way down")
	std, err := reuse.ReadManifest("", "go.mod", []byte("module std\n"))
	require.NoError(t, err)
	assert.Equal(t, "net/http", std.From("net/http").ModulePath, "the standard library: the directory alone")
	ts, err := reuse.ReadManifest("", "tsconfig.json",
		[]byte(`{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["src/*"], "#out": ["other/x.ts"]}}}`))
	require.NoError(t, err)
	from := ts.From("src")
	assert.Empty(t, from.BaseDir, "a base directory above the analysed one is not used")
	assert.Equal(t, []lang.PathAlias{{Pattern: "@/*", Targets: []string{"*"}}}, from.Aliases,
		"targets relative to the analysed directory; one outside it dropped")
	pkg, err := reuse.ReadManifest("", "package.json", []byte(`{"main": "src/index.js", "bin": "bin/cli.js"}`))
	require.NoError(t, err)
	assert.Equal(t, []lang.ManifestEntry{{Target: "index.js", Reason: "package.json main"}}, pkg.From("src").Entries)
	_, err = reuse.ReadManifest("", "go.mod", []byte("go 1.22\n"))
	assert.Error(t, err, "a go.mod without a module directive")
	_, err = reuse.ReadManifest("", "notes.txt", nil)
	assert.Error(t, err, "not a manifest")
	assert.True(t, reuse.IsManifest("go.mod"))
	assert.False(t, reuse.IsManifest("Cargo.toml"))
}

// Wildcard re-exports that form cycles and fan out (each of 40 barrels
// re-exports the next two) are resolved visiting each module once: a
// name no barrel exports is looked up in linear time, not 2^40 steps.
func TestWildcardReexportCycles(t *testing.T) {
	parser, err := source.NewParser(lang.TypeScript)
	require.NoError(t, err)
	defer parser.Close()
	parse := func(path, src string) reuse.File {
		tree, err := parser.Parse([]byte(src))
		require.NoError(t, err)
		return reuse.File{Path: path, Lang: lang.TypeScript, Facts: reuse.Extract(tree)}
	}
	const n = 40
	var files []reuse.File
	for i := 1; i <= n; i++ {
		src := fmt.Sprintf("export * from './m%d';\nexport * from './m%d';\nexport const v%d = 1;\n", i%n+1, (i+1)%n+1, i)
		files = append(files, parse(fmt.Sprintf("m%d.ts", i), src))
	}
	files = append(files, parse("main.ts", "import * as M from './m1';\nconsole.log(M.missing, M.v7);\n"))
	done := make(chan *reuse.Result, 1)
	go func() { done <- reuse.Compute(files, reuse.Options{}) }()
	select {
	case res := <-done:
		assert.Equal(t, n, res.Exported)
		assert.Equal(t, 1, res.Used, "v7, through six barrels")
	case <-time.After(20 * time.Second):
		t.Fatal("resolving through cyclic wildcard re-exports did not finish")
	}
}

// The same with Python's wildcard imports (each of 40 modules star-imports
// the next two; no __all__, so a star brings every public name, starred
// ones included): a name no module defines is looked up in linear time.
func TestWildcardImportCycles(t *testing.T) {
	parser, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer parser.Close()
	parse := func(path, src string) reuse.File {
		tree, err := parser.Parse([]byte(src))
		require.NoError(t, err)
		return reuse.File{Path: path, Lang: lang.Python, Facts: reuse.Extract(tree)}
	}
	const n = 40
	var files []reuse.File
	for i := 1; i <= n; i++ {
		src := fmt.Sprintf("from m%d import *\nfrom m%d import *\n\ndef f%d():\n    pass\n", i%n+1, (i+1)%n+1, i)
		files = append(files, parse(fmt.Sprintf("m%d.py", i), src))
	}
	files = append(files, parse("main.py", "from m1 import *\n\nmissing()\nf7()\n"))
	done := make(chan *reuse.Result, 1)
	go func() { done <- reuse.Compute(files, reuse.Options{}) }()
	select {
	case res := <-done:
		assert.Equal(t, n, res.Exported)
		assert.Equal(t, 1, res.Used, "f7, through m1's stars")
	case <-time.After(20 * time.Second):
		t.Fatal("resolving through cyclic wildcard imports did not finish")
	}
}
