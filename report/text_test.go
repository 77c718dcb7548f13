package report

import (
	"bytes"
	"github.com/scbcheck/scbcheck/finding"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeText(t *testing.T, r *Report, opt TextOptions) string {
	t.Helper()
	if opt.ReadFile == nil {
		opt.ReadFile = readFixture
	}
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, r, opt))
	return b.String()
}

func TestWriteText(t *testing.T) {
	got := writeText(t, sarifReport(), TextOptions{CWD: "/repo"})
	want := "/elsewhere/c.py:1:14: critical[len-range]: matches slop pattern\n" +
		"my dir/x y.py:1:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at z.py:1\n" +
		"pkg/a.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
		"pkg/a.py:5:5: warning[for-range-len]: Loop directly.\n" +
		"pkg/a.py:7:5: warning[for-range-len]: Loop directly.\n" +
		"pkg/b.py:2:5: warning[cyclomatic-complexity]: function `big` exceeds complexity threshold (complexity 12 > 10, sloc 2)\n" +
		"z.py:1:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at my dir/x y.py:1\n"
	assert.Equal(t, want, got)
}

func TestWriteTextCases(t *testing.T) {
	src := "def f():\n\tpass\n"
	read := func(string) ([]byte, error) { return []byte(src + src + src), nil }
	tests := []struct {
		name string
		r    *Report
		opt  TextOptions
		want string
	}{
		{
			name: "a clean run writes nothing",
			r:    &Report{Files: []File{{Path: "/w/a.py", Callables: []Callable{{Name: "f", StartLine: 1, CC: 10, Cog: 10}}}}},
			want: "",
		},
		{
			name: "both thresholds give two lines, erosion first",
			r: &Report{Files: []File{{Path: "/w/a.py", Callables: []Callable{
				{Name: "f", StartLine: 1, EndLine: 2, CC: 11, Cog: 15, SLOC: 2},
			}}}},
			want: "a.py:1:1: warning[cyclomatic-complexity]: function `f` exceeds complexity threshold (complexity 11 > 10, sloc 2)\n" +
				"a.py:1:1: warning[cognitive-complexity]: function `f` exceeds cognitive complexity threshold (cognitive complexity 15 > 10, sloc 2)\n",
		},
		{
			name: "a tab-indented start line: the column counts the tab as one character",
			r: &Report{Findings: []finding.Finding{{Kind: finding.Structural, RuleID: "low-use-short-function", Severity: "info",
				Message: "`f` is short", Path: "/w/a.py", Line: 2, EndLine: 2}}},
			want: "a.py:2:2: info[low-use-short-function]: `f` is short\n",
		},
		{
			name: "a message over several lines is folded onto one",
			r: &Report{Findings: []finding.Finding{{Kind: finding.AstGrep, RuleID: "r", Severity: "warning",
				Message: "first line\nsecond line\r\nthird\n", Path: "/w/a.py", Line: 1, EndLine: 1, Col: 5}}},
			want: "a.py:1:5: warning[r]: first line second line third\n",
		},
		{
			name: "findings on one line are ordered by column",
			r: &Report{Findings: []finding.Finding{
				{Kind: finding.AstGrep, RuleID: "b", Severity: "warning", Message: "m", Path: "/w/a.py", Line: 1, Col: 7},
				{Kind: finding.AstGrep, RuleID: "a", Severity: "warning", Message: "m", Path: "/w/a.py", Line: 1, Col: 3},
			}},
			want: "a.py:1:3: warning[a]: m\na.py:1:7: warning[b]: m\n",
		},
		{
			name: "a clone line names three other instances and counts the rest",
			r:    &Report{CloneBlocks: cloneGroup(5, 2)},
			want: "a.py:1:1: warning[duplicate-structure]: duplicated block (2 lines, 5 instances), also at a.py:3, a.py:5, b.py:1 and 1 more\n" +
				"a.py:3:1: warning[duplicate-structure]: duplicated block (2 lines, 5 instances), also at a.py:1, a.py:5, b.py:1 and 1 more\n" +
				"a.py:5:1: warning[duplicate-structure]: duplicated block (2 lines, 5 instances), also at a.py:1, a.py:3, b.py:1 and 1 more\n" +
				"b.py:1:1: warning[duplicate-structure]: duplicated block (2 lines, 5 instances), also at a.py:1, a.py:3, a.py:5 and 1 more\n" +
				"b.py:3:1: warning[duplicate-structure]: duplicated block (2 lines, 5 instances), also at a.py:1, a.py:3, a.py:5 and 1 more\n",
		},
		{
			name: "--min-duplicate-lines leaves out shorter clone groups",
			r:    &Report{CloneBlocks: cloneGroup(2, 2)},
			opt:  TextOptions{MinDuplicateLines: 3},
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := tt.opt
			opt.CWD, opt.ReadFile = "/w", read
			assert.Equal(t, tt.want, writeText(t, tt.r, opt))
		})
	}
}

// cloneGroup is one group of n instances of sloc lines each: three in
// /w/a.py, the rest in /w/b.py, every other line, given out of order.
func cloneGroup(n, sloc int) []CloneBlock {
	var out []CloneBlock
	for i := n - 1; i >= 0; i-- {
		path, k := "/w/a.py", i
		if i >= 3 {
			path, k = "/w/b.py", i-3
		}
		out = append(out, CloneBlock{Path: path, StartLine: 2*k + 1, EndLine: 2*k + 2, SLOC: sloc, Group: "g", Instances: n})
	}
	return out
}
