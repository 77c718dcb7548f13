package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// check --output-format markdown under a change option writes diff's
// Markdown of the same change, under its own title: the commit that adds
// load_copy (a copy of load, lines 18-23), route (lines 26-29, CC 15, 4
// SLOC: mass 15·√4 = 30) and route's d.get line (27) shows those two
// functions, largest mass change first (load_copy: CC 3, 6 SLOC, mass
// 3·√6 = 7.35), and those three findings, in the order the report lists
// findings (clones, rule findings, complexity); exit 1 as every format.
func TestCheckMarkdownShowsTheChange(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	r.Commit("grow", map[string]string{"app.py": appBase + appAdded})

	out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--output-format", "markdown", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	md := out[secStdout]
	assert.True(t, strings.HasPrefix(md, "### scb-check check\n\n| metric | base | head | delta |\n"), md)
	for _, row := range []string{
		"| total_loc | 11 | 21 | +10 |\n",
		"| total_functions | 3 | 5 | +2 |\n",
		"| high_cc_functions | 1 | 2 | **+1** |\n",
		"\n#### Functions (0 regressed, 2 new, 0 improved, 0 removed)\n",
		"| new | route | app\\.py:26 | 15 | 0 | 4 | 30.00 | +30.00 |\n" +
			"| new | load\\_copy | app\\.py:18 | 3 | 0 | 6 | 7.35 | +7.35 |\n",
		"\n#### New findings (3)\n\n| severity | rule | location | message |\n| --- | --- | --- | --- |\n" +
			"| warning | duplicate\\-structure | app\\.py:18-23 | duplicated block \\(6 lines, 2 instances\\)<br>copy of app\\.py:1-6 |\n" +
			"| warning | dict\\-get\\-default\\-none | app\\.py:27 | \\`rows\\.get\\(\\\"label\\\", None\\)\\` spells out the default that \\.get\\(\\) already returns; write \\`rows\\.get\\(\\\"label\\\"\\)\\`\\. |\n" +
			"| warning | cyclomatic\\-complexity | app\\.py:26-29 | function \\`route\\` exceeds complexity threshold \\(complexity 15 &gt; 10, sloc 4\\) |\n",
	} {
		assert.Contains(t, md, row)
	}
	assert.NotContains(t, md, "gate", "gate's complexity is the base's")

	diff := runBinary(t, r.Dir, []string{"diff", "--output-format", "markdown", "HEAD~1"}, nil)
	require.Equal(t, "0\n", diff[secExit], diff[secStderr])
	assert.Equal(t, strings.Replace(diff[secStdout], "### scb-check diff\n", "### scb-check check\n", 1), md,
		"diff's Markdown of the same change")

	// --write-markdown: the same Markdown in a file, beside SARIF on
	// stdout, from one run.
	file := filepath.Join(t.TempDir(), "summary.md")
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--output-format", "sarif", "--write-markdown", file, "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	testkit.ValidateSARIF(t, []byte(out[secStdout]))
	written, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, md, string(written))
}

// With --new-from-patch no base is measured: the Markdown shows the
// head's numbers, no function, and the finding on the patch's line.
func TestCheckMarkdownOfAPatch(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"app.py": appPick, "change.patch": `--- app.py
+++ app.py
@@ -1,3 +1,3 @@
 def pick(d):
-    value = d["k"]
+    value = d.get("k", None)
     return [value, value]
`})
	out := runBinary(t, dir, []string{"check", "--new-from-patch", "change.patch", "--output-format", "markdown", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Contains(t, out[secStdout], "| total_functions | - | 1 | - |\n")
	assert.Contains(t, out[secStdout], "\n#### Functions\n\n_No base was measured: no function is compared._\n")
	assert.Contains(t, out[secStdout], "\n#### New findings (1)\n")
	assert.Contains(t, out[secStdout], "| warning | dict\\-get\\-default\\-none | app\\.py:2 |")
}

// The Markdown is a change's: without a change option it is a usage
// error (exit 2) saying what to give, and the commands that print no
// findings refuse --write-markdown.
func TestCheckMarkdownNeedsAChange(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"app.py": appBase})
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"markdown output", []string{"check", "--output-format", "markdown", "."},
			"error: '--output-format markdown' shows a change: give --new-from-rev <REV>, --new-from-merge-base <REF>, " +
				"--new-from-patch <FILE> or --staged (scb-check diff compares two trees)\n"},
		{"markdown file", []string{"check", "--write-markdown", "out.md", "--output-format", "text", "."},
			"error: '--write-markdown <FILE>' shows a change: give --new-from-rev <REV>, --new-from-merge-base <REF>, " +
				"--new-from-patch <FILE> or --staged (scb-check diff compares two trees)\n"},
		{"no file name", []string{"check", "--staged", "--write-markdown", "", "."},
			"error: invalid value '' for '--write-markdown <FILE>': expected a file name\n"},
		{"trajectory", []string{"trajectory", "--write-markdown", "out.md", "."}, "--write-markdown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := runBinary(t, dir, tc.args, nil)
			assert.Equal(t, "2\n", out[secExit])
			assert.True(t, strings.HasPrefix(out[secStderr], tc.want) || tc.name == "trajectory" && strings.Contains(out[secStderr], tc.want),
				out[secStderr])
			assert.NoFileExists(t, filepath.Join(dir, "out.md"))
		})
	}
	// The last of --report and --output-format decides: JSON needs no change.
	out := runBinary(t, dir, []string{"check", "--output-format", "markdown", "--report", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
}
