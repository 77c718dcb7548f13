package trajectory

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
)

// sampleTrajectory is a small trajectory: a measured point, an empty checkpoint, and
// a point with a skipped file whose erosion and complexity grew.
func sampleTrajectory() *Trajectory {
	points := []Point{
		{Index: 0, Checkpoint: Checkpoint{Label: "v1"}, Report: []byte(`{"erosion":0.25}`),
			Metrics:   measured(report.Metrics{"erosion": 0.25, "verbosity": 0.5, "cog_erosion": 0.125, "total_loc": 40, "total_functions": 4, "total_mass": 12.5}),
			callables: []change.Func{fn("pkg/a.py", "A.run", 4, 3, 2)}},
		{Index: 1, Checkpoint: Checkpoint{Label: "v2"}, Err: option.Plain("no supported source files found at v2")},
		{Index: 2, Checkpoint: Checkpoint{Label: "v3"}, Report: []byte(`{"erosion":0.5}`),
			Metrics:   measured(report.Metrics{"erosion": 0.5, "verbosity": 0.25, "cog_erosion": 0.125, "total_loc": 60, "total_functions": 5, "dir": 0.75}),
			Skipped:   []Skipped{{Path: "pkg/b.py", Reason: option.Plain("failed to parse python source")}},
			callables: []change.Func{fn("pkg/a.py", "A.run", 6, 13, 20)}},
	}
	return &Trajectory{Points: points, Summary: summarize(points, 0)}
}

func TestWriteHuman(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, sampleTrajectory()))
	// erosion: x = 0, 2; y = 0.25, 0.5: slope 0.125, mean 0.375.
	// verbosity: 0.5 -> 0.25: slope -0.125.
	assert.Equal(t, `Trajectory of 3 checkpoints (2 measured)

#  checkpoint  erosion           verbosity         cog_erosion  dir     loc  functions
0  v1          0.2500            0.5000            0.1250       -       40   4
1  v2          -                 -                 -            -       -    -
2  v3          0.5000 (+0.2500)  0.2500 (-0.2500)  0.1250 (0)   0.7500  60   5

Not measured:
  1 v2: no supported source files found at v2

Skipped files:
  2 v3: pkg/b.py: failed to parse python source

Summary
metric       points  first   last    mean    slope/checkpoint  rose
erosion      2       0.2500  0.5000  0.3750  +0.1250           yes
verbosity    2       0.5000  0.2500  0.3750  -0.1250           no
cog_erosion  2       0.1250  0.1250  0.1250  0.0000            no
dir          1       0.7500  0.7500  0.7500  -                 no

Callables whose complexity grew most (matched by file and qualified name, or by body)
  pkg/a.py:6  A.run  cc 3 -> 13 (+10)  cog 2 -> 20 (+18)  checkpoints 0..2
`, b.String())
}

func TestWriteCSV(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteCSV(&b, sampleTrajectory()))
	assert.Equal(t, "index,checkpoint,commit,time,subject,error,verbosity,erosion,cog_erosion,files_scanned,total_loc,"+
		"verbosity_flagged_loc,clone_loc,ast_grep_flagged_loc,structural_rule_loc,structural_rule_findings,"+
		"total_functions,high_cc_functions,high_cog_functions,total_mass,high_cc_mass,total_cog_mass,high_cog_mass,"+
		"syntax_tree_count,syntax_node_count,dir,delta_erosion,delta_verbosity,delta_cog_erosion,delta_dir\n"+
		"0,v1,,,,,0.5,0.25,0.125,0,40,0,0,0,0,0,4,0,0,12.5,0,0,0,0,0,,,,,\n"+
		"1,v2,,,,no supported source files found at v2,,,,,,,,,,,,,,,,,,,,,,,,\n"+
		"2,v3,,,,,0.25,0.5,0.125,0,60,0,0,0,0,0,5,0,0,0,0,0,0,0,0,0.75,0.25,-0.25,0,\n", b.String())
}

