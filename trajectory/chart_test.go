package trajectory

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/report"
)

// svgNode is one element of a parsed SVG document.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *svgNode) hasClass(class string) bool {
	for _, c := range strings.Fields(n.attr("class")) {
		if c == class {
			return true
		}
	}
	return false
}

// all returns the elements under n (n included) for which keep holds, in
// document order.
func (n *svgNode) all(keep func(*svgNode) bool) []*svgNode {
	var out []*svgNode
	if keep(n) {
		out = append(out, n)
	}
	for k := range n.Nodes {
		out = append(out, n.Nodes[k].all(keep)...)
	}
	return out
}

func (n *svgNode) withClass(class string) []*svgNode {
	return n.all(func(c *svgNode) bool { return c.hasClass(class) })
}

// xy is a point in data coordinates: checkpoint index and metric value.
type xy struct{ x, y float64 }

// chartView is what a reader of the chart sees: the tick labels, the
// lines and markers read back into data coordinates through the axes'
// own tick positions, and the legend.
type chartView struct {
	title, xLabel, yLabel string
	xTicks, yTicks        []string
	// lines and markers by metric; lines has no entry for a metric drawn
	// as a lone marker.
	lines, markers map[string][]xy
	series, legend []string
	// colors are the stroke colour of each series and legend row.
	seriesColors, legendColors []string
}

func num64(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "a number: %q", s)
	return v
}

// scale returns the linear map from pixels to data values that puts the
// two labelled ticks where their labels say.
func scale(t *testing.T, pos map[string]float64, a, b string) func(float64) float64 {
	t.Helper()
	pa, ok := pos[a]
	require.True(t, ok, "a tick labelled %s", a)
	pb, ok := pos[b]
	require.True(t, ok, "a tick labelled %s", b)
	va, vb := num64(t, a), num64(t, b)
	return func(p float64) float64 { return va + (p-pa)/(pb-pa)*(vb-va) }
}

// markerCentre is the centre of a marker's bounding box.
func markerCentre(t *testing.T, m *svgNode) (float64, float64) {
	t.Helper()
	switch m.XMLName.Local {
	case "circle":
		return num64(t, m.attr("cx")), num64(t, m.attr("cy"))
	case "rect":
		return num64(t, m.attr("x")) + num64(t, m.attr("width"))/2, num64(t, m.attr("y")) + num64(t, m.attr("height"))/2
	case "path":
		d := strings.NewReplacer("M", " ", "L", " ", "Z", " ").Replace(m.attr("d"))
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range strings.Fields(d) {
			x, y, ok := strings.Cut(p, ",")
			require.True(t, ok, "a point: %q", p)
			minX, maxX = min(minX, num64(t, x)), max(maxX, num64(t, x))
			minY, maxY = min(minY, num64(t, y)), max(maxY, num64(t, y))
		}
		return (minX + maxX) / 2, (minY + maxY) / 2
	}
	t.Fatalf("unknown marker element %s", m.XMLName.Local)
	return 0, 0
}

