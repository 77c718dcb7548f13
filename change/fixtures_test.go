package change_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	scbcheck "github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// analyze measures dir as check does, with the real ast-grep.
func analyze(t *testing.T, dir string, opt scbcheck.Options) *report.Report {
	t.Helper()
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	opt.Path, opt.WorkDir, opt.AstGrep = abs, abs, testkit.AstGrep(t)
	r, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err)
	return r
}

// hunk is a hunk header of a unified diff with no context lines: its
// head side's start and line count.
var hunk = regexp.MustCompile(`(?m)^@@ -\S+ \+(\d+)(?:,(\d+))? @@`)

// changedLines are, for each file of the head report, its lines added or
// changed since its base file (renames[path], else path, under baseDir),
// as git's own diff of the two files finds them; every line of a file
// without a base file.
func changedLines(t *testing.T, baseDir, headDir string, head *report.Report, renames map[string]string) map[string][]int {
	t.Helper()
	out := map[string][]int{}
	for _, f := range head.Files {
		basePath := f.Path
		if p, ok := renames[f.Path]; ok {
			basePath = p
		}
		b, h := filepath.Join(baseDir, basePath), filepath.Join(headDir, f.Path)
		if _, err := os.Stat(b); err != nil {
			for line := 1; line <= f.Lines; line++ {
				out[f.Path] = append(out[f.Path], line)
			}
			continue
		}
		diff, err := exec.Command("git", "diff", "--no-index", "--no-color", "-U0", "--", b, h).Output()
		if err != nil && len(diff) == 0 {
			continue // exit 0: the same content
		}
		for _, m := range hunk.FindAllStringSubmatch(string(diff), -1) {
			start, _ := strconv.Atoi(m[1])
			count := 1
			if m[2] != "" {
				count, _ = strconv.Atoi(m[2])
			}
			for line := start; line < start+count; line++ {
				out[f.Path] = append(out[f.Path], line)
			}
		}
	}
	return out
}

// compareDirs measures base and head (directories of testdata) and
// compares them.
func compareDirs(t *testing.T, base, head string, renames map[string]string, opt scbcheck.Options) *change.Delta {
	t.Helper()
	baseDir, headDir := filepath.Join("testdata", base), filepath.Join("testdata", head)
	b, h := analyze(t, baseDir, opt), analyze(t, headDir, opt)
	return change.Compare(change.Input{Base: b, Head: h, Renames: renames, Changed: changedLines(t, baseDir, headDir, h, renames)})
}

// shown are the new findings as "rule path:line message", or with the
// counterparts for a clone.
func shown(nfs []change.NewFinding) []string {
	var out []string
	for _, f := range nfs {
		s := f.RuleID + " " + f.Path + ":" + strconv.Itoa(f.Line)
		if f.Measure != nil {
			s += " " + f.Message
		}
		for _, p := range f.Counterparts {
			s += " copy of " + p.Path + ":" + strconv.Itoa(p.Line)
		}
		out = append(out, s)
	}
	return out
}

// The acceptance cases, on change/testdata/shop (the base: six old
// findings, two functions over a threshold) and a head directory each.
// The expectations are worked out from the fixtures' text: the new
// function check_ranges has 14 asserts (CC 15, cognitive 0), the copy
// parse_flags has parse_args's body, run gains one `.get(K, None)`.
func TestAcceptanceOnFixtures(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		renames    map[string]string
		want       []string
		// functions are the functions not unchanged, "name status".
		functions []string
	}{
		{
			name: "no change gives no new finding", head: "shop",
		},
		{
			name: "functions moved within a file and to a renamed file give no new finding", head: "moved",
			renames: map[string]string{"commands.py": "cli.py"},
		},
		{
			name: "a copy, a function of CC 15 and one flagged line are exactly the new findings", head: "added",
			want: []string{
				"duplicate-structure cli.py:19 copy of cli.py:1",
				"dict-get-default-none cli.py:14",
				"cyclomatic-complexity checks.py:48 function `check_ranges` exceeds complexity threshold (complexity 15 > 10, sloc 16)",
			},
			functions: []string{"check_ranges new", "parse_flags new", "run regressed"},
		},
		{
			name: "an over-threshold function made worse is one complexity finding with both numbers", head: "worse",
			want:      []string{"cyclomatic-complexity checks.py:1 function `validate` exceeds complexity threshold (complexity 12 -> 14 > 10, sloc 15)"},
			functions: []string{"validate regressed"},
		},
		{
			name: "shortening an if-ladder already flagged is not new", head: "ladder",
			functions: []string{"route improved"},
		},
		{
			name: "an improvement only gives no new finding", head: "improved",
			functions: []string{"validate improved"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := compareDirs(t, "shop", tc.head, tc.renames, scbcheck.Options{})
			assert.Equal(t, tc.want, shown(d.NewFindings))
			assert.Equal(t, tc.functions, statuses(d.Functions))
		})
	}
}

