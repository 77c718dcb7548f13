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
	// CWD is the directory paths are shown relative to (each report path
	// joined to the report's Root first); paths outside it are shown
	// absolute.
	CWD string
	// Context is the number of source lines shown around a finding.
	Context int
	// ReadFile reads a source file, named by its full path (Report.Abs),
	// for the excerpts; os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// MinDuplicateLines hides clone groups whose first instance has fewer
	// SLOC lines (display only: the summary's findings line counts them
	// as hidden, and they stay in Report.HasFindings; 0 shows all).
	MinDuplicateLines int
	// Color paints severities, rule ids, locations and the summary with
	// ANSI escape sequences; the text is the same without.
	Color bool
	// DIRHint, when set, is the summary's last DIR row: where to find the
	// per-symbol detail (a command that prints it).
	DIRHint string
	// Change, when set, is a change the output shows instead of the
	// whole report: its findings replace the report's, and the summary compares the base's numbers with the head's.
	Change *Change
}

// entry is one finding's block of the human output, with what it is
// sorted by.
type entry struct {
	path     string
	line     int
	kind     finding.Kind
	severity string
	text     string
}

// WriteHuman writes one block per finding, sorted by path, line and kind,
// separated by blank lines, then the summary: the metrics and the
// findings counted, also those left out (MinDuplicateLines, ignore
// directives), which a clean run writes too. Every block starts with the same header,
// severity[rule-id]: message, and names its place as path:line:col (a
// clone group: each instance's).
func WriteHuman(w io.Writer, r *Report, opt HumanOptions) error {
	src := newSources(opt.ReadFile)
	pal := palette{opt.Color}
	items := issuesOf(r, opt.Change, opt.MinDuplicateLines)
	if err := resolveColumns(items, src); err != nil {
		return err
	}
	var entries []entry
	// The findings of a group share its places.
	groupShown := map[*finding.Place]bool{}
	for _, f := range items {
		if f.Kind == finding.Clone {
			// A group is one block, at its first instance shown (an
			// ignore directive may hide the others' findings); it names
			// every instance.
			if g := &f.Group[0]; !groupShown[g] {
				groupShown[g] = true
				entries = append(entries, cloneEntry(f, opt.CWD, pal))
			}
			continue
		}
		lines, err := src.get(f.Path)
		if err != nil {
			return err
		}
		display := displayPath(f.Path, opt.CWD)
		text := pal.header(f.Severity, f.RuleID, headline(f)) +
			fmt.Sprintf("  %s %s:%d:%d\n", pal.gutter("-->"), display, f.Line, f.Col)
		if m := f.Measure; m != nil {
			text += sourceBlock(lines, f.Line-opt.Context, f.Line+opt.Context, pal) +
				fmt.Sprintf("  %s %s: %d, sloc: %d (threshold: %s > %d)\n", pal.gutter("="), m.Metric, m.Value, m.SLOC, m.Metric, m.Limit)
		} else {
			text += sourceBlock(lines, f.Line-opt.Context, f.EndLine+opt.Context, pal)
		}
		entries = append(entries, entry{display, f.Line, f.Kind, f.Severity, text})
	}
	slices.SortStableFunc(entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.line, b.line), cmp.Compare(a.kind, b.kind))
	})
	var out bytes.Buffer
	for _, e := range entries {
		out.WriteString(e.text)
		out.WriteByte('\n')
	}
	severities := make([]string, len(entries))
	for i, e := range entries {
		severities[i] = e.severity
	}
	if opt.Change != nil {
		writeChangeSummary(&out, r, opt.Change, severities, changeHidden(r, opt.Change, opt.MinDuplicateLines), opt.DIRHint, pal)
	} else {
		writeSummary(&out, r, severities, hiddenIssues(r, opt.MinDuplicateLines), opt.DIRHint, pal, "")
	}
	_, err := w.Write(out.Bytes())
	return err
}

// headline is a finding's message in its human header: a complexity
// finding's without the numbers, which its last line gives.
func headline(f finding.Finding) string {
	if m := f.Measure; m != nil {
		return fmt.Sprintf("function `%s` exceeds %s threshold", f.Subject, m.Metric)
	}
	return f.Message
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
func cloneEntry(f finding.Finding, cwd string, pal palette) entry {
	width := 0
	for _, p := range f.Group {
		width = max(width, len(strconv.Itoa(p.EndLine)))
	}
	pad := strings.Repeat(" ", width)
	var b strings.Builder
	b.WriteString(pal.header(f.Severity, f.RuleID, f.Message))
	for i, p := range f.Group {
		if i > 0 {
			fmt.Fprintf(&b, "%s %s\n", pad, pal.gutter("┆"))
		}
		col := 1
		if len(p.Lines) > 0 {
			col = indentColumn(p.Lines[0])
		}
		fmt.Fprintf(&b, "%s %s %s:%d:%d\n%s %s\n", pad, pal.gutter("┌─"), displayPath(p.Path, cwd), p.Line, col, pad, pal.gutter("│"))
		for k, line := range p.Lines {
			fmt.Fprintf(&b, "%s %s\n", pal.gutter(fmt.Sprintf("%*d │", width, p.Line+k)), sourceLine(line))
		}
		fmt.Fprintf(&b, "%s %s\n", pad, pal.gutter("│"))
	}
	return entry{displayPath(f.Path, cwd), f.Line, finding.Clone, f.Severity, b.String()}
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
func sourceBlock(lines []string, from, to int, pal palette) string {
	if from < 1 {
		from = 1
	}
	if to > len(lines) {
		to = len(lines)
	}
	var b strings.Builder
	width := len(strconv.Itoa(to))
	for n := from; n <= to; n++ {
		fmt.Fprintf(&b, "%s %s\n", pal.gutter(fmt.Sprintf("%*d |", width, n)), sourceLine(lines[n-1]))
	}
	return b.String()
}

// sourceLine is a line of the analysed source as the human output shows
// it: without its trailing blanks, and escaped (vfs.EscapePath) but for
// its tabs, which are indentation or alignment the reader expects to see
// as such. Every other control character (ESC, BEL, a carriage return,
// C1 controls such as U+009B), bidirectional overrides and other
// invisible format characters are written as escapes; letters, symbols
// and spaces of any script are kept.
func sourceLine(line string) string {
	return vfs.EscapePath(strings.TrimRightFunc(line, unicode.IsSpace), '\t')
}
