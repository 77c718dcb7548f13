package report

import (
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// CSVText is s as a text cell of every CSV the tool writes (the function
// listing, the trajectory): escaped (vfs.EscapePath: control characters
// such as ESC, a tab, a newline or a C1 control, bidirectional overrides
// and bytes that are not UTF-8 become \x1b, \t, \n, \u009b, \u202e,
// \xNN), then, when it starts with =, +, -, @, a tab or a carriage return,
// prefixed with a single quote, so that a spreadsheet reads it as text and
// never as a formula (OWASP's rule against CSV injection). A cell that
// reaches a terminal thus moves no cursor, and one opened in a
// spreadsheet runs nothing. Number cells are not passed through it: a
// negative value such as -0.05 is written as the number it is, since the
// tool formats it and it cannot carry a formula.
func CSVText(s string) string {
	s = vfs.EscapePath(s)
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
