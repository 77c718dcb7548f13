package change_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	scbcheck "github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/report"
)

// writtenBaseline records r as a baseline of findings, writes it to a
// file and reads it back: what a later run compares with holds only what
// the file holds.
func writtenBaseline(t *testing.T, r *report.Report) *report.Baseline {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, report.WriteBaseline(&buf, change.NewBaseline(r, "1.0.0", map[string]string{"path": "."})))
	path := filepath.Join(t.TempDir(), "baseline.json")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	b, err := report.ReadBaseline(path)
	require.NoError(t, err)
	return b
}

// The acceptance cases of TestAcceptanceOnFixtures, each head compared
// with a baseline of shop instead of shop itself. shop's six findings:
// validate's CC 12 (11 asserts), route's CC 13 and cognitive 12 (an if
// and 11 elifs), route's if-elif ladder, normalize's `flag == True`,
// run's `.get("verbose", None)`.
func TestBaselineOnFixtures(t *testing.T) {
	for _, tc := range []struct {
		name, head string
		want       []string
		// hidden is the head's findings less the new ones; stale the
		// baseline's the head no longer holds as recorded.
		hidden, stale int
	}{
		{name: "the same tree gives no new finding and hides all six", head: "shop", hidden: 6},
		{
			// Without renames (a baseline holds no history) commands.py is
			// a new file, cli.py gone: its functions and normalize are
			// matched by their bodies, and their findings stay old.
			name: "functions moved to another file give no new finding", head: "moved", hidden: 6,
		},
		{
			// The text recorded of run's old match tells the new one
			// (line 14) from it (line 12). The copy's counterpart
			// parse_args is a finding of the head that is not new.
			name: "a copy, a function of CC 15 and one flagged line are exactly the new findings", head: "added",
			want: []string{
				"duplicate-structure cli.py:19 copy of cli.py:1",
				"dict-get-default-none cli.py:14",
				"cyclomatic-complexity checks.py:48 function `check_ranges` exceeds complexity threshold (complexity 15 > 10, sloc 16)",
			},
			hidden: 7,
		},
		{
			name: "a flagged function made worse is new, with both numbers", head: "worse",
			want:   []string{"cyclomatic-complexity checks.py:1 function `validate` exceeds complexity threshold (complexity 12 -> 14 > 10, sloc 15)"},
			hidden: 5,
		},
		{
			// route: CC 13 -> 12 and cognitive 12 -> 11, both still over
			// 10: the two recorded complexity findings are stale (the
			// baseline allows more than the code has).
			name: "editing inside a flagged region is not new; the shrunk function's entries are stale", head: "ladder",
			hidden: 6, stale: 2,
		},
		{
			// validate: CC 12 -> 9, under the threshold; normalize's
			// `flag == True` became `flag`.
			name: "findings fixed are stale", head: "improved", hidden: 4, stale: 2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := writtenBaseline(t, analyze(t, filepath.Join("testdata", "shop"), scbcheck.Options{}))
			d, err := change.CompareBaseline(b, analyze(t, filepath.Join("testdata", tc.head), scbcheck.Options{}))
			require.NoError(t, err)
			assert.Equal(t, tc.want, shown(d.NewFindings))
			assert.Equal(t, tc.hidden, d.Hidden, "hidden")
			assert.Equal(t, tc.stale, d.Stale, "stale")
		})
	}
}

// A finding whose callable is not the function at its line (as a
// hand-merged conflict may leave it) is refused, naming the entry.
func TestCompareBaselineRefusesAWrongCallable(t *testing.T) {
	r := analyze(t, filepath.Join("testdata", "shop"), scbcheck.Options{})
	b := writtenBaseline(t, r)
	k := -1
	for i, e := range b.Findings {
		if e.Rule == "dict-get-default-none" {
			k = i
		}
	}
	require.GreaterOrEqual(t, k, 0)
	require.Equal(t, "run", b.Findings[k].Callable)
	b.Findings[k].Callable = "parse_args"
	_, err := change.CompareBaseline(b, r)
	assert.EqualError(t, err, "findings["+strconv.Itoa(k)+"]: dict-get-default-none at line 12 of cli.py is in `run`, not in `parse_args`")
}

// A link in the tree to a file of it is analysed as a second file of the
// target's path: the baseline lists the path once, is read back, and the
// same tree compared with it has no new finding.
func TestBaselineOfATreeWithALink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def f(d):\n    return d.get(\"k\", None)\n"), 0o644))
	require.NoError(t, os.Symlink("a.py", filepath.Join(dir, "b.py")))
	r := analyze(t, dir, scbcheck.Options{})
	require.Len(t, r.Files, 2)
	require.Equal(t, r.Files[0].Path, r.Files[1].Path, "the link is reported under its target's path")
	b := writtenBaseline(t, r)
	assert.Equal(t, []string{"a.py"}, b.Files)
	assert.Len(t, b.Functions, 2)
	d, err := change.CompareBaseline(b, r)
	require.NoError(t, err)
	assert.Empty(t, d.NewFindings)
	// The two files' d.get matches are equal in every field: one finding.
	assert.Equal(t, 1, d.Hidden)
	assert.Zero(t, d.Stale)
}

// A clone pair baselined, then one copy deleted: neither entry occurs any
// more, so both are stale (the kept copy's function is unchanged, which
// alone would not make its entry stale).
func TestBaselineCloneCopyDeletedIsStaleTwice(t *testing.T) {
	body := "(items, factor):\n    total = 0\n    for item in items:\n        if item > 0:\n" +
		"            total += item * factor\n        else:\n            total -= item\n" +
		"    result = total * 2\n    return result + 1\n"
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def compute"+body), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.py"), []byte("def compute2"+body), 0o644))
	b := writtenBaseline(t, analyze(t, dir, scbcheck.Options{DisableSG: true}))
	require.Len(t, b.Findings, 2)

	d, err := change.CompareBaseline(b, analyze(t, dir, scbcheck.Options{DisableSG: true}))
	require.NoError(t, err)
	assert.Equal(t, 2, d.Hidden)
	assert.Zero(t, d.Stale)

	require.NoError(t, os.Remove(filepath.Join(dir, "b.py")))
	d, err = change.CompareBaseline(b, analyze(t, dir, scbcheck.Options{DisableSG: true}))
	require.NoError(t, err)
	assert.Empty(t, d.NewFindings)
	assert.Zero(t, d.Hidden)
	assert.Equal(t, 2, d.Stale)
}
