package change_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
)

func ptr(v float64) *float64 { return &v }

// Every number of the JSON report object has its delta, worked out by
// hand from two reports whose values are exact in binary.
func TestMetricDeltasCoverEveryNumberOfTheJSONReport(t *testing.T) {
	base := &report.Report{
		Verbosity: 0.25, Erosion: 0.5, CogErosion: 0.125, FilesScanned: 3, TotalLOC: 100, VerbosityFlaggedLOC: 25,
		CloneLOC: 10, AstGrepFlaggedLOC: 12, StructuralRuleLOC: 3, StructuralRuleFindings: 1, TotalFunctions: 10,
		HighCCFunctions: 2, HighCogFunctions: 1, TotalMass: 40.5, HighCCMass: 20.25, TotalCogMass: 30, HighCogMass: 7.5,
		SyntaxTreeCount: 3, SyntaxNodeCount: 900,
		SyntaxByLanguage: []report.LanguageSyntax{{Language: "python", TreeCount: 2, NodeCount: 600}, {Language: "rust", TreeCount: 1, NodeCount: 300}},
		DIR:              &reuse.Result{Dir: ptr(0.5), Exported: 4, Used: 2, WithTests: ptr(0.75), Lenient: ptr(0.5)},
		Catalog:          report.Catalog{Name: "bundled:1", Bundled: true, Rules: 197},
	}
	head := &report.Report{
		Verbosity: 0.375, Erosion: 0.25, CogErosion: 0.125, FilesScanned: 4, TotalLOC: 120, VerbosityFlaggedLOC: 45,
		CloneLOC: 10, AstGrepFlaggedLOC: 30, StructuralRuleLOC: 5, StructuralRuleFindings: 2, TotalFunctions: 12,
		HighCCFunctions: 1, HighCogFunctions: 1, TotalMass: 50, HighCCMass: 12.5, TotalCogMass: 33, HighCogMass: 7.5,
		SyntaxTreeCount: 4, SyntaxNodeCount: 1000,
		SyntaxByLanguage: []report.LanguageSyntax{{Language: "python", TreeCount: 3, NodeCount: 800}, {Language: "go", TreeCount: 1, NodeCount: 200}},
		DIR:              &reuse.Result{Reachable: ptr(0.5)},
		MCF:              &reuse.MCF{Value: 3},
		IF50:             ptr(0.5),
		Catalog:          report.Catalog{Name: "bundled:1", Bundled: true, Rules: 198},
	}
	want := map[string]float64{
		"verbosity": 0.125, "erosion": -0.25, "cog_erosion": 0, "files_scanned": 1, "total_loc": 20,
		"verbosity_flagged_loc": 20, "clone_loc": 0, "ast_grep_flagged_loc": 18, "structural_rule_loc": 2,
		"structural_rule_findings": 1, "total_functions": 2, "high_cc_functions": -1, "high_cog_functions": 0,
		"total_mass": 9.5, "high_cc_mass": -7.75, "total_cog_mass": 3, "high_cog_mass": 0,
		"syntax_tree_count": 1, "syntax_node_count": 100,
		// A language on one side only counts 0 on the other.
		"syntax_by_language.python.tree_count": 1, "syntax_by_language.python.node_count": 200,
		"syntax_by_language.rust.tree_count": -1, "syntax_by_language.rust.node_count": -300,
		"syntax_by_language.go.tree_count": 1, "syntax_by_language.go.node_count": 200,
		// dir, dir_with_tests, dir_reachable, dir_lenient, mcf and if50
		// are null on one side: left out.
		"dir_exported": -4, "dir_used": -2,
		"catalog_rules": 1,
	}
	assert.Equal(t, want, change.MetricDeltas(base, head))
	assert.Equal(t, want, change.Compare(change.Input{Base: base, Head: head}).Metrics, "Compare's metrics are MetricDeltas")

	same := change.MetricDeltas(head, head)
	assert.Equal(t, 0.0, same["if50"], "a number both sides have is there, 0 when equal")
	assert.Equal(t, 0.0, same["mcf"])
	assert.NotContains(t, same, "dir", "undefined on both sides")
	assert.NotContains(t, same, "catalog", "not a number")
}
