package verbosity_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/verbosity"
)

// parseTree parses a file of the language its path names.
func parseTree(t *testing.T, path, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(lang.ForPath(path))
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

// parse gathers what the findings step needs of a Python file.
func parse(t *testing.T, path, src string) verbosity.File {
	t.Helper()
	tree := parseTree(t, path, src)
	sloc := tree.SLOC()
	fns := tree.Callables(sloc)
	ds, err := tree.Directives(path)
	require.NoError(t, err)
	return verbosity.File{
		Path: path, SLOC: sloc, Clones: clones.Candidates(path, tree, fns),
		Facts:      rules.NewFileFacts(path, tree, fns, make([]rules.FunctionMetrics, len(fns))),
		Directives: ds, Callables: fns,
	}
}

// Lines 1-2 and 4-5: two trivial wrappers, the second ignored; lines 7-10:
// a function with a boundary; lines 12-14 and 16-18: a clone group.
const wrappers = `def _a(value):
    return value

def _b(value):  # scbc ignore[trivial-wrapper]
    return value

def generated(items):
    # scbc boundary: generated
    for i in range(len(items)):
        print(items[i])

def one(x):
    y = x + 1
    return y * 2

def two(z):
    w = z + 1
    return w * 2
`

func TestCollect(t *testing.T) {
	file := parse(t, "w.py", wrappers)
	astGrep := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "w.py", Line: 9, EndLine: 10, Col: 5, EndCol: 24},
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "unparsed.py", Line: 1, EndLine: 1, Col: 1, EndCol: 2},
	}
	wrapperAt := func(line int, name string) finding.Finding {
		return finding.Finding{Kind: finding.Structural, RuleID: rules.TrivialWrapperID, Severity: finding.Warning,
			Message: "`" + name + "` adds no behavior", FixTitle: "Inline or remove `" + name + "`",
			Path: "w.py", Line: line, EndLine: line + 1, Subject: name}
	}
	cases := []struct {
		name         string
		policy       finding.Policy
		want         []finding.Finding
		astGrepLines int
	}{
		{
			name:   "the default policy: the ignored wrapper and the bounded match go, and the match in an unparsed file",
			policy: finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Warning},
			want:   []finding.Finding{wrapperAt(1, "_a")},
		},
		{
			name:         "include-all: every finding of a parsed file, in report order",
			policy:       finding.Policy{MinSeverity: finding.Info},
			want:         []finding.Finding{wrapperAt(1, "_a"), wrapperAt(4, "_b"), astGrep[0]},
			astGrepLines: 2,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := verbosity.Collect([]verbosity.File{file}, astGrep, nil, config.Default("").LowUse, tc.policy)
			require.NoError(t, err)
			assert.Equal(t, tc.want, out.Findings)
			structural := 0
			for _, f := range tc.want {
				if f.Kind == finding.Structural {
					structural++
				}
			}
			assert.Equal(t, structural, out.Structural)
			require.Len(t, out.Clones, 2, "one and two are one group")
			assert.Equal(t, 6, out.Verbosity.CloneLOC)
			assert.Equal(t, 2*structural, out.Verbosity.StructuralLOC)
			assert.Equal(t, tc.astGrepLines, out.Verbosity.AstGrepLOC)
		})
	}
}

func TestCollectGathersBoundaryErrors(t *testing.T) {
	a := parse(t, "a.py", "# scbc boundary: nothing\nx = 1\n")
	b := parse(t, "b.py", "x = 1\n# scbc boundary: nothing\n")
	_, err := verbosity.Collect([]verbosity.File{a, b}, nil, nil, config.Default("").LowUse, finding.Policy{})
	require.Error(t, err, "boundaries are checked whatever the policy")
	assert.Contains(t, err.Error(), "a.py:1: "+rules.MsgBoundaryOutside)
	assert.Contains(t, err.Error(), "b.py:2: "+rules.MsgBoundaryOutside)
}

