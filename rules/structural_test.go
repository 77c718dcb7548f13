package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// file is one source file of a structural test case.
type file struct{ path, src string }

// parsed is a test file with its tree and facts.
type parsed struct {
	tree  *source.Tree
	facts rules.FileFacts
}

func parseFiles(t testing.TB, files ...file) []parsed {
	t.Helper()
	return parseFilesAs(t, nil, files...)
}

// parseFilesAs parses the files as spec's language, or each by its path
// when spec is nil.
func parseFilesAs(t testing.TB, spec *lang.Spec, files ...file) []parsed {
	t.Helper()
	out := make([]parsed, len(files))
	for i, f := range files {
		fspec := spec
		if fspec == nil {
			fspec = lang.ForPath(f.path)
		}
		require.NotNil(t, fspec, f.path)
		p, err := source.NewParser(fspec)
		require.NoError(t, err)
		tree, err := p.Parse([]byte(f.src))
		p.Close()
		require.NoError(t, err, f.path)
		fns := tree.Callables(tree.SLOC())
		metrics := make([]rules.FunctionMetrics, len(fns))
		for k, c := range erosion.Measure(tree, fns) {
			metrics[k] = rules.FunctionMetrics{CC: c.CC, Cog: c.Cog, MaxNesting: c.MaxNesting}
		}
		out[i] = parsed{tree: tree, facts: rules.NewFileFacts(f.path, tree, fns, metrics)}
	}
	return out
}

func factsOf(t testing.TB, files ...file) []rules.FileFacts {
	t.Helper()
	var out []rules.FileFacts
	for _, p := range parseFiles(t, files...) {
		out = append(out, p.facts)
	}
	return out
}

// brief renders findings as "path:line rule-id" for table comparisons.
func brief(fs []finding.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.RuleID))
	}
	return out
}

func enabled() config.LowUse {
	l := config.Default("").LowUse
	l.Enabled = true
	return l
}

func TestStructuralRuleIDsMatchTheCatalog(t *testing.T) {
	assert.Equal(t, []string{rules.TrivialWrapperID, rules.LowUseShortFunctionID}, rules.StructuralIDs,
		"the structural ids, in the order the rules run")
}

const pinnedPython = `def _identity(value):
    return value


def _forward(value):
    return _identity(value)


def branch(value):
    if value:
        return value
    return None


def _duplicate_forward(left, right):
    return _identity(left, left)


def _default_identity(value=DEFAULT):
    return value


def _variadic_identity(*values):
    return _identity(*values)


def _swap(left, right):
    return _identity(right, left)
`

const pinnedRust = `fn identity(value: i32) -> i32 {
    value
}

fn forward(value: i32) -> i32 {
    identity(value)
}

fn branch(value: i32) -> i32 {
    if value > 0 { value } else { 0 }
}

fn duplicate_forward(left: i32, right: i32) -> i32 {
    identity(left, left)
}
`

// Spec 12.2, pinned: exactly four findings for the Python and Rust pair.
func TestTrivialWrapperPinnedPair(t *testing.T) {
	got := rules.Structural(factsOf(t, file{"wrapper.py", pinnedPython}, file{"wrapper.rs", pinnedRust}), config.Default("").LowUse)
	assert.Equal(t, []finding.Finding{
		{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`_identity` adds no behavior",
			FixTitle: "Inline or remove `_identity`", Path: "wrapper.py", Line: 1, EndLine: 2, Subject: "_identity"},
		{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`_forward` adds no behavior",
			FixTitle: "Inline or remove `_forward`", Path: "wrapper.py", Line: 5, EndLine: 6, Subject: "_forward"},
		{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`identity` adds no behavior",
			FixTitle: "Inline or remove `identity`", Path: "wrapper.rs", Line: 1, EndLine: 3, Subject: "identity"},
		{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`forward` adds no behavior",
			FixTitle: "Inline or remove `forward`", Path: "wrapper.rs", Line: 5, EndLine: 7, Subject: "forward"},
	}, got)
}

