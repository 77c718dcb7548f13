package trajectory

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
)

func TestSlope(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []float64
		want   float64
		ok     bool
	}{
		// mean x 1.5, mean y 0.3; sum dx*dy = 0.3+0-0.05+0.45 = 0.7; sum dx² = 5.
		{"four points give sxy/sxx", []float64{0, 1, 2, 3}, []float64{0.1, 0.3, 0.2, 0.6}, 0.14, true},
		// x = 0,2,3: mean 5/3; sum dx*y = -5/3*0.1 + 1/3*0.2 + 4/3*0.6 = 0.7; sum dx² = 42/9.
		{"a missing point keeps the others' indexes", []float64{0, 2, 3}, []float64{0.1, 0.2, 0.6}, 0.15, true},
		{"a straight line gives its slope", []float64{0, 1, 2}, []float64{1, 0.5, 0}, -0.5, true},
		{"a flat series has slope zero", []float64{0, 1}, []float64{0.4, 0.4}, 0, true},
		{"one point has no slope", []float64{0}, []float64{0.4}, 0, false},
		{"no points have no slope", nil, nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Slope(tt.xs, tt.ys)
			assert.Equal(t, tt.ok, ok)
			assert.InDelta(t, tt.want, got, 1e-12)
		})
	}
}

func f(v float64) *float64 { return &v }

// measured is the record of a measured point: values, and 0 for each
// other number of the reference report.
func measured(values report.Metrics) report.Metrics {
	out := report.Metrics{}
	for _, k := range []string{"verbosity", "erosion", "cog_erosion", "files_scanned", "total_loc", "verbosity_flagged_loc",
		"clone_loc", "ast_grep_flagged_loc", "structural_rule_loc", "structural_rule_findings", "total_functions",
		"high_cc_functions", "high_cog_functions", "total_mass", "high_cc_mass", "total_cog_mass", "high_cog_mass",
		"syntax_tree_count", "syntax_node_count"} {
		out[k] = 0
	}
	for k, v := range values {
		out[k] = v
	}
	return out
}

// fn is a callable of a point: its file, qualified name, start line and
// complexities.
func fn(path, name string, line, cc, cog int) change.Func {
	return change.Func{Numbers: change.Numbers{Path: path, Line: line, CC: cc, Cog: cog}, Name: name}
}

// bodied is fn with a body hash.
func bodied(f change.Func, body string) change.Func {
	f.Body = body
	return f
}

// Callables are followed across points as the change engine matches
// functions: a function renamed or moved to another file without other
// change (the same body) is the same callable, named as it is last; one
// missing from a point is found again at a later one.
func TestGrownFollowsRenamesAndGaps(t *testing.T) {
	points := []Point{
		{Index: 0, callables: []change.Func{bodied(fn("a.py", "parse", 5, 2, 1), "P"), fn("a.py", "gap", 20, 1, 0)}},
		{Index: 1, callables: []change.Func{bodied(fn("b.py", "parse_args", 1, 2, 1), "P")}},
		{Index: 2, callables: []change.Func{bodied(fn("b.py", "parse_args", 1, 6, 4), "Q"), fn("a.py", "gap", 22, 3, 0)}},
	}
	assert.Equal(t, []Growth{
		{Path: "b.py", QualifiedName: "parse_args", Occurrence: 1, FirstIndex: 0, LastIndex: 2, Line: 1, FirstCC: 2, LastCC: 6, FirstCog: 1, LastCog: 4},
		{Path: "a.py", QualifiedName: "gap", Occurrence: 1, FirstIndex: 0, LastIndex: 2, Line: 22, FirstCC: 1, LastCC: 3, FirstCog: 0, LastCog: 0},
	}, grown(points, 10))
}

