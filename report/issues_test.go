package report

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
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
		{Kind: finding.Clone, RuleID: rules.DuplicateStructureID, Severity: finding.Warning, Path: "/w/a.py",
			Message: "duplicated block (3 lines, 2 instances)", Line: 1, EndLine: 3, Group: group, Self: 0},
		{Kind: finding.Clone, RuleID: rules.DuplicateStructureID, Severity: finding.Warning, Path: "/w/b.py",
			Message: "duplicated block (3 lines, 2 instances)", Line: 4, EndLine: 6, Group: group, Self: 1},
		{Kind: finding.AstGrep, RuleID: "r", Severity: finding.Warning, Path: "/w/a.py", Line: 2, Col: 3,
			Message: "matches slop pattern"},
		{Kind: finding.Cyclomatic, RuleID: rules.CyclomaticComplexityID, Severity: finding.Warning, Path: "/w/c.py", Line: 7, EndLine: 9, Subject: "f",
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

// AllFindings lists the same findings as the writers, in path, line,
// kind and rule order, with the report's relative paths; small clone
// groups stay, the metric findings an ignore directive hides do not.
func TestAllFindings(t *testing.T) {
	r := &Report{
		Root: "/w",
		CloneBlocks: []CloneBlock{
			{Path: "b.py", StartLine: 4, EndLine: 5, SLOC: 2, Group: "g", Instances: 2},
			{Path: "a.py", StartLine: 5, EndLine: 6, SLOC: 2, Group: "g", Instances: 2},
		},
		Findings: []finding.Finding{{Kind: finding.AstGrep, RuleID: "r", Severity: finding.Warning, Path: "a.py", Line: 2, Col: 3, Message: "m"}},
		Files: []File{
			{Path: "a.py", Callables: []Callable{{Name: "f", StartLine: 1, EndLine: 9, CC: 11, Cog: 12, SLOC: 8, Ignored: []string{rules.CognitiveComplexityID}}}},
		},
	}
	type row struct {
		path string
		line int
		rule string
	}
	var got []row
	for _, f := range r.AllFindings() {
		got = append(got, row{f.Path, f.Line, f.RuleID})
	}
	assert.Equal(t, []row{
		{"a.py", 1, rules.CyclomaticComplexityID},
		{"a.py", 2, "r"},
		{"a.py", 5, rules.DuplicateStructureID},
		{"b.py", 4, rules.DuplicateStructureID},
	}, got)
	assert.Equal(t, "a.py", r.AllFindings()[2].Group[0].Path, "a clone group's places are relative too")
}

// The threshold the metric rules document is the one erosion counts with.
func TestMetricRuleThreshold(t *testing.T) {
	assert.Equal(t, erosion.Threshold, rules.ComplexityThreshold)
	assert.Equal(t, HighComplexity, rules.ComplexityThreshold)
}

// ignoredReport is a report with a clone group of two instances and a
// function over both complexity thresholds; hide lists the rule ids whose
// findings are marked ignored ("a" and "b" stand for the clone instances).
func ignoredReport(hide ...string) *Report {
	has := func(id string) bool { return slices.Contains(hide, id) }
	var fnIgnored []string
	for _, id := range []string{rules.CyclomaticComplexityID, rules.CognitiveComplexityID} {
		if has(id) {
			fnIgnored = append(fnIgnored, id)
		}
	}
	return &Report{
		CloneLOC: 6, HighCCFunctions: 1, HighCogFunctions: 1,
		CloneBlocks: []CloneBlock{
			{Path: "/w/a.py", StartLine: 1, EndLine: 3, SLOC: 3, Group: "g", Instances: 2, Ignored: has("a")},
			{Path: "/w/b.py", StartLine: 4, EndLine: 6, SLOC: 3, Group: "g", Instances: 2, Ignored: has("b")},
		},
		Files: []File{{Path: "/w/c.py", Callables: []Callable{{Name: "f", StartLine: 7, EndLine: 9, CC: 11, Cog: 12, SLOC: 3, Ignored: fnIgnored}}}},
	}
}

// An ignored metric finding is left out of the findings and of
// has_findings; the metrics are read, never changed.
func TestIgnoredMetricFindings(t *testing.T) {
	cc, cog := rules.CyclomaticComplexityID, rules.CognitiveComplexityID
	cases := []struct {
		name         string
		hide         []string
		want         []string // rule@path:line of the findings left
		wantFindings bool
	}{
		{"nothing ignored: every instance and both measures", nil,
			[]string{"duplicate-structure@/w/a.py:1", "duplicate-structure@/w/b.py:4", cc + "@/w/c.py:7", cog + "@/w/c.py:7"}, true},
		{"one clone instance ignored: the other's finding stays", []string{"a"},
			[]string{"duplicate-structure@/w/b.py:4", cc + "@/w/c.py:7", cog + "@/w/c.py:7"}, true},
		{"cyclomatic ignored: the cognitive finding stays", []string{cc},
			[]string{"duplicate-structure@/w/a.py:1", "duplicate-structure@/w/b.py:4", cog + "@/w/c.py:7"}, true},
		{"the function's two findings ignored, the clones stay", []string{cc, cog},
			[]string{"duplicate-structure@/w/a.py:1", "duplicate-structure@/w/b.py:4"}, true},
		{"the clones ignored, the function stays", []string{"a", "b"},
			[]string{cc + "@/w/c.py:7", cog + "@/w/c.py:7"}, true},
		{"every metric finding ignored: no findings though clone_loc and high_cc_functions are not 0", []string{"a", "b", cc, cog},
			nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ignoredReport(tc.hide...)
			var got []string
			for _, f := range collectIssues(r, 0) {
				got = append(got, fmt.Sprintf("%s@%s:%d", f.RuleID, f.Path, f.Line))
				if f.Kind == finding.Clone {
					assert.Len(t, f.Group, 2, "a clone finding names every instance of its group")
				}
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.wantFindings, r.HasFindings())
			assert.Equal(t, 6, r.CloneLOC)
			assert.Equal(t, 1, r.HighCCFunctions)
		})
	}
}

func TestHasFindings(t *testing.T) {
	cases := []struct {
		name string
		r    *Report
		want bool
	}{
		{"an empty report", &Report{}, false},
		{"clone lines alone (a report built by hand)", &Report{CloneLOC: 2}, true},
		{"a function over the cyclomatic threshold, counted only", &Report{HighCCFunctions: 1}, true},
		{"a function over the cognitive threshold, counted only", &Report{HighCogFunctions: 1}, true},
		{"a structural finding", &Report{StructuralRuleFindings: 1}, true},
		{"ast-grep lines", &Report{AstGrepFlaggedLOC: 1}, true},
		{"two functions over the threshold, one of them ignored", &Report{HighCCFunctions: 2, Files: []File{{Callables: []Callable{
			{CC: 11, Ignored: []string{rules.CyclomaticComplexityID}}, {CC: 12}}}}}, true},
		{"an ignore naming the other rule hides nothing", &Report{HighCCFunctions: 1, Files: []File{{Callables: []Callable{
			{CC: 11, Ignored: []string{rules.CognitiveComplexityID}}}}}}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.r.HasFindings())
		})
	}
}