// The text cells (checkpoint, commit, time, subject, error) are
// report.CSVText's: a subject that would be a spreadsheet formula gets a
// leading quote, control characters are escaped; the numbers, a negative
// delta included, are written as they are.
func TestWriteCSVNeutralisesText(t *testing.T) {
	tr := sampleTrajectory()
	tr.Points[0].Checkpoint = Checkpoint{Label: "@v1", Commit: "c0", Time: "2024-01-02T03:04:05Z",
		Subject: "=HYPERLINK(\"http://e.example\",\"x\")\x1b[2J"}
	tr.Points[1].Err = option.Plain("-failed \u009b2J\u202e")
	tr.Points[2].Checkpoint.Subject = "+1\a"
	var b bytes.Buffer
	require.NoError(t, WriteCSV(&b, tr))
	rows := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, rows, 4)
	assert.Equal(t, `0,'@v1,c0,2024-01-02T03:04:05Z,"'=HYPERLINK(""http://e.example"",""x"")\x1b[2J",,0.5,0.25,0.125,0,40,0,0,0,0,0,4,0,0,12.5,0,0,0,0,0,,,,,`, rows[1])
	assert.Equal(t, `1,v2,,,,'-failed \u009b2J\u202e,,,,,,,,,,,,,,,,,,,,,,,,`, rows[2])
	assert.Equal(t, `2,v3,,,'+1\a,,0.25,0.5,0.125,0,60,0,0,0,0,0,5,0,0,0,0,0,0,0,0,0.75,0.25,-0.25,0,`, rows[3],
		"the negative delta of verbosity stays the number -0.25")
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, sampleTrajectory()))
	assert.Equal(t, `{"schema_version":1,"points":[
{"index":0,"checkpoint":"v1","report":{"erosion":0.25},"delta":{"erosion":null,"verbosity":null,"cog_erosion":null,"dir":null},"skipped":[],"error":null},
{"index":1,"checkpoint":"v2","report":null,"delta":null,"skipped":[],"error":"no supported source files found at v2"},
{"index":2,"checkpoint":"v3","report":{"erosion":0.5},"delta":{"erosion":0.25,"verbosity":-0.25,"cog_erosion":0,"dir":null},"skipped":[{"path":"pkg/b.py","reason":"failed to parse python source"}],"error":null}
],
"summary":{"checkpoints":3,"measured":2,"erosion":{"points":2,"first":0.25,"last":0.5,"mean":0.375,"slope":0.125,"rose":true},"verbosity":{"points":2,"first":0.5,"last":0.25,"mean":0.375,"slope":-0.125,"rose":false},"cog_erosion":{"points":2,"first":0.125,"last":0.125,"mean":0.125,"slope":0,"rose":false},"dir":{"points":1,"first":0.75,"last":0.75,"mean":0.75,"slope":null,"rose":false},"grown_callables":[{"path":"pkg/a.py","qualified_name":"A.run","occurrence":1,"line":6,"first_index":0,"last_index":2,"first_cc":3,"last_cc":13,"cc_growth":10,"first_cog":2,"last_cog":20,"cog_growth":18}]}}
`, b.String())
	assert.True(t, json.Valid(b.Bytes()))
}

// A point's report is written as its profile printed it: 0.1.3's
// separators are kept, not compacted into the envelope's.
func TestWriteJSONKeepsTheReportsBytes(t *testing.T) {
	tr := &Trajectory{Points: []Point{{Checkpoint: Checkpoint{Label: "v1", Commit: "abc"},
		Report: []byte(`{"verbosity": 0.0, "high_cc_mass": 0}`), Metrics: measured(nil)}}}
	tr.Summary = summarize(tr.Points, 0)
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, tr))
	first, _, ok := bytes.Cut(bytes.SplitN(b.Bytes(), []byte("\n"), 3)[1], []byte(`,"delta"`))
	require.True(t, ok, b.String())
	assert.Equal(t, `{"index":0,"checkpoint":"v1","commit":"abc","report":{"verbosity": 0.0, "high_cc_mass": 0}`, string(first))
	assert.True(t, json.Valid(b.Bytes()))
}