func TestSummarize(t *testing.T) {
	points := []Point{
		{Index: 0, Metrics: measured(report.Metrics{"erosion": 0.1, "verbosity": 0.5}),
			callables: []change.Func{
				fn("a.py", "A.run", 1, 3, 2),
				fn("a.py", "helper", 9, 1, 0),
				fn("a.py", "helper", 20, 2, 1),
			}},
		{Index: 1, Err: option.Plain("no supported source files found at v1")},
		{Index: 2, Metrics: measured(report.Metrics{"erosion": 0.2, "verbosity": 0.4, "dir": 0.5}),
			callables: []change.Func{
				fn("a.py", "A.run", 3, 9, 12),
				fn("a.py", "helper", 11, 1, 0),
				fn("a.py", "helper", 25, 4, 1),
				fn("b.py", "new", 1, 5, 5),
			}},
		{Index: 3, Metrics: measured(report.Metrics{"erosion": 0.6, "verbosity": 0.3, "dir": 0.25}),
			callables: []change.Func{
				fn("a.py", "A.run", 3, 8, 14),
				fn("b.py", "new", 1, 5, 6),
			}},
	}
	tr := &Trajectory{Points: points, Summary: summarize(points, 0)}
	s := tr.Summary
	assert.Equal(t, 4, s.Checkpoints)
	assert.Equal(t, 3, s.Measured)
	require.Len(t, s.Trends, 4)

	erosion := s.Trends[0]
	assert.Equal(t, "erosion", erosion.Metric)
	assert.Equal(t, 3, erosion.Points)
	assert.InDelta(t, 0.1, *erosion.First, 1e-12)
	assert.InDelta(t, 0.6, *erosion.Last, 1e-12)
	assert.InDelta(t, 0.3, *erosion.Mean, 1e-12)
	// x = 0,2,3 (point 1 has no numbers): slope 0.7 / (42/9) = 0.15.
	assert.InDelta(t, 0.15, *erosion.Slope, 1e-12)
	assert.True(t, erosion.Rose)

	verbosity := s.Trends[1]
	assert.Equal(t, "verbosity", verbosity.Metric)
	// mean x 5/3, mean y 0.4; sum dx*dy = -5/3*0.1 + 0 + 4/3*-0.1 = -0.3; / (42/9) = -0.9/14.
	assert.InDelta(t, -0.9/14, *verbosity.Slope, 1e-12)
	assert.InDelta(t, 0.4, *verbosity.Mean, 1e-12)
	assert.False(t, verbosity.Rose)

	cog := s.Trends[2]
	assert.InDelta(t, 0, *cog.Slope, 1e-12)
	assert.False(t, cog.Rose, "a flat metric did not rise")

	dir := s.Trends[3]
	assert.Equal(t, 2, dir.Points, "dir is undefined at the first point")
	assert.InDelta(t, 0.5, *dir.First, 1e-12)
	assert.InDelta(t, 0.375, *dir.Mean, 1e-12)
	// Two points, x = 2 and 3: the slope is the difference.
	assert.InDelta(t, -0.25, *dir.Slope, 1e-12)
	assert.False(t, dir.Rose)

	// Deltas skip the point without numbers.
	d, ok := tr.Delta(2, "erosion")
	require.True(t, ok)
	assert.InDelta(t, 0.1, d, 1e-12)
	_, ok = tr.Delta(0, "erosion")
	assert.False(t, ok, "the first point has no delta")
	_, ok = tr.Delta(1, "erosion")
	assert.False(t, ok, "a point without numbers has no delta")
	_, ok = tr.Delta(2, "dir")
	assert.False(t, ok, "dir's first value has no delta")
	d, ok = tr.Delta(3, "dir")
	require.True(t, ok)
	assert.InDelta(t, -0.25, d, 1e-12)

	// A.run: cc 3 -> 8 (+5); the second helper: cc 2 -> 4 (+2); new: cog
	// 5 -> 6 only; the first helper did not grow.
	assert.Equal(t, []Growth{
		{Path: "a.py", QualifiedName: "A.run", Occurrence: 1, FirstIndex: 0, LastIndex: 3, Line: 3, FirstCC: 3, LastCC: 8, FirstCog: 2, LastCog: 14},
		{Path: "a.py", QualifiedName: "helper", Occurrence: 2, FirstIndex: 0, LastIndex: 2, Line: 25, FirstCC: 2, LastCC: 4, FirstCog: 1, LastCog: 1},
		{Path: "b.py", QualifiedName: "new", Occurrence: 1, FirstIndex: 2, LastIndex: 3, Line: 1, FirstCC: 5, LastCC: 5, FirstCog: 5, LastCog: 6},
	}, s.Grown)
	assert.Len(t, summarize(points, 1).Grown, 1, "the list is cut at the top count")
}

func TestSummaryWithoutNumbers(t *testing.T) {
	points := []Point{{Index: 0, Err: option.Plain("no supported source files found at x")}}
	s := summarize(points, 0)
	assert.Equal(t, 0, s.Measured)
	for _, tr := range s.Trends {
		assert.Nil(t, tr.First, tr.Metric)
		assert.Nil(t, tr.Slope, tr.Metric)
		assert.False(t, tr.Rose, tr.Metric)
	}
	assert.Empty(t, s.Grown)
}

// bigFunction is a Python function of n if statements and pad assignments:
// cc n+1, cognitive complexity n, SLOC 2 + pad + 2n.
func bigFunction(name string, n, pad int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "def %s(x):\n", name)
	for i := 0; i < pad; i++ {
		b.WriteString("    x = x + 1\n")
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    if x == %d:\n        return %d\n", i, i)
	}
	b.WriteString("    return x\n")
	return b.String()
}

