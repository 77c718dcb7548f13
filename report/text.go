package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
)

// TextOptions controls the one-line text output.
type TextOptions struct {
	// CWD is the directory paths are shown relative to (each report path
	// joined to the report's Root first); paths outside it are shown in
	// full.
	CWD string
	// ReadFile reads a source file, named by its full path (Report.Abs),
	// for the columns of function-level findings; os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// MinDuplicateLines leaves out clone groups whose first instance has
	// fewer SLOC lines (0 keeps all).
	MinDuplicateLines int
	// Color paints each line's path, severity and rule id with ANSI
	// escape sequences (a terminal, or --color always); the text is the
	// same without.
	Color bool
	// Change, when set, is a change the output shows instead of the
	// whole report: its findings replace the report's.
	Change *Change
}

// maxAlsoAt is how many other instances a clone line names.
const maxAlsoAt = 3

// WriteText writes one line per finding, for editors and grep:
//
//	path:line:col: severity[rule-id]: message
//
// with 1-based lines and columns (columns in characters), severity info,
// warning or critical, and the lines sorted by path, line and column. Every
// clone instance gets a line naming up to three other instances; a
// callable over a complexity threshold gets a cyclomatic-complexity or
// cognitive-complexity line at its first line. A clean run writes nothing.
func WriteText(w io.Writer, r *Report, opt TextOptions) error {
	items := issuesOf(r, opt.Change, opt.MinDuplicateLines)
	if err := resolveColumns(items, newSources(opt.ReadFile)); err != nil {
		return err
	}
	display := func(p string) string { return displayPath(p, opt.CWD) }
	shown := lineOrder(items, display)
	pal := palette{opt.Color}
	bw := bufio.NewWriter(w)
	for _, it := range items {
		msg := it.Message
		if it.Kind == finding.Clone {
			msg += alsoAt(it, display)
		}
		fmt.Fprintf(bw, "%s:%d:%d: %s[%s]: %s\n", pal.bold(shown[it.Path]), it.Line, it.Col, pal.severity(it.Severity), pal.bold(shownText(it.RuleID)), shownText(msg))
	}
	return bw.Flush()
}

// alsoAt names a clone instance's other instances: ", also at a.py:3,
// b.py:9 and 4 more". Only the instances named are formatted, so a group
// of n instances costs n lines of constant length, not n squared.
func alsoAt(it finding.Finding, display func(string) string) string {
	others := len(it.Group) - 1
	if others <= 0 {
		return ""
	}
	names := make([]string, 0, min(others, maxAlsoAt))
	for k := 0; k < len(it.Group) && len(names) < maxAlsoAt; k++ {
		if k != it.Self {
			b := it.Group[k]
			names = append(names, fmt.Sprintf("%s:%d", display(b.Path), b.Line))
		}
	}
	s := ", also at " + strings.Join(names, ", ")
	if others > len(names) {
		s += fmt.Sprintf(" and %d more", others-len(names))
	}
	return s
}

// newSources returns a reader of source lines that reads each file once.
func newSources(read func(string) ([]byte, error)) *sources {
	if read == nil {
		read = os.ReadFile
	}
	return &sources{read: read, lines: map[string][]string{}}
}
