package trajectory

import (
	"fmt"
	"io"
	"strconv"

	"github.com/scbcheck/scbcheck/internal/htmlpage"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// HTMLOptions controls the HTML page of a trajectory.
type HTMLOptions struct {
	// Generator names the tool and its version in the page's footer.
	Generator string
}

// maxHotspots is how many hotspots the page's table lists; the scatter
// plot shows every file.
const maxHotspots = 30

// WriteHTML writes the trajectory as one self-contained HTML page (see
// package internal/htmlpage): the trended metrics (metric.Trended)
// against the checkpoints as a chart and a table of their trends, every
// point with its values and deltas, the callables whose complexity grew
// most with their curves of cyclomatic and cognitive complexity, and,
// for a git history, the hotspots as a table and a scatter plot. The
// numbers are those of the JSON output.
func WriteHTML(w io.Writer, t *Trajectory, opt HTMLOptions) error {
	s := t.Summary
	p := &htmlpage.Page{
		Kind: "trajectory", Title: "Trajectory", Generator: opt.Generator,
		Subtitle: fmt.Sprintf("%d checkpoints, %d measured", s.Checkpoints, s.Measured),
		Lead:     trendLead(t),
	}
	p.Sections = append(p.Sections, trendSection(t), pointsSection(t), grownSection(t))
	if t.Hotspots != nil {
		p.Sections = append(p.Sections, hotspotSection(t))
	}
	return htmlpage.Write(w, p)
}

// trendLead says how each trended metric moved from the first point to
// the last.
func trendLead(t *Trajectory) string {
	var parts []string
	for _, tr := range t.Summary.Trends {
		if tr.First != nil {
			parts = append(parts, fmt.Sprintf("%s %s → %s", tr.Metric, report.MetricText(tr.Metric, *tr.First), report.MetricText(tr.Metric, *tr.Last)))
		}
	}
	if len(parts) == 0 {
		return "No checkpoint was measured."
	}
	return joinList(parts) + "."
}

// joinList joins parts with commas and a final "and".
func joinList(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	out := ""
	for i, s := range parts[:len(parts)-1] {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out + " and " + parts[len(parts)-1]
}

// optional is a value that may be missing, as shown and as exact text.
func optional(key string, v *float64) htmlpage.Number {
	if v == nil {
		return htmlpage.Number{Text: "-", Exact: "null"}
	}
	return htmlpage.Number{Text: report.MetricText(key, *v), Exact: report.MetricExact(key, *v)}
}

// trendSection charts the trended metrics and tabulates their trends.
func trendSection(t *Trajectory) htmlpage.Section {
	mt := &htmlpage.MetricTable{Columns: []string{"points", "first", "last", "mean", "slope per checkpoint", "rose"}}
	plot := htmlpage.Plot{Title: "The metrics against the checkpoints", Width: 900, Height: 320, Lines: true,
		XTitle: "checkpoint index", YTitle: "value", XIndex: len(t.Points)}
	for i, m := range metric.Trended() {
		var tr Trend
		for _, x := range t.Summary.Trends {
			if x.Metric == m.Key {
				tr = x
			}
		}
		rose := htmlpage.Number{Text: "-", Exact: "null"}
		if tr.Points > 0 {
			rose = htmlpage.Number{Text: "no", Exact: "false"}
			if tr.Rose {
				rose = htmlpage.Number{Text: "yes", Exact: "true"}
			}
		}
		slope := htmlpage.Number{Text: "-", Exact: "null"}
		if tr.Slope != nil {
			slope = htmlpage.Number{Text: strconv.FormatFloat(*tr.Slope, 'f', 4, 64), Exact: report.MetricExact(m.Key, *tr.Slope)}
		}
		mt.Rows = append(mt.Rows, htmlpage.MetricRow{Key: m.Key, About: report.MetricAbout(m.Key), Values: []htmlpage.Number{
			{Text: strconv.Itoa(tr.Points), Exact: strconv.Itoa(tr.Points)},
			optional(m.Key, tr.First), optional(m.Key, tr.Last), optional(m.Key, tr.Mean), slope, rose,
		}})
		s := htmlpage.Series{Name: m.Key, Style: i}
		for _, pt := range t.Points {
			if v, ok := value(pt.Metrics, m.Key); ok {
				s.X = append(s.X, float64(pt.Index))
				s.Y = append(s.Y, v)
				s.Titles = append(s.Titles, fmt.Sprintf("%s at checkpoint %d (%s): %s", m.Key, pt.Index, vfs.EscapePath(pt.Checkpoint.Label), report.MetricText(m.Key, v)))
				s.Links = append(s.Links, "#"+htmlpage.Anchor("p", pt.Index))
			}
		}
		plot.Series = append(plot.Series, s)
	}
	return htmlpage.Section{ID: "trends", Title: "Trends", Metrics: mt, Charts: []*htmlpage.Chart{plot.Draw()},
		Intro: "Each metric at every checkpoint that has a value; each line has its own colour, dash pattern and marker shape. " +
			"Hover a marker for its value, click it to go to the checkpoint's row."}
}

// pointsSection is the table of the points.
func pointsSection(t *Trajectory) htmlpage.Section {
	cols := []htmlpage.Column{{Name: "#", Numeric: true}, {Name: "checkpoint", Filter: "text"}}
	git := len(t.Points) > 0 && t.Points[0].Checkpoint.Commit != ""
	if git {
		cols = append(cols, htmlpage.Column{Name: "time"}, htmlpage.Column{Name: "subject", Filter: "text"})
	}
	for _, m := range metric.Trended() {
		cols = append(cols, htmlpage.Column{Name: m.Key, Numeric: true, Title: "value (change since the previous point with a value)"})
	}
	cols = append(cols, htmlpage.Column{Name: "SLOC", Numeric: true}, htmlpage.Column{Name: "functions", Numeric: true},
		htmlpage.Column{Name: "not measured because", Filter: "text"})
	tb := &htmlpage.Table{ID: "points-table", Columns: cols, Empty: "No checkpoints."}
	var notes []string
	for i, pt := range t.Points {
		cells := []htmlpage.Cell{{Text: strconv.Itoa(pt.Index)}, {Text: vfs.EscapePath(pt.Checkpoint.Label), Code: true}}
		if git {
			cells = append(cells, htmlpage.Cell{Text: pt.Checkpoint.Time}, htmlpage.Cell{Text: vfs.EscapePath(pt.Checkpoint.Subject)})
		}
		for _, m := range metric.Trended() {
			c := htmlpage.Cell{Text: "-", Sort: "null"}
			if v, ok := value(pt.Metrics, m.Key); ok {
				c = htmlpage.Cell{Text: report.MetricText(m.Key, v), Sort: report.MetricExact(m.Key, v)}
				if d, ok := t.Delta(i, m.Key); ok {
					c.Tag = "(" + signed(d) + ")"
				}
			}
			cells = append(cells, c)
		}
		for _, key := range []string{"total_loc", "total_functions"} {
			if v, ok := value(pt.Metrics, key); ok {
				cells = append(cells, htmlpage.Cell{Text: strconv.Itoa(int(v))})
			} else {
				cells = append(cells, htmlpage.Cell{Text: "-", Sort: "null"})
			}
		}
		cells = append(cells, htmlpage.Cell{Text: vfs.EscapePath(pt.Err.Spell(t.Words))})
		tb.Rows = append(tb.Rows, htmlpage.Row{ID: htmlpage.Anchor("p", pt.Index), Cells: cells})
		for _, sk := range pt.Skipped {
			notes = append(notes, fmt.Sprintf("Checkpoint %d (%s): %s skipped: %s", pt.Index, vfs.EscapePath(pt.Checkpoint.Label),
				vfs.EscapePath(sk.Path), vfs.EscapePath(sk.Reason.Spell(t.Words))))
		}
	}
	return htmlpage.Section{ID: "points", Title: "Checkpoints", Table: tb, Notes: notes,
		Intro: "Every checkpoint with its values; the change since the previous checkpoint with a value is in brackets."}
}

// grownSection lists the callables whose complexity grew most, each
// with its complexity at every point that holds it.
func grownSection(t *Trajectory) htmlpage.Section {
	tb := &htmlpage.Table{ID: "grown-table", Empty: "No callable's complexity grew.", Columns: []htmlpage.Column{
		{Name: "file", Filter: "text"}, {Name: "callable", Filter: "text"}, {Name: "line", Numeric: true},
		{Name: "cc", Numeric: true, Filter: "min", Title: "cyclomatic complexity: first → last (growth)"},
		{Name: "cog", Numeric: true, Filter: "min", Title: "cognitive complexity: first → last (growth)"},
		{Name: "checkpoints"}, {Name: "curve", Title: "cc (solid, circles) and cog (dashed, squares) at each checkpoint"},
	}}
	for _, g := range t.Summary.Grown {
		name := vfs.EscapePath(g.QualifiedName)
		if g.Occurrence > 1 {
			name += fmt.Sprintf(" (#%d)", g.Occurrence)
		}
		tb.Rows = append(tb.Rows, htmlpage.Row{Cells: []htmlpage.Cell{
			{Text: vfs.EscapePath(g.Path), Code: true}, {Text: name, Code: true}, {Text: strconv.Itoa(g.Line)},
			{Text: fmt.Sprintf("%d → %d", g.FirstCC, g.LastCC), Sort: strconv.Itoa(g.CCGrowth()), Tag: fmt.Sprintf("(%+d)", g.CCGrowth())},
			{Text: fmt.Sprintf("%d → %d", g.FirstCog, g.LastCog), Sort: strconv.Itoa(g.CogGrowth()), Tag: fmt.Sprintf("(%+d)", g.CogGrowth())},
			{Text: fmt.Sprintf("%d to %d", g.FirstIndex, g.LastIndex)},
			{Spark: curve(t, g)},
		}})
	}
	return htmlpage.Section{ID: "grown", Title: "Callables that grew", Table: tb,
		Intro: "The callables whose complexity grew most between the first and the last checkpoint holding them " +
			"(matched by file and qualified name, or by body), with their curves: cc solid with circles, cog dashed with squares. " +
			"The cc and cog columns sort by growth."}
}

// curve draws a grown callable's cc and cog at every point holding it.
func curve(t *Trajectory, g Growth) *htmlpage.Chart {
	cc := htmlpage.Series{Name: "cc", Style: 0}
	cog := htmlpage.Series{Name: "cog", Style: 1}
	for _, pt := range t.Points {
		nth := 0
		for _, c := range pt.callables {
			if c.Path != g.Path || c.Name != g.QualifiedName {
				continue
			}
			if nth++; nth == g.Occurrence {
				x := float64(pt.Index)
				cc.X, cc.Y = append(cc.X, x), append(cc.Y, float64(c.CC))
				cog.X, cog.Y = append(cog.X, x), append(cog.Y, float64(c.Cog))
				cc.Titles = append(cc.Titles, fmt.Sprintf("checkpoint %d: cc %d", pt.Index, c.CC))
				cog.Titles = append(cog.Titles, fmt.Sprintf("checkpoint %d: cog %d", pt.Index, c.Cog))
			}
		}
	}
	plot := htmlpage.Plot{Title: "cc and cog at each checkpoint", Width: 160, Height: 36, Small: true, Lines: true,
		Series: []htmlpage.Series{cc, cog}, XIndex: len(t.Points)}
	return plot.Draw()
}

// hotspotSection ranks a git history's files by changes times
// high-complexity mass, as a table and a scatter plot.
func hotspotSection(t *Trajectory) htmlpage.Section {
	tb := &htmlpage.Table{ID: "hotspots-table", Empty: "No file has functions over the threshold.", Columns: []htmlpage.Column{
		{Name: "file", Filter: "text"}, {Name: "commits", Numeric: true, Filter: "min", Title: "commits of the range that changed the file"},
		{Name: "mass over threshold", Numeric: true, Filter: "min", Title: fmt.Sprintf("complexity mass in functions with complexity over %d", report.HighComplexity)},
		{Name: "mass", Numeric: true}, {Name: "score", Numeric: true, Title: "commits × mass over threshold"},
	}}
	scatter := htmlpage.Series{Name: "files", Style: 0}
	for i, h := range t.Hotspots {
		scatter.X = append(scatter.X, float64(h.Commits))
		scatter.Y = append(scatter.Y, h.HighMass)
		scatter.Titles = append(scatter.Titles, fmt.Sprintf("%s: %d commits, mass over threshold %.1f", vfs.EscapePath(h.Path), h.Commits, h.HighMass))
		link := ""
		if i < maxHotspots && h.HighMass > 0 {
			link = "#" + htmlpage.Anchor("h", i+1)
			tb.Rows = append(tb.Rows, htmlpage.Row{ID: htmlpage.Anchor("h", i+1), Cells: []htmlpage.Cell{
				{Text: vfs.EscapePath(h.Path), Code: true}, {Text: strconv.Itoa(h.Commits)},
				{Text: strconv.FormatFloat(h.HighMass, 'f', 1, 64), Sort: report.MetricExact("high_cc_mass", h.HighMass)},
				{Text: strconv.FormatFloat(h.Mass, 'f', 1, 64), Sort: report.MetricExact("total_mass", h.Mass)},
				{Text: strconv.FormatFloat(h.Score(), 'f', 1, 64), Sort: report.MetricExact("total_mass", h.Score())},
			}})
		}
		scatter.Links = append(scatter.Links, link)
	}
	plot := htmlpage.Plot{Title: "Hotspots: changes against mass over the threshold", Width: 900, Height: 340,
		XTitle: "commits that changed the file", YTitle: "mass over threshold", XWhole: true, Series: []htmlpage.Series{scatter}}
	return htmlpage.Section{ID: "hotspots", Title: "Hotspots", Table: tb, Charts: []*htmlpage.Chart{plot.Draw()},
		Intro: fmt.Sprintf("The files of the last measured commit that have functions, by how many commits of the range changed them "+
			"(all of the range's commits, also those not measured; a renamed file starts a new count) times their complexity mass in "+
			"functions with complexity over %d: a file often changed and hard to follow is where a refactoring pays first. "+
			"The table lists the top %d with such mass; the plot shows every file (top right is worst).", report.HighComplexity, maxHotspots)}
}
