package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
)

func TestChangeText(t *testing.T) {
	base := &Report{Erosion: 0.25, Verbosity: 0.5, TotalLOC: 12000, TotalMass: 10}
	for _, tc := range []struct {
		name string
		head *Report
		key  string
		want string
	}{
		{"a share rises by three decimals", &Report{Erosion: 0.3125}, "erosion", "0.250 -> 0.312 (+0.062)"},
		{"a share's tiny fall is not shown as none", &Report{Verbosity: 0.4999}, "verbosity", "0.500 -> 0.500 (-<0.001)"},
		{"an unchanged share", &Report{Erosion: 0.25}, "erosion", "0.250 -> 0.250 (+0.000)"},
		{"a count falls, with thousands separators", &Report{TotalLOC: 9500}, "total_loc", "12,000 -> 9,500 (-2,500)"},
		{"a count unchanged", &Report{TotalLOC: 12000}, "total_loc", "12,000 -> 12,000 (+0)"},
		{"a mass", &Report{TotalMass: 12.25}, "total_mass", "10.0 -> 12.2 (+2.2)"},
		{"dir undefined on a side: no delta", &Report{}, "dir", "null -> null"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, changeText(base, tc.head, tc.key))
		})
	}
}

// A change's findings replace the report's in the text output, and the
// human summary compares the base with the head.
func TestWritersShowAChange(t *testing.T) {
	read := func(string) ([]byte, error) { return []byte("a = 1\nb = d.get(1, None)\n"), nil }
	old := finding.Finding{Kind: finding.AstGrep, RuleID: "old-rule", Severity: "warning", Message: "old", Path: "a.py", Line: 1, Col: 1, EndLine: 1}
	added := finding.Finding{Kind: finding.AstGrep, RuleID: "new-rule", Severity: "warning", Message: "new", Path: "a.py", Line: 2, Col: 5, EndLine: 2}
	head := &Report{Root: "/r", Findings: []finding.Finding{old, added}, TotalFunctions: 4}
	c := &Change{Findings: []finding.Finding{added}, Base: &Report{TotalFunctions: 3}, Worse: []string{"`f` in a.py: CC 9 -> 14, now over 10"}}

	var b bytes.Buffer
	require.NoError(t, WriteText(&b, head, TextOptions{CWD: "/r", ReadFile: read, Change: c}))
	assert.Equal(t, "a.py:2:5: warning[new-rule]: new\n", b.String())

	b.Reset()
	require.NoError(t, WriteHuman(&b, head, HumanOptions{CWD: "/r", ReadFile: read, Change: c}))
	out := b.String()
	assert.NotContains(t, out, "old-rule")
	assert.Contains(t, out, "Summary (base -> head)\n")
	assert.Contains(t, out, "  functions         3 -> 4 (+1)\n")
	assert.Contains(t, out, "Made worse over a threshold\n  `f` in a.py: CC 9 -> 14, now over 10\n")
	assert.Contains(t, out, "Found 1 new finding: 1 warning.\n")

	b.Reset()
	require.NoError(t, WriteHuman(&b, head, HumanOptions{CWD: "/r", ReadFile: read, Change: &Change{}}))
	assert.Contains(t, b.String(), "No new findings.\n", "no base: the report's own summary, its findings line the change's")
	assert.NotContains(t, b.String(), "base -> head")
}
