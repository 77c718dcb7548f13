package erosion_test

import (
	"math/rand"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/erosion"
)

func entry(path string, line int, name string, sloc, cc, cog int) erosion.Entry {
	return erosion.Entry{Path: path, StartLine: line, Name: name, SLOC: sloc, Complexity: erosion.Complexity{CC: cc, Cog: cog}}
}

// shortest prints a float the way the report does (shortest round trip),
// so the reference's printed vectors can be compared digit for digit.
func shortest(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func TestSummarize(t *testing.T) {
	cases := []struct {
		name    string
		entries []erosion.Entry
		want    erosion.Summary
	}{
		{
			name: "zero functions give all zeros",
			want: erosion.Summary{},
		},
		{
			name:    "two functions of sloc 4 and cc 1 give total mass 4",
			entries: []erosion.Entry{entry("a.py", 1, "first", 4, 1, 0), entry("a.py", 6, "second", 4, 1, 0)},
			want:    erosion.Summary{TotalFunctions: 2, TotalMass: 4},
		},
		{
			name:    "cc 10 is not high and cc 11 is",
			entries: []erosion.Entry{entry("a.py", 1, "ten", 1, 10, 0), entry("a.py", 5, "eleven", 1, 11, 0)},
			want: erosion.Summary{
				TotalFunctions: 2, HighCCFunctions: 1,
				TotalMass: 21, HighCCMass: 11, Erosion: 11.0 / 21.0,
			},
		},
		{
			name:    "cog 10 is not high and cog 11 is",
			entries: []erosion.Entry{entry("a.py", 1, "ten", 1, 1, 10), entry("a.py", 5, "eleven", 1, 1, 11)},
			want: erosion.Summary{
				TotalFunctions: 2, HighCogFunctions: 1,
				TotalMass: 2, TotalCogMass: 21, HighCogMass: 11, CogErosion: 11.0 / 21.0,
			},
		},
		{
			name: "erosion is high mass over total mass",
			// masses: 12·√4 = 24 (high), 4·√4 = 8 → 24 / 32 = 0.75;
			// cog: 11·√4 = 22 (high), 5·√4 = 10 → 22 / 32 = 0.6875
			entries: []erosion.Entry{entry("a.py", 1, "big", 4, 12, 11), entry("b.py", 1, "small", 4, 4, 5)},
			want: erosion.Summary{
				TotalFunctions: 2, HighCCFunctions: 1, HighCogFunctions: 1,
				TotalMass: 32, HighCCMass: 24, TotalCogMass: 32, HighCogMass: 22,
				Erosion: 0.75, CogErosion: 0.6875,
			},
		},
		{
			name:    "every function high gives erosion 1",
			entries: []erosion.Entry{entry("a.rs", 1, "x", 9, 11, 12), entry("a.rs", 20, "y", 1, 20, 30)},
			want: erosion.Summary{
				TotalFunctions: 2, HighCCFunctions: 2, HighCogFunctions: 2,
				TotalMass: 53, HighCCMass: 53, TotalCogMass: 66, HighCogMass: 66,
				Erosion: 1, CogErosion: 1,
			},
		},
		{
			name:    "all cog 0 gives cog erosion 0, not NaN",
			entries: []erosion.Entry{entry("a.py", 1, "flat", 9, 1, 0)},
			want:    erosion.Summary{TotalFunctions: 1, TotalMass: 3},
		},
		{
			name:    "sloc 0 gives mass 0",
			entries: []erosion.Entry{entry("a.py", 1, "empty", 0, 12, 12)},
			want:    erosion.Summary{TotalFunctions: 1, HighCCFunctions: 1, HighCogFunctions: 1},
		},
		{
			// Summed in (path, line, name) order the big value comes first; a
			// plain left-to-right sum would lose both ones (1e16 + 1 rounds to
			// 1e16), the compensated sum keeps them.
			name: "compensated sum keeps small masses next to a huge one",
			entries: []erosion.Entry{
				entry("a.py", 1, "huge", 1, 10_000_000_000_000_000, 0),
				entry("b.py", 1, "one", 1, 1, 0),
				entry("c.py", 1, "one", 1, 1, 0),
			},
			want: erosion.Summary{
				TotalFunctions: 3, HighCCFunctions: 1,
				TotalMass: 10_000_000_000_000_002, HighCCMass: 10_000_000_000_000_000,
				Erosion: 10_000_000_000_000_000.0 / 10_000_000_000_000_002.0,
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, erosion.Summarize(tc.entries))
		})
	}
}

