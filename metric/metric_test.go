package metric_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/metric"
)

// The reference report's numbers, in its key order (the reference's
// JSON report, before syntax_by_language).
var referenceKeys = []string{
	"verbosity", "erosion", "cog_erosion", "files_scanned", "total_loc", "verbosity_flagged_loc",
	"clone_loc", "ast_grep_flagged_loc", "structural_rule_loc", "structural_rule_findings",
	"total_functions", "high_cc_functions", "high_cog_functions", "total_mass", "high_cc_mass",
	"total_cog_mass", "high_cog_mass", "syntax_tree_count", "syntax_node_count",
}

func TestViews(t *testing.T) {
	assert.Equal(t, referenceKeys, metric.Keys(metric.Reference()))
	assert.Equal(t, append(append([]string{}, referenceKeys...), "dir"), metric.Keys(metric.All), "dir is ours, after the reference's")
	assert.Equal(t, []string{"erosion", "cog_erosion", "verbosity", "high_cc_functions"}, metric.Keys(metric.Headlines()))
	assert.Equal(t, []string{"erosion", "verbosity", "cog_erosion", "dir"}, metric.Keys(metric.Trended()))
	assert.Equal(t, []string{"erosion", "verbosity"}, metric.Keys(metric.Ratcheted()))
}

func TestGates(t *testing.T) {
	type row struct {
		name, flag, metric, placeholder string
		increase                        bool
	}
	var got []row
	for _, g := range metric.Gates() {
		got = append(got, row{g.Name, g.Flag(), g.Metric.Key, g.Placeholder(), g.Increase})
	}
	assert.Equal(t, []row{
		{"max-erosion", "--max-erosion", "erosion", "SHARE", false},
		{"max-cog-erosion", "--max-cog-erosion", "cog_erosion", "SHARE", false},
		{"max-verbosity", "--max-verbosity", "verbosity", "SHARE", false},
		{"max-high-cc-functions", "--max-high-cc-functions", "high_cc_functions", "N", false},
		{"max-erosion-increase", "--max-erosion-increase", "erosion", "SHARE", true},
		{"max-verbosity-increase", "--max-verbosity-increase", "verbosity", "SHARE", true},
	}, got, "the limits in headline order, then the increases")

	g, ok := metric.GateNamed("max-verbosity-increase")
	require.True(t, ok)
	assert.True(t, g.Increase)
	_, ok = metric.GateNamed("max-dir")
	assert.False(t, ok, "dir has no gate")
	_, ok = metric.GateNamed("--max-erosion")
	assert.False(t, ok, "a gate is named without the dashes")
}

func TestLookup(t *testing.T) {
	m, ok := metric.Lookup("total_mass")
	require.True(t, ok)
	assert.Equal(t, metric.Mass, m.Kind)
	_, ok = metric.Lookup("mass")
	assert.False(t, ok)
	assert.Equal(t, []string{"share", "count", "mass", "unknown"},
		[]string{metric.Share.String(), metric.Count.String(), metric.Mass.String(), metric.Kind(7).String()})
}

// The rules every entry must keep, so that an entry the outputs derive
// from is never half-wired: each consumer reads what these promise.
func TestTableIsConsistent(t *testing.T) {
	keys := map[string]metric.Metric{}
	for _, m := range metric.All {
		assert.NotContains(t, keys, m.Key, "key %s twice", m.Key)
		keys[m.Key] = m
	}
	places := func(place func(metric.Metric) int) []int {
		var out []int
		for _, m := range metric.All {
			if p := place(m); p > 0 {
				out = append(out, p)
			}
		}
		return out
	}
	for name, ps := range map[string][]int{
		"Headline": places(func(m metric.Metric) int { return m.Headline }),
		"Trend":    places(func(m metric.Metric) int { return m.Trend }),
	} {
		want := make([]int, len(ps))
		for i := range want {
			want[i] = i + 1
		}
		assert.ElementsMatch(t, want, ps, "%s places run from 1 without a gap or a repeat", name)
	}
	for _, m := range metric.All {
		if m.Gate != metric.Ungated {
			assert.Contains(t, []metric.Kind{metric.Share, metric.Count}, m.Kind, "%s: config and flags parse shares and counts only", m.Key)
			assert.Positive(t, m.Headline, "%s: a gated metric is a headline (gates are checked in headline order)", m.Key)
		}
		if m.Ratchet {
			assert.NotEqual(t, metric.Ungated, m.Gate, "%s: a ratcheted metric is gated", m.Key)
			assert.True(t, m.Reference, "%s: a ratchet compares with a baseline, which records the reference numbers", m.Key)
		}
		if m.Trend > 0 {
			assert.Equal(t, metric.Share, m.Kind, "%s: trajectories show and chart shares", m.Key)
		}
		if m.Headline > 0 && m.Kind == metric.Share {
			assert.NotEmpty(t, m.Part, "%s: the human summary shows a headline share's parts", m.Key)
		}
		for _, k := range []string{m.Part, m.Whole} {
			if k != "" {
				assert.Contains(t, keys, k, "%s: its part and whole are metrics", m.Key)
			}
		}
		assert.Equal(t, m.Part == "", m.Whole == "", "%s: a share has both a part and a whole", m.Key)
	}
}
