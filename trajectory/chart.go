package trajectory

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"

	"github.com/scbcheck/scbcheck/internal/htmlpage"
	"github.com/scbcheck/scbcheck/metric"
)

// Chart geometry, in SVG user units: 9 by 5 inches at 72 units an inch,
// wide enough for a long history's tick labels.
const (
	chartWidth  = 648.0
	chartHeight = 360.0
	// The plot frame's edges.
	// The legend sits right of the frame, where it hides no point.
	frameLeft   = 56.0
	frameRight  = chartWidth - 130
	frameTop    = 32.0
	frameBottom = chartHeight - 44
	// fontSize is the tick and legend text size; titles are larger.
	fontSize = 10.0
)

// seriesStyle is how one metric's line is drawn: colour, dash pattern
// (empty for solid) and marker shape. Metrics take styles in
// metric.Trended order, so a metric keeps its look on every chart.
type seriesStyle struct {
	color, dashes string
	marker        marker
}

// marker is the shape drawn at each point of a line.
type marker int

const (
	markerCircle marker = iota
	markerSquare
	markerTriangle
	markerDiamond
)

// The colours are the HTML page's (htmlpage.Styles): a colour-blind-safe
// set, with a dash pattern and a marker shape of their own besides.
var seriesStyles = []seriesStyle{
	{htmlpage.Styles[0].Color, htmlpage.Styles[0].Dashes, markerCircle},
	{htmlpage.Styles[1].Color, htmlpage.Styles[1].Dashes, markerSquare},
	{htmlpage.Styles[2].Color, htmlpage.Styles[2].Dashes, markerTriangle},
	{htmlpage.Styles[3].Color, htmlpage.Styles[3].Dashes, markerDiamond},
}

// series is one metric's points, in checkpoint order.
type series struct {
	name   string
	style  seriesStyle
	xs, ys []float64
}

// axis maps data values in [min, max] linearly onto pixels [lo, hi].
type axis struct{ min, max, lo, hi float64 }

func (a axis) at(v float64) float64 { return a.lo + (v-a.min)/(a.max-a.min)*(a.hi-a.lo) }

// tick is one mark on an axis; unlabelled ticks are drawn shorter.
type tick struct {
	value float64
	label string
}

// WriteChart draws the trended metrics (metric.Trended) against the
// checkpoint index as an SVG document: one line with markers per metric
// (points without a value, or with a value that is not a finite number,
// left out), axes with labels, a grid and a legend of the metrics drawn.
// The y axis runs from 0 to at least 1 and grows to hold every value.
func WriteChart(w io.Writer, t *Trajectory) error {
	var b bytes.Buffer
	drawChart(&b, t)
	_, err := w.Write(b.Bytes())
	return err
}

