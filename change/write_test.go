package change_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// handDelta is a comparison made by hand. The base has main (cc 9, 9
// SLOC: mass 9·√9 = 27), helper (cc 4, 9 SLOC: 12), old (cc 1, 4 SLOC:
// 2) and tiny (1); the head has main grown (cc 12, 16 SLOC: 48), helper
// simpler (cc 3: 9), Parser.parse new (cc 2, 4 SLOC: 4), tiny the same
// and old gone. Total mass 42 -> 62, main over complexity 10 in the
// head (high_cc_mass 48); the Rust file gone, the Python one grown. The
// delta's numbers are the head's minus the base's, worked out from the
// two reports' fields (DIR, MCF and IF50 null on both sides: no delta),
// and the functions are in the delta's order (change.SortFunctions).
func handDelta() *change.Delta {
	base := &report.Report{Verbosity: 0.25, FilesScanned: 2, TotalLOC: 32, VerbosityFlaggedLOC: 8,
		TotalFunctions: 4, TotalMass: 42, SyntaxTreeCount: 2, SyntaxNodeCount: 350,
		SyntaxByLanguage: []report.LanguageSyntax{{Language: "python", TreeCount: 1, NodeCount: 300}, {Language: "rust", TreeCount: 1, NodeCount: 50}}}
	head := &report.Report{Verbosity: 0.5, Erosion: 0.75, FilesScanned: 2, TotalLOC: 40, VerbosityFlaggedLOC: 20,
		TotalFunctions: 4, HighCCFunctions: 1, TotalMass: 62, HighCCMass: 48, SyntaxTreeCount: 2, SyntaxNodeCount: 340,
		SyntaxByLanguage: []report.LanguageSyntax{{Language: "python", TreeCount: 2, NodeCount: 340}}}
	metrics := map[string]float64{}
	for _, m := range metric.All {
		if m.Key != "dir" { // undefined on both sides
			metrics[m.Key] = 0
		}
	}
	for k, v := range map[string]float64{"verbosity": 0.25, "erosion": 0.75, "total_loc": 8, "verbosity_flagged_loc": 12,
		"high_cc_functions": 1, "total_mass": 20, "high_cc_mass": 48, "syntax_node_count": -10,
		"syntax_by_language.python.tree_count": 1, "syntax_by_language.python.node_count": 40,
		"syntax_by_language.rust.tree_count": -1, "syntax_by_language.rust.node_count": -50,
		"dir_exported": 0, "dir_used": 0} {
		metrics[k] = v
	}
	return &change.Delta{
		Base: base, Head: head, Metrics: metrics,
		Functions: []change.Function{
			{Name: "main", Kind: "function", Status: change.Regressed,
				Base: &change.Numbers{Path: "cli.py", Line: 1, EndLine: 10, CC: 9, Cog: 3, SLOC: 9, Mass: 27},
				Head: &change.Numbers{Path: "cli.py", Line: 1, EndLine: 17, CC: 12, Cog: 6, SLOC: 16, Mass: 48}},
			{Name: "Parser.parse", Kind: "method", Status: change.New,
				Head: &change.Numbers{Path: "parse.py", Line: 3, EndLine: 6, CC: 2, Cog: 1, SLOC: 4, Mass: 4}},
			{Name: "helper", Kind: "function", Status: change.Improved,
				Base: &change.Numbers{Path: "cli.py", Line: 12, EndLine: 20, CC: 4, Cog: 4, SLOC: 9, Mass: 12},
				Head: &change.Numbers{Path: "cli.py", Line: 20, EndLine: 28, CC: 3, Cog: 4, SLOC: 9, Mass: 9}},
			{Name: "old", Kind: "function", Status: change.Removed,
				Base: &change.Numbers{Path: "util.py", Line: 1, EndLine: 4, CC: 1, SLOC: 4, Mass: 2}},
			{Name: "tiny", Kind: "function", Status: change.Unchanged,
				Base: &change.Numbers{Path: "cli.py", Line: 22, EndLine: 23, CC: 1, SLOC: 1, Mass: 1},
				Head: &change.Numbers{Path: "cli.py", Line: 30, EndLine: 31, CC: 1, SLOC: 1, Mass: 1}},
		},
		NewFindings: []change.NewFinding{
			{Finding: finding.Finding{Kind: finding.Cyclomatic, RuleID: "cyclomatic-complexity", Severity: finding.Critical,
				Message: "function `main` has complexity 12 (threshold 10)", Path: "cli.py", Line: 1, EndLine: 17}},
			{Finding: finding.Finding{Kind: finding.AstGrep, RuleID: "bare-except", Severity: finding.Warning,
				Message: "bare except", Path: "cli.py", Line: 5, EndLine: 6}},
			{Finding: finding.Finding{Kind: finding.Clone, RuleID: "duplicate-structure", Severity: finding.Warning,
				Message: "duplicate of `helper`", Path: "parse.py", Line: 3, EndLine: 6},
				Counterparts: []finding.Place{{Path: "cli.py", Line: 20, EndLine: 28}}},
		},
	}
}

