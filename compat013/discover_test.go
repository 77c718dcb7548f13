package compat013_test

import (
	"github.com/scbcheck/scbcheck/compat013"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// TestVisitorCallablesFixture checks the 0.1.3 function finder against the
// want annotations of its fixture: every function found has one (name and
// SLOC, 0.1.3's), and no def the visitor misses has one.
func TestVisitorCallablesFixture(t *testing.T) {
	path := filepath.Join("testdata", "functions", "functions.py")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse(src)
	require.NoError(t, err)
	// The want annotations, by line (testkit parses them elsewhere; it
	// cannot be imported here).
	annotation := regexp.MustCompile(`# want name:"([^"]+)" sloc:"(\d+)"`)
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := annotation.FindStringSubmatch(line); m != nil {
			want[i+1] = m[1] + " sloc " + m[2]
		}
	}
	require.Len(t, want, 6)
	// 0.1.3's SLOC, which the f-string's function depends on.
	sloc, err := compat013.SLOC(tree)
	require.NoError(t, err)
	got := map[int]string{}
	for _, fn := range compat013.VisitorCallables(tree, sloc) {
		got[fn.StartLine] = fn.QualifiedName + " sloc " + strconv.Itoa(fn.SLOC)
	}
	assert.Equal(t, want, got)
	// 0.2.0's finder takes the five defs under if, except, for and with too.
	assert.Len(t, tree.Callables(sloc), len(got)+4)
}

func TestDiscover013(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeFiles(t, dir, map[string]string{
		"a.py":                 "x = 1\n",
		"gui.pyw":              "x = 1\n",
		"upper.PY":             "x = 1\n",
		"lib.rs":               "fn f() {}\n",
		".hidden/h.py":         "x = 1\n",
		"target/t.py":          "x = 1\n",
		"build/b.py":           "x = 1\n",
		"node_modules/n.py":    "x = 1\n",
		"pkg/.gitignore":       "ignored.py\n",
		"pkg/ignored.py":       "x = 1\n",
		"pkg/sub/deep.py":      "x = 1\n",
		"gen/one.py":           "x = 1\n",
		"gen/more/two.py":      "x = 1\n",
		"docs/conf.py":         "x = 1\n",
		"docs/api/conf.py":     "x = 1\n",
		"tests/test_a.py":      "x = 1\n",
		"tests/unit/test_b.py": "x = 1\n",
	})
	require.NoError(t, os.Symlink(filepath.Join(dir, "a.py"), filepath.Join(dir, "link.py")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "pkg"), filepath.Join(dir, "linkdir")))
	rel := func(files []source.SourceFile) []string {
		var out []string
		for _, f := range files {
			r, err := filepath.Rel(dir, f.Path)
			require.NoError(t, err)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	cases := []struct {
		name    string
		exclude []string
		want    []string
	}{
		{
			name: "only .py, hidden and target walked, pruned names and links skipped, no ignore file read",
			want: []string{".hidden/h.py", "a.py", "docs/api/conf.py", "docs/conf.py", "gen/more/two.py", "gen/one.py",
				"pkg/ignored.py", "pkg/sub/deep.py", "target/t.py", "tests/test_a.py", "tests/unit/test_b.py"},
		},
		{
			name:    "a star stays in its segment: gen/* takes gen/one.py, not gen/more/two.py",
			exclude: []string{"gen/*"},
			want: []string{".hidden/h.py", "a.py", "docs/api/conf.py", "docs/conf.py", "gen/more/two.py",
				"pkg/ignored.py", "pkg/sub/deep.py", "target/t.py", "tests/test_a.py", "tests/unit/test_b.py"},
		},
		{
			name:    "** spans segments, none included: docs/**/conf.py takes both",
			exclude: []string{"docs/**/conf.py", "tests/**"},
			want:    []string{".hidden/h.py", "a.py", "gen/more/two.py", "gen/one.py", "pkg/ignored.py", "pkg/sub/deep.py", "target/t.py"},
		},
		{
			name:    "anchored at the first segment: *.py takes only top-level files, a bare directory name nothing",
			exclude: []string{"*.py", "pkg", "[!t]arget/t.py"},
			want: []string{".hidden/h.py", "docs/api/conf.py", "docs/conf.py", "gen/more/two.py", "gen/one.py",
				"pkg/ignored.py", "pkg/sub/deep.py", "target/t.py", "tests/test_a.py", "tests/unit/test_b.py"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files, err := compat013.Discover(dir, compat013.DiscoverOptions{BaseDir: dir, Exclude: tc.exclude, Lang: lang.Python})
			require.NoError(t, err)
			assert.Equal(t, tc.want, rel(files))
		})
	}

	t.Run("a file path must end in .py", func(t *testing.T) {
		_, err := compat013.Discover(filepath.Join(dir, "gui.pyw"), compat013.DiscoverOptions{Lang: lang.Python})
		assert.EqualError(t, err, "not a Python file: "+filepath.Join(dir, "gui.pyw"))
	})
	t.Run("no Python files", func(t *testing.T) {
		_, err := compat013.Discover(filepath.Join(dir, "node_modules"), compat013.DiscoverOptions{Lang: lang.Python, Exclude: []string{"**"}})
		assert.EqualError(t, err, "no Python files found at "+filepath.Join(dir, "node_modules"))
		assert.ErrorIs(t, err, source.ErrNoFiles)
	})
	t.Run("a language 0.1.3 does not read is an error", func(t *testing.T) {
		_, err := compat013.Discover(dir, compat013.DiscoverOptions{Lang: lang.Rust})
		assert.EqualError(t, err, "Discover needs a language scb-check 0.1.3 reads (one LanguageOf knows)")
	})
}

func TestMatchSegments(t *testing.T) {
	cases := []struct {
		pattern, rel string
		want         bool
	}{
		{"gen/*", "gen/a.py", true},
		{"gen/*", "gen/x/a.py", false},
		{"gen/**", "gen/x/a.py", true},
		{"gen/**", "gen", true},
		{"**/a.py", "a.py", true},
		{"**/a.py", "x/y/a.py", true},
		{"a?.py", "ab.py", true},
		{"a?.py", "a/.py", false},
		{"[ab].py", "b.py", true},
		{"[!ab].py", "b.py", false},
		{"[!ab].py", "c.py", true},
		{"[].py", "].py", false}, // "[]" opens a set holding "]" and ".py" ...: no closing, literal
		{"[.py", "[.py", true},
		{"x.py", "X.py", false},
		{"src", "src/a.py", false},
		{"./a.py", "a.py", false},
		{"a+b.py", "a+b.py", true},
		// 0.1.3 drops the empty parts of both the pattern and the path.
		{"proj/**/", "proj/b.py", true},
		{"/proj/b.py", "proj/b.py", true},
		{"proj//b.py", "proj/b.py", true},
		{"proj/b.py/", "proj/b.py", true},
		{"proj/b.py", "/proj//b.py/", true},
		{"**/", "proj/b.py", true},
		{"**/", "a.py", true},
		{"proj/**/", "other/b.py", false},
		{"/proj/b.py", "proj/c.py", false},
	}
	for _, tc := range cases {
		t.Run(tc.pattern+" "+tc.rel, func(t *testing.T) {
			got, err := compat013.MatchSegments(tc.pattern, tc.rel)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}
