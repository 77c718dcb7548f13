package report_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// marksSource has, worked out by hand: add_one (1-5) and add_two (8-12)
// are clones; line 16 compares with True (bool-comparison); wrapper
// (21-22) only passes its argument on (identity-wrapper-function, an
// ast-grep rule); _same (25-26) is a trivial wrapper (structural).
const marksSource = `def add_one(values):
    total = 0
    for v in values:
        total += v + 1
    return total


def add_two(items):
    acc = 0
    for x in items:
        acc += x + 2
    return acc


def check(flag):
    if flag == True:
        return 1
    return 0


def wrapper(a):
    return check(a)


def _same(value):
    return value
`

// analyzeTree writes files into a temporary directory and analyses it
// with the real ast-grep.
func analyzeTree(t *testing.T, files map[string]string) *report.Report {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, AstGrep: testkit.AstGrep(t)})
	require.NoError(t, err)
	return r
}

func bundledInfos(t *testing.T) []report.RuleInfo {
	cat, err := rules.LoadCatalog(nil)
	require.NoError(t, err)
	return report.RuleInfos(cat.Infos())
}

func writeHTML(t *testing.T, r *report.Report, opt report.HTMLOptions) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, report.WriteHTML(&b, r, opt))
	return b.String()
}

var (
	numberRow = regexp.MustCompile(`<tr data-metric="([a-z_]+)"><th scope="row"><code>[a-z_]+</code></th><td class="num" data-value="([^"]*)">`)
	sourceRow = regexp.MustCompile(`<tr(?: id="[^"]*")?( class="flagged")?><td class="ln">(\d+)</td><td class="mk">(.*?)</td>`)
	markSpan  = regexp.MustCompile(`class="m m-([a-z-]+)"`)
)

func TestHTMLNumbersAreTheJSONReports(t *testing.T) {
	r := analyzeTree(t, map[string]string{"marks.py": marksSource})
	var js bytes.Buffer
	require.NoError(t, report.WriteJSON(&js, r))
	var raw map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(js.Bytes(), &raw))
	page := writeHTML(t, r, report.HTMLOptions{Rules: bundledInfos(t)})

	rows := numberRow.FindAllStringSubmatch(page, -1)
	require.NotEmpty(t, rows)
	seen := map[string]bool{}
	for _, row := range rows {
		key, value := row[1], row[2]
		seen[key] = true
		assert.Equal(t, string(raw[key]), value, "metric %s", key)
	}
	for key := range raw {
		if strings.Contains(string(raw[key]), "{") || strings.HasPrefix(key, "dir_") || strings.HasPrefix(key, "catalog") ||
			key == "ast_grep_version" || key == "mcf" || key == "if50" {
			continue
		}
		assert.True(t, seen[key], "the page has no row for %s", key)
	}
	// The headline cards carry the same values.
	for _, key := range []string{"erosion", "cog_erosion", "verbosity", "high_cc_functions", "dir"} {
		assert.Contains(t, page, `<div class="card" data-metric="`+key+`" data-value="`+string(raw[key])+`">`)
	}
}

func TestHTMLListsEveryFunction(t *testing.T) {
	r := analyzeTree(t, map[string]string{"marks.py": marksSource, "pkg/more.py": "def one():\n    return 1\n\nclass K:\n    def two(self):\n        return 2\n"})
	page := writeHTML(t, r, report.HTMLOptions{})
	table := between(t, page, `<table id="functions-table"`, `</table>`)
	require.Equal(t, 7, r.TotalFunctions)
	assert.Equal(t, r.TotalFunctions, strings.Count(table, "<tr><td"), "one row per function")
	for _, f := range r.Files {
		for _, c := range f.Callables {
			assert.Contains(t, table, "<code>"+f.Path+"</code>")
			assert.Regexp(t, regexp.QuoteMeta("<code>"+c.QualifiedName+"</code></td><td class=\"num\">"+strconv.Itoa(c.StartLine)+"</td>"), table)
		}
	}
}

