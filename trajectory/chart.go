package trajectory

import (
	"fmt"
	"io"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Chart size: wide enough for a long history's tick labels.
const (
	chartWidth  = 9 * vg.Inch
	chartHeight = 5 * vg.Inch
)

// WriteChart draws erosion, verbosity, cog_erosion and dir against the
// checkpoint index as an SVG document: one line with markers per metric
// (points without a value left out), axes with labels, and a legend.
func WriteChart(w io.Writer, t *Trajectory) error {
	p, err := chart(t)
	if err != nil {
		return err
	}
	wt, err := p.WriterTo(chartWidth, chartHeight, "svg")
	if err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	_, err = wt.WriteTo(w)
	return err
}

// chart builds the plot of WriteChart.
func chart(t *Trajectory) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("scb-check trajectory (%d checkpoints)", len(t.Points))
	p.X.Label.Text = "checkpoint index"
	p.Y.Label.Text = "share (0 to 1)"
	p.Legend.Top = true
	p.Legend.XOffs = -vg.Points(8)
	p.Add(plotter.NewGrid())

	n := len(t.Points)
	// Half a checkpoint of margin keeps the first and last markers and
	// tick labels inside the frame.
	p.X.Min, p.X.Max = -0.5, float64(max(n-1, 1))+0.5
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Tick.Marker = indexTicks{n: n}
	for i, name := range summaryMetrics {
		var xys plotter.XYs
		for _, pt := range t.Points {
			if v, ok := value(pt.Metrics, name); ok {
				xys = append(xys, plotter.XY{X: float64(pt.Index), Y: v})
				p.Y.Max = max(p.Y.Max, v)
			}
		}
		if len(xys) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", name, err)
		}
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i)
		line.Width = vg.Points(1.5)
		points.Color = plotutil.Color(i)
		points.Shape = plotutil.Shape(i)
		p.Add(line, points)
		p.Legend.Add(name, line, points)
	}
	return p, nil
}

// indexTicks marks whole checkpoint indexes, labelling at most about 20 of
// them so that a long history stays readable.
type indexTicks struct{ n int }

func (m indexTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1
	for m.n/step > 20 {
		step *= 2
	}
	var ticks []plot.Tick
	for i := 0; i <= int(hi); i++ {
		if float64(i) < lo {
			continue
		}
		label := ""
		if i%step == 0 {
			label = strconv.Itoa(i)
		}
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: label})
	}
	return ticks
}
