package htmlpage

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Style is how one series is drawn: a colour of the Okabe-Ito set (told
// apart under every common colour blindness), a dash pattern ("" for a
// solid line) and a marker shape, so that no series is told by colour
// alone.
type Style struct {
	Color, Dashes, Marker string
}

// Styles are the series' styles, taken in order.
var Styles = []Style{
	{"#0072b2", "", "circle"},
	{"#d55e00", "6 3", "square"},
	{"#009e73", "2 3", "triangle"},
	{"#cc79a7", "8 3 2 3", "diamond"},
}

// Series is one set of points of a plot.
type Series struct {
	Name string
	// Style indexes Styles.
	Style int
	X, Y  []float64
	// Titles are the points' tooltips and Links the anchors they link
	// to (both optional, one per point).
	Titles, Links []string
}

// Plot describes a chart to draw.
type Plot struct {
	Title          string
	Width, Height  float64
	XTitle, YTitle string
	// Small draws a sparkline: no frame, axes, ticks or legend.
	Small bool
	// Lines joins each series' points.
	Lines  bool
	Series []Series
	// XIndex labels the x axis with whole numbers (checkpoint indexes)
	// from 0 to XIndex-1; 0 for round values over the points' range.
	XIndex int
	// XWhole keeps only the whole numbers among the x ticks (counts).
	XWhole bool
}

// Chart is a drawn Plot, ready for the page's template.
type Chart struct {
	Title, Width, Height string
	Small                bool
	// Frame is the plot area: x, y, width and height.
	FrameX, FrameY, FrameW, FrameH string
	XTicks, YTicks                 []Tick
	XTitle, YTitle                 Label
	Series                         []DrawnSeries
	Legend                         []LegendItem
}

// Tick is one labelled mark of an axis: its position on the axis and
// its line's ends.
type Tick struct {
	X1, Y1, X2, Y2, TX, TY, Label string
}

// Label is a text of the chart and where it goes.
type Label struct {
	X, Y, Text string
	// Rotate turns it to run up the y axis.
	Rotate bool
}

// DrawnSeries is one series as drawn: its line (an SVG path, "" for
// none) and its markers.
type DrawnSeries struct {
	Name, Color, Dashes, Path string
	Markers                   []Marker
}

// Marker is one point's marker: Shape names it (circle, square,
// triangle, diamond), D is its outline as an SVG path, CX and CY its
// centre.
type Marker struct {
	Shape, D, CX, CY, Title, Link string
}

// LegendItem is one row of the legend.
type LegendItem struct {
	Name, Color, Dashes, X1, X2, Y, TX string
	Marker                             Marker
}

// Draw lays the plot out. Points whose value is not a finite number are
// left out.
func (p Plot) Draw() *Chart {
	left, right, top, bottom := 56.0, p.Width-16, 14.0, p.Height-40
	if p.Small {
		left, right, top, bottom = 3, p.Width-3, 3, p.Height-3
	} else if p.Lines && len(p.Series) > 1 {
		right = p.Width - 130
	}
	c := &Chart{Title: p.Title, Width: Num(p.Width), Height: Num(p.Height), Small: p.Small,
		FrameX: Num(left), FrameY: Num(top), FrameW: Num(right - left), FrameH: Num(bottom - top)}
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), 0.0, 0.0
	for _, s := range p.Series {
		for i := range s.X {
			if finite(s.X[i]) && finite(s.Y[i]) {
				xlo, xhi = math.Min(xlo, s.X[i]), math.Max(xhi, s.X[i])
				ylo, yhi = math.Min(ylo, s.Y[i]), math.Max(yhi, s.Y[i])
			}
		}
	}
	if math.IsInf(xlo, 1) {
		xlo, xhi = 0, 1
	}
	if yhi <= ylo {
		yhi = ylo + 1
	}
	var xTicks, yTicks []TickValue
	if p.XIndex > 0 {
		xlo, xhi = -0.5, float64(max(p.XIndex-1, 1))+0.5
		xTicks = IndexTicks(p.XIndex)
	} else {
		// A plot of counts starts at 0, as its y axis does.
		xlo = math.Min(xlo, 0)
		if xhi <= xlo {
			xhi = xlo + 1
		}
		xTicks, xlo, xhi = Ticks(xlo, xhi)
		if p.XWhole {
			xTicks = slices.DeleteFunc(xTicks, func(t TickValue) bool { return t.Value != math.Trunc(t.Value) })
		}
	}
	yTicks, ylo, yhi = Ticks(ylo, yhi)
	if p.Small {
		xTicks, yTicks = nil, nil
	}
	at := func(v, lo, hi, plo, phi float64) float64 { return plo + (v-lo)/(hi-lo)*(phi-plo) }
	px := func(v float64) float64 { return at(v, xlo, xhi, left, right) }
	py := func(v float64) float64 { return at(v, ylo, yhi, bottom, top) }
	for _, t := range xTicks {
		x := Num(px(t.Value))
		c.XTicks = append(c.XTicks, Tick{X1: x, Y1: Num(top), X2: x, Y2: Num(bottom + 4), TX: x, TY: Num(bottom + 16), Label: t.Label})
	}
	for _, t := range yTicks {
		y := Num(py(t.Value))
		c.YTicks = append(c.YTicks, Tick{X1: Num(left - 4), Y1: y, X2: Num(right), Y2: y, TX: Num(left - 7), TY: y, Label: t.Label})
	}
	if !p.Small {
		c.XTitle = Label{X: Num((left + right) / 2), Y: Num(p.Height - 6), Text: p.XTitle}
		c.YTitle = Label{X: "14", Y: Num((top + bottom) / 2), Text: p.YTitle, Rotate: true}
	}
	r := 3.0
	if p.Small {
		r = 1.8
	}
	for k, s := range p.Series {
		st := Styles[s.Style%len(Styles)]
		d := DrawnSeries{Name: s.Name, Color: st.Color, Dashes: st.Dashes}
		var path strings.Builder
		for i := range s.X {
			if !finite(s.X[i]) || !finite(s.Y[i]) {
				continue
			}
			x, y := px(s.X[i]), py(s.Y[i])
			if path.Len() == 0 {
				path.WriteString("M")
			} else {
				path.WriteString("L")
			}
			path.WriteString(Num(x) + " " + Num(y))
			m := shape(st.Marker, x, y, r)
			if i < len(s.Titles) {
				m.Title = s.Titles[i]
			}
			if i < len(s.Links) {
				m.Link = s.Links[i]
			}
			d.Markers = append(d.Markers, m)
		}
		if p.Lines && len(d.Markers) > 1 {
			d.Path = path.String()
		}
		c.Series = append(c.Series, d)
		if !p.Small && len(p.Series) > 1 {
			y := top + 6 + float64(k)*16
			x1, x2 := right+10, right+34
			c.Legend = append(c.Legend, LegendItem{Name: s.Name, Color: st.Color, Dashes: st.Dashes,
				X1: Num(x1), X2: Num(x2), Y: Num(y), TX: Num(x2 + 6), Marker: shape(st.Marker, (x1+x2)/2, y, r)})
		}
	}
	return c
}