// sideLOC stands for a report writer: it writes the side's total_loc.
func sideLOC(w io.Writer, r *report.Report) error {
	_, err := fmt.Fprintf(w, "{\"loc\":%d}\n", r.TotalLOC)
	return err
}

func TestWriteJSON(t *testing.T) {
	d := handDelta()
	require.Equal(t, change.MetricDeltas(d.Base, d.Head), d.Metrics, "the hand-made delta is the library's")
	var b bytes.Buffer
	require.NoError(t, change.WriteJSON(&b, d, sideLOC))
	want := `{"base":{"loc":32},"head":{"loc":40},` +
		`"delta":{"verbosity":0.25,"erosion":0.75,"cog_erosion":0.0,"files_scanned":0,"total_loc":8,` +
		`"verbosity_flagged_loc":12,"clone_loc":0,"ast_grep_flagged_loc":0,"structural_rule_loc":0,` +
		`"structural_rule_findings":0,"total_functions":0,"high_cc_functions":1,"high_cog_functions":0,` +
		`"total_mass":20.0,"high_cc_mass":48.0,"total_cog_mass":0.0,"high_cog_mass":0.0,` +
		`"syntax_tree_count":0,"syntax_node_count":-10,` +
		`"syntax_by_language.python.tree_count":1,"syntax_by_language.python.node_count":40,` +
		`"syntax_by_language.rust.tree_count":-1,"syntax_by_language.rust.node_count":-50,` +
		`"dir":null,"dir_exported":0,"dir_used":0,"dir_with_tests":null,"dir_reachable":null,"dir_lenient":null,` +
		`"mcf":null,"if50":null},` +
		`"functions":[` +
		`{"path":"cli.py","name":"main","kind":"function","status":"regressed",` +
		`"base":{"path":"cli.py","line":1,"end_line":10,"cc":9,"cog":3,"sloc":9,"mass":27.0},` +
		`"head":{"path":"cli.py","line":1,"end_line":17,"cc":12,"cog":6,"sloc":16,"mass":48.0}},` +
		`{"path":"parse.py","name":"Parser.parse","kind":"method","status":"new","base":null,` +
		`"head":{"path":"parse.py","line":3,"end_line":6,"cc":2,"cog":1,"sloc":4,"mass":4.0}},` +
		`{"path":"cli.py","name":"helper","kind":"function","status":"improved",` +
		`"base":{"path":"cli.py","line":12,"end_line":20,"cc":4,"cog":4,"sloc":9,"mass":12.0},` +
		`"head":{"path":"cli.py","line":20,"end_line":28,"cc":3,"cog":4,"sloc":9,"mass":9.0}},` +
		`{"path":"util.py","name":"old","kind":"function","status":"removed",` +
		`"base":{"path":"util.py","line":1,"end_line":4,"cc":1,"cog":0,"sloc":4,"mass":2.0},"head":null}],` +
		`"new_findings":[` +
		`{"rule":"cyclomatic-complexity","severity":"critical","path":"cli.py","line":1,"end_line":17,` +
		"\"message\":\"function `main` has complexity 12 (threshold 10)\"}," +
		`{"rule":"bare-except","severity":"warning","path":"cli.py","line":5,"end_line":6,"message":"bare except"},` +
		`{"rule":"duplicate-structure","severity":"warning","path":"parse.py","line":3,"end_line":6,` +
		"\"message\":\"duplicate of `helper`\",\"counterparts\":[{\"path\":\"cli.py\",\"line\":20,\"end_line\":28}]}]}\n"
	assert.Equal(t, want, b.String())
}