// smallFunction has cc 1, cognitive complexity 0 and 4 SLOC: mass 2.
const smallFunction = "def small(x):\n    y = x\n    z = y\n    return z\n"

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

func analysisOptions(t *testing.T, cwd string) scbcheck.Options {
	cfg, err := config.Load(cwd, "")
	require.NoError(t, err)
	return scbcheck.Options{Config: cfg, WorkDir: cwd, DisableSG: true, Workers: 2}
}

func TestDirectories(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	// big with 11 ifs and 1 pad line: cc 12, cog 11, SLOC 25, mass 60 and
	// cog mass 55; with 13 ifs and 8 pad lines: cc 14, cog 13, SLOC 36,
	// mass 84 and cog mass 78.
	writeFiles(t, filepath.Join(root, "c0"), map[string]string{"a.py": smallFunction})
	writeFiles(t, filepath.Join(root, "c1"), map[string]string{"a.py": smallFunction + "\n\n" + bigFunction("big", 11, 1)})
	require.NoError(t, os.MkdirAll(filepath.Join(root, "c2", "docs"), 0o755))
	writeFiles(t, filepath.Join(root, "c3"), map[string]string{
		"a.py":      smallFunction + "\n\n" + bigFunction("big", 13, 8),
		"broken.py": "def broken(:\n",
	})
	var progress []string
	opt := Options{Analysis: analysisOptions(t, root), Progress: func(i, n int, cp Checkpoint) {
		progress = append(progress, fmt.Sprintf("%d/%d %s", i, n, cp.Label))
	}}
	t.Chdir(root)
	tr, err := Directories(context.Background(), []string{"c0", "c1", "c2", "c3"}, opt)
	require.NoError(t, err)
	assert.Equal(t, []string{"0/4 c0", "1/4 c1", "2/4 c2", "3/4 c3"}, progress)
	require.Len(t, tr.Points, 4)

	e1, e3 := 60.0/62, 84.0/86
	assert.Equal(t, 0.0, tr.Points[0].Metrics["erosion"])
	assert.InDelta(t, e1, tr.Points[1].Metrics["erosion"], 1e-12)
	assert.InDelta(t, 1.0, tr.Points[1].Metrics["cog_erosion"], 1e-12)
	assert.Nil(t, tr.Points[2].Metrics, "an empty checkpoint has no numbers")
	assert.Equal(t, "no supported source files found at c2", tr.Points[2].Err.String())
	assert.InDelta(t, e3, tr.Points[3].Metrics["erosion"], 1e-12)
	assert.Equal(t, []Skipped{{Path: "broken.py", Reason: option.Plain("failed to parse python source")}}, tr.Points[3].Skipped)

	d, ok := tr.Delta(3, "erosion")
	require.True(t, ok)
	assert.InDelta(t, e3-e1, d, 1e-12, "the delta skips the empty checkpoint")

	erosion := tr.Summary.Trends[0]
	// x = 0, 1, 3 (mean 4/3, sum dx² = 14/3); y = 0, e1, e3:
	// slope = (-1/3*e1 + 5/3*e3) / (14/3) = (5*e3 - e1) / 14.
	assert.InDelta(t, (5*e3-e1)/14, *erosion.Slope, 1e-12)
	assert.InDelta(t, (e1+e3)/3, *erosion.Mean, 1e-12)
	assert.True(t, erosion.Rose)
	cog := tr.Summary.Trends[2]
	// cog_erosion 0, 1, 1: slope (-1/3 + 5/3) / (14/3) = 2/7.
	assert.InDelta(t, 2.0/7, *cog.Slope, 1e-12)

	assert.Equal(t, []Growth{{Path: "a.py", QualifiedName: "big", Occurrence: 1, FirstIndex: 1, LastIndex: 3,
		Line: 7, FirstCC: 12, LastCC: 14, FirstCog: 11, LastCog: 13}}, tr.Summary.Grown)
}

