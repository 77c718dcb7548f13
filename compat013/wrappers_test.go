package compat013_test

import (
	"github.com/scbcheck/scbcheck/compat013"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// file013 is a parsed Python file with its 0.1.3 rule input.
type file013 struct {
	tree *source.Tree
	in   compat013.WrapperFile
}

// parse013 parses Python sources; a file's module is ModuleName of
// its path with the directories in packages as the packages.
func parse013(t *testing.T, packages []string, files ...file) []file013 {
	t.Helper()
	out := make([]file013, len(files))
	for i, f := range files {
		tree := parse(t, lang.Python, f.src)
		module := compat013.ModuleName(f.path, compat013.LanguageOf(lang.Python).PackageFile, func(dir string) bool { return slices.Contains(packages, dir) })
		out[i] = file013{tree, compat013.WrapperFile{Path: f.path, Module: module, Facts: compat013.NewWrapperFacts(tree, compat013.VisitorCallables(tree, nil))}}
	}
	return out
}

// parsePython013 parses one Python source.
func parsePython013(t *testing.T, src string) *source.Tree {
	t.Helper()
	return parse(t, lang.Python, src)
}

func wrappers013(t *testing.T, packages []string, files ...file) []finding.Finding {
	t.Helper()
	var in []compat013.WrapperFile
	for _, f := range parse013(t, packages, files...) {
		in = append(in, f.in)
	}
	return compat013.TrivialWrappers(in)
}

// TestTrivialWrapper013Fixtures runs the 0.1.3 rule over the fixture
// folder as one run (module names from the folder's __init__.py files),
// applies the ignore directives as 0.1.3 does without --include-all, and
// checks the findings against the want "trivial-wrapper" annotations on
// their start lines.
func TestTrivialWrapper013Fixtures(t *testing.T) {
	root := filepath.Join("testdata", "wrappers")
	var files []file
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() || filepath.Ext(p) != ".py" {
			return nil
		}
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		rel, err := filepath.Rel(root, p)
		require.NoError(t, err)
		files = append(files, file{filepath.ToSlash(rel), string(src)})
		return nil
	}))
	require.Len(t, files, 6)
	var packages []string
	for _, f := range files {
		if path.Base(f.path) == "__init__.py" {
			packages = append(packages, path.Dir(f.path))
		}
	}
	ps := parse013(t, packages, files...)
	filter := rules.NewDirectiveFilter()
	var in []compat013.WrapperFile
	for _, p := range ps {
		ds, err := p.tree.Directives(p.in.Path)
		require.NoError(t, err)
		filter.Add(p.in.Path, ds, nil)
		in = append(in, p.in)
	}
	byFile := map[string]map[int][]string{}
	for _, f := range finding.Ignores(filter.Ignored).Process(compat013.TrivialWrappers(in)) {
		if byFile[f.Path] == nil {
			byFile[f.Path] = map[int][]string{}
		}
		byFile[f.Path][f.Line] = append(byFile[f.Path][f.Line], f.RuleID)
	}
	for _, p := range ps {
		t.Run(p.in.Path, func(t *testing.T) {
			wants, err := testkit.ParseWants(p.in.Path, p.tree)
			require.NoError(t, err)
			wants.CheckIDs(t, byFile[p.in.Path])
		})
	}
}

// The findings' fields: span = the function_definition (decorator
// excluded) or the alias statement; sorted by path, then line.
func TestTrivialWrapper013Findings(t *testing.T) {
	got := wrappers013(t, nil,
		file{"b.py", "import a\n\nshow = a.name\n"},
		file{"a.py", "class C:\n    @property\n    def name(self):\n        return (\n            1\n        )\n"})
	assert.Equal(t, []finding.Finding{
		{
			Kind: finding.Structural, RuleID: rules.TrivialWrapperID, Severity: finding.Warning,
			Message: "`name` only returns a value", FixTitle: "Inline or remove `name`", Subject: "name",
			Path: "a.py", Line: 3, EndLine: 6,
		},
		{
			Kind: finding.Structural, RuleID: rules.TrivialWrapperID, Severity: finding.Warning,
			Message: "`show` only renames `a.name`", FixTitle: "Use `a.name` directly", Subject: "show",
			Path: "b.py", Line: 3, EndLine: 3,
		},
	}, got)
}

