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