func TestHTMLMarksFlaggedLinesWithTheirSources(t *testing.T) {
	r := analyzeTree(t, map[string]string{"marks.py": marksSource})
	page := writeHTML(t, r, report.HTMLOptions{Source: report.SourceAll, Rules: bundledInfos(t)})
	want := map[int][]string{}
	for _, l := range []int{1, 2, 3, 4, 5, 8, 9, 10, 11, 12} {
		want[l] = []string{"clone"}
	}
	want[16] = []string{"ast-grep"}
	want[21], want[22] = []string{"ast-grep"}, []string{"ast-grep"}
	want[25], want[26] = []string{"structural"}, []string{"structural"}
	got := map[int][]string{}
	flagged := map[int]bool{}
	rows := sourceRow.FindAllStringSubmatch(page, -1)
	require.Len(t, rows, 26, "every line of the file, shown whole")
	for _, row := range rows {
		n, _ := strconv.Atoi(row[2])
		flagged[n] = row[1] != ""
		for _, m := range markSpan.FindAllStringSubmatch(row[3], -1) {
			got[n] = append(got[n], m[1])
		}
	}
	assert.Equal(t, want, got)
	for n := 1; n <= 26; n++ {
		assert.Equal(t, want[n] != nil, flagged[n], "line %d flagged", n)
	}
	// Each finding is shown under its first line, its rule linking to its
	// docs, which the page holds once.
	for _, id := range []string{"duplicate-structure", "bool-comparison", "identity-wrapper-function", "trivial-wrapper"} {
		assert.Equal(t, 1, strings.Count(page, "<code>"+id+"</code> <span class=\"sev"), "docs of %s", id)
	}
	assert.Regexp(t, `<tr id="f1-16" class="flagged">.*\n<tr class="note-row"><td></td><td></td><td><div class="finding k-ast-grep"><span class="sev sev-warning">warning</span> <a href="#r[0-9]+"><code>bool-comparison</code></a>`, page)
	assert.Contains(t, page, `also at <a href="#f1-8">marks.py:8</a>`)
}

func TestHTMLExcerptsAndCaps(t *testing.T) {
	r := analyzeTree(t, map[string]string{"marks.py": marksSource})
	t.Run("flagged shows the flagged lines and the context around them", func(t *testing.T) {
		page := writeHTML(t, r, report.HTMLOptions{Context: 1})
		var shown []int
		for _, row := range sourceRow.FindAllStringSubmatch(page, -1) {
			n, _ := strconv.Atoi(row[2])
			shown = append(shown, n)
		}
		// 1-5 and 8-12 with a line around (6, 7, 13); 15-17 around 16;
		// 20-23 around 21-22; 24-26 around 25-26.
		assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 20, 21, 22, 23, 24, 25, 26}, shown)
		assert.Contains(t, page, "&#8942; 1 lines not shown")
	})
	t.Run("none shows no source and lists the findings", func(t *testing.T) {
		page := writeHTML(t, r, report.HTMLOptions{Source: report.SourceNone})
		assert.Empty(t, sourceRow.FindAllString(page, -1))
		assert.Equal(t, 5, strings.Count(page, `<div class="finding`))
	})
	t.Run("past the source cap a file counts its findings by rule", func(t *testing.T) {
		page := writeHTML(t, r, report.HTMLOptions{MaxSourceLines: 5})
		assert.Empty(t, sourceRow.FindAllString(page, -1))
		assert.Contains(t, page, "Its findings by rule: 1 × bool-comparison, 2 × duplicate-structure, 1 × identity-wrapper-function, 1 × trivial-wrapper.")
	})
	t.Run("the function cap keeps the most massive", func(t *testing.T) {
		page := writeHTML(t, r, report.HTMLOptions{MaxFunctions: 1})
		table := between(t, page, `<table id="functions-table"`, `</table>`)
		assert.Equal(t, 1, strings.Count(table, "<tr><td"))
		// add_one and add_two have the most mass (cc 2, sloc 5): the
		// first in path and line order is kept.
		assert.Contains(t, table, "<code>add_one</code>")
		assert.Contains(t, page, "The 1 functions with the most complexity mass of the 5 measured")
	})
	t.Run("an unknown source setting is an error", func(t *testing.T) {
		assert.ErrorContains(t, report.WriteHTML(&bytes.Buffer{}, r, report.HTMLOptions{Source: "some"}), `"some"`)
	})
}