// drawChart writes the SVG document of WriteChart into b.
func drawChart(b *bytes.Buffer, t *Trajectory) {
	n := len(t.Points)
	var lines []series
	lo, hi := 0.0, 1.0
	for i, m := range metric.Trended() {
		s := series{name: m.Key, style: seriesStyles[i%len(seriesStyles)]}
		for _, pt := range t.Points {
			if v, ok := value(pt.Metrics, m.Key); ok && !math.IsNaN(v) && !math.IsInf(v, 0) {
				s.xs = append(s.xs, float64(pt.Index))
				s.ys = append(s.ys, v)
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if len(s.xs) > 0 {
			lines = append(lines, s)
		}
	}
	// Half a checkpoint of margin keeps the first and last markers and
	// tick labels inside the frame.
	x := axis{min: -0.5, max: float64(max(n-1, 1)) + 0.5, lo: frameLeft, hi: frameRight}
	yTicks, yMin, yMax := valueTicks(lo, hi)
	y := axis{min: yMin, max: yMax, lo: frameBottom, hi: frameTop}
	xTicks := indexTicks{n: n}.ticks(x.max)

	fmt.Fprintf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %[1]s %[2]s\" font-family=\"sans-serif\" font-size=\"%s\">\n",
		num(chartWidth), num(chartHeight), num(fontSize))
	fmt.Fprintf(b, "<rect width=\"%s\" height=\"%s\" fill=\"#ffffff\"/>\n", num(chartWidth), num(chartHeight))
	fmt.Fprintf(b, "<text class=\"title\" x=\"%s\" y=\"20\" text-anchor=\"middle\" font-size=\"13\">%s</text>\n",
		num((frameLeft+frameRight)/2), escape(fmt.Sprintf("scb-check trajectory (%d checkpoints)", n)))

	b.WriteString("<g class=\"grid\" stroke=\"#d9d9d9\" stroke-width=\"0.5\">\n")
	for _, tk := range xTicks {
		if tk.label != "" {
			fmt.Fprintf(b, "<line x1=\"%[1]s\" y1=\"%[2]s\" x2=\"%[1]s\" y2=\"%[3]s\"/>\n", num(x.at(tk.value)), num(frameTop), num(frameBottom))
		}
	}
	for _, tk := range yTicks {
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%[2]s\"/>\n", num(frameLeft), num(y.at(tk.value)), num(frameRight))
	}
	b.WriteString("</g>\n")

	fmt.Fprintf(b, "<rect class=\"frame\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"#000000\" stroke-width=\"0.5\"/>\n",
		num(frameLeft), num(frameTop), num(frameRight-frameLeft), num(frameBottom-frameTop))

	b.WriteString("<g class=\"x-axis\" stroke=\"#000000\" stroke-width=\"0.5\" text-anchor=\"middle\">\n")
	for _, tk := range xTicks {
		px, length := x.at(tk.value), 3.0
		if tk.label != "" {
			length = 6
		}
		fmt.Fprintf(b, "<line x1=\"%[1]s\" y1=\"%[2]s\" x2=\"%[1]s\" y2=\"%[3]s\"/>\n", num(px), num(frameBottom), num(frameBottom+length))
		if tk.label != "" {
			fmt.Fprintf(b, "<text class=\"tick\" x=\"%s\" y=\"%s\" stroke=\"none\">%s</text>\n", num(px), num(frameBottom+17), escape(tk.label))
		}
	}
	fmt.Fprintf(b, "<text class=\"label\" x=\"%s\" y=\"%s\" stroke=\"none\" font-size=\"12\">checkpoint index</text>\n",
		num((frameLeft+frameRight)/2), num(chartHeight-8))
	b.WriteString("</g>\n")

	// The y tick labels are centred on their tick (dominant-baseline), so
	// a label's y is its tick's.
	b.WriteString("<g class=\"y-axis\" stroke=\"#000000\" stroke-width=\"0.5\" text-anchor=\"end\">\n")
	for _, tk := range yTicks {
		py := y.at(tk.value)
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%[2]s\"/>\n", num(frameLeft-6), num(py), num(frameLeft))
		fmt.Fprintf(b, "<text class=\"tick\" x=\"%s\" y=\"%s\" stroke=\"none\" dominant-baseline=\"middle\">%s</text>\n",
			num(frameLeft-9), num(py), escape(tk.label))
	}
	labelX, labelY := 14.0, (frameTop+frameBottom)/2
	fmt.Fprintf(b, "<text class=\"label\" x=\"%s\" y=\"%s\" transform=\"rotate(-90 %[1]s %[2]s)\" text-anchor=\"middle\" stroke=\"none\" font-size=\"12\">share (0 to 1)</text>\n",
		num(labelX), num(labelY))
	b.WriteString("</g>\n")

	for _, s := range lines {
		fmt.Fprintf(b, "<g class=\"series\" data-metric=\"%s\" stroke=\"%s\" fill=\"%[2]s\">\n", escape(s.name), s.style.color)
		if len(s.xs) > 1 {
			b.WriteString("<polyline points=\"")
			for k := range s.xs {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(pt(x.at(s.xs[k]), y.at(s.ys[k])))
			}
			fmt.Fprintf(b, "\" fill=\"none\" stroke-width=\"1.5\"%s/>\n", dashAttr(s.style.dashes))
		}
		for k := range s.xs {
			drawMarker(b, s.style.marker, x.at(s.xs[k]), y.at(s.ys[k]))
		}
		b.WriteString("</g>\n")
	}
	drawLegend(b, lines)
	b.WriteString("</svg>\n")
}