func TestDirectoriesMissingPath(t *testing.T) {
	root := t.TempDir()
	_, err := Directories(context.Background(), []string{root, filepath.Join(root, "nope")}, Options{Analysis: analysisOptions(t, root)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "checkpoint 1: path does not exist: "+filepath.Join(root, "nope"))
}

// TestPointReportIsCheckReport: a point's report is the exact text of the
// check report of its checkpoint.
func TestPointReportIsCheckReport(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeFiles(t, filepath.Join(root, "c0"), map[string]string{"a.py": smallFunction + "\n\n" + bigFunction("big", 11, 1)})
	opt := analysisOptions(t, root)
	tr, err := Directories(context.Background(), []string{filepath.Join(root, "c0")}, Options{Analysis: opt})
	require.NoError(t, err)
	var doc struct {
		Points []struct {
			Report json.RawMessage `json:"report"`
		} `json:"points"`
	}
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, tr))
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	require.Len(t, doc.Points, 1)
	assert.Equal(t, string(tr.Points[0].Report), string(doc.Points[0].Report))
	assert.True(t, strings.HasPrefix(string(tr.Points[0].Report), `{"verbosity":0.0,"erosion":0.967741935483871,`))
}

// TestDirectoriesRenameAndDelete: a sequence where a file is renamed and
// then another deleted. The renamed file's function, unchanged by the
// rename, is matched by its body.
func TestDirectoriesRenameAndDelete(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	// other: cc 2, cog 1, SLOC 4, mass 2*sqrt(4) = 4. big (11 ifs, 1 pad):
	// cc 12, SLOC 25, mass 60; (13 ifs, 8 pad): cc 14, SLOC 36, mass 84.
	const other = "def other(y):\n    if y:\n        return 1\n    return 0\n"
	core0 := smallFunction + "\n\n" + bigFunction("big", 11, 1)
	writeFiles(t, filepath.Join(root, "d0"), map[string]string{"a.py": core0, "b.py": other})
	writeFiles(t, filepath.Join(root, "d1"), map[string]string{"lib/core.py": core0, "b.py": other})
	writeFiles(t, filepath.Join(root, "d2"), map[string]string{"lib/core.py": smallFunction + "\n\n" + bigFunction("big", 13, 8)})
	t.Chdir(root)
	tr, err := Directories(context.Background(), []string{"d0", "d1", "d2"}, Options{Analysis: analysisOptions(t, root)})
	require.NoError(t, err)
	require.Len(t, tr.Points, 3)

	type counts struct{ files, loc, functions, highCC float64 }
	for i, want := range []struct {
		counts  counts
		erosion float64
	}{
		// small 2 + big 60 + other 4 = 66, of which 60 high-cc; SLOC 4+25+4.
		{counts{2, 33, 3, 1}, 60.0 / 66},
		{counts{2, 33, 3, 1}, 60.0 / 66},
		// b.py deleted: small 2 + big 84; SLOC 4+36.
		{counts{1, 40, 2, 1}, 84.0 / 86},
	} {
		m := tr.Points[i].Metrics
		require.NotNil(t, m, "point %d", i)
		assert.Equal(t, want.counts, counts{m["files_scanned"], m["total_loc"], m["total_functions"], m["high_cc_functions"]}, "point %d", i)
		assert.InDelta(t, want.erosion, m["erosion"], 1e-12, "point %d", i)
	}
	d, ok := tr.Delta(1, "erosion")
	require.True(t, ok)
	assert.InDelta(t, 0, d, 1e-12, "a rename alone changes nothing")
	d, ok = tr.Delta(2, "erosion")
	require.True(t, ok)
	assert.InDelta(t, 84.0/86-60.0/66, d, 1e-12)

	// a.py's big, renamed to lib/core.py without change, is matched by
	// its body (cc 12, cog 11 from the first point) and grows to cc 14,
	// cog 13 when b.py is deleted.
	assert.Equal(t, []Growth{{Path: "lib/core.py", QualifiedName: "big", Occurrence: 1, FirstIndex: 0, LastIndex: 2,
		Line: 7, FirstCC: 12, LastCC: 14, FirstCog: 11, LastCog: 13}}, tr.Summary.Grown)
}

// TestDirectoriesNothingParses: a checkpoint whose only source file has a
// syntax error has no numbers; the file is listed as skipped.
func TestDirectoriesNothingParses(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeFiles(t, filepath.Join(root, "ok"), map[string]string{"a.py": smallFunction})
	writeFiles(t, filepath.Join(root, "broken"), map[string]string{"a.py": "def small(x:\n    return x\n"})
	t.Chdir(root)
	tr, err := Directories(context.Background(), []string{"ok", "broken"}, Options{Analysis: analysisOptions(t, root)})
	require.NoError(t, err)
	assert.Nil(t, tr.Points[1].Metrics)
	assert.Equal(t, "no supported source files could be parsed at broken", tr.Points[1].Err.String())
	assert.Equal(t, []Skipped{{Path: "a.py", Reason: option.Plain("failed to parse python source")}}, tr.Points[1].Skipped)
	assert.Equal(t, 1, tr.Summary.Measured)
}
