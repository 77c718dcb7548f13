package report

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFormatFloat(t *testing.T) {
	cases := []struct {
		name string
		in   float64
		want string
	}{
		{"zero keeps a decimal point", 0, "0.0"},
		{"negative zero prints as zero", math.Copysign(0, -1), "0.0"},
		{"integers get .0", 1, "1.0"},
		{"four", 4, "4.0"},
		{"two thirds shortest round trip", 2.0 / 3.0, "0.6666666666666666"},
		{"sqrt two", math.Sqrt2, "1.4142135623730951"},
		{"sqrt three plus sqrt two", math.Sqrt(3) + math.Sqrt(2), "3.1462643699419726"},
		{"two sqrt three", 2 * math.Sqrt(3), "3.4641016151377544"},
		{"sixteen digits stay plain", 1e15, "1000000000000000.0"},
		{"seventeen digits go scientific", 1e16, "1e16"},
		{"scientific with a fraction", 1.5e16, "1.5e16"},
		{"plain fraction", 123456.789, "123456.789"},
		{"small plain", 0.0001, "0.0001"},
		{"smallest plain", 0.00001, "0.00001"},
		{"small scientific", 0.000001, "1e-6"},
		{"small scientific with digits", 1.2345e-7, "1.2345e-7"},
		{"tiny but above epsilon", 2.5e-16, "2.5e-16"},
		{"below epsilon is zero", 1e-17, "0.0"},
		{"negative below epsilon is zero", -1e-17, "0.0"},
		{"negative value", -0.5, "-0.5"},
		{"not a number is zero", math.NaN(), "0.0"},
		{"infinity is zero", math.Inf(1), "0.0"},
		{"huge", 1.7976931348623157e308, "1.7976931348623157e308"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, formatFloat(tc.in))
		})
	}
}
