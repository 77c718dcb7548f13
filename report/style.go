package report

// palette colors the human and text outputs with ANSI SGR sequences when
// on, and returns its text unchanged when off: the writers call it the same
// way whatever the caller decided about color.
type palette struct{ on bool }

// SGR parameters of the styles used.
const (
	sgrBold   = "1"
	sgrRed    = "1;31"
	sgrGreen  = "1;32"
	sgrYellow = "1;33"
	sgrBlue   = "1;34"
	sgrCyan   = "1;36"
)

// paint wraps s in the SGR sequence code and a reset.
func (p palette) paint(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p palette) bold(s string) string   { return p.paint(sgrBold, s) }
func (p palette) gutter(s string) string { return p.paint(sgrBlue, s) }
func (p palette) good(s string) string   { return p.paint(sgrGreen, s) }

// severity paints a severity label: critical red, warning yellow, info
// cyan.
func (p palette) severity(sev string) string {
	switch sev {
	case "critical":
		return p.paint(sgrRed, sev)
	case "warning":
		return p.paint(sgrYellow, sev)
	}
	return p.paint(sgrCyan, sev)
}

// header is a finding's first line in the human output:
// severity[rule-id]: message, the id and message shown by shownText (one
// line, no character from the analysed code that a terminal acts on).
func (p palette) header(sev, rule, msg string) string {
	return p.severity(sev) + "[" + p.bold(shownText(rule)) + "]: " + p.bold(shownText(msg)) + "\n"
}
