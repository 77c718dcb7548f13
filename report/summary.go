package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/metric"
)

// summaryIndent is where a summary row's value starts.
const summaryIndent = 16

// writeSummary writes the human output's summary: the report's metrics,
// one per row, then the findings shown counted by severity (severities
// has one label per block of the output: a clone group counts once) and
// those left out (see findingsLine). dirHint, when set, is a last DIR row
// telling where the per-symbol detail is. The shares (erosion, verbosity,
// DIR) are shown with three decimals (see shareText), masses with one,
// counts with thousands separators: the exact values are the JSON
// report's.
func writeSummary(out *bytes.Buffer, r *Report, severities []string, hidden hiddenFindings, dirHint string, pal palette, qualifier string) {
	row := func(label, value, detail string) {
		line := "  " + pal.bold(label) + strings.Repeat(" ", max(1, summaryIndent-2-len(label))) + value
		if detail != "" {
			line += strings.Repeat(" ", max(1, 8-len(value))) + detail
		}
		out.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	more := func(detail string) { out.WriteString(strings.Repeat(" ", summaryIndent+8) + detail + "\n") }
	title := "Summary"
	switch r.Scope {
	case lang.ScopeProduction:
		title += " of the production code (test files left out)"
	case lang.ScopeTests:
		title += " of the test code (production files left out)"
	}
	out.WriteString(pal.bold(title) + "\n")
	for _, m := range metric.Headlines() {
		if m.Kind == metric.Share {
			v, _ := r.Value(m.Key)
			row(m.Key, shareText(v), shareDetail(r, m))
		}
	}
	files := ""
	if n := len(r.Skipped); n > 0 {
		files = fmt.Sprintf("%s skipped (not parsed)", count(n))
	}
	row("files", count(r.FilesScanned), files)
	row("SLOC", count(r.TotalLOC), "")
	row("functions", count(r.TotalFunctions), fmt.Sprintf("%s over complexity %d, %s over cognitive complexity %d",
		count(r.HighCCFunctions), HighComplexity, count(r.HighCogFunctions), HighComplexity))
	// Under the totals, each scope's when the tree has test code beside
	// the rest.
	if sc := r.Scopes; sc != nil && sc.Tests.FilesScanned > 0 && sc.Production.FilesScanned > 0 {
		row("production", scopeText(sc.Production), "")
		row("tests", scopeText(sc.Tests), "")
	}
	if d := r.DIR; d != nil {
		if d.Dir == nil {
			row("dir", "null", "no public symbols in standalone modules")
		} else {
			row("dir", shareText(*d.Dir), fmt.Sprintf("%s of %s public symbols of standalone modules used by other modules", count(d.Used), count(d.Exported)))
			more(fmt.Sprintf("with tests %s, reachable from entry modules %s, lenient %s, per-module mean %s",
				ratioShare(d.WithTests), ratioShare(d.Reachable), ratioShare(d.Lenient), ratioShare(d.Macro)))
		}
		if r.MCF != nil {
			more(fmt.Sprintf("mcf %s, if50 %s", formatFloat(r.MCF.Value), ratioShare(r.IF50)))
		}
		if dirHint != "" {
			more(dirHint)
		}
	}
	// A catalog other than the bundled one is named, so that its numbers
	// are not taken for the bundled catalog's.
	if r.Catalog.Custom() {
		row("catalog", shownText(strings.TrimPrefix(CatalogLine(r), "catalog: ")), "")
	}
	out.WriteByte('\n')
	out.WriteString(findingsLine(severities, hidden, pal, qualifier) + "\n")
}

// scopeText is a scope's summary row: its headline shares, then its
// files, SLOC and functions: "erosion 0.312, cog_erosion 0.250,
// verbosity 0.180: 8 files, 1,234 SLOC, 40 functions, 3 over complexity
// 10".
func scopeText(r *Report) string {
	var shares []string
	for _, m := range metric.Headlines() {
		if m.Kind == metric.Share {
			v, _ := r.Value(m.Key)
			shares = append(shares, m.Key+" "+shareText(v))
		}
	}
	return fmt.Sprintf("%s: %s, %s SLOC, %s, %s over complexity %d", strings.Join(shares, ", "),
		plural(r.FilesScanned, "file"), count(r.TotalLOC), plural(r.TotalFunctions, "function"), count(r.HighCCFunctions), HighComplexity)
}

// shareDetail says what a headline share is the ratio of: "complexity
// mass of the functions over complexity 10: 41.6 of 47.0" for one with a
// Summary, for verbosity the SLOC flagged and where the flags came from.
func shareDetail(r *Report, m metric.Metric) string {
	part, whole := amountText(r, m.Part), amountText(r, m.Whole)
	switch {
	case m.Summary != "":
		return fmt.Sprintf("%s %d: %s of %s", m.Summary, HighComplexity, part, whole)
	case m.Key == "verbosity":
		astGrep := count(r.AstGrepFlaggedLOC)
		if r.AstGrep.Disabled {
			astGrep = "off"
		}
		return fmt.Sprintf("%s of %s SLOC flagged: clones %s, ast-grep %s, structural %s (a line counts once)",
			part, whole, count(r.CloneLOC), astGrep, count(r.StructuralRuleLOC))
	}
	return part + " of " + whole
}

// amountText shows the report's number of key as the summary shows its
// kind: a count with thousands separators, a mass with one decimal.
func amountText(r *Report, key string) string {
	v, _ := r.Value(key)
	if m, _ := metric.Lookup(key); m.Kind == metric.Count {
		return count(int(v))
	}
	return massText(v)
}

// hiddenFindings counts the findings the human output leaves out.
type hiddenFindings struct {
	// Short are the clone groups left out for being shorter than
	// MinDuplicateLines SLOC lines, MinLines: they still count in
	// Report.HasFindings.
	Short, MinLines int
	// Ignored are the metric findings an ignore directive hides (a clone
	// group counts once, when it hides every instance): they count in
	// the metrics only.
	Ignored int
}

// findingsLine counts the findings by severity, most severe first, then
// says what was left out: "Found 3 findings: 1 critical, 2 warnings.",
// "No findings.", "No findings shown; 1 clone group under 10 SLOC lines
// hidden (it still counts in the exit status).", "Found 2 findings: 2
// warnings; 1 metric finding hidden by ignore directives.". With a
// qualifier ("new"), the findings counted are called so: "No new
// findings.", "Found 1 new finding: ...".
func findingsLine(severities []string, hidden hiddenFindings, pal palette, qualifier string) string {
	if qualifier != "" {
		qualifier += " "
	}
	var notes []string
	if n := hidden.Short; n > 0 {
		note := fmt.Sprintf("%s clone group under %d SLOC lines hidden (it still counts in the exit status)", count(n), hidden.MinLines)
		if n > 1 {
			note = fmt.Sprintf("%s clone groups under %d SLOC lines hidden (they still count in the exit status)", count(n), hidden.MinLines)
		}
		notes = append(notes, note)
	}
	if n := hidden.Ignored; n > 0 {
		noun := "finding"
		if n > 1 {
			noun = "findings"
		}
		notes = append(notes, fmt.Sprintf("%s metric %s hidden by ignore directives", count(n), noun))
	}
	tail := "."
	if len(notes) > 0 {
		tail = "; " + strings.Join(notes, "; ") + "."
	}
	if len(severities) == 0 {
		if hidden.Short > 0 {
			return pal.bold("No "+qualifier+"findings shown") + tail
		}
		if len(notes) > 0 {
			return pal.good("No "+qualifier+"findings shown") + tail
		}
		return pal.good("No " + qualifier + "findings.")
	}
	by := map[string]int{}
	for _, s := range severities {
		by[s]++
	}
	var parts []string
	for _, sev := range []string{finding.Critical, finding.Warning, finding.Info} {
		if n := by[sev]; n > 0 {
			label := sev
			if sev == finding.Warning && n > 1 {
				label = "warnings"
			}
			parts = append(parts, count(n)+" "+pal.severity(label))
		}
	}
	noun := "findings"
	if len(severities) == 1 {
		noun = "finding"
	}
	return pal.bold(fmt.Sprintf("Found %s %s%s", count(len(severities)), qualifier, noun)) + ": " + strings.Join(parts, ", ") + tail
}

// shareText shows a share (0 to 1) with three decimals, but never rounds
// a value that is not 0 to 0.000 nor one that is not 1 to 1.000: those
// show as <0.001 and >0.999, so that a share shown as 0 is 0.
func shareText(v float64) string {
	switch {
	case v > 0 && v < 0.0005:
		return "<0.001"
	case v < 1 && v >= 0.9995:
		return ">0.999"
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// ratioShare is shareText for a share that may be null.
func ratioShare(v *float64) string {
	if v == nil {
		return "null"
	}
	return shareText(*v)
}

// ratioText shows a share that may be null with three decimals (dir's
// output).
func ratioText(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'f', 3, 64)
}

// massText shows a mass with one decimal.
func massText(v float64) string { return groupThousands(strconv.FormatFloat(v, 'f', 1, 64)) }

// count shows a count with thousands separators: 17,858.
func count(n int) string { return groupThousands(strconv.Itoa(n)) }

// groupThousands puts a comma between each group of three digits of the
// integer part of a decimal number.
func groupThousands(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return sign + b.String()
}