// readChart parses an SVG chart into what it shows.
func readChart(t *testing.T, svg []byte) chartView {
	t.Helper()
	require.True(t, bytes.HasPrefix(svg, []byte("<?xml")), "an XML declaration first")
	var root svgNode
	require.NoError(t, xml.Unmarshal(svg, &root))
	require.Equal(t, "svg", root.XMLName.Local)
	assert.Equal(t, "http://www.w3.org/2000/svg", root.XMLName.Space)
	assert.Equal(t, "648", root.attr("width"))
	assert.Equal(t, "360", root.attr("height"))

	v := chartView{lines: map[string][]xy{}, markers: map[string][]xy{}}
	titles := root.withClass("title")
	require.Len(t, titles, 1)
	v.title = titles[0].Text
	xAxis, yAxis := root.withClass("x-axis"), root.withClass("y-axis")
	require.Len(t, xAxis, 1)
	require.Len(t, yAxis, 1)
	xPos, yPos := map[string]float64{}, map[string]float64{}
	for _, tk := range xAxis[0].withClass("tick") {
		v.xTicks = append(v.xTicks, tk.Text)
		xPos[tk.Text] = num64(t, tk.attr("x"))
	}
	for _, tk := range yAxis[0].withClass("tick") {
		v.yTicks = append(v.yTicks, tk.Text)
		assert.Equal(t, "middle", tk.attr("dominant-baseline"), "a y label is centred on its tick")
		yPos[tk.Text] = num64(t, tk.attr("y"))
	}
	xl, yl := xAxis[0].withClass("label"), yAxis[0].withClass("label")
	require.Len(t, xl, 1)
	require.Len(t, yl, 1)
	v.xLabel, v.yLabel = xl[0].Text, yl[0].Text
	if len(v.xTicks) < 2 || len(v.yTicks) < 2 {
		return v
	}
	toX := scale(t, xPos, v.xTicks[0], v.xTicks[len(v.xTicks)-1])
	toY := scale(t, yPos, v.yTicks[0], v.yTicks[len(v.yTicks)-1])
	for _, s := range root.withClass("series") {
		name := s.attr("data-metric")
		v.series = append(v.series, name)
		v.seriesColors = append(v.seriesColors, s.attr("stroke"))
		for _, l := range s.all(func(c *svgNode) bool { return c.XMLName.Local == "polyline" }) {
			for _, p := range strings.Fields(l.attr("points")) {
				x, y, ok := strings.Cut(p, ",")
				require.True(t, ok, "a point: %q", p)
				v.lines[name] = append(v.lines[name], xy{toX(num64(t, x)), toY(num64(t, y))})
			}
		}
		for _, m := range s.withClass("marker") {
			x, y := markerCentre(t, m)
			v.markers[name] = append(v.markers[name], xy{toX(x), toY(y)})
		}
	}
	for _, l := range root.withClass("legend") {
		for _, row := range l.all(func(c *svgNode) bool { return c.attr("data-metric") != "" }) {
			v.legend = append(v.legend, row.attr("data-metric"))
			v.legendColors = append(v.legendColors, row.attr("stroke"))
			texts := row.all(func(c *svgNode) bool { return c.XMLName.Local == "text" })
			require.Len(t, texts, 1)
			assert.Equal(t, row.attr("data-metric"), texts[0].Text, "a legend row is labelled with its metric")
		}
	}
	return v
}

// assertPoints checks points read back from the chart against the data,
// to within the two decimals the SVG keeps.
func assertPoints(t *testing.T, want, got []xy, what string) {
	t.Helper()
	require.Len(t, got, len(want), what)
	for k := range want {
		assert.InDelta(t, want[k].x, got[k].x, 0.01, "%s point %d x", what, k)
		assert.InDelta(t, want[k].y, got[k].y, 0.005, "%s point %d y", what, k)
	}
}

func chartOf(t *testing.T, tr *Trajectory) chartView {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteChart(&b, tr))
	return readChart(t, b.Bytes())
}

func TestWriteChart(t *testing.T) {
	var a, b bytes.Buffer
	require.NoError(t, WriteChart(&a, sampleTrajectory()))
	require.NoError(t, WriteChart(&b, sampleTrajectory()))
	assert.Equal(t, a.String(), b.String(), "the chart is the same every time")

	v := readChart(t, a.Bytes())
	assert.Equal(t, "scb-check trajectory (3 checkpoints)", v.title)
	assert.Equal(t, "checkpoint index", v.xLabel)
	assert.Equal(t, "share (0 to 1)", v.yLabel)
	assert.Equal(t, []string{"0", "1", "2"}, v.xTicks, "one tick per checkpoint")
	assert.Equal(t, []string{"0", "0.2", "0.4", "0.6", "0.8", "1"}, v.yTicks, "0 to 1 in steps of 0.2")

	// The sample: point 0 has erosion 0.25, verbosity 0.5, cog_erosion
	// 0.125 and no dir; point 1 has no numbers; point 2 has 0.5, 0.25,
	// 0.125 and dir 0.75.
	want := map[string][]xy{
		"erosion":     {{0, 0.25}, {2, 0.5}},
		"verbosity":   {{0, 0.5}, {2, 0.25}},
		"cog_erosion": {{0, 0.125}, {2, 0.125}},
		"dir":         {{2, 0.75}},
	}
	assert.Equal(t, []string{"erosion", "verbosity", "cog_erosion", "dir"}, v.series, "a line per metric, in summary order")
	for name, pts := range want {
		assertPoints(t, pts, v.markers[name], name+" markers")
		if len(pts) > 1 {
			assertPoints(t, pts, v.lines[name], name+" line")
		} else {
			assert.Empty(t, v.lines[name], "a lone point is a marker without a line")
		}
	}
	assert.Equal(t, v.series, v.legend, "the legend names every line, in order")
	assert.Equal(t, v.seriesColors, v.legendColors, "a legend row has its line's colour")
	seen := map[string]bool{}
	for _, c := range v.seriesColors {
		assert.NotEmpty(t, c)
		assert.False(t, seen[c], "colour %s used twice", c)
		seen[c] = true
	}
}

