package rules_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

var knownIDs = []string{"for-range-len", rules.TrivialWrapperID, rules.LowUseShortFunctionID}

// directivesOf parses one file and returns its directives (which must
// parse without catalog-free errors) and callables.
func directivesOf(t *testing.T, f file) ([]source.Directive, []source.Callable) {
	t.Helper()
	p := parseFiles(t, f)[0]
	ds, err := p.tree.Directives(f.path)
	require.NoError(t, err)
	return ds, p.facts.Callables
}

func TestValidateDirectives(t *testing.T) {
	cases := []struct {
		name string
		file file
		want string // "" for no error
	}{
		{"known ids pass", file{"a.py", "x = 1  # scbc ignore[for-range-len, trivial-wrapper]\n"}, ""},
		{"unknown id", file{"a.py", "# scbc ignore[not-a-rule]\nx = 1\n"}, "a.py:1: unknown rule id: not-a-rule"},
		{"each unknown id of a directive", file{"a.py", "x = 1  # scbc ignore[a, for-range-len, b]\n"},
			"a.py:1: unknown rule id: a\na.py:1: unknown rule id: b"},
		{"a module-level boundary", file{"a.py", "# scbc boundary\nx = 1\n"}, "a.py:1: scbc boundary must be inside a function body"},
		{"a boundary on the def line is outside the body", file{"a.py", "def f():  # scbc boundary\n    pass\n"},
			"a.py:1: scbc boundary must be inside a function body"},
		{"a boundary after the function is outside", file{"a.rs", "fn f() {\n}\n// scbc boundary\n"},
			"a.rs:3: scbc boundary must be inside a function body"},
		{"a boundary as the first body line passes", file{"a.py", "def f():\n    # scbc boundary: reason\n    pass\n"}, ""},
		{"a boundary on a rust fn's closing line passes", file{"a.rs", "fn f() {\n} // scbc boundary\n"}, ""},
		{"issues of both kinds in line order", file{"a.py", "# scbc boundary\n# scbc ignore[nope]\nx = 1\n"},
			"a.py:1: scbc boundary must be inside a function body\na.py:2: unknown rule id: nope"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ds, fns := directivesOf(t, tc.file)
			err := rules.ValidateDirectives(tc.file.path, ds, knownIDs, fns)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			var de *source.DirectiveError
			assert.True(t, errors.As(err, &de), "a *source.DirectiveError")
		})
	}
}

// Ignore errors found while reading a file join those of the id check.
func TestIgnoreErrorsJoin(t *testing.T) {
	p := parseFiles(t, file{"a.py", "# scbc ignore[*, nope]\nx = 1\n# scbc ignore[]\ny = 2\n"})[0]
	ds, err := p.tree.Directives("a.py")
	joined := source.JoinDirectiveErrors(err, rules.ValidateIgnores("a.py", ds, knownIDs))
	require.Error(t, joined)
	assert.Equal(t, "a.py:1: wildcard ignores are not supported\na.py:1: unknown rule id: nope\n"+
		"a.py:3: scbc ignore requires at least one rule id", joined.Error())
}

func TestBoundaries(t *testing.T) {
	cases := []struct {
		name string
		file file
		want []rules.BoundarySpan
	}{
		{"the enclosing function", file{"a.py", "def f():\n    # scbc boundary\n    pass\n"}, []rules.BoundarySpan{{1, 3}}},
		{"the innermost function by end line", file{"a.py",
			"def outer():\n    def inner():\n        # scbc boundary\n        pass\n    return inner\n"}, []rules.BoundarySpan{{2, 4}}},
		{"the outer one when the boundary is in its body only", file{"a.py",
			"def outer():\n    def inner():\n        pass\n    # scbc boundary\n    return inner\n"}, []rules.BoundarySpan{{1, 5}}},
		{"on a tie of end lines the first in source order", file{"a.py",
			"def outer():\n    def inner():\n        # scbc boundary\n        pass\n"}, []rules.BoundarySpan{{1, 4}}},
		{"rust method body", file{"a.rs", "impl S {\n    fn m(&self) {\n        // scbc boundary\n    }\n}\n"}, []rules.BoundarySpan{{2, 4}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ds, fns := directivesOf(t, tc.file)
			spans, err := rules.Boundaries(tc.file.path, ds, fns)
			require.NoError(t, err)
			assert.Equal(t, tc.want, spans)
		})
	}
}

// astFinding builds an ast-grep finding for the filters.
func astFinding(rule, path string, line int) finding.Finding {
	return finding.Finding{Kind: finding.AstGrep, RuleID: rule, Severity: "warning", Path: path, Line: line, EndLine: line}
}

func astLines(fs []finding.Finding) []int {
	out := []int{}
	for _, f := range fs {
		out = append(out, f.Line)
	}
	return out
}