func TestTrivialWrapper(t *testing.T) {
	cases := []struct {
		name string
		file file
		want []string
	}{
		{"python constant helper is flagged", file{"c.py", "def _default_context_lines():\n    return DEFAULT_CONTEXT_LINES\n"},
			[]string{"c.py:1 trivial-wrapper"}},
		{"rust const fn returning a constant is flagged", file{"c.rs", "const fn default_context_lines() -> usize {\n    DEFAULT_CONTEXT_LINES\n}\n"},
			[]string{"c.rs:1 trivial-wrapper"}},
		{"a constant with params is not flagged", file{"c.py", "def _limit(value):\n    return LIMIT\n"}, []string{}},
		{"rust path to a constant without params is flagged", file{"c.rs", "fn limit() -> u8 {\n    config::LIMIT\n}\n"},
			[]string{"c.rs:1 trivial-wrapper"}},
		{"private decorated function is flagged at its def line", file{"d.py", "@cache\ndef _decorated(value):\n    return value\n"},
			[]string{"d.py:2 trivial-wrapper"}},
		{"private static method is flagged", file{"s.py", "class Thing:\n    @staticmethod\n    def _static(value):\n        return value\n"},
			[]string{"s.py:3 trivial-wrapper"}},
		{"rust private associated fn is flagged", file{"s.rs", "impl Thing {\n    fn wrap(value: i32) -> i32 {\n        identity(value)\n    }\n}\n"},
			[]string{"s.rs:2 trivial-wrapper"}},
		{"a receiver is never flagged", file{"r.py", "class Thing:\n    def _get(self, value):\n        return value\n"}, []string{}},
		{"a rust self parameter is never flagged", file{"r.rs", "impl Thing {\n    fn get(&self, value: i32) -> i32 {\n        value\n    }\n}\n"}, []string{}},
		{"forwarding to an external callee is flagged", file{"e.py", "def _log(message):\n    return logger.info(message)\n"},
			[]string{"e.py:1 trivial-wrapper"}},
		{"rust forwarding to a path callee is flagged", file{"e.rs", "fn make(value: i32) -> Thing {\n    Thing::new(value)\n}\n"},
			[]string{"e.rs:1 trivial-wrapper"}},
		{"returning the first of two params is flagged", file{"f.py", "def _first(a, b):\n    return a\n"},
			[]string{"f.py:1 trivial-wrapper"}},
		{"a call without args is not flagged", file{"n.py", "def _make():\n    return make()\n"}, []string{}},
		{"fewer args than params is not flagged", file{"n.py", "def _half(a, b):\n    return g(a)\n"}, []string{}},
		{"a literal arg is not a forwarded param", file{"n.py", "def _one(a):\n    return g(a, 1)\n"}, []string{}},
		{"None without params is flagged", file{"l.py", "def _nothing():\n    return None\n"}, []string{"l.py:1 trivial-wrapper"}},
		{"a number with params is not flagged", file{"l.py", "def _zero(a):\n    return 0\n"}, []string{}},
		{"a string is not flagged", file{"l.py", "def _text():\n    return 'text'\n"}, []string{}},
		{"rust char literal without params is flagged", file{"l.rs", "fn letter() -> char {\n    'x'\n}\n"}, []string{"l.rs:1 trivial-wrapper"}},
		{"rust return with a semicolon is not flagged", file{"r.rs", "fn early(value: i32) -> i32 {\n    return value;\n}\n"}, []string{}},
		{"rust pub and pub(crate) are public", file{"p.rs", "pub fn a(v: i32) -> i32 {\n    v\n}\npub(crate) fn b(v: i32) -> i32 {\n    v\n}\n"}, []string{}},
		{"a public python function is not flagged", file{"p.py", "def identity(value):\n    return value\n"}, []string{}},
		{"a dunder is private and flagged", file{"p.py", "def __identity__(value):\n    return value\n"}, []string{"p.py:1 trivial-wrapper"}},
		{"keyword-only separator is non-trivial", file{"k.py", "def _k(*, value):\n    return value\n"}, []string{}},
		{"a docstring does not hide the wrapper", file{"d.py", "def _doc(value):\n    \"\"\"Doc.\"\"\"\n    return value\n"},
			[]string{"d.py:1 trivial-wrapper"}},
		{"a nested private wrapper is flagged too", file{"n.py", "def outer(value):\n    def _inner(v):\n        return v\n    return _inner(value) + 1\n"},
			[]string{"n.py:2 trivial-wrapper"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, brief(rules.TrivialWrappers(factsOf(t, tc.file))))
		})
	}
}

const cleanPython = `def clean(value):
    value = value.strip()
    return value.lower()


def route(value):
    return clean(value)
`

const cleanRust = `fn clean(value: &str) -> String {
    let trimmed = value.trim();
    trimmed.to_lowercase()
}

pub fn route(value: &str) -> String {
    clean(value)
}
`

