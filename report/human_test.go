package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
)

func TestWriteHuman(t *testing.T) {
	src := "import x\n\ndef big(a):   \n    pass\n"
	files := map[string]string{"/w/pkg/m.py": src}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	r := &Report{Files: []File{{Path: "/w/pkg/m.py", Callables: []Callable{
		{Name: "small", StartLine: 1, CC: 10, Cog: 10, SLOC: 1},
		{Name: "big", StartLine: 3, CC: 12, Cog: 11, SLOC: 2},
	}}}}
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", Context: 1, ReadFile: read}))
	want := "warning[cyclomatic-complexity]: function `big` exceeds complexity threshold\n" +
		"  --> pkg/m.py:3:1\n" +
		"2 | \n" +
		"3 | def big(a):\n" +
		"4 |     pass\n" +
		"  = complexity: 12, sloc: 2 (threshold: complexity > 10)\n" +
		"\n" +
		"warning[cognitive-complexity]: function `big` exceeds cognitive complexity threshold\n" +
		"  --> pkg/m.py:3:1\n" +
		"2 | \n" +
		"3 | def big(a):\n" +
		"4 |     pass\n" +
		"  = cognitive complexity: 11, sloc: 2 (threshold: cognitive complexity > 10)\n"
	assert.Equal(t, want, findingsOf(t, b.String()))
}

func TestWriteHumanCleanRunPrintsNoFinding(t *testing.T) {
	var b bytes.Buffer
	r := &Report{Files: []File{{Path: "/w/a.py", Callables: []Callable{{Name: "f", StartLine: 1, CC: 10, Cog: 10}}}}}
	require.NoError(t, WriteHuman(&b, r, HumanOptions{}))
	assert.Empty(t, findingsOf(t, b.String()))
}

func TestSourceBlockAlignsNumbers(t *testing.T) {
	lines := strings.Split(strings.Repeat("x\n", 12), "\n")
	assert.Equal(t, " 9 | x\n10 | x\n11 | x\n", sourceBlock(lines[:12], 9, 11, palette{}))
	assert.Equal(t, "1 | x\n2 | x\n", sourceBlock(lines[:12], -1, 2, palette{}), "clamped at line 1")
}

func TestDisplayPath(t *testing.T) {
	assert.Equal(t, "pkg/a.py", displayPath("/w/pkg/a.py", "/w"))
	assert.Equal(t, "/other/a.py", displayPath("/other/a.py", "/w"))
	assert.Equal(t, "/w2/a.py", displayPath("/w2/a.py", "/w"))
}

func TestWriteHumanFindingsAndClones(t *testing.T) {
	files := map[string]string{
		"/w/a.py": "def _identity(value):\n    return value\n\ndef noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n",
		"/w/b.py": "def first(value):\n    x = value + 1\n    return x\n",
		"/w/c.py": "\n\n\n\n\n\n\n\n\ndef second(item):\n    y = item + 2\n    return y\n",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	r := &Report{
		Findings: []finding.Finding{
			{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: "warning", Message: "use the items", Path: "/w/a.py", Line: 5, EndLine: 6, Col: 5},
			{Kind: finding.Structural, RuleID: "trivial-wrapper", Severity: "warning", Message: "`_identity` adds no behavior", Path: "/w/a.py", Line: 1, EndLine: 2},
		},
		CloneBlocks: []CloneBlock{
			{Path: "/w/c.py", StartLine: 10, EndLine: 12, SLOC: 3, Group: "g", Instances: 2, FirstLines: []string{"def second(item):", "    y = item + 2", "    return y"}},
			{Path: "/w/b.py", StartLine: 1, EndLine: 3, SLOC: 3, Group: "g", Instances: 2, FirstLines: []string{"def first(value):", "    x = value + 1", "    return x"}},
		},
	}
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", Context: 1, ReadFile: read}))
	want := "warning[trivial-wrapper]: `_identity` adds no behavior\n" +
		"  --> a.py:1:1\n" +
		"1 | def _identity(value):\n" +
		"2 |     return value\n" +
		"3 | \n" +
		"\n" +
		"warning[for-range-len]: use the items\n" +
		"  --> a.py:5:5\n" +
		"4 | def noisy(items):\n" +
		"5 |     for index in range(len(items)):\n" +
		"6 |         print(items[index])\n" +
		"\n" +
		"warning[duplicate-structure]: duplicated block (3 lines, 2 instances)\n" +
		"   ┌─ b.py:1:1\n" +
		"   │\n" +
		" 1 │ def first(value):\n" +
		" 2 │     x = value + 1\n" +
		" 3 │     return x\n" +
		"   │\n" +
		"   ┆\n" +
		"   ┌─ c.py:10:1\n" +
		"   │\n" +
		"10 │ def second(item):\n" +
		"11 │     y = item + 2\n" +
		"12 │     return y\n" +
		"   │\n"
	assert.Equal(t, want, findingsOf(t, b.String()))

	b.Reset()
	require.NoError(t, WriteHuman(&b, &Report{CloneBlocks: r.CloneBlocks}, HumanOptions{CWD: "/w", ReadFile: read, MinDuplicateLines: 4}))
	assert.Empty(t, findingsOf(t, b.String()), "--min-duplicate-lines hides groups whose anchor has fewer SLOC lines")
	assert.Contains(t, b.String(), "\nNo findings shown; 1 clone group under 4 SLOC lines hidden (it still counts in the exit status).\n")

	// An ignore directive on b.py's instance hides its finding: the group
	// is shown at the instance left, c.py, and still names both.
	clone := want[strings.Index(want, "warning[duplicate-structure]"):]
	blocks := slices.Clone(r.CloneBlocks)
	blocks[1].Ignored = true
	b.Reset()
	require.NoError(t, WriteHuman(&b, &Report{CloneBlocks: blocks}, HumanOptions{CWD: "/w", ReadFile: read}))
	assert.Equal(t, clone, findingsOf(t, b.String()))
	assert.Contains(t, b.String(), "\nFound 1 finding: 1 warning.\n")

	blocks[0].Ignored = true
	b.Reset()
	require.NoError(t, WriteHuman(&b, &Report{CloneBlocks: blocks, CloneLOC: 6}, HumanOptions{CWD: "/w", ReadFile: read}))
	assert.Empty(t, findingsOf(t, b.String()), "every instance ignored: no group")
	assert.Contains(t, b.String(), "clones 6", "the clone lines still count in verbosity")
	assert.Contains(t, b.String(), "\nNo findings shown; 1 metric finding hidden by ignore directives.\n")
}

// findingsOf is the part of a human output before its summary, without
// the blank line that ends it.
func findingsOf(t *testing.T, out string) string {
	t.Helper()
	before, _, found := strings.Cut(out, "Summary\n")
	require.True(t, found, "the output has a summary: %q", out)
	return strings.TrimSuffix(before, "\n")
}
