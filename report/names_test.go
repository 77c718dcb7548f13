package report

import (
	"bytes"
	"fmt"
	"github.com/scbcheck/scbcheck/finding"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// namesReport holds a clone pair and a finding in files whose names hold
// a newline, a tab and an escape character.
func namesReport() (*Report, func(string) ([]byte, error)) {
	src := "def f():\n    return 1\n"
	read := func(string) ([]byte, error) { return []byte(src), nil }
	return &Report{
		CloneBlocks: []CloneBlock{
			{Path: "/w/a\nb.py", StartLine: 1, EndLine: 2, SLOC: 2, Group: "g", Instances: 2, FirstLines: []string{"def f():"}},
			{Path: "/w/c\td.py", StartLine: 1, EndLine: 2, SLOC: 2, Group: "g", Instances: 2, FirstLines: []string{"def f():"}},
		},
		Findings: []finding.Finding{{Kind: finding.AstGrep, RuleID: "r", Severity: "warning", Message: "m",
			Path: "/w/e\x1b[2Jf.py", Line: 1, EndLine: 1, Col: 1}},
	}, read
}

func TestWriteTextEscapesNames(t *testing.T) {
	r, read := namesReport()
	got := writeText(t, r, TextOptions{CWD: "/w", ReadFile: read})
	want := `a\nb.py:1:1: warning[duplicate-structure]: duplicated block (2 lines, 2 instances), also at c\td.py:1` + "\n" +
		`c\td.py:1:1: warning[duplicate-structure]: duplicated block (2 lines, 2 instances), also at a\nb.py:1` + "\n" +
		`e\x1b[2Jf.py:1:1: warning[r]: m` + "\n"
	assert.Equal(t, want, got)
	assert.Equal(t, 3, strings.Count(got, "\n"), "one line per finding")
}

func TestWriteHumanEscapesNames(t *testing.T) {
	r, read := namesReport()
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", ReadFile: read}))
	want := "warning[duplicate-structure]: duplicated block (2 lines, 2 instances)\n" +
		`  ┌─ a\nb.py:1:1` + "\n" +
		"  │\n" +
		"1 │ def f():\n" +
		"  │\n" +
		"  ┆\n" +
		`  ┌─ c\td.py:1:1` + "\n" +
		"  │\n" +
		"1 │ def f():\n" +
		"  │\n" +
		"\n" +
		"warning[r]: m\n" +
		`  --> e\x1b[2Jf.py:1:1` + "\n" +
		"1 | def f():\n"
	assert.Equal(t, want, findingsOf(t, b.String()))
	assert.NotContains(t, b.String(), "\t")
	assert.NotContains(t, b.String(), "\x1b")
}

func TestDisplayPathEscapes(t *testing.T) {
	assert.Equal(t, `pkg/a\nb.py`, displayPath("/w/pkg/a\nb.py", "/w"))
	assert.Equal(t, `/other/a\xffb.py`, displayPath("/other/a\xffb.py", "/w"))
	assert.Equal(t, `a\u2028b.py`, displayPath("a\u2028b.py", ""))
}

// A clone line formats only the instances it names: the writer's work
// for a group of n instances is n lines, not n times n names.
func TestAlsoAtFormatsOnlyTheNamedInstances(t *testing.T) {
	const n = 10_000
	group := make([]finding.Place, n)
	for i := range group {
		group[i] = finding.Place{Path: fmt.Sprintf("/w/m%d.py", i), Line: 1}
	}
	for _, self := range []int{0, 1, n - 1} {
		calls := 0
		display := func(p string) string { calls++; return p }
		got := alsoAt(finding.Finding{Kind: finding.Clone, Group: group, Self: self}, display)
		assert.Equal(t, maxAlsoAt, calls, "instance %d", self)
		assert.True(t, strings.HasSuffix(got, fmt.Sprintf(" and %d more", n-1-maxAlsoAt)), got)
		assert.NotContains(t, got, fmt.Sprintf("/w/m%d.py:", self), "an instance does not name itself")
	}
	assert.Empty(t, alsoAt(finding.Finding{Kind: finding.Clone, Group: group[:1]}, func(p string) string { return p }))
}

// A SARIF clone result visits only the related locations it keeps.
func TestCloneRelatedKeepsBoundedLocations(t *testing.T) {
	const n = 10_000
	group := make([]finding.Place, n)
	for i := range group {
		group[i] = finding.Place{Path: fmt.Sprintf("/w/m%d.py", i), Line: 1}
	}
	calls := 0
	uri := func(p string) string { calls++; return p }
	related, msg := cloneRelated(finding.Finding{Kind: finding.Clone, Group: group, Self: 2, Message: "dup"}, uri)
	assert.Len(t, related, maxRelated)
	assert.LessOrEqual(t, calls, 2*maxRelated, "uri is called for the kept locations only")
	assert.True(t, strings.HasSuffix(msg, fmt.Sprintf(" and %d more", n-1-maxRelated)), msg)
}

// SARIF needs no escaping of ours: its URIs are percent-encoded.
func TestSARIFURIEncodesControlCharacters(t *testing.T) {
	assert.Equal(t, "a%0Ab%09c.py", artifactURI("/w/a\nb\tc.py", "/w"))
	assert.Equal(t, "file:///o/e%1B%5B2J.py", artifactURI("/o/e\x1b[2J.py", "/w"))
}