// Spec 12.3, pinned vectors.
func TestLowUsePinned(t *testing.T) {
	t.Run("off without config", func(t *testing.T) {
		got := rules.Structural(factsOf(t, file{"a.py", cleanPython}, file{"a.rs", cleanRust}), config.Default("").LowUse)
		assert.Empty(t, got)
	})
	t.Run("enabled flags clean once per language at line 1", func(t *testing.T) {
		got := rules.Structural(factsOf(t, file{"a.py", cleanPython}, file{"a.rs", cleanRust}), enabled())
		assert.Equal(t, []finding.Finding{
			{Kind: finding.Structural, RuleID: "low-use-short-function", Severity: "info", Message: "`clean` is short and used at 1 call site; inline it",
				FixTitle: "Inline `clean`", Path: "a.py", Line: 1, EndLine: 3, Subject: "clean"},
			{Kind: finding.Structural, RuleID: "low-use-short-function", Severity: "info", Message: "`clean` is short and used at 1 call site; inline it",
				FixTitle: "Inline `clean`", Path: "a.rs", Line: 1, EndLine: 4, Subject: "clean"},
		}, got)
	})
	t.Run("same-named clean elsewhere: only the caller's file resolves", func(t *testing.T) {
		other := "def clean(value):\n    value = value.strip()\n    return value.upper()\n"
		otherRust := "fn clean(value: &str) -> String {\n    let t = value.trim();\n    t.to_uppercase()\n}\n"
		got := rules.Structural(factsOf(t,
			file{"a.py", cleanPython}, file{"b.py", other}, file{"a.rs", cleanRust}, file{"b.rs", otherRust}), enabled())
		assert.Equal(t, []string{"a.py:1 low-use-short-function", "a.rs:1 low-use-short-function"}, brief(got))
	})
	helpers := file{"helpers.py", "def _clean(value):\n    value = value.strip()\n    return value.lower()\n\n\ndef local_route(value):\n    return _clean(value)\n"}
	first := file{"first.py", "from helpers import _clean\n\n\ndef first(value):\n    return _clean(value)\n"}
	second := file{"second.py", "from helpers import _clean\n\n\ndef second(value):\n    return _clean(value)\n"}
	helpersRust := file{"src/helpers.rs", "pub fn clean(value: &str) -> String {\n    let t = value.trim();\n    t.to_lowercase()\n}\n\npub fn local_route(value: &str) -> String {\n    clean(value)\n}\n"}
	firstRust := file{"src/first.rs", "use crate::helpers::clean;\n\npub fn first(value: &str) -> String {\n    clean(value)\n}\n"}
	secondRust := file{"src/second.rs", "use crate::helpers::clean;\n\npub fn second(value: &str) -> String {\n    clean(value)\n}\n"}
	t.Run("three call sites through imports exceed two", func(t *testing.T) {
		files := factsOf(t, helpers, first, second, helpersRust, firstRust, secondRust)
		assert.Empty(t, rules.Structural(files, enabled()))
		g := rules.BuildCallGraph(files)
		assert.Len(t, g.Incoming(rules.FuncRef{File: 0, Func: 0}), 3, "_clean is called from helpers, first and second")
		assert.Len(t, g.Incoming(rules.FuncRef{File: 3, Func: 0}), 3, "clean is called from helpers, first and second")
	})
	t.Run("two call sites through imports are flagged", func(t *testing.T) {
		got := rules.Structural(factsOf(t, helpers, first, helpersRust, firstRust), enabled())
		assert.Equal(t, []string{"helpers.py:1 low-use-short-function", "src/helpers.rs:1 low-use-short-function"}, brief(got))
		assert.Equal(t, "`clean` is short and used at 2 call sites; inline it", got[1].Message)
	})
}

// Budgets, each at its limit and one below. clean: sloc 4, cc 2, cog 1,
// nesting 1; route: sloc 3, cc 2, cog 1, nesting 1, the call at nesting 1.
// Inlining gives sloc 3+3=6, cc 2+1=3, cog 1+1=2, nesting max(1, 1+1)=2.
func TestLowUseBudgets(t *testing.T) {
	src := file{"b.py", `def clean(value):
    if value:
        return value.strip()
    return value


def route(items):
    for item in items:
        clean(item)
`}
	cases := []struct {
		name string
		set  func(*config.LowUse)
		want bool
	}{
		{"defaults", func(*config.LowUse) {}, true},
		{"function sloc at the limit", func(l *config.LowUse) { l.MaxFunctionSLOC = 4 }, true},
		{"function sloc over the limit", func(l *config.LowUse) { l.MaxFunctionSLOC = 3 }, false},
		{"caller sloc at the limit", func(l *config.LowUse) { l.MaxInlineCallerSLOC = 6 }, true},
		{"caller sloc over the limit", func(l *config.LowUse) { l.MaxInlineCallerSLOC = 5 }, false},
		{"caller complexity at the limit", func(l *config.LowUse) { l.MaxInlineCallerComplexity = 3 }, true},
		{"caller complexity over the limit", func(l *config.LowUse) { l.MaxInlineCallerComplexity = 2 }, false},
		{"caller cognitive at the limit", func(l *config.LowUse) { l.MaxInlineCallerCognitive = 2 }, true},
		{"caller cognitive over the limit", func(l *config.LowUse) { l.MaxInlineCallerCognitive = 1 }, false},
		{"call nesting at the limit", func(l *config.LowUse) { l.MaxInlineCallNesting = 2 }, true},
		{"call nesting over the limit", func(l *config.LowUse) { l.MaxInlineCallNesting = 1 }, false},
		{"disabled", func(l *config.LowUse) { l.Enabled = false }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := enabled()
			tc.set(&cfg)
			got := rules.Structural(factsOf(t, src), cfg)
			if tc.want {
				assert.Equal(t, []string{"b.py:1 low-use-short-function"}, brief(got))
			} else {
				assert.Empty(t, got)
			}
		})
	}
}