// The float vectors of the reference's parity fixtures (spec 3), compared
// as printed.
func TestSummarizeReferenceVectors(t *testing.T) {
	cases := []struct {
		name                string
		entries             []erosion.Entry
		totalMass, cogMass  string
		erosion, cogErosion string
	}{
		{
			// python_low_use: clean(value) is def + 2 statements = sloc 3;
			// route(value) is def + return = sloc 2.
			name:      "clean and route give sqrt 3 plus sqrt 2",
			entries:   []erosion.Entry{entry("sample.py", 1, "clean", 3, 1, 0), entry("sample.py", 5, "route", 2, 1, 0)},
			totalMass: "3.1462643699419726", cogMass: "0", erosion: "0", cogErosion: "0",
		},
		{
			// python_astgrep: item_names is def + for + print = sloc 3,
			// cc 1 + for = 2, cog 1.
			name:      "item_names with a for loop gives 2 sqrt 3 and cog mass sqrt 3",
			entries:   []erosion.Entry{entry("sample.py", 1, "item_names", 3, 2, 1)},
			totalMass: "3.4641016151377544", cogMass: "1.7320508075688772", erosion: "0", cogErosion: "0",
		},
		{
			name:      "scoreless_mixed: one rust function of sloc 2 gives sqrt 2",
			entries:   []erosion.Entry{entry("sample.rs", 2, "value", 2, 1, 0)},
			totalMass: "1.4142135623730951", cogMass: "0", erosion: "0", cogErosion: "0",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := erosion.Summarize(tc.entries)
			assert.Equal(t, tc.totalMass, shortest(s.TotalMass))
			assert.Equal(t, tc.cogMass, shortest(s.TotalCogMass))
			assert.Equal(t, tc.erosion, shortest(s.Erosion))
			assert.Equal(t, tc.cogErosion, shortest(s.CogErosion))
		})
	}
}

// The result must not depend on the order entries arrive in: they are
// sorted by (path, start line, name) before summing.
func TestSummarizeIgnoresInputOrder(t *testing.T) {
	base := []erosion.Entry{
		entry("a.py", 1, "huge", 1, 10_000_000_000_000_000, 3),
		entry("a.py", 1, "also_line_one", 7, 12, 14),
		entry("b.py", 3, "x", 5, 2, 1),
		entry("b.py", 30, "y", 11, 13, 2),
		entry("c.rs", 2, "z", 3, 1, 0),
		entry("c.rs", 9, "w", 2, 1, 11),
	}
	want := erosion.Summarize(base)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20; i++ {
		shuffled := append([]erosion.Entry(nil), base...)
		rng.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		assert.Equal(t, want, erosion.Summarize(shuffled), "order %v", shuffled)
	}
}

func TestSummarizeLeavesInputUntouched(t *testing.T) {
	in := []erosion.Entry{entry("b.py", 1, "b", 1, 1, 0), entry("a.py", 1, "a", 1, 1, 0)}
	erosion.Summarize(in)
	assert.Equal(t, "b.py", in[0].Path)
}

func TestEntryMass(t *testing.T) {
	cases := []struct {
		name        string
		e           erosion.Entry
		cc, cogMass float64
	}{
		{"mass is complexity times the square root of sloc", entry("a.py", 1, "f", 9, 4, 2), 12, 6},
		{"sloc 0 gives mass 0", entry("a.py", 1, "f", 0, 4, 2), 0, 0},
		{"cog 0 gives cog mass 0", entry("a.py", 1, "f", 16, 1, 0), 4, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.cc, tc.e.CCMass())
			assert.Equal(t, tc.cogMass, tc.e.CogMass())
		})
	}
}
