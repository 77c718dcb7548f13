package report

import (
	"bytes"
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
)

// Change is what a writer shows of a change instead of the whole report
// (check --new-from-rev and its kin): the findings the change added, then
// a summary that compares the head's numbers with the base's and names
// the functions the change made worse.
type Change struct {
	// Findings are the findings the change added, their paths relative
	// to the head report's Root as Report.Findings' are. They replace
	// every finding of the report in the output.
	Findings []finding.Finding
	// Base is the base's report; nil when no base was measured (a patch's
	// added lines): then the summary shows the head's numbers alone.
	Base *Report
	// Worse says of each function the change took over a complexity
	// threshold, or made more complex while over one, what got worse
	// ("`main` in cli.py: CC 9 -> 14, now over 10"), one line each.
	Worse []string
}

// issuesOf is the list of findings a writer shows: the change's when
// there is one (in the list collectIssues makes of them), else every
// finding of r.
func issuesOf(r *Report, c *Change, minDup int) []finding.Finding {
	if c == nil {
		return collectIssues(r, minDup)
	}
	short := shortGroups(r, minDup)
	var out []finding.Finding
	for _, f := range c.Findings {
		if f.Kind == finding.Clone {
			if short[placeKey(f.Path, f.Line)] {
				continue
			}
			if len(f.Group) == 0 {
				f.Group = []finding.Place{{Path: f.Path, Line: f.Line, EndLine: f.EndLine}}
			}
		}
		out = append(out, withPaths(f, r.Abs))
	}
	return out
}

// shortGroups are the clone instances, as "path:line", of the groups
// whose first instance has fewer than minDup SLOC lines.
func shortGroups(r *Report, minDup int) map[string]bool {
	out := map[string]bool{}
	for _, g := range cloneGroups(r.CloneBlocks) {
		if g[0].SLOC < minDup {
			for _, b := range g {
				out[placeKey(b.Path, b.StartLine)] = true
			}
		}
	}
	return out
}

// placeKey names a place as "path:line".
func placeKey(path string, line int) string { return path + ":" + strconv.Itoa(line) }

// changeHidden counts the change's findings issuesOf leaves out: the
// clone groups under minDup SLOC lines (a group once).
func changeHidden(r *Report, c *Change, minDup int) hiddenFindings {
	h := hiddenFindings{MinLines: minDup}
	short := shortGroups(r, minDup)
	groups := map[string]bool{}
	for _, f := range c.Findings {
		if f.Kind == finding.Clone && short[placeKey(f.Path, f.Line)] {
			// A group is known by its first instance.
			key := placeKey(f.Path, f.Line)
			if len(f.Group) > 0 {
				key = placeKey(f.Group[0].Path, f.Group[0].Line)
			}
			if !groups[key] {
				groups[key] = true
				h.Short++
			}
		}
	}
	return h
}

// changeQualifier is what the human summary calls a change's findings.
const changeQualifier = "new"

// writeChangeSummary writes the human output's summary of a change: each
// headline metric, the files, SLOC and functions as "base -> head
// (delta)", the functions the change made worse, then the new findings
// counted. Without a base it is the report's own summary, its findings
// line counting the change's.
func writeChangeSummary(out *bytes.Buffer, r *Report, c *Change, severities []string, hidden hiddenFindings, dirHint string, pal palette) {
	if c.Base == nil {
		writeSummary(out, r, severities, hidden, dirHint, pal, changeQualifier)
		return
	}
	out.WriteString(pal.bold("Summary") + " (base -> head)\n")
	keys := append(metric.Keys(metric.Headlines()), "files_scanned", "total_loc", "total_functions", "dir")
	labels := map[string]string{"files_scanned": "files", "total_loc": "SLOC", "total_functions": "functions"}
	for _, key := range keys {
		label := cmp.Or(labels[key], key)
		line := "  " + pal.bold(label) + strings.Repeat(" ", max(1, summaryIndent+4-2-len(label)))
		out.WriteString(line + changeText(c.Base, r, key) + "\n")
	}
	if len(c.Worse) > 0 {
		out.WriteString("\n" + pal.bold("Made worse over a threshold") + "\n")
		for _, f := range c.Worse {
			out.WriteString("  " + shownText(f) + "\n")
		}
	}
	out.WriteByte('\n')
	out.WriteString(findingsLine(severities, hidden, pal, changeQualifier) + "\n")
}

// changeText shows a metric of the two reports as "base -> head
// (delta)", each side as the summary shows its kind (a share with three
// decimals, a count with thousands separators, a mass with one decimal),
// "null" for a side without a value and no delta then.
func changeText(base, head *Report, key string) string {
	m, _ := metric.Lookup(key)
	show := func(r *Report) (string, float64, bool) {
		v, ok := r.Value(key)
		switch {
		case !ok:
			return "null", 0, false
		case m.Kind == metric.Share:
			return shareText(cleanFloat(v)), cleanFloat(v), true
		case m.Kind == metric.Count:
			return count(int(v)), v, true
		}
		return massText(cleanFloat(v)), cleanFloat(v), true
	}
	b, bv, bok := show(base)
	h, hv, hok := show(head)
	text := b + " -> " + h
	if !bok || !hok {
		return text
	}
	d := hv - bv
	var delta string
	switch m.Kind {
	case metric.Share:
		// A change too small for three decimals is not shown as none.
		delta = fmt.Sprintf("%+.3f", d)
		switch {
		case d > 0 && delta == "+0.000":
			delta = "+<0.001"
		case d < 0 && delta == "-0.000":
			delta = "-<0.001"
		}
	case metric.Count:
		delta = "+" + count(int(d))
		if d < 0 {
			delta = "-" + count(int(-d))
		}
	default:
		delta = fmt.Sprintf("%+.1f", d)
	}
	return text + " (" + delta + ")"
}