// The moved case's functions are all matched: none is new or removed,
// normalize moved from checks.py to commands.py (renamed from cli.py)
// by its body.
func TestMovedFunctionsMatched(t *testing.T) {
	d := compareDirs(t, "shop", "moved", map[string]string{"commands.py": "cli.py"}, scbcheck.Options{})
	byName := map[string]change.Function{}
	all := change.Compare(change.Input{Base: d.Base, Head: d.Head, Renames: map[string]string{"commands.py": "cli.py"}, AllFunctions: true})
	for _, f := range all.Functions {
		byName[f.Name] = f
	}
	require.Len(t, byName, 5)
	n := byName["normalize"]
	require.NotNil(t, n.Base)
	require.NotNil(t, n.Head)
	assert.Equal(t, "checks.py:42", n.Base.Path+":"+strconv.Itoa(n.Base.Line))
	assert.Equal(t, "commands.py:1", n.Head.Path+":"+strconv.Itoa(n.Head.Line))
	assert.Equal(t, change.Unchanged, n.Status)
}

// A tree with hundreds of old findings of every kind (the repository's
// fixtures, every language and rule) compared with itself, unchanged,
// gives no new finding.
func TestManyOldFindingsNoChange(t *testing.T) {
	opt := scbcheck.Options{Languages: []string{"all"}, IncludeAll: true}
	dir := filepath.Join("..", "testdata")
	b, h := analyze(t, dir, opt), analyze(t, dir, opt)
	require.Greater(t, len(h.Issues(0)), 250, "the tree holds many findings")
	d := change.Compare(change.Input{Base: b, Head: h})
	assert.Empty(t, d.NewFindings)
	assert.Empty(t, d.Functions)
	for k, v := range d.Metrics {
		assert.Zero(t, v, k)
	}
}

// Under the 0.1.3 profile the reports are 0.1.3's (its functions, block
// clones and rules) and Compare works on them the same way, with one
// difference worked out from 0.1.3's model: its clone candidates are
// blocks, so its callables have no body hash and a function moved to
// another file is not matched (removed and new, its findings new). Its
// clone instances are every function, if, for, while, with or try block
// of at least MinBlockSLOC (3) SLOC lines with a twin: the copy
// parse_flags (lines 19-25) repeats parse_args's def (1-7), its for
// (3-6 / 21-24) and its if (4-6 / 22-24), three groups, each new at the
// copy.
func TestCompat013Reports(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		renames    map[string]string
		want       []string
		functions  []string
	}{
		{name: "no change", head: "shop"},
		{
			name: "moves within a file and a renamed file are no news; a move across files is", head: "moved",
			renames:   map[string]string{"commands.py": "cli.py"},
			want:      []string{"bool-comparison commands.py:2"},
			functions: []string{"normalize new", "normalize removed"},
		},
		{
			name: "a copy is one new finding per block group, with the flagged line and CC 15", head: "added",
			want: []string{
				"duplicate-structure cli.py:19 copy of cli.py:1",
				"duplicate-structure cli.py:22 copy of cli.py:4",
				"duplicate-structure cli.py:21 copy of cli.py:3",
				"dict-get-default-none cli.py:14",
				"cyclomatic-complexity checks.py:48 function `check_ranges` exceeds complexity threshold (complexity 15 > 10, sloc 16)",
			},
			functions: []string{"check_ranges new", "parse_flags new", "run regressed"},
		},
		{
			name: "worse", head: "worse",
			want:      []string{"cyclomatic-complexity checks.py:1 function `validate` exceeds complexity threshold (complexity 12 -> 14 > 10, sloc 15)"},
			functions: []string{"validate regressed"},
		},
		{name: "ladder", head: "ladder", functions: []string{"route improved"}},
		{name: "improved", head: "improved", functions: []string{"validate improved"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := compareDirs(t, "shop", tc.head, tc.renames, scbcheck.Options{Compat: "0.1.3"})
			require.Equal(t, "0.1.3", d.Head.Compat)
			assert.Equal(t, tc.want, shown(d.NewFindings))
			assert.Equal(t, tc.functions, statuses(d.Functions))
			assert.Contains(t, d.Metrics, "erosion", "the deltas are ours")
		})
	}
}