// A file's facts name no path or module: an alias to a function of the
// file is kept relative to the module (Local), one through an import
// carries the binding's name.
func TestNewWrapperFacts013(t *testing.T) {
	src := "import helpers as h\n" + // 1
		"from .x import a, b\n" + // 2
		"\n" +
		"\n" +
		"@dec\n" + // 5
		"def one():\n" + // 6
		"    return 1\n" + // 7
		"\n" +
		"\n" +
		"class C:\n" + // 10
		"    def two(self):\n" + // 11
		"        x = 1\n" +
		"        return x\n" + // 13
		"\n" +
		"\n" +
		"first = one\n" + // 16
		"second = h.run.inner\n" + // 17
		"third = b\n" + // 18
		"fourth = nothing.here\n" + // 19
		"  # a comment\n" +
		"fifth = (\n" + // 21
		"    one\n" +
		")\n"
	assert.Equal(t, compat013.WrapperFacts{
		Functions:     []string{"one", "two"},
		SingleReturns: []compat013.WrapperSpan{{Name: "one", Line: 6, EndLine: 7, Col: 0}},
		Aliases: []compat013.Alias{
			{WrapperSpan: compat013.WrapperSpan{Name: "first", Line: 16, EndLine: 16}, Value: "one", Target: "one", Local: true},
			{WrapperSpan: compat013.WrapperSpan{Name: "second", Line: 17, EndLine: 17}, Value: "h.run.inner", Target: "helpers.run.inner"},
			{WrapperSpan: compat013.WrapperSpan{Name: "third", Line: 18, EndLine: 18}, Value: "b", Target: "a.b"},
			{WrapperSpan: compat013.WrapperSpan{Name: "fourth", Line: 19, EndLine: 19}, Value: "nothing.here", Target: "nothing.here"},
		},
	}, newWrapperFacts013(parsePython013(t, src)))
}

// Aliases resolve only to functions 0.1.3's finder reaches, through the
// file's own functions first, then its import bindings.
func TestTrivialWrapper013Aliases(t *testing.T) {
	helpers := file{"helpers.py", "def run(x):\n    y = x\n    return y\n"}
	cases := []struct {
		name     string
		packages []string
		files    []file
		want     []string
	}{
		{"a module attribute without an import", nil,
			[]file{helpers, {"main.py", "go = helpers.run\n"}}, []string{"main.py:1 trivial-wrapper"}},
		{"an aliased module import", nil,
			[]file{helpers, {"main.py", "import helpers as h\ngo = h.run\n"}}, []string{"main.py:2 trivial-wrapper"}},
		{"a from import with an alias", nil,
			[]file{helpers, {"main.py", "from helpers import run as start\ngo = start\n"}}, []string{"main.py:2 trivial-wrapper"}},
		{"a package module", []string{"pkg"},
			[]file{{"pkg/__init__.py", ""}, {"pkg/helpers.py", helpers.src}, {"main.py", "from pkg import helpers\ngo = helpers.run\n"}},
			[]string{"main.py:2 trivial-wrapper"}},
		{"the module name leaves the package out when the directory is no package", nil,
			[]file{{"pkg/helpers.py", helpers.src}, {"main.py", "from pkg import helpers\ngo = helpers.run\n"}},
			[]string{}},
		{"a local function shadows an import", nil,
			[]file{helpers, {"main.py", "from helpers import run\n\n\ndef run():\n    a = 1\n    b = a\n\n\ngo = run\n"}},
			[]string{"main.py:9 trivial-wrapper"}},
		{"a nested function is named at module level", nil,
			[]file{{"main.py", "def outer():\n    def inner():\n        pass\n    pass\n\n\ngo = inner\n"}},
			[]string{"main.py:7 trivial-wrapper"}},
		{"a function under if TYPE_CHECKING is not found", nil,
			[]file{{"main.py", "if TYPE_CHECKING:\n    def inner():\n        pass\n\ngo = inner\n"}},
			[]string{}},
		{"a function under try is not found", nil,
			[]file{{"main.py", "try:\n    import fast\nexcept ImportError:\n    def inner():\n        pass\n\ngo = inner\n"}},
			[]string{}},
		{"a decorated function is found", nil,
			[]file{{"main.py", "@cache\ndef inner():\n    pass\n\n\ngo = inner\n"}},
			[]string{"main.py:6 trivial-wrapper"}},
		{"a class is no function", nil,
			[]file{{"main.py", "class Inner:\n    pass\n\n\ngo = Inner\n"}}, []string{}},
		{"a variable is no function", nil,
			[]file{{"main.py", "inner = 1\ngo = inner\n"}}, []string{}},
		{"imports inside functions bind nothing", nil,
			[]file{helpers, {"main.py", "def f():\n    import helpers as h\n    pass\n\n\ngo = h.run\n"}}, []string{}},
		{"the later import wins", nil,
			[]file{helpers, {"other.py", "def walk():\n    pass\n    pass\n"},
				{"main.py", "from helpers import run as go\nfrom other import walk as go\nx = go\n"}},
			[]string{"main.py:3 trivial-wrapper"}},
		{"an annotated, chained or augmented assignment is no alias", nil,
			[]file{helpers, {"main.py", "import helpers\na: object = helpers.run\nb = c = helpers.run\nd += helpers.run\n"}},
			[]string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, brief(wrappers013(t, tc.packages, tc.files...)))
		})
	}
}

