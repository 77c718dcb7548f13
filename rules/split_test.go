package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// Each string costs its bytes, its NUL and an 8-byte pointer; the binary,
// the fixed arguments and the environment are paid by every run.
func TestSplitArgs(t *testing.T) {
	// "sg" 3+8=11, "scan" 5+8=13, "A=1" 4+8=12: 36 fixed. A file of
	// four bytes ("a.py") costs 13.
	files := []string{"a.py", "b.py", "c.py", "d.py", "e.py"}
	tests := []struct {
		name   string
		budget int
		want   [][]string
	}{
		{"all fit", 36 + 5*13, [][]string{files}},
		{"two a run", 36 + 2*13, [][]string{{"a.py", "b.py"}, {"c.py", "d.py"}, {"e.py"}}},
		{"one byte short of two", 36 + 2*13 - 1, [][]string{{"a.py"}, {"b.py"}, {"c.py"}, {"d.py"}, {"e.py"}}},
		{"a budget the fixed part exceeds still runs one file each", 10, [][]string{{"a.py"}, {"b.py"}, {"c.py"}, {"d.py"}, {"e.py"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, splitArgs("sg", []string{"scan"}, files, []string{"A=1"}, tc.budget))
		})
	}
}

// bigTree writes n files whose absolute paths are length bytes long,
// every hundredth holding one match of rangeRule, and returns their paths.
func bigTree(t *testing.T, n, length int) []string {
	t.Helper()
	root := t.TempDir()
	name := "file00000.py"
	pad := length - len(root) - 2 - len(name)
	require.Positive(t, pad)
	dir := filepath.Join(root, strings.Repeat("d", pad))
	require.NoError(t, os.Mkdir(dir, 0o755))
	paths := make([]string, n)
	for i := range n {
		paths[i] = filepath.Join(dir, fmt.Sprintf("file%05d.py", i))
		require.Len(t, paths[i], length)
		text := "pass\n"
		if i%100 == 0 {
			text = "x == True\n"
		}
		require.NoError(t, os.WriteFile(paths[i], []byte(text), 0o644))
	}
	return paths
}

const trueRule = "id: eq-true\nlanguage: python\nseverity: warning\nmessage: m\nrule: {pattern: $A == True}\n"

// wantTrue is what trueRule finds in bigTree's files: one match on the
// first line of every hundredth.
func wantTrue(paths []string) []finding.Finding {
	var want []finding.Finding
	for i, p := range paths {
		if i%100 == 0 {
			want = append(want, finding.Finding{Kind: finding.AstGrep, RuleID: "eq-true", Severity: "warning", Message: "m", Path: p,
				Line: 1, EndLine: 1, Col: 1, EndCol: 10, Text: "x == True"})
		}
	}
	return want
}

// A file list past the argument budget is scanned in several runs whose
// findings are merged in report order: the same as one run, and as every
// file scanned alone.
func TestScanSplitsByArgumentBudget(t *testing.T) {
	paths := bigTree(t, 301, 120)
	cat := testCatalog(t, trueRule)
	log := filepath.Join(t.TempDir(), "runs")
	wrapper := fakeAstGrep(t, "echo run >> "+log+"\nexec "+testkit.AstGrep(t)+" \"$@\"")
	scanner := &Scanner{Binary: wrapper, Timeout: time.Minute}

	whole, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), paths)
	require.NoError(t, err)
	assert.Equal(t, wantTrue(paths), whole)

	old := argBudget
	t.Cleanup(func() { argBudget = old })
	fixed := 0
	for _, e := range os.Environ() {
		fixed += len(e) + 9
	}
	fixed += len(wrapper) + 9
	// The fixed arguments of a scan (flags, two temporary files) take less
	// than 1 KiB beside the environment and the binary, and each file 129
	// bytes: a run holds from 50 to 57 files, so 301 files take 6 or 7.
	argBudget = fixed + 1024 + 50*129
	require.NoError(t, os.Remove(log))
	split, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), paths)
	require.NoError(t, err)
	assert.Equal(t, whole, split)
	runs, err := os.ReadFile(log)
	require.NoError(t, err)
	n := strings.Count(string(runs), "run\n")
	assert.GreaterOrEqual(t, n, 6, "301 files at no more than 57 a run")
	assert.LessOrEqual(t, n, 7, "301 files at no fewer than 50 a run")
}

// 50,000 files with 200-byte paths (10 MB of arguments, five times Linux's
// default ARG_MAX) are scanned at the default budget with the findings of
// the same files scanned in small groups, and of the files' construction
// (issue 15, point 7).
func TestScanManyLongPaths(t *testing.T) {
	if testing.Short() {
		t.Skip("50,000 files")
	}
	paths := bigTree(t, 50000, 200)
	cat := testCatalog(t, trueRule)
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: 5 * time.Minute}
	all, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), paths)
	require.NoError(t, err, "no argument list too long")
	want := wantTrue(paths)
	require.Len(t, want, 500)
	assert.Equal(t, want, all)

	var small []finding.Finding
	// Groups of 1,000 files (200 KB of arguments) are one run each.
	for start := 0; start < len(paths); start += 1000 {
		found, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), paths[start:min(start+1000, len(paths))])
		require.NoError(t, err)
		small = append(small, found...)
	}
	assert.Equal(t, SortFindings(small), all)
}