func metricsPoint(index int, erosion float64) Point {
	return Point{Index: index, Metrics: measured(report.Metrics{"erosion": erosion, "verbosity": 0.1, "cog_erosion": 0.1})}
}

func TestWriteChartRanges(t *testing.T) {
	for _, tc := range []struct {
		name    string
		points  []Point
		xTicks  []string
		yTicks  []string
		erosion []xy
		series  []string
	}{
		{
			name:   "an empty trajectory draws the axes and no line",
			xTicks: []string{"0", "1"}, yTicks: []string{"0", "0.2", "0.4", "0.6", "0.8", "1"},
		},
		{
			name:   "a value above 1 extends the y axis to the next round tick",
			points: []Point{metricsPoint(0, 1.7), metricsPoint(1, 0.5)},
			// 1.7 / 5 = 0.34 rounds up to a step of 0.5; 1.7 up to 2.
			xTicks: []string{"0", "1"}, yTicks: []string{"0", "0.5", "1", "1.5", "2"},
			erosion: []xy{{0, 1.7}, {1, 0.5}},
			series:  []string{"erosion", "verbosity", "cog_erosion"},
		},
		{
			name:   "a value that is not a number is left out",
			points: []Point{metricsPoint(0, math.NaN()), metricsPoint(1, 0.5), metricsPoint(2, math.Inf(1))},
			xTicks: []string{"0", "1", "2"}, yTicks: []string{"0", "0.2", "0.4", "0.6", "0.8", "1"},
			erosion: []xy{{1, 0.5}},
			series:  []string{"erosion", "verbosity", "cog_erosion"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := chartOf(t, &Trajectory{Points: tc.points})
			assert.Equal(t, "scb-check trajectory ("+strconv.Itoa(len(tc.points))+" checkpoints)", v.title)
			assert.Equal(t, tc.xTicks, v.xTicks)
			assert.Equal(t, tc.yTicks, v.yTicks)
			assert.Equal(t, tc.series, v.series)
			assert.Equal(t, tc.series, v.legend)
			assertPoints(t, tc.erosion, v.markers["erosion"], "erosion markers")
		})
	}
}

func TestIndexTicks(t *testing.T) {
	labelled := func(n int) []string {
		var out []string
		for _, tk := range (indexTicks{n: n}).ticks(float64(n-1) + 0.5) {
			if tk.label != "" {
				out = append(out, tk.label)
			}
		}
		return out
	}
	assert.Equal(t, []string{"0", "1", "2"}, labelled(3))
	assert.Len(t, (indexTicks{n: 30}).ticks(29.5), 30, "every checkpoint has a tick")
	assert.Equal(t, []string{"0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "28"}, labelled(30),
		"a long history labels every second one")
	v := chartOf(t, &Trajectory{Points: func() []Point {
		var ps []Point
		for i := range 30 {
			ps = append(ps, metricsPoint(i, 0.5))
		}
		return ps
	}()})
	assert.Equal(t, labelled(30), v.xTicks, "the chart shows those labels")
}

func TestValueTicks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lo, hi   float64
		labels   []string
		min, max float64
	}{
		{"shares run from 0 to 1 in fifths", 0, 1, []string{"0", "0.2", "0.4", "0.6", "0.8", "1"}, 0, 1},
		{"1.7 takes steps of 0.5 up to 2", 0, 1.7, []string{"0", "0.5", "1", "1.5", "2"}, 0, 2},
		{"a negative low end takes a tick below 0", -0.3, 1, []string{"-0.5", "0", "0.5", "1"}, -0.5, 1},
		{"12 takes steps of 2.5", 0, 12, []string{"0", "2.5", "5", "7.5", "10", "12.5"}, 0, 12.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ticks, lo, hi := valueTicks(tc.lo, tc.hi)
			var labels []string
			for _, tk := range ticks {
				labels = append(labels, tk.label)
				assert.Equal(t, tk.label, strconv.FormatFloat(tk.value, 'f', -1, 64), "a label is its value")
			}
			assert.Equal(t, tc.labels, labels)
			assert.Equal(t, tc.min, lo)
			assert.Equal(t, tc.max, hi)
		})
	}
}
