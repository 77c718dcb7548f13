package report

import (
	"math"
	"strconv"
	"strings"
)

// epsilon is the smallest float the reference prints as non-zero.
const epsilon = 2.220446049250313e-16

// cleanFloat applies the reference's clean-up: non-finite values and
// values closer to zero than epsilon become 0 (so -0 never appears).
func cleanFloat(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) < epsilon {
		return 0
	}
	return v
}

// formatFloat prints v as serde_json does: the shortest digits that read
// back as v, always with a decimal point or an exponent, plain notation
// for decimal exponents from -5 to 15 and d.ddde±x outside it.
func formatFloat(v float64) string {
	v = cleanFloat(v)
	if v == 0 {
		return "0.0"
	}
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
		v = -v
	}
	// Shortest round-trip digits and exponent from strconv: "d.ddde±xx".
	e := strconv.FormatFloat(v, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	length := len(digits)
	k := x - length + 1 // value = digits × 10^k
	kk := length + k    // 10^(kk-1) <= value < 10^kk
	switch {
	case k >= 0 && kk <= 16:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", k))
		b.WriteString(".0")
	case kk > 0 && kk <= 16:
		b.WriteString(digits[:kk])
		b.WriteByte('.')
		b.WriteString(digits[kk:])
	case kk > -5 && kk <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -kk))
		b.WriteString(digits)
	default:
		b.WriteByte(digits[0])
		if length > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		b.WriteString(strconv.Itoa(kk - 1))
	}
	return b.String()
}
