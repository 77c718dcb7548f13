package change

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// HumanOptions controls WriteHuman.
type HumanOptions struct {
	// Color paints the headings, statuses, deltas and severities with ANSI
	// escape sequences, as the check's human output does; the text is the
	// same without.
	Color bool
	// Unchanged also lists the unchanged functions d holds (see
	// Input.AllFunctions).
	Unchanged bool
}

// WriteHuman writes d for a person at a terminal: the metric table (base,
// head, delta; a rise of a gated metric painted as worse), the functions
// in d's order (the unchanged ones only with Unchanged) with their
// numbers in both trees ("9 -> 14"), then the new findings, each as severity[rule]: message and its place
// (a clone's counterparts after it). Every path, name and message from
// the analysed trees is shown on one line with the characters a terminal
// acts on escaped.
func WriteHuman(w io.Writer, d *Delta, opt HumanOptions) error {
	pal := report.Palette{On: opt.Color}
	var b strings.Builder

	b.WriteString(pal.Bold("Metrics") + "\n")
	metrics := [][]cell{{{text: "METRIC"}, {text: "BASE", right: true}, {text: "HEAD", right: true}, {text: "DELTA", right: true}}}
	for _, r := range metricRows(d) {
		delta := cell{text: r.delta, right: true}
		if r.gated && r.sign > 0 {
			delta.paint = pal.Worse
		} else if r.gated && r.sign < 0 {
			delta.paint = pal.Better
		}
		metrics = append(metrics, []cell{{text: r.key}, {text: r.base, right: true}, {text: r.head, right: true}, delta})
	}
	writeTable(&b, metrics)

	fns := listed(d, opt.Unchanged)
	b.WriteString("\n" + pal.Bold("Functions") + " " + statusCounts(d.Functions) + "\n")
	if len(fns) > 0 {
		rows := [][]cell{{{text: "STATUS"}, {text: "CC", right: true}, {text: "COG", right: true}, {text: "SLOC", right: true},
			{text: "MASS", right: true}, {text: "CHANGE", right: true}, {text: "LOCATION"}, {text: "FUNCTION"}}}
		for _, f := range fns {
			status := cell{text: string(f.Status)}
			switch {
			case worse(f.Status):
				status.paint = pal.Worse
			case better(f.Status):
				status.paint = pal.Better
			}
			rows = append(rows, []cell{status,
				{text: change(f, " -> ", ccText), right: true}, {text: change(f, " -> ", cogText), right: true},
				{text: change(f, " -> ", slocText), right: true}, {text: change(f, " -> ", massText), right: true},
				{text: fixed(f.MassChange(), 2, true), right: true},
				{text: f.location(pathText)}, {text: report.ShownText(f.Name)},
			})
		}
		writeTable(&b, rows)
	}

	b.WriteString("\n" + pal.Bold("New findings") + " (" + strconv.Itoa(len(d.NewFindings)) + ")\n")
	for _, nf := range d.NewFindings {
		b.WriteString(pal.Severity(nf.Severity) + "[" + pal.Bold(report.ShownText(nf.RuleID)) + "]: " + report.ShownText(nf.Message) + "\n")
		fmt.Fprintf(&b, "  %s %s\n", pal.Gutter("-->"), findingPlace(nf.Finding.Path, nf.Line, nf.EndLine, pathText))
		if nf.Kind == finding.Clone {
			for _, p := range nf.Counterparts {
				fmt.Fprintf(&b, "  %s %s\n", pal.Gutter("copy of"), findingPlace(p.Path, p.Line, p.EndLine, pathText))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pathText is a path as the human output shows it (vfs.EscapePath).
func pathText(p string) string { return vfs.EscapePath(p) }

// findingPlace is path:line, or path:line-end_line for a span of lines,
// the path passed through escape.
func findingPlace(path string, line, end int, escape func(string) string) string {
	if end > line {
		return fmt.Sprintf("%s:%d-%d", escape(path), line, end)
	}
	return fmt.Sprintf("%s:%d", escape(path), line)
}

// statusCounts says how many functions have each status but unchanged,
// in band order: "(1 regressed, 2 new, 0 improved, 1 removed)".
func statusCounts(fns []Function) string {
	n := map[Status]int{}
	for _, f := range fns {
		n[f.Status]++
	}
	var parts []string
	for _, s := range []Status{Regressed, New, Improved, Removed} {
		parts = append(parts, fmt.Sprintf("%d %s", n[s], s))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// cell is one cell of an aligned table: its text, aligned right or left,
// painted (after padding) by paint when set.
type cell struct {
	text  string
	right bool
	paint func(string) string
}

// writeTable writes rows as aligned columns, two spaces apart, indented
// by two, with no trailing blanks.
func writeTable(b *strings.Builder, rows [][]cell) {
	var widths []int
	for _, row := range rows {
		for k, c := range row {
			if k == len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], utf8.RuneCountInString(c.text))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		line.WriteString(" ")
		for k, c := range row {
			pad := strings.Repeat(" ", widths[k]-utf8.RuneCountInString(c.text))
			text := c.text
			if c.paint != nil {
				text = c.paint(text)
			}
			line.WriteString(" ")
			switch {
			case c.right:
				line.WriteString(pad + text)
			case k == len(row)-1:
				line.WriteString(text)
			default:
				line.WriteString(text + pad)
			}
			if k < len(row)-1 {
				line.WriteString(" ")
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
