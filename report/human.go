package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/vfs"
)

// HumanOptions controls the human output.
type HumanOptions struct {
	// CWD is the directory paths are shown relative to; paths outside it
	// are shown absolute.
	CWD string
	// Context is the number of source lines shown around a finding.
	Context int
	// ReadFile reads a source file for the excerpts; os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// MinDuplicateLines hides clone groups whose first instance has fewer
	// SLOC lines (display only; 0 shows all).
	MinDuplicateLines int
}

// entry is one finding's block of the human output, with what it is
// sorted by.
type entry struct {
	path string
	line int
	kind finding.Kind
	text string
}

// WriteHuman writes one block per finding, sorted by path, line and kind,
// separated by blank lines, then the DIR summary, then, when the catalog is
// not the bundled one alone, the line naming it (CatalogLine). A clean run
// with the bundled catalog and no public symbols writes nothing.
func WriteHuman(w io.Writer, r *Report, opt HumanOptions) error {
	src := newSources(opt.ReadFile)
	var entries []entry
	for _, f := range collectIssues(r, opt.MinDuplicateLines) {
		if f.Kind == finding.Clone {
			// A group is one block, at its first instance.
			if f.Self == 0 {
				entries = append(entries, cloneEntry(f, opt.CWD))
			}
			continue
		}
		lines, err := src.get(f.Path)
		if err != nil {
			return err
		}
		display := displayPath(f.Path, opt.CWD)
		var text string
		switch {
		case f.Kind == finding.Structural:
			text = fmt.Sprintf("%s[%s]: %s\n  --> %s:%d\n%s", f.RuleID, f.Severity, f.Message, display, f.Line,
				sourceBlock(lines, f.Line-opt.Context, f.EndLine+opt.Context))
		case f.Measure != nil:
			m := f.Measure
			text = fmt.Sprintf("%s: function `%s` exceeds %s threshold\n  --> %s:%d\n%s  = %s: %d, sloc: %d (threshold: %s > %d)\n",
				f.RuleID, f.Subject, m.Metric, display, f.Line, sourceBlock(lines, f.Line-opt.Context, f.Line+opt.Context),
				m.Metric, m.Value, m.SLOC, m.Metric, m.Limit)
		default:
			text = fmt.Sprintf("%s[%s]: %s\n  --> %s:%d:%d\n%s", f.Severity, f.RuleID, f.Message, display, f.Line, f.Col,
				sourceBlock(lines, f.Line-opt.Context, f.EndLine+opt.Context))
		}
		entries = append(entries, entry{display, f.Line, f.Kind, text})
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.line, b.line), cmp.Compare(a.kind, b.kind))
	})
	var out bytes.Buffer
	for i, e := range entries {
		if i > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(e.text)
	}
	if d := r.DIR; d != nil && d.Exported > 0 {
		if len(entries) > 0 {
			out.WriteByte('\n')
		}
		writeDIRSummary(&out, r)
	}
	// A catalog other than the bundled one is named, so that its numbers
	// are not taken for the bundled catalog's.
	if r.Catalog.Custom() {
		if out.Len() > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(CatalogLine(r) + "\n")
	}
	_, err := w.Write(out.Bytes())
	return err
}

// writeDIRSummary writes the short DIR section of the human output: the
// ratio with its counts and variants, and IF50 when MCF scores were given.
func writeDIRSummary(out *bytes.Buffer, r *Report) {
	d := r.DIR
	fmt.Fprintf(out, "dir: %s (%d of %d public symbols of standalone modules used by other modules)\n",
		ratioText(d.Dir), d.Used, d.Exported)
	fmt.Fprintf(out, "  = with tests: %s, reachable from entry modules: %s, lenient: %s, per-module mean: %s\n",
		ratioText(d.WithTests), ratioText(d.Reachable), ratioText(d.Lenient), ratioText(d.Macro))
	if r.MCF != nil {
		fmt.Fprintf(out, "  = mcf: %s, if50: %s\n", formatFloat(r.MCF.Value), ratioText(r.IF50))
	}
	fmt.Fprintf(out, "  = per symbol: scb-check dir <PATH>\n")
}

func ratioText(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'f', 3, 64)
}

// sources reads each file once for its excerpts.
type sources struct {
	read  func(string) ([]byte, error)
	lines map[string][]string
}

func (s *sources) get(path string) ([]string, error) {
	if l, ok := s.lines[path]; ok {
		return l, nil
	}
	b, err := s.read(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l := splitLines(b)
	s.lines[path] = l
	return l, nil
}

// cloneEntry renders a clone group as one block, from its first
// instance's finding.
func cloneEntry(f finding.Finding, cwd string) entry {
	width := 0
	for _, p := range f.Group {
		width = max(width, len(strconv.Itoa(p.EndLine)))
	}
	pad := strings.Repeat(" ", width)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", f.RuleID, f.Message)
	for i, p := range f.Group {
		if i > 0 {
			fmt.Fprintf(&b, "%s ┆\n", pad)
		}
		fmt.Fprintf(&b, "%s ┌─ %s:%d\n%s │\n", pad, displayPath(p.Path, cwd), p.Line, pad)
		for k, line := range p.Lines {
			fmt.Fprintf(&b, "%*d │ %s\n", width, p.Line+k, strings.TrimRightFunc(line, unicode.IsSpace))
		}
		fmt.Fprintf(&b, "%s │\n", pad)
	}
	return entry{displayPath(f.Path, cwd), f.Line, finding.Clone, b.String()}
}

// displayPath returns path relative to cwd when it lies under cwd, else
// the path as given, escaped (vfs.EscapePath) so that a name holding a
// line break or a control character shows on one line and moves no
// terminal's cursor.
func displayPath(path, cwd string) string {
	if cwd == "" {
		return vfs.EscapePath(path)
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return vfs.EscapePath(path)
	}
	return vfs.EscapePath(rel)
}

func splitLines(src []byte) []string {
	s := string(src)
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// sourceBlock renders lines [from, to] (clamped to the file) as
// "<n> | <text>" rows, numbers right-aligned to the widest.
func sourceBlock(lines []string, from, to int) string {
	if from < 1 {
		from = 1
	}
	if to > len(lines) {
		to = len(lines)
	}
	var b strings.Builder
	width := len(strconv.Itoa(to))
	for n := from; n <= to; n++ {
		fmt.Fprintf(&b, "%*d | %s\n", width, n, strings.TrimRightFunc(lines[n-1], unicode.IsSpace))
	}
	return b.String()
}