// Spec 13 effects and 17 items 14, 15, 18.
func TestDirectiveFilter(t *testing.T) {
	const py = `def _identity(value):
    return value


def noisy(items):
    for index in range(len(items)):  # scbc ignore[for-range-len] reason
        print(items[index])
    for index in range(len(items)):
        print(items[index])


# scbc ignore[trivial-wrapper]
def _quiet(value):
    return value


# scbc ignore[trivial-wrapper]
@decorator
def _decorated(value):
    return value


def bounded(items):
    # scbc boundary: generated code
    for index in range(len(items)):
        print(items[index])
`
	p := parseFiles(t, file{"d.py", py})[0]
	ds, err := p.tree.Directives("d.py")
	require.NoError(t, err)
	spans, err := rules.Boundaries("d.py", ds, p.facts.Callables)
	require.NoError(t, err)
	filter := rules.NewDirectiveFilter()
	filter.Add("d.py", ds, spans)

	t.Run("structural: the def-line target drops it, a decorator-line target does not", func(t *testing.T) {
		got := finding.Ignores(filter.Ignored).Process(rules.TrivialWrappers([]rules.FileFacts{p.facts}))
		assert.Equal(t, []string{"d.py:1 trivial-wrapper", "d.py:19 trivial-wrapper"}, brief(got))
	})
	t.Run("ast-grep: same-line ignore drops only the listed rule on that line", func(t *testing.T) {
		in := []finding.Finding{
			astFinding("for-range-len", "d.py", 6), astFinding("other-rule", "d.py", 6),
			astFinding("for-range-len", "d.py", 8), astFinding("for-range-len", "other.py", 6),
		}
		got := finding.Ignores(filter.Ignored).Process(in)
		assert.Equal(t, []finding.Finding{in[1], in[2], in[3]}, got)
	})
	t.Run("ast-grep: a boundary drops findings in its function's whole span", func(t *testing.T) {
		require.Equal(t, []rules.BoundarySpan{{StartLine: 23, EndLine: 26}}, spans)
		in := []finding.Finding{astFinding("r", "d.py", 22), astFinding("r", "d.py", 23), astFinding("r", "d.py", 25),
			astFinding("r", "d.py", 26), astFinding("r", "d.py", 27), astFinding("r", "e.py", 25)}
		got := finding.Boundaries(filter.Bounded).Process(in)
		assert.Equal(t, []int{22, 27, 25}, astLines(got))
		assert.Equal(t, "e.py", got[2].Path)
	})
	t.Run("an ignore without target drops nothing", func(t *testing.T) {
		f := rules.NewDirectiveFilter()
		f.Add("x.py", []source.Directive{{Kind: source.DirectiveIgnore, Line: 3, IDs: []string{"r"}}}, nil)
		assert.False(t, f.Ignored(finding.Finding{RuleID: "r", Path: "x.py", Line: 0}))
	})
}

// Spec 12.3: an ignore directive on the def line hides low-use; spec 17
// item 18: a Rust directive above fn, also across a block comment.
func TestDirectivesHideStructuralFindings(t *testing.T) {
	cases := []struct {
		name string
		file file
	}{
		{"python low-use ignored on the def line", file{"a.py",
			"def clean(value):  # scbc ignore[low-use-short-function]\n    value = value.strip()\n    return value.lower()\n\n\ndef route(value):\n    return clean(value)\n"}},
		{"rust trivial wrapper ignored above fn", file{"a.rs",
			"// scbc ignore[trivial-wrapper]\nfn identity(value: i32) -> i32 {\n    value\n}\n"}},
		{"rust trivial wrapper ignored across a multi-line block comment", file{"a.rs",
			"// scbc ignore[trivial-wrapper]\n/* one\n   two\n*/\nfn identity(value: i32) -> i32 {\n    value\n}\n"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := parseFiles(t, tc.file)[0]
			ds, err := p.tree.Directives(tc.file.path)
			require.NoError(t, err)
			require.NoError(t, rules.ValidateDirectives(tc.file.path, ds, knownIDs, p.facts.Callables))
			found := rules.Structural([]rules.FileFacts{p.facts}, enabled())
			require.NotEmpty(t, found, "the finding exists before filtering")
			filter := rules.NewDirectiveFilter()
			filter.Add(tc.file.path, ds, nil)
			assert.Empty(t, finding.Ignores(filter.Ignored).Process(found))
		})
	}
}

// Ignore directives may name the metric rules, by id or alias; the
// filter then hides the rule's finding on the target line, under its id.
func TestMetricIgnoreDirectives(t *testing.T) {
	src := "# scbc ignore[erosion]\ndef a():\n    pass\n\n\ndef b():  # scbc ignore[cognitive-complexity, duplicate-structure]\n    pass\n"
	ds, _ := directivesOf(t, file{"m.py", src})
	cat := &rules.Catalog{}
	require.NoError(t, rules.ValidateIgnores("m.py", ds, cat.IDs()), "metric ids and aliases are known ids")
	err := rules.ValidateIgnores("m.py", ds, rules.StructuralIDs)
	require.Error(t, err, "only the metric ids make them known")
	assert.Equal(t, "m.py:1: unknown rule id: erosion\nm.py:6: unknown rule id: cognitive-complexity\n"+
		"m.py:6: unknown rule id: duplicate-structure", err.Error(), "an unknown id is reported as written")

	filter := rules.NewDirectiveFilter()
	filter.Add("m.py", ds, nil)
	cases := []struct {
		name string
		f    finding.Finding
		want bool
	}{
		{"the alias hides cyclomatic-complexity on the def line", finding.Finding{RuleID: rules.CyclomaticComplexityID, Path: "m.py", Line: 2}, true},
		{"but not cognitive-complexity", finding.Finding{RuleID: rules.CognitiveComplexityID, Path: "m.py", Line: 2}, false},
		{"a same-line directive hides its rules", finding.Finding{RuleID: rules.CognitiveComplexityID, Path: "m.py", Line: 6}, true},
		{"each of them", finding.Finding{RuleID: rules.DuplicateStructureID, Path: "m.py", Line: 6}, true},
		{"and only on its line", finding.Finding{RuleID: rules.CognitiveComplexityID, Path: "m.py", Line: 7}, false},
		{"nor in another file", finding.Finding{RuleID: rules.CyclomaticComplexityID, Path: "n.py", Line: 2}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, filter.Ignored(tc.f))
		})
	}
}