func TestLowUseCallCounting(t *testing.T) {
	// clean: sloc 3, cc 1. route calls it twice: k = 2, sloc 3 + 2*2 = 7.
	twice := file{"t.py", "def clean(value):\n    value = value.strip()\n    return value\n\n\ndef route(a, b):\n    clean(a)\n    return clean(b)\n"}
	cases := []struct {
		name string
		file file
		set  func(*config.LowUse)
		want []string
	}{
		{"two calls from one caller count twice", twice, func(l *config.LowUse) { l.MaxInlineCallerSLOC = 7 }, []string{"t.py:1 low-use-short-function"}},
		{"k multiplies the caller's growth", twice, func(l *config.LowUse) { l.MaxInlineCallerSLOC = 6 }, []string{}},
		{"two call sites exceed a budget of one", twice, func(l *config.LowUse) { l.MaxCallSites = 1 }, []string{}},
		{"recursive calls are not call sites", file{"r.py", "def countdown(n):\n    if n:\n        countdown(n - 1)\n"}, func(*config.LowUse) {}, []string{}},
		{"a function without callers is not flagged", file{"u.py", "def unused(v):\n    return v + 1\n"}, func(*config.LowUse) {}, []string{}},
		{"methods are never targets", file{"m.py", "class C:\n    def clean(self):\n        pass\n\n    def route(self):\n        clean()\n"}, func(*config.LowUse) {}, []string{}},
		{"a deep call site breaks the nesting budget", file{"d.py", `def shallow(value):
    if value:
        return 1
    return 0


def deep(items):
    for item in items:
        if item:
            while item:
                shallow(item)
`}, func(*config.LowUse) {}, []string{}},
		{"a nested function calling its parent's helper is another caller", file{"n.py",
			"def helper(v):\n    return v + 1\n\n\ndef outer(v):\n    def inner():\n        return helper(v)\n    return inner()\n"},
			func(*config.LowUse) {}, []string{"n.py:1 low-use-short-function", "n.py:6 low-use-short-function"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := enabled()
			tc.set(&cfg)
			files := factsOf(t, tc.file)
			assert.Equal(t, tc.want, brief(rules.LowUseShortFunctions(files, rules.BuildCallGraph(files), cfg)))
		})
	}
}