// shape is a marker of a shape centred on x, y with radius r.
func shape(name string, x, y, r float64) Marker {
	m := Marker{Shape: name, CX: Num(x), CY: Num(y)}
	pt := func(dx, dy float64) string { return Num(x+dx) + " " + Num(y+dy) }
	switch name {
	case "square":
		m.D = "M" + pt(-r, -r) + "H" + Num(x+r) + "V" + Num(y+r) + "H" + Num(x-r) + "Z"
	case "triangle":
		m.D = "M" + pt(0, -1.2*r) + "L" + pt(1.2*r, r) + "L" + pt(-1.2*r, r) + "Z"
	case "diamond":
		m.D = "M" + pt(0, -1.3*r) + "L" + pt(1.3*r, 0) + "L" + pt(0, 1.3*r) + "L" + pt(-1.3*r, 0) + "Z"
	default:
		// A circle as two arcs.
		m.D = "M" + pt(-r, 0) + "A" + Num(r) + " " + Num(r) + " 0 1 0 " + pt(r, 0) + "A" + Num(r) + " " + Num(r) + " 0 1 0 " + pt(-r, 0) + "Z"
	}
	return m
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// TickValue is one mark on an axis; unlabelled marks are drawn shorter.
type TickValue struct {
	Value float64
	Label string
}

// IndexTicks marks the whole indexes from 0 to n-1, labelling at most
// about 20 of them so that a long history stays readable.
func IndexTicks(n int) []TickValue {
	step := 1
	for n/step > 20 {
		step *= 2
	}
	var out []TickValue
	for i := 0; i < max(n, 2); i++ {
		label := ""
		if i%step == 0 {
			label = strconv.Itoa(i)
		}
		out = append(out, TickValue{Value: float64(i), Label: label})
	}
	return out
}

// Ticks returns labelled ticks at round values (a step of 1, 2, 2.5 or 5
// times a power of ten, about five steps) covering [lo, hi], and the
// first and last tick's values, which become the axis' range.
func Ticks(lo, hi float64) ([]TickValue, float64, float64) {
	raw := (hi - lo) / 5
	unit := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * unit
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*unit >= raw*(1-1e-9) {
			step = m * unit
			break
		}
	}
	first := math.Floor(lo/step + 1e-9)
	last := math.Ceil(hi/step - 1e-9)
	var out []TickValue
	for k := first; k <= last; k++ {
		v := math.Round(k*step*1e9) / 1e9
		out = append(out, TickValue{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return out, out[0].Value, out[len(out)-1].Value
}

// Num formats a coordinate with at most two decimals, never "-0".
func Num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