// drawLegend writes the legend box right of the frame, at its top: one
// row per line drawn, with a sample of its line and marker.
func drawLegend(b *bytes.Buffer, lines []series) {
	if len(lines) == 0 {
		return
	}
	const row, sample, pad = 14.0, 24.0, 5.0
	longest := 0
	for _, s := range lines {
		longest = max(longest, len(s.name))
	}
	// About 0.6 em a character in a sans-serif face.
	width := pad + sample + pad + float64(longest)*0.6*fontSize + pad
	height := pad + float64(len(lines))*row + pad
	left, top := frameRight+10, frameTop
	b.WriteString("<g class=\"legend\">\n")
	fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"#808080\" stroke-width=\"0.5\"/>\n",
		num(left), num(top), num(width), num(height))
	for k, s := range lines {
		mid := top + pad + (float64(k)+0.5)*row
		fmt.Fprintf(b, "<g data-metric=\"%s\" stroke=\"%s\" fill=\"%[2]s\">\n", escape(s.name), s.style.color)
		fmt.Fprintf(b, "<line x1=\"%[1]s\" y1=\"%[2]s\" x2=\"%[3]s\" y2=\"%[2]s\" stroke-width=\"1.5\"%[4]s/>\n",
			num(left+pad), num(mid), num(left+pad+sample), dashAttr(s.style.dashes))
		drawMarker(b, s.style.marker, left+pad+sample/2, mid)
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" stroke=\"none\" fill=\"#000000\" dominant-baseline=\"middle\">%s</text>\n",
			num(left+pad+sample+pad), num(mid), escape(s.name))
		b.WriteString("</g>\n")
	}
	b.WriteString("</g>\n")
}

// drawMarker writes one marker whose bounding box is centred on (cx, cy);
// its class names the shape.
func drawMarker(b *bytes.Buffer, m marker, cx, cy float64) {
	const r = 3.0
	switch m {
	case markerSquare:
		fmt.Fprintf(b, "<rect class=\"marker square\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%[3]s\"/>\n",
			num(cx-r), num(cy-r), num(2*r))
	case markerTriangle:
		fmt.Fprintf(b, "<path class=\"marker triangle\" d=\"M%sL%sL%sZ\"/>\n",
			pt(cx, cy-r*1.1), pt(cx+r*1.2, cy+r*1.1), pt(cx-r*1.2, cy+r*1.1))
	case markerDiamond:
		fmt.Fprintf(b, "<path class=\"marker diamond\" d=\"M%sL%sL%sL%sZ\"/>\n",
			pt(cx, cy-r*1.3), pt(cx+r*1.3, cy), pt(cx, cy+r*1.3), pt(cx-r*1.3, cy))
	default:
		fmt.Fprintf(b, "<circle class=\"marker circle\" cx=\"%s\" cy=\"%s\" r=\"%s\"/>\n", num(cx), num(cy), num(r))
	}
}

// dashAttr is the stroke-dasharray attribute of a dash pattern, nothing
// for a solid line.
func dashAttr(dashes string) string {
	if dashes == "" {
		return ""
	}
	return " stroke-dasharray=\"" + dashes + "\""
}

// indexTicks marks whole checkpoint indexes, labelling at most about 20 of
// them so that a long history stays readable (htmlpage.IndexTicks).
type indexTicks struct{ n int }

// ticks returns a tick at every whole index from 0 to the last.
func (m indexTicks) ticks(float64) []tick { return ticksOf(htmlpage.IndexTicks(m.n)) }

// valueTicks returns labelled ticks at round values covering [lo, hi],
// and the first and last tick's values (htmlpage.Ticks).
func valueTicks(lo, hi float64) ([]tick, float64, float64) {
	ts, first, last := htmlpage.Ticks(lo, hi)
	return ticksOf(ts), first, last
}

func ticksOf(ts []htmlpage.TickValue) []tick {
	out := make([]tick, len(ts))
	for i, t := range ts {
		out[i] = tick{value: t.Value, label: t.Label}
	}
	return out
}

// num formats a coordinate with at most two decimals.
func num(v float64) string { return htmlpage.Num(v) }

// pt formats a point as "x,y".
func pt(x, y float64) string { return num(x) + "," + num(y) }

// escape returns s with the XML special characters escaped.
func escape(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s)) // a bytes.Buffer does not fail
	return b.String()
}