// Without a report writer, each side is the report's JSON as check
// --report prints it; strings are escaped as that report's are.
func TestWriteJSONDefaultsToTheReport(t *testing.T) {
	d := handDelta()
	d.Functions = []change.Function{{Name: "q\"\x1b", Kind: "function", Status: change.New,
		Head: &change.Numbers{Path: "a\nb.py", Line: 1, EndLine: 1, CC: 1, SLOC: 1, Mass: 1}}}
	d.NewFindings = nil
	var base, head, got bytes.Buffer
	require.NoError(t, report.WriteJSON(&base, d.Base))
	require.NoError(t, report.WriteJSON(&head, d.Head))
	require.NoError(t, change.WriteJSON(&got, d, nil))
	s := got.String()
	assert.True(t, strings.HasPrefix(s, `{"base":`+strings.TrimSuffix(base.String(), "\n")+`,"head":`+strings.TrimSuffix(head.String(), "\n")+`,"delta":{`), s)
	assert.Contains(t, s, `"functions":[{"path":"a\nb.py","name":"q\"\u001b","kind":"function","status":"new","base":null,`)
	assert.True(t, strings.HasSuffix(s, `"new_findings":[]}`+"\n"), s)
}

func TestWriteHuman(t *testing.T) {
	metrics := func(rows ...[4]string) string {
		var b strings.Builder
		for _, r := range rows {
			b.WriteString(strings.TrimRight(fmt.Sprintf("  %-24s  %5s  %5s  %6s", r[0], r[1], r[2], r[3]), " ") + "\n")
		}
		return b.String()
	}
	table := metrics(
		[4]string{"METRIC", "BASE", "HEAD", "DELTA"},
		[4]string{"verbosity", "0.250", "0.500", "+0.250"},
		[4]string{"erosion", "0.000", "0.750", "+0.750"},
		[4]string{"cog_erosion", "0.000", "0.000", "0.000"},
		[4]string{"files_scanned", "2", "2", "0"},
		[4]string{"total_loc", "32", "40", "+8"},
		[4]string{"verbosity_flagged_loc", "8", "20", "+12"},
		[4]string{"clone_loc", "0", "0", "0"},
		[4]string{"ast_grep_flagged_loc", "0", "0", "0"},
		[4]string{"structural_rule_loc", "0", "0", "0"},
		[4]string{"structural_rule_findings", "0", "0", "0"},
		[4]string{"total_functions", "4", "4", "0"},
		[4]string{"high_cc_functions", "0", "1", "+1"},
		[4]string{"high_cog_functions", "0", "0", "0"},
		[4]string{"total_mass", "42.00", "62.00", "+20.00"},
		[4]string{"high_cc_mass", "0.00", "48.00", "+48.00"},
		[4]string{"total_cog_mass", "0.00", "0.00", "0.00"},
		[4]string{"high_cog_mass", "0.00", "0.00", "0.00"},
		[4]string{"syntax_tree_count", "2", "2", "0"},
		[4]string{"syntax_node_count", "350", "340", "-10"},
		[4]string{"dir", "-", "-", "-"},
	)
	// Regressed and new first, by mass change (+21, +4), then improved
	// and removed (-3, -2).
	functions := "" +
		"  STATUS          CC     COG     SLOC            MASS  CHANGE  LOCATION    FUNCTION\n" +
		"  regressed  9 -> 12  3 -> 6  9 -> 16  27.00 -> 48.00  +21.00  cli.py:1    main\n" +
		"  new              2       1        4            4.00   +4.00  parse.py:3  Parser.parse\n" +
		"  improved    4 -> 3       4        9   12.00 -> 9.00   -3.00  cli.py:20   helper\n" +
		"  removed          1       0        4            2.00   -2.00  util.py:1   old\n"
	findings := "" +
		"critical[cyclomatic-complexity]: function `main` has complexity 12 (threshold 10)\n" +
		"  --> cli.py:1-17\n" +
		"warning[bare-except]: bare except\n" +
		"  --> cli.py:5-6\n" +
		"warning[duplicate-structure]: duplicate of `helper`\n" +
		"  --> parse.py:3-6\n" +
		"  copy of cli.py:20-28\n"
	var b bytes.Buffer
	require.NoError(t, change.WriteHuman(&b, handDelta(), change.HumanOptions{}))
	assert.Equal(t, "Metrics\n"+table+
		"\nFunctions (1 regressed, 1 new, 1 improved, 1 removed)\n"+functions+
		"\nNew findings (3)\n"+findings, b.String())

	b.Reset()
	require.NoError(t, change.WriteHuman(&b, handDelta(), change.HumanOptions{Unchanged: true}))
	assert.Contains(t, b.String(), functions+
		"  unchanged        1       0        1            1.00    0.00  cli.py:30   tiny\n", "unchanged last")
}