// 0.1.3 takes the first name a relative from-import imports for the
// module: `from .x import a, b` binds b to "a.b" and leaves a unbound.
func TestTrivialWrapper013RelativeImportQuirk(t *testing.T) {
	tools := file{"pkg/tools.py", "def a():\n    pass\n    pass\n\n\ndef b():\n    pass\n    pass\n"}
	mistaken := file{"a.py", "def b():\n    pass\n    pass\n"}
	pkg := []string{"pkg"}
	cases := []struct {
		name  string
		files []file
		want  []string
	}{
		{"the first name is not bound", []file{tools, {"pkg/__init__.py", "from .tools import a, b\nx = a\n"}}, []string{}},
		{"the second resolves to first.second, no function here", []file{tools, {"pkg/__init__.py", "from .tools import a, b\nx = b\n"}}, []string{}},
		{"the second resolves to first.second, a function of module a", []file{tools, mistaken, {"pkg/__init__.py", "from .tools import a, b\nx = b\n"}},
			[]string{"pkg/__init__.py:2 trivial-wrapper"}},
		{"the absolute import binds both", []file{tools, {"main.py", "from pkg.tools import a, b\nx = a\ny = b\n"}},
			[]string{"main.py:2 trivial-wrapper", "main.py:3 trivial-wrapper"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, brief(wrappers013(t, pkg, tc.files...)))
		})
	}
}

// Ignore directives: 0.1.3 drops a wrapper when an ignore of
// trivial-wrapper targets its start line (the def line, not a decorator's),
// and keeps every wrapper under --include-all (the processors not run).
func TestTrivialWrapper013Ignores(t *testing.T) {
	src := "class C:\n" +
		"    # scbc ignore[trivial-wrapper] above the decorator: targets line 3\n" +
		"    @property\n" +
		"    def a(self):\n" +
		"        return 1\n" +
		"\n" +
		"    @property\n" +
		"    # scbc ignore[trivial-wrapper] targets the def line\n" +
		"    def b(self):\n" +
		"        return 2\n" +
		"\n" +
		"\n" +
		"def f():\n" +
		"    pass\n" +
		"    pass\n" +
		"\n" +
		"\n" +
		"g = f  # scbc ignore[trivial-wrapper] on the alias line\n" +
		"h = f  # scbc ignore[not-a-wrapper-rule] another id\n"
	ps := parse013(t, nil, file{"m.py", src})
	ds, err := ps[0].tree.Directives("m.py")
	require.NoError(t, err)
	require.NoError(t, rules.ValidateIgnores("m.py", ds, []string{rules.TrivialWrapperID, "not-a-wrapper-rule"}))
	filter := rules.NewDirectiveFilter()
	filter.Add("m.py", ds, nil)
	all := compat013.TrivialWrappers([]compat013.WrapperFile{ps[0].in})
	assert.Equal(t, []string{"m.py:4 trivial-wrapper", "m.py:9 trivial-wrapper", "m.py:18 trivial-wrapper", "m.py:19 trivial-wrapper"},
		brief(all), "--include-all")
	assert.Equal(t, []string{"m.py:4 trivial-wrapper", "m.py:19 trivial-wrapper"},
		brief(finding.Ignores(filter.Ignored).Process(all)), "directives honoured")
	// The run's processors: boundaries, severities and thresholds are
	// for ast-grep findings only, as in 0.1.3.
	facts := finding.Facts{
		Parsed: func(string) bool { return true }, Ignored: filter.Ignored,
		Bounded: func(finding.Finding) bool { return true }, MinFileCount: map[string]int{"other": 2},
	}
	assert.Equal(t, []string{"m.py:4 trivial-wrapper", "m.py:19 trivial-wrapper"},
		brief(finding.Apply(all, finding.Processors(finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Critical}, facts))),
		"the default policy")
	assert.Equal(t, brief(all), brief(finding.Apply(all, finding.Processors(finding.Policy{}, facts))), "the --include-all policy")
}

// Findings are sorted by path, line, column and name whatever the order
// of the files.
func TestTrivialWrapper013Order(t *testing.T) {
	a := file{"a.py", "def z():\n    return 1\n\n\ndef y():\n    return 2\n\n\nw = y\n"}
	b := file{"b.py", "def x():\n    return 3\n"}
	want := []string{"a.py:1 trivial-wrapper", "a.py:5 trivial-wrapper", "a.py:9 trivial-wrapper", "b.py:1 trivial-wrapper"}
	assert.Equal(t, want, brief(wrappers013(t, nil, a, b)))
	assert.Equal(t, want, brief(wrappers013(t, nil, b, a)))
}

