package compat013_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/verbosity"
	"github.com/scbcheck/scbcheck/vfs"
)

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

// collectFile gathers what 0.1.3's findings step needs of a Python file:
// its tokenize SLOC, visitor functions, block candidates and wrapper
// facts (its module name is its path's stem: no __init__.py beside it).
func collectFile(t *testing.T, path, src string) verbosity.File {
	t.Helper()
	tree := parse(t, lang.Python, src)
	sloc, err := compat013.SLOC(tree)
	require.NoError(t, err)
	fns := compat013.VisitorCallables(tree, sloc)
	ds, err := tree.Directives(path)
	require.NoError(t, err)
	return verbosity.File{
		Path: path, SLOC: sloc, Clones: compat013.BlockCandidates(path, tree, sloc),
		Directives: ds, Callables: fns, ProfileData: compat013.Engine.FileData(tree, fns),
	}
}

// 0.1.3's findings step on the same source, by hand: SLOC 1, 2, 4, 5, 7,
// 9, 10, 12-14, 16-18 (13; the comment line 8 is not); its wrappers are
// _a (1-2) and _b (4-5, ignored by its directive unless include-all);
// its block candidates of three SLOC lines are generated (7-10), one
// (12-14) and two (16-18), of which one and two are a group (6 lines); the
// ast-grep match at 9-10 is bounded unless include-all.
func TestCollect(t *testing.T) {
	file := collectFile(t, "w.py", wrappers)
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
			out, err := compat013.Collect(vfs.OS, []verbosity.File{file}, astGrep, nil, config.LowUse{}, tc.policy)
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
func TestCollectRefusesErrorSeverity(t *testing.T) {
	file := collectFile(t, "w.py", wrappers)
	astGrep := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "w.py", Line: 9, EndLine: 10},
		{Kind: finding.AstGrep, RuleID: "strict-b", Severity: finding.Critical, Path: "w.py", Line: 12, EndLine: 12},
		{Kind: finding.AstGrep, RuleID: "strict-a", Severity: finding.Critical, Path: "w.py", Line: 9, EndLine: 9},
	}
	for _, policy := range []finding.Policy{{Suppressions: true, Thresholds: true, MinSeverity: finding.Info}, {MinSeverity: finding.Info}} {
		_, err := compat013.Collect(vfs.OS, []verbosity.File{file}, astGrep, nil, config.LowUse{}, policy)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "w.py:9: rule strict-a has severity error")
	}
	_, err := compat013.Collect(vfs.OS, []verbosity.File{file}, astGrep[:1], nil, config.LowUse{}, finding.Policy{MinSeverity: finding.Info})
	assert.NoError(t, err)
}