// Color is what the check's human output uses: bold headings, a
// severity's color, red for what got worse, green for what got better.
func TestWriteHumanColor(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, change.WriteHuman(&b, handDelta(), change.HumanOptions{Color: true}))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "\x1b[1mMetrics\x1b[0m\n"), out)
	assert.Contains(t, out, fmt.Sprintf("  %-24s  %5s  %5s  %s\n", "erosion", "0.000", "0.750", "\x1b[1;31m+0.750\x1b[0m"), "a gated metric that rose")
	assert.Contains(t, out, fmt.Sprintf("  %-24s  %5s  %5s  %6s\n", "total_loc", "32", "40", "+8"), "not gated: no color")
	assert.Contains(t, out, "  \x1b[1;31mregressed\x1b[0m  ")
	assert.Contains(t, out, "  \x1b[1;32mimproved\x1b[0m   ")
	assert.Contains(t, out, "\x1b[1;31mcritical\x1b[0m[\x1b[1mcyclomatic-complexity\x1b[0m]: ")

	b.Reset()
	require.NoError(t, change.WriteHuman(&b, handDelta(), change.HumanOptions{}))
	assert.NotContains(t, b.String(), "\x1b")
}

// Names, paths and messages from the analysed trees cannot move a
// terminal's cursor or break a line.
func TestWriteHumanEscapes(t *testing.T) {
	d := handDelta()
	d.Functions = []change.Function{{Name: "evil\x1b[2J", Kind: "function", Status: change.New,
		Head: &change.Numbers{Path: "a\nb.py", Line: 2, EndLine: 2, CC: 1, SLOC: 1, Mass: 1}}}
	d.NewFindings = []change.NewFinding{{Finding: finding.Finding{RuleID: "r\x07", Severity: finding.Info,
		Message: "line one\nline two \x1b]0;title\x07", Path: "c\rd.py", Line: 2, EndLine: 2}}}
	var b bytes.Buffer
	require.NoError(t, change.WriteHuman(&b, d, change.HumanOptions{}))
	out := b.String()
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\x07")
	assert.NotContains(t, out, "\r")
	assert.Contains(t, out, `  new      1    0     1  1.00   +1.00  a\nb.py:2  evil\x1b[2J`+"\n")
	assert.Contains(t, out, `info[r\a]: line one line two \x1b]0;title\a`+"\n"+`  --> c\rd.py:2`+"\n")
}

func TestWriteMarkdown(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, change.WriteMarkdown(&b, handDelta(), change.MarkdownOptions{}))
	want := "### scb-check diff\n\n" +
		"| metric | base | head | delta |\n| --- | ---: | ---: | ---: |\n" +
		"| verbosity | 0.250 | 0.500 | **+0.250** |\n" +
		"| erosion | 0.000 | 0.750 | **+0.750** |\n" +
		"| cog_erosion | 0.000 | 0.000 | 0.000 |\n" +
		"| files_scanned | 2 | 2 | 0 |\n" +
		"| total_loc | 32 | 40 | +8 |\n" +
		"| verbosity_flagged_loc | 8 | 20 | +12 |\n" +
		"| clone_loc | 0 | 0 | 0 |\n" +
		"| ast_grep_flagged_loc | 0 | 0 | 0 |\n" +
		"| structural_rule_loc | 0 | 0 | 0 |\n" +
		"| structural_rule_findings | 0 | 0 | 0 |\n" +
		"| total_functions | 4 | 4 | 0 |\n" +
		"| high_cc_functions | 0 | 1 | **+1** |\n" +
		"| high_cog_functions | 0 | 0 | 0 |\n" +
		"| total_mass | 42.00 | 62.00 | +20.00 |\n" +
		"| high_cc_mass | 0.00 | 48.00 | +48.00 |\n" +
		"| total_cog_mass | 0.00 | 0.00 | 0.00 |\n" +
		"| high_cog_mass | 0.00 | 0.00 | 0.00 |\n" +
		"| syntax_tree_count | 2 | 2 | 0 |\n" +
		"| syntax_node_count | 350 | 340 | -10 |\n" +
		"| dir | - | - | - |\n" +
		"\n#### Functions (1 regressed, 1 new, 1 improved, 1 removed)\n\n" +
		"| status | function | location | CC | COG | SLOC | mass | change |\n" +
		"| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n" +
		"| regressed | main | cli\\.py:1 | 9 → 12 | 3 → 6 | 9 → 16 | 27.00 → 48.00 | +21.00 |\n" +
		"| new | Parser\\.parse | parse\\.py:3 | 2 | 1 | 4 | 4.00 | +4.00 |\n" +
		"| improved | helper | cli\\.py:20 | 4 → 3 | 4 | 9 | 12.00 → 9.00 | -3.00 |\n" +
		"| removed | old | util\\.py:1 | 1 | 0 | 4 | 2.00 | -2.00 |\n" +
		"\n#### New findings (3)\n\n" +
		"| severity | rule | location | message |\n| --- | --- | --- | --- |\n" +
		"| critical | cyclomatic\\-complexity | cli\\.py:1-17 | function \\`main\\` has complexity 12 \\(threshold 10\\) |\n" +
		"| warning | bare\\-except | cli\\.py:5-6 | bare except |\n" +
		"| warning | duplicate\\-structure | parse\\.py:3-6 | duplicate of \\`helper\\`<br>copy of cli\\.py:20-28 |\n"
	assert.Equal(t, want, b.String())
}