// Spec 12.1: which callable each bare call reaches.
func TestCallResolution(t *testing.T) {
	cases := []struct {
		name  string
		files []file
		want  []string // "caller -> path:target", unresolved calls left out
	}{
		{"python nested function shadows the root one", []file{{"a.py",
			"def helper():\n    pass\n\n\ndef outer():\n    def helper():\n        pass\n    helper()\n\n\ndef other():\n    helper()\n"}},
			[]string{"outer -> a.py:outer.helper", "other -> a.py:helper"}},
		{"python a function sees helpers nested in enclosing functions", []file{{"a.py",
			"def outer():\n    def helper():\n        pass\n    def inner():\n        helper()\n"}},
			[]string{"outer.inner -> a.py:outer.helper"}},
		{"python two definitions in one scope leave the call unresolved, imports are not tried", []file{
			{"a.py", "from b import helper\nif X:\n    def helper():\n        pass\nelse:\n    def helper():\n        pass\n\n\ndef f():\n    helper()\n"},
			{"b.py", "def helper():\n    pass\n"}},
			[]string{}},
		{"python methods are not targets, root functions are reached from methods", []file{{"a.py",
			"def helper():\n    pass\n\n\nclass C:\n    def tool(self):\n        pass\n\n    def run(self):\n        tool()\n        helper()\n"}},
			[]string{"C.run -> a.py:helper"}},
		{"python import with alias reaches the target by its own name", []file{
			{"pkg/helpers.py", "def _clean():\n    pass\n"},
			{"main.py", "from pkg.helpers import _clean as tidy\n\n\ndef run():\n    tidy()\n    _clean()\n"}},
			[]string{"run -> pkg/helpers.py:_clean"}},
		{"python package __init__ matches", []file{
			{"pkg/helpers/__init__.py", "def clean():\n    pass\n"},
			{"main.py", "from pkg.helpers import clean\n\n\ndef run():\n    clean()\n"}},
			[]string{"run -> pkg/helpers/__init__.py:clean"}},
		{"python suffixes match whole path components", []file{
			{"myhelpers.py", "def clean():\n    pass\n"},
			{"main.py", "from helpers import clean\n\n\ndef run():\n    clean()\n"}},
			[]string{}},
		{"python an imported name must be at the root of its file", []file{
			{"helpers.py", "def outer():\n    def clean():\n        pass\n"},
			{"main.py", "from helpers import clean\n\n\ndef run():\n    clean()\n"}},
			[]string{}},
		{"python two files matching the import leave it unresolved", []file{
			{"a/helpers.py", "def clean():\n    pass\n"},
			{"b/helpers.py", "def clean():\n    pass\n"},
			{"main.py", "from helpers import clean\n\n\ndef run():\n    clean()\n"}},
			[]string{}},
		{"rust mod fn reaches its module's fn before the root's", []file{{"lib.rs",
			"fn clean() {}\nmod inner {\n    fn clean() {}\n    fn route() {\n        clean();\n    }\n}\nfn top() {\n    clean();\n}\n"}},
			[]string{"inner::route -> lib.rs:inner::clean", "top -> lib.rs:clean"}},
		{"rust impl methods reach the module and the root, never other methods", []file{{"lib.rs",
			"mod m {\n    fn helper() {}\n    impl S {\n        fn other() {}\n        fn run() {\n            helper();\n            other();\n        }\n    }\n}\n"}},
			[]string{"m::S::run -> lib.rs:m::helper"}},
		{"rust use with alias", []file{
			{"src/util/mod.rs", "pub fn clean() {}\n"},
			{"src/main.rs", "use crate::util::clean as tidy;\n\nfn main() {\n    tidy();\n}\n"}},
			[]string{"main -> src/util/mod.rs:clean"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := factsOf(t, tc.files...)
			g := rules.BuildCallGraph(files)
			got := []string{}
			for _, c := range g.Calls {
				caller := files[c.Caller.File].Callables[c.Caller.Func]
				target := files[c.Target.File].Callables[c.Target.Func]
				got = append(got, fmt.Sprintf("%s -> %s:%s", caller.QualifiedName, files[c.Target.File].Path, target.QualifiedName))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestStructuralFixtures runs both rules (low-use enabled with the
// default budgets) over each language's fixture folder as one project,
// applies the ignore directives, and checks the findings against the
// want "rule-id" annotations on the flagged def/fn lines.
func TestStructuralFixtures(t *testing.T) {
	known := []string{rules.TrivialWrapperID, rules.LowUseShortFunctionID}
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			dir := filepath.Join("..", "testdata", spec.Name, "structural")
			var files []file
			for _, path := range testkit.FixtureFiles(t, dir, spec) {
				src, err := os.ReadFile(path)
				require.NoError(t, err)
				files = append(files, file{filepath.ToSlash(path), string(src)})
			}
			require.NotEmpty(t, files)
			ps := parseFilesAs(t, spec, files...)
			filter := rules.NewDirectiveFilter()
			var facts []rules.FileFacts
			for _, p := range ps {
				ds, err := p.tree.Directives(p.facts.Path)
				require.NoError(t, source.JoinDirectiveErrors(err, rules.ValidateDirectives(p.facts.Path, ds, known, p.facts.Callables)))
				filter.Add(p.facts.Path, ds, nil)
				facts = append(facts, p.facts)
			}
			found := finding.Ignores(filter.Ignored).Process(rules.Structural(facts, enabled()))
			byFile := map[string]map[int][]string{}
			for _, f := range found {
				if byFile[f.Path] == nil {
					byFile[f.Path] = map[int][]string{}
				}
				byFile[f.Path][f.Line] = append(byFile[f.Path][f.Line], f.RuleID)
			}
			for _, p := range ps {
				t.Run(filepath.Base(p.facts.Path), func(t *testing.T) {
					wants, err := testkit.ParseWants(p.facts.Path, p.tree)
					require.NoError(t, err)
					wants.CheckIDs(t, byFile[p.facts.Path])
				})
			}
		})
	}
}
