package report

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/reuse"
)

func TestShareText(t *testing.T) {
	cases := []struct {
		v    float64
		want string
	}{
		{0, "0.000"},
		{0.0004, "<0.001"},
		{0.0005, "0.001"},
		{0.4545454545, "0.455"},
		{0.9994, "0.999"},
		{0.9995, ">0.999"},
		{1, "1.000"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, shareText(tc.v), "%v", tc.v)
	}
}

func TestCountGroupsThousands(t *testing.T) {
	assert.Equal(t, "0", count(0))
	assert.Equal(t, "999", count(999))
	assert.Equal(t, "1,000", count(1000))
	assert.Equal(t, "17,858", count(17858))
	assert.Equal(t, "1,234,567", count(1234567))
	assert.Equal(t, "12,345.7", massText(12345.66))
	assert.Equal(t, "0.0", massText(0))
}

func TestFindingsLine(t *testing.T) {
	cases := []struct {
		severities []string
		hidden     hiddenFindings
		want       string
	}{
		{nil, hiddenFindings{}, "No findings."},
		{[]string{"warning"}, hiddenFindings{}, "Found 1 finding: 1 warning."},
		{[]string{"info", "warning", "critical", "info", "warning", "info"}, hiddenFindings{},
			"Found 6 findings: 1 critical, 2 warnings, 3 info."},
		{nil, hiddenFindings{Short: 1, MinLines: 10},
			"No findings shown; 1 clone group under 10 SLOC lines hidden (it still counts in the exit status)."},
		{nil, hiddenFindings{Short: 2, MinLines: 6},
			"No findings shown; 2 clone groups under 6 SLOC lines hidden (they still count in the exit status)."},
		{nil, hiddenFindings{Ignored: 1}, "No findings shown; 1 metric finding hidden by ignore directives."},
		{[]string{"warning", "warning", "warning"}, hiddenFindings{Ignored: 2},
			"Found 3 findings: 3 warnings; 2 metric findings hidden by ignore directives."},
		{[]string{"warning"}, hiddenFindings{Short: 1, MinLines: 5, Ignored: 1},
			"Found 1 finding: 1 warning; 1 clone group under 5 SLOC lines hidden (it still counts in the exit status); 1 metric finding hidden by ignore directives."},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, findingsLine(tc.severities, tc.hidden, palette{}, ""))
	}
}

// summaryReport is a report whose numbers are worked out by hand: erosion
// 30/120, cog_erosion 0/80, verbosity 3 of 1200 SLOC.
func summaryReport() *Report {
	dir, tests := 0.5, 2.0/3
	return &Report{
		Erosion: 0.25, CogErosion: 0, Verbosity: 3.0 / 1200,
		FilesScanned: 12, TotalLOC: 1200, VerbosityFlaggedLOC: 3, CloneLOC: 2, AstGrepFlaggedLOC: 2, StructuralRuleLOC: 0,
		TotalFunctions: 1001, HighCCFunctions: 1, HighCogFunctions: 0,
		TotalMass: 120, HighCCMass: 30, TotalCogMass: 80,
		Skipped: []Skipped{{Path: "/w/bad.py"}},
		DIR:     &reuse.Result{Dir: &dir, Exported: 4, Used: 2, WithTests: &tests, Lenient: &dir, Macro: &dir},
	}
}

func TestWriteHumanSummary(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, summaryReport(), HumanOptions{CWD: "/w"}))
	want := "Summary\n" +
		"  erosion       0.250   complexity mass of the functions over complexity 10: 30.0 of 120.0\n" +
		"  cog_erosion   0.000   cognitive mass of the functions over cognitive complexity 10: 0.0 of 80.0\n" +
		"  verbosity     0.003   3 of 1,200 SLOC flagged: clones 2, ast-grep 2, structural 0 (a line counts once)\n" +
		"  files         12      1 skipped (not parsed)\n" +
		"  SLOC          1,200\n" +
		"  functions     1,001   1 over complexity 10, 0 over cognitive complexity 10\n" +
		"  dir           0.500   2 of 4 public symbols of standalone modules used by other modules\n" +
		"                        with tests 0.667, reachable from entry modules null, lenient 0.500, per-module mean 0.500\n" +
		"\n" +
		"No findings.\n"
	assert.Equal(t, want, b.String(), "a clean run writes the summary alone")

	b.Reset()
	r := summaryReport()
	r.AstGrep.Disabled = true
	require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", DIRHint: "per symbol: see the DIR detail"}))
	assert.Contains(t, b.String(), "  verbosity     0.003   3 of 1,200 SLOC flagged: clones 2, ast-grep off, structural 0 (a line counts once)\n",
		"ast-grep did not run: its part is off, not 0")
	assert.Contains(t, b.String(), "per-module mean 0.500\n                        per symbol: see the DIR detail\n\n",
		"the caller's hint is the last DIR row")
}

// sgr matches an ANSI SGR sequence.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestColorChangesNoText(t *testing.T) {
	files := map[string]string{"/w/a.py": "def noisy(items):\n    for i in range(len(items)):\n        pass\n"}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	r := summaryReport()
	r.Findings = []finding.Finding{{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: "warning", Message: "m", Path: "/w/a.py", Line: 2, EndLine: 2, Col: 5}}
	var plain, colored bytes.Buffer
	require.NoError(t, WriteHuman(&plain, r, HumanOptions{CWD: "/w", ReadFile: read}))
	require.NoError(t, WriteHuman(&colored, r, HumanOptions{CWD: "/w", ReadFile: read, Color: true}))
	assert.NotContains(t, plain.String(), "\x1b")
	assert.Contains(t, colored.String(), "\x1b[1;33mwarning\x1b[0m[\x1b[1mfor-range-len\x1b[0m]: \x1b[1mm\x1b[0m\n", "severity yellow, rule and message bold")
	assert.Equal(t, plain.String(), sgr.ReplaceAllString(colored.String(), ""), "color adds escape sequences only")

	plain.Reset()
	colored.Reset()
	require.NoError(t, WriteText(&plain, r, TextOptions{CWD: "/w", ReadFile: read}))
	require.NoError(t, WriteText(&colored, r, TextOptions{CWD: "/w", ReadFile: read, Color: true}))
	assert.Equal(t, "a.py:2:5: warning[for-range-len]: m\n", plain.String())
	assert.Equal(t, "\x1b[1ma.py\x1b[0m:2:5: \x1b[1;33mwarning\x1b[0m[\x1b[1mfor-range-len\x1b[0m]: m\n", colored.String())
}