// The Markdown output lists at most the limits' functions and findings,
// saying how many it left out.
func TestWriteMarkdownLeavesOut(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, change.WriteMarkdown(&b, handDelta(), change.MarkdownOptions{Functions: 1, Findings: 2}))
	out := b.String()
	assert.Contains(t, out, "| regressed | main |")
	assert.NotContains(t, out, "| new |")
	assert.Contains(t, out, "\n_3 more functions not shown._\n")
	assert.Contains(t, out, "| warning | bare\\-except |")
	assert.NotContains(t, out, "duplicate\\-structure")
	assert.Contains(t, out, "\n_1 more new finding not shown._\n")
}

// A title replaces the heading; a delta without a base (only the head
// measured, its new findings kept by line) shows the head's numbers with
// "-" for the base and the delta, says that no function was compared,
// and lists its findings.
func TestWriteMarkdownTitleAndNoBase(t *testing.T) {
	d := handDelta()
	d.Base, d.Metrics, d.Functions = nil, nil, nil
	d.NewFindings = d.NewFindings[1:2]
	var b bytes.Buffer
	require.NoError(t, change.WriteMarkdown(&b, d, change.MarkdownOptions{Title: "scb-check check"}))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "### scb-check check\n\n| metric | base | head | delta |\n"), out)
	assert.Contains(t, out, "| verbosity | - | 0.500 | - |\n")
	assert.Contains(t, out, "| high_cc_functions | - | 1 | - |\n")
	assert.Contains(t, out, "| total_mass | - | 62.00 | - |\n")
	assert.Contains(t, out, "\n#### Functions\n\n_No base was measured: no function is compared._\n")
	assert.Contains(t, out, "\n#### New findings (1)\n\n| severity | rule | location | message |\n| --- | --- | --- | --- |\n"+
		"| warning | bare\\-except | cli\\.py:5-6 | bare except |\n")
}

// A name, path or message cannot break the table, open an HTML tag,
// or format text.
func TestMarkdownText(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"an HTML tag is text", "<img src=x onerror=alert(1)>", "&lt;img src\\=x onerror\\=alert\\(1\\)&gt;"},
		{"a pipe cannot end the cell", "a|b.py", "a\\|b\\.py"},
		{"an entity is text", "&amp;", "&amp;amp;"},
		{"emphasis, code and links are text", "*a* _b_ `c` [d](e)", "\\*a\\* \\_b\\_ \\`c\\` \\[d\\]\\(e\\)"},
		{"@ is escaped as other punctuation", "@team", "\\@team"},
		{"line breaks fold into spaces", "one\ntwo\r\nthree", "one two three"},
		{"a backslash is text", `a\|b`, `a\\\|b`},
		{"control characters are escaped", "a\x1bb", `a\\x1bb`},
		{"letters of any script are kept", "ñandú_π", "ñandú\\_π"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, change.MarkdownText(tc.in))
		})
	}
}