func TestHTMLEscapesHostileNames(t *testing.T) {
	name := "<img src=x onerror=alert(1)>.py"
	src := "def f():\n    return \"</script><script>alert(2)</script>\"\n"
	r := &report.Report{
		FilesScanned: 1, TotalLOC: 2, TotalFunctions: 1, VerbosityFlaggedLOC: 1, AstGrepFlaggedLOC: 1,
		Files: []report.File{{Path: name, Language: "python", Lines: 2, SLOC: 2, Callables: []report.Callable{
			{Name: "<b onmouseover=alert(3)>f", QualifiedName: "<b onmouseover=alert(3)>f", Kind: "function", StartLine: 1, EndLine: 2, SLOC: 2, CC: 1, Cog: 0, CCMass: 1.4},
		}}},
		Flagged: []report.FlaggedLines{{Path: name, Lines: []int{2}}},
	}
	r.Findings = append(r.Findings, hostileFinding(name))
	read := func(string) ([]byte, error) { return []byte(src), nil }
	page := writeHTML(t, r, report.HTMLOptions{ReadFile: read, Rules: []report.RuleInfo{{ID: "x<y", Title: "<i>t</i>", Description: "<u>why</u>"}}})
	assert.Equal(t, 1, strings.Count(page, "<script"), "only the page's own script")
	assert.Equal(t, 1, strings.Count(page, "</script>"))
	for _, tag := range []string{"<img", "<b ", "<i>", "<u>", "<svg onload"} {
		assert.NotContains(t, page, tag)
	}
	assert.Contains(t, page, "&lt;img src=x onerror=alert(1)&gt;.py")
	assert.Contains(t, page, "&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;")
	assert.Contains(t, page, "&lt;b onmouseover=alert(3)&gt;f")
}

func TestHTMLPolicyAllowsOnlyItsOwnStyleAndScript(t *testing.T) {
	page := writeHTML(t, &report.Report{}, report.HTMLOptions{})
	policy := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	require.NotNil(t, policy)
	csp := html.UnescapeString(policy[1])
	style := between(t, page, "<style>", "</style>")
	script := between(t, page, "<script>", "</script>")
	assert.Contains(t, csp, "default-src 'none'")
	assert.Contains(t, csp, "style-src "+hash(style)+";")
	assert.Contains(t, csp, "script-src "+hash(script)+";")
	assert.NotContains(t, page, "http://")
	assert.NotContains(t, strings.ReplaceAll(page, "https://", ""), "//cdn")
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// between is the text of s between the first start and the end after it.
func between(t *testing.T, s, start, end string) string {
	t.Helper()
	i := strings.Index(s, start)
	require.GreaterOrEqual(t, i, 0, "no %q", start)
	j := strings.Index(s[i+len(start):], end)
	require.GreaterOrEqual(t, j, 0, "no %q after %q", end, start)
	return s[i+len(start) : i+len(start)+j]
}

// hostileFinding is an ast-grep finding on line 2 of path whose rule id
// and message hold markup.
func hostileFinding(path string) finding.Finding {
	return finding.Finding{Kind: finding.AstGrep, RuleID: "x<y", Severity: "warning", Message: "<svg onload=alert(4)>", Path: path, Line: 2, EndLine: 2, Col: 5}
}

// A clone group of five: each instance's note names three others and
// counts the last, as the text output does.
func TestHTMLCloneNotesNameThreeOthers(t *testing.T) {
	var src strings.Builder
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		src.WriteString("def " + name + "(values):\n    total = 0\n    for v in values:\n        total += v\n    return total\n\n\n")
	}
	r := analyzeTree(t, map[string]string{"five.py": src.String()})
	page := writeHTML(t, r, report.HTMLOptions{})
	assert.Equal(t, 5, strings.Count(page, ", and 1 more</span>"))
	assert.Contains(t, page, `also at <a href="#f1-8">five.py:8</a>, <a href="#f1-15">five.py:15</a>, <a href="#f1-22">five.py:22</a>, and 1 more</span>`)
}
