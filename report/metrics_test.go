package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/reuse"
)

// numbered is a report whose every number differs, so that a key read
// from the wrong field shows.
func numbered() *Report {
	dir := 0.75
	return &Report{
		Verbosity: 0.125, Erosion: 0.25, CogErosion: 0.5, FilesScanned: 1, TotalLOC: 2, VerbosityFlaggedLOC: 3,
		CloneLOC: 4, AstGrepFlaggedLOC: 5, StructuralRuleLOC: 6, StructuralRuleFindings: 7, TotalFunctions: 8,
		HighCCFunctions: 9, HighCogFunctions: 10, TotalMass: 11.5, HighCCMass: 12.5, TotalCogMass: 13.5,
		HighCogMass: 14.5, SyntaxTreeCount: 15, SyntaxNodeCount: 16, DIR: &reuse.Result{Dir: &dir},
	}
}

func TestValueReadsEachMetricsField(t *testing.T) {
	want := map[string]float64{
		"verbosity": 0.125, "erosion": 0.25, "cog_erosion": 0.5, "files_scanned": 1, "total_loc": 2,
		"verbosity_flagged_loc": 3, "clone_loc": 4, "ast_grep_flagged_loc": 5, "structural_rule_loc": 6,
		"structural_rule_findings": 7, "total_functions": 8, "high_cc_functions": 9, "high_cog_functions": 10,
		"total_mass": 11.5, "high_cc_mass": 12.5, "total_cog_mass": 13.5, "high_cog_mass": 14.5,
		"syntax_tree_count": 15, "syntax_node_count": 16, "dir": 0.75,
	}
	r := numbered()
	for _, m := range metric.All {
		v, ok := r.Value(m.Key)
		if assert.True(t, ok, "%s: every metric of the table is read from a report", m.Key) {
			assert.Equal(t, want[m.Key], v, m.Key)
		}
		_, isCount := r.count(m.Key)
		assert.Equal(t, m.Kind == metric.Count, isCount, "%s: a count is an int field", m.Key)
	}
	assert.Len(t, want, len(metric.All))

	_, ok := r.Value("mass")
	assert.False(t, ok, "no metric")
	_, ok = (&Report{}).Value("dir")
	assert.False(t, ok, "no DIR computed")
	_, ok = (&Report{DIR: &reuse.Result{}}).Value("dir")
	assert.False(t, ok, "DIR undefined")
}

// The outputs that list the reference numbers list each metric of the
// table marked Reference, in table order, and nothing else of it.
func TestReferenceNumbersInEveryRecord(t *testing.T) {
	r := numbered()
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, r))
	var baseline bytes.Buffer
	require.NoError(t, WriteBaseline(&baseline, NewBaseline(r, "1.0", nil)))
	var doc struct {
		Metrics json.RawMessage `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal(baseline.Bytes(), &doc))

	for name, text := range map[string]string{"JSON report": js.String(), "baseline": string(doc.Metrics)} {
		at := -1
		for _, m := range metric.Reference() {
			i := strings.Index(text, `"`+m.Key+`":`)
			if assert.Greater(t, i, at, "%s: %s comes after the key before it", name, m.Key) {
				at = i
			}
		}
	}
	assert.NotContains(t, string(doc.Metrics), `"dir"`, "the baseline records the reference numbers only")
}

func TestHumanSummaryRowPerHeadlineShare(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, numbered(), HumanOptions{CWD: "/w"}))
	at := -1
	for _, m := range metric.Headlines() {
		if m.Kind != metric.Share {
			continue
		}
		i := strings.Index(b.String(), "\n  "+m.Key+" ")
		if assert.Greater(t, i, at, "a row for %s, in headline order", m.Key) {
			at = i
		}
	}
}

func TestBaselineRefusesACountItCannotHold(t *testing.T) {
	b := NewBaseline(&Report{TotalLOC: 1<<53 + 2}, "1.0", nil)
	err := WriteBaseline(&bytes.Buffer{}, b)
	assert.ErrorContains(t, err, "metrics.total_loc: 9.007199254740994e+15 is too large a count to record exactly")
}