func TestModuleName013(t *testing.T) {
	cases := []struct {
		path     string
		packages []string
		want     string
	}{
		{"util.py", nil, "util"},
		{"src/app/util.py", nil, "util"},
		{"src/app/util.py", []string{"src/app"}, "app.util"},
		{"src/app/util.py", []string{"src", "src/app"}, "src.app.util"},
		{"src/app/util.py", []string{"src"}, "util"},
		{"src/app/__init__.py", []string{"src/app"}, "app"},
		{"/abs/root/pkg/sub/mod.py", []string{"/abs/root", "/abs/root/pkg", "/abs/root/pkg/sub"}, "root.pkg.sub.mod"},
		{"/abs/pkg/__init__.py", nil, "pkg"},
		{"a.b.py", nil, "a.b"},
		{".py", nil, ".py"},
		{"top.py", []string{".", "/"}, "top"},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			assert.Equal(t, tc.want, compat013.ModuleName(tc.path, compat013.LanguageOf(lang.Python).PackageFile, func(dir string) bool { return slices.Contains(tc.packages, dir) }))
		})
	}
}

// The module-level import bindings 0.1.3 records (0.1.3 §8), worked out
// from its rules: the module of a from-import is its first dotted_name
// child, which for a relative import is the first imported name.
func TestImports013(t *testing.T) {
	cases := []struct {
		name, src string
		want      map[string]string
	}{
		{"import", "import os\n", map[string]string{"os": "os"}},
		{"dotted import binds its root to the whole name", "import a.b.c\n", map[string]string{"a": "a.b.c"}},
		{"aliased import", "import a.b as c, d\n", map[string]string{"c": "a.b", "d": "d"}},
		{"from import", "from m.n import x, y as z\n", map[string]string{"x": "m.n.x", "z": "m.n.y"}},
		{"parenthesised from import", "from m import (x,\n    y)\n", map[string]string{"x": "m.x", "y": "m.y"}},
		{"wildcard binds nothing", "from m import *\n", map[string]string{}},
		{"relative: the first name is the module, the rest are bound under it", "from .x import a, b, c\n",
			map[string]string{"b": "a.b", "c": "a.c"}},
		{"relative, one name: nothing bound", "from .x import a\n", map[string]string{}},
		{"relative, one aliased name: bound to itself", "from .x import a as c\n", map[string]string{"c": "a"}},
		{"relative, first name aliased: the next plain name is the module", "from .x import a as c, b, d\n",
			map[string]string{"c": "b.a", "d": "b.d"}},
		{"current package", "from . import a, b\n", map[string]string{"b": "a.b"}},
		{"parent package with a module", "from ..pkg.mod import a, b\n", map[string]string{"b": "a.b"}},
		{"later statements overwrite", "import a\nfrom m import a\n", map[string]string{"a": "m.a"}},
		{"only module-level statements", "def f():\n    import a\n\nif X:\n    import b\n", map[string]string{}},
		{"__future__ is no import statement", "from __future__ import annotations\n", map[string]string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, compat013.Imports013(parsePython013(t, tc.src)))
		})
	}
}

// 0.1.3's function finder (0.1.3 §4).
func TestFunctions013(t *testing.T) {
	src := "def top():\n" +
		"    def nested():\n" +
		"        def deeper():\n" +
		"            pass\n" +
		"    if x:\n" +
		"        def in_if():\n" +
		"            pass\n" +
		"\n" +
		"class C:\n" +
		"    @staticmethod\n" +
		"    def method():\n" +
		"        pass\n" +
		"\n" +
		"    class Inner:\n" +
		"        async def inner_method(self):\n" +
		"            pass\n" +
		"\n" +
		"if TYPE_CHECKING:\n" +
		"    def typed():\n" +
		"        pass\n" +
		"try:\n" +
		"    pass\n" +
		"except ImportError:\n" +
		"    def fallback():\n" +
		"        pass\n" +
		"with ctx:\n" +
		"    def in_with():\n" +
		"        pass\n" +
		"for _ in ():\n" +
		"    def in_for():\n" +
		"        pass\n" +
		"\n" +
		"@decorate\n" +
		"def decorated():\n" +
		"    lambda: 0\n"
	names := compat013.FunctionNames013(parsePython013(t, src))
	assert.Equal(t, []string{"top", "nested", "deeper", "method", "inner_method", "decorated"}, names)
}

// newWrapperFacts013 reads a tree's wrapper facts with 0.1.3's functions.
func newWrapperFacts013(tree *source.Tree) compat013.WrapperFacts {
	return compat013.NewWrapperFacts(tree, compat013.VisitorCallables(tree, nil))
}
