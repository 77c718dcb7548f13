package report

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
)

// collectIssues is the one list the writers read: clone instances (groups in
// group order, instances by path and line), the report's findings, then
// the callables over a threshold; columns of function-level findings are
// left for resolveColumns.
func TestCollectIssues(t *testing.T) {
	r := &Report{
		CloneBlocks: []CloneBlock{
			{Path: "/w/b.py", StartLine: 4, EndLine: 6, SLOC: 3, Group: "g", Instances: 2},
			{Path: "/w/a.py", StartLine: 1, EndLine: 3, SLOC: 3, Group: "g", Instances: 2},
		},
		Findings: []finding.Finding{{Kind: finding.AstGrep, RuleID: "r", Severity: finding.Warning, Path: "/w/a.py", Line: 2, Col: 3}},
		Files:    []File{{Path: "/w/c.py", Callables: []Callable{{Name: "f", StartLine: 7, EndLine: 9, CC: 11, Cog: 3, SLOC: 3}}}},
	}
	group := []finding.Place{{Path: "/w/a.py", Line: 1, EndLine: 3}, {Path: "/w/b.py", Line: 4, EndLine: 6}}
	got := collectIssues(r, 0)
	assert.Equal(t, []finding.Finding{
		{Kind: finding.Clone, RuleID: RuleDuplicateStructure, Severity: finding.Warning, Path: "/w/a.py",
			Message: "duplicated block (3 lines, 2 instances)", Line: 1, EndLine: 3, Group: group, Self: 0},
		{Kind: finding.Clone, RuleID: RuleDuplicateStructure, Severity: finding.Warning, Path: "/w/b.py",
			Message: "duplicated block (3 lines, 2 instances)", Line: 4, EndLine: 6, Group: group, Self: 1},
		{Kind: finding.AstGrep, RuleID: "r", Severity: finding.Warning, Path: "/w/a.py", Line: 2, Col: 3,
			Message: "matches slop pattern"},
		{Kind: finding.Erosion, RuleID: RuleErosion, Severity: finding.Warning, Path: "/w/c.py", Line: 7, EndLine: 9, Subject: "f",
			Message: "function `f` exceeds complexity threshold (complexity 11 > 10, sloc 3)",
			Measure: &finding.Measure{Metric: "complexity", Value: 11, Limit: 10, SLOC: 3}},
	}, got)
	assert.Len(t, collectIssues(r, 4), 2, "groups whose first instance has fewer SLOC lines than the minimum are left out")

	src := newSources(func(p string) ([]byte, error) { return []byte("x\n  y\n\n   z\n\n\n\tdef f():\n"), nil })
	require.NoError(t, resolveColumns(got, src))
	var cols []int
	for _, f := range got {
		cols = append(cols, f.Col)
	}
	assert.Equal(t, []int{1, 4, 3, 2}, cols, "the first non-blank character of the first line; a known column stays")
}