// parse013 gathers what 0.1.3's findings step needs of a Python file of
// module module: its tokenize SLOC, visitor functions, block candidates
// and wrapper facts.
func parse013(t *testing.T, path, module, src string) verbosity.File {
	t.Helper()
	tree := parseTree(t, path, src)
	sloc, err := tree.SLOC013()
	require.NoError(t, err)
	fns := tree.VisitorCallables(sloc)
	ds, err := tree.Directives(path)
	require.NoError(t, err)
	w := rules.NewWrapperFacts013(tree, fns)
	return verbosity.File{
		Path: path, SLOC: sloc, Clones: clones.BlockCandidates013(path, tree, sloc),
		Directives: ds, Callables: fns, Wrappers: &w, Module: module,
	}
}

// 0.1.3's findings step on the same source, by hand: SLOC 1, 2, 4, 5, 7,
// 9, 10, 12-14, 16-18 (13; the comment line 8 is not); its wrappers are
// _a (1-2) and _b (4-5, ignored by its directive unless include-all);
// its block candidates of three SLOC lines are generated (7-10), one
// (12-14) and two (16-18), of which one and two are a group (6 lines); the
// ast-grep match at 9-10 is bounded unless include-all.
func TestCollect013(t *testing.T) {
	file := parse013(t, "w.py", "w", wrappers)
	astGrep := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "w.py", Line: 9, EndLine: 10, Col: 5, EndCol: 24},
	}
	cases := []struct {
		name                                  string
		policy                                finding.Policy
		wrappers                              []string
		structuralLOC, astGrepLOC, flaggedLOC int
	}{
		{"the default policy", finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Info}, []string{"_a"}, 2, 0, 8},
		{"include-all", finding.Policy{MinSeverity: finding.Info}, []string{"_a", "_b"}, 4, 2, 12},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := verbosity.Collect013([]verbosity.File{file}, astGrep, nil, config.LowUse{}, tc.policy)
			require.NoError(t, err)
			structural := wrappersOf(out.Findings)
			var wrappers []string
			for _, f := range structural {
				assert.Equal(t, rules.TrivialWrapperID, f.RuleID)
				wrappers = append(wrappers, f.Subject)
			}
			assert.Equal(t, tc.wrappers, wrappers)
			assert.Equal(t, len(tc.wrappers), out.Structural)
			require.Len(t, out.Clones, 2, "one and two are one group")
			assert.Equal(t, 6, out.Verbosity.CloneLOC)
			assert.Equal(t, tc.structuralLOC, out.Verbosity.StructuralLOC)
			assert.Equal(t, tc.astGrepLOC, out.Verbosity.AstGrepLOC)
			assert.Equal(t, tc.flaggedLOC, out.Verbosity.FlaggedLOC)
			assert.Equal(t, 13, out.Verbosity.TotalLOC)
		})
	}
}

// wrappersOf is the structural findings of fs.
func wrappersOf(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Kind == finding.Structural {
			out = append(out, f)
		}
	}
	return out
}

// A match of a rule of severity error makes 0.1.3's ast-grep run fail and
// drop every ast-grep finding; the profile refuses the run instead, naming
// the first such match by place, under either policy.
func TestCollect013RefusesErrorSeverity(t *testing.T) {
	file := parse013(t, "w.py", "w", wrappers)
	astGrep := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "w.py", Line: 9, EndLine: 10},
		{Kind: finding.AstGrep, RuleID: "strict-b", Severity: finding.Critical, Path: "w.py", Line: 12, EndLine: 12},
		{Kind: finding.AstGrep, RuleID: "strict-a", Severity: finding.Critical, Path: "w.py", Line: 9, EndLine: 9},
	}
	for _, policy := range []finding.Policy{{Suppressions: true, Thresholds: true, MinSeverity: finding.Info}, {MinSeverity: finding.Info}} {
		_, err := verbosity.Collect013([]verbosity.File{file}, astGrep, nil, config.LowUse{}, policy)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "w.py:9: rule strict-a has severity error")
	}
	_, err := verbosity.Collect013([]verbosity.File{file}, astGrep[:1], nil, config.LowUse{}, finding.Policy{MinSeverity: finding.Info})
	assert.NoError(t, err)
}
