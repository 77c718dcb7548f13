package change_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// num is a function's numbers at a place.
func num(path string, line, cc, cog int) *change.Numbers {
	return &change.Numbers{Path: path, Line: line, EndLine: line + 3, CC: cc, Cog: cog, SLOC: 4, Mass: float64(cc) * 2}
}

func TestWorse(t *testing.T) {
	d := &change.Delta{Functions: []change.Function{
		{Name: "main", Status: change.Regressed, Base: num("cli.py", 40, 9, 3), Head: num("cli.py", 40, 14, 3)},
		{Name: "route", Status: change.New, Head: num("app.py", 26, 15, 2)},
		{Name: "gate", Status: change.Regressed, Base: num("app.py", 9, 12, 11), Head: num("app.py", 9, 13, 12)},
		{Name: "small", Status: change.Regressed, Base: num("app.py", 1, 3, 0), Head: num("app.py", 1, 9, 0)},
		{Name: "same", Status: change.Regressed, Base: num("app.py", 30, 12, 4), Head: num("app.py", 30, 12, 5)},
		{Name: "fixed", Status: change.Improved, Base: num("b.py", 1, 14, 0), Head: num("b.py", 1, 12, 0)},
		{Name: "gone", Status: change.Removed, Base: num("b.py", 9, 20, 20)},
	}}
	var lines []string
	for _, f := range change.Worse(d) {
		lines = append(lines, change.WorseLine(f))
	}
	assert.Equal(t, []string{
		// In the head's path and line order.
		"`gate` in app.py: CC 12 -> 13, over 10; cognitive 11 -> 12, over 10",
		"`route` in app.py: CC 15 (new), over 10",
		"`main` in cli.py: CC 9 -> 14, now over 10",
	}, lines, "small stays under, same's CC over the threshold did not rise, fixed fell, gone is gone")
}

func TestWriteCheckJSON(t *testing.T) {
	base := &report.Report{TotalFunctions: 3, TotalLOC: 11, Erosion: 0.5}
	head := &report.Report{TotalFunctions: 5, TotalLOC: 21, Erosion: 0.75}
	d := &change.Delta{Base: base, Head: head,
		Functions: []change.Function{{Name: "route", Kind: "function", Status: change.New, Head: num("app.py", 26, 15, 0)}},
		NewFindings: []change.NewFinding{{
			Finding:      finding.Finding{Kind: finding.Clone, RuleID: "duplicate-structure", Severity: "warning", Path: "app.py", Line: 18, EndLine: 23, Message: "duplicated block (6 lines, 2 instances)"},
			Counterparts: []finding.Place{{Path: "app.py", Line: 1, EndLine: 6}},
		}},
	}
	object := func(w io.Writer, _ *report.Report) error { _, err := io.WriteString(w, `{"k":1}`+"\n"); return err }

	var b bytes.Buffer
	require.NoError(t, change.WriteCheckJSON(&b, d, object, false))
	out := b.String()
	assert.Regexp(t, `^\{"k":1,"findings":\[\{"rule":"duplicate-structure","severity":"warning","path":"app.py","line":18,"end_line":23,`+
		`"message":"duplicated block \(6 lines, 2 instances\)","counterparts":\[\{"path":"app.py","line":1,"end_line":6\}\]\}\],"change":\{"base":\{`, out)
	assert.Contains(t, out, `"erosion":0.5,`, "the base's numbers")
	assert.Contains(t, out, `"delta":{"verbosity":0.0,"erosion":0.25,"cog_erosion":0.0,"files_scanned":0,"total_loc":10,`)
	assert.Contains(t, out, `"dir":null}`, "DIR undefined on both sides")
	assert.Contains(t, out, `,"functions":[{"path":"app.py","name":"route","kind":"function","status":"new","base":null,`+
		`"head":{"path":"app.py","line":26,"end_line":29,"cc":15,"cog":0,"sloc":4,"mass":30.0}}]}}`+"\n")

	b.Reset()
	require.NoError(t, change.WriteCheckJSON(&b, d, object, true))
	assert.Regexp(t, `^\{"report":\{"k":1\},"findings":\[`, b.String(), "nested whole")

	b.Reset()
	require.NoError(t, change.WriteCheckJSON(&b, &change.Delta{Head: head}, object, false))
	assert.Equal(t, `{"k":1,"findings":[],"change":{"base":null,"delta":null,"functions":[]}}`+"\n", b.String(), "no base: a patch's findings")
}

func TestOnLines(t *testing.T) {
	r := &report.Report{
		Findings: []finding.Finding{
			{Kind: finding.AstGrep, RuleID: "a", Path: "x.py", Line: 3, EndLine: 4},
			{Kind: finding.AstGrep, RuleID: "b", Path: "x.py", Line: 7, EndLine: 7},
			{Kind: finding.AstGrep, RuleID: "c", Path: "y.py", Line: 3, EndLine: 3},
		},
		CloneBlocks: []report.CloneBlock{
			{Path: "x.py", StartLine: 10, EndLine: 14, SLOC: 5, Group: "g", Instances: 2},
			{Path: "z.py", StartLine: 1, EndLine: 5, SLOC: 5, Group: "g", Instances: 2},
		},
	}
	got := change.OnLines(r, map[string][]int{"x.py": {4, 7, 10, 11}})
	var ids []string
	for _, f := range got {
		ids = append(ids, f.RuleID)
	}
	assert.Equal(t, []string{"duplicate-structure", "b"}, ids, "a starts on line 3, not added; c is in another file")
	require.Len(t, got[0].Counterparts, 1)
	assert.Equal(t, "z.py", got[0].Counterparts[0].Path, "the instance not on an added line")
}
