package report

import "strings"

// The helpers below let the writers of values built from reports (the
// comparison of two trees, in package change) print numbers, strings and
// styles exactly as this package's writers do.

// JSONFloat is v as the JSON report writes a float: the shortest digits
// that read back as v, always with a decimal point or an exponent
// ("1.0"), and 0.0 for non-finite values, values closer to zero than the
// reference prints and -0.
func JSONFloat(v float64) string { return formatFloat(v) }

// JSONString is s as the JSON report writes a string, quotes included:
// `"` and `\` escaped, control characters as escapes, bytes that are not
// UTF-8 as U+FFFD.
func JSONString(s string) string {
	var b strings.Builder
	writeString(&b, s)
	return b.String()
}

// ShownText is a message, rule id or name of the analysed code as the
// outputs meant for a terminal show it: on one line, every character a
// terminal would act on escaped (vfs.EscapePath).
func ShownText(s string) string { return shownText(s) }

// Palette colors text as the human and text outputs do (ANSI SGR
// sequences) when On, and returns it unchanged when not.
type Palette struct{ On bool }

// Bold writes s in bold.
func (p Palette) Bold(s string) string { return palette{p.On}.bold(s) }

// Severity paints a severity label as the findings show it: critical red,
// warning yellow, info cyan.
func (p Palette) Severity(label string) string { return palette{p.On}.severity(label) }

// Better paints s as a change for the better (green).
func (p Palette) Better(s string) string { return palette{p.On}.good(s) }

// Worse paints s as a change for the worse (red).
func (p Palette) Worse(s string) string { return palette{p.On}.paint(sgrRed, s) }

// Gutter paints s as the human output's location arrows and gutters
// (blue).
func (p Palette) Gutter(s string) string { return palette{p.On}.gutter(s) }
