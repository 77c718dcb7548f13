package treediff

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// lines is n distinct lines of 20 bytes each, numbered from first.
func lines(first, n int) string {
	var b strings.Builder
	for i := first; i < first+n; i++ {
		fmt.Fprintf(&b, "value_%04d = %04d*2\n", i, i)
	}
	return b.String()
}

func TestSimilarity(t *testing.T) {
	ten := lines(0, 10) // 10 lines of 20 bytes
	tests := []struct {
		name string
		a, b string
		want int
	}{
		{"identical contents", ten, ten, MaxScore},
		// 8 of 10 lines kept, 2 replaced by lines of the same length.
		{"two lines of ten replaced", ten, lines(0, 8) + lines(100, 2), MaxScore * 8 / 10},
		// 10 lines kept of 20: half the larger size.
		{"ten lines added to ten", ten, ten + lines(10, 10), MaxScore / 2},
		// 10 of 21: the sizes differ by more than half the larger one.
		{"sizes too far apart are 0", ten, ten + lines(10, 11), 0},
		// CRs before newlines are not compared: 200 bytes shared of 210.
		{"line ends changed keep the content", ten, strings.ReplaceAll(ten, "\n", "\r\n"), MaxScore * 200 / 210},
		{"empty contents are 0", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Similarity([]byte(tt.a), []byte(tt.b)))
		})
	}
}

func TestRenames(t *testing.T) {
	ten := lines(0, 10)
	tests := []struct {
		name           string
		removed, added map[string]string
		want           map[string]string
	}{
		{"an exact rename", map[string]string{"a.py": ten}, map[string]string{"lib/b.py": ten},
			map[string]string{"lib/b.py": "a.py"}},
		{"an exact rename prefers the same base name",
			map[string]string{"a/x.py": ten, "b/y.py": ten}, map[string]string{"c/y.py": ten},
			map[string]string{"c/y.py": "b/y.py"}},
		{"an edited rename at 80%", map[string]string{"old.py": ten}, map[string]string{"new.py": lines(0, 8) + lines(100, 2)},
			map[string]string{"new.py": "old.py"}},
		{"under half similar is a removal and an addition", map[string]string{"old.py": ten}, map[string]string{"new.py": lines(0, 4) + lines(100, 6)},
			map[string]string{}},
		// new.py is 90% like b.py and 80% like a.py: b.py wins, and a.py
		// is left for nothing else.
		{"the best pair wins", map[string]string{"a.py": lines(0, 8) + lines(200, 2), "b.py": lines(0, 9) + lines(300, 1)},
			map[string]string{"new.py": ten}, map[string]string{"new.py": "b.py"}},
		// pkg/util.py is 80% like util.py and 90% like helpers.py; the
		// only util.py on each side, 75% or more alike, pair first.
		{"a unique base name pairs first",
			map[string]string{"util.py": lines(0, 8) + lines(200, 2), "helpers.py": lines(0, 9) + lines(300, 1)},
			map[string]string{"pkg/util.py": ten},
			map[string]string{"pkg/util.py": "util.py"}},
		{"empty files are never paired", map[string]string{"a.py": ""}, map[string]string{"b.py": ""}, map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Renames(bytesOf(tt.removed), bytesOf(tt.added)))
		})
	}
}

func bytesOf(files map[string]string) map[string][]byte {
	out := map[string][]byte{}
	for p, s := range files {
		out[p] = []byte(s)
	}
	return out
}

// Renames agrees with git's own rename detection (`git diff -M
// --name-status`) on hand-made histories: the same pairs, each with the
// similarity git prints (percent, rounded down).
func TestRenamesAgreeWithGit(t *testing.T) {
	ten, twenty := lines(0, 10), lines(0, 20)
	cases := []struct {
		name   string
		before map[string]string
		after  map[string]string
	}{
		{"a move, an edit and a removal",
			map[string]string{"a.py": ten, "b.py": twenty, "c.py": lines(500, 10), "keep.py": lines(900, 5)},
			map[string]string{"lib/a.py": ten, "lib/bee.py": lines(0, 17) + lines(600, 3), "keep.py": lines(900, 6)}},
		{"line ends changed on the way",
			map[string]string{"crlf.py": twenty},
			map[string]string{"sub/crlf2.py": strings.ReplaceAll(twenty, "\n", "\r\n")}},
		{"the best of two sources, and one too different",
			map[string]string{"a.py": lines(0, 8) + lines(200, 2), "b.py": lines(0, 9) + lines(300, 1), "far.py": lines(700, 10)},
			map[string]string{"new.py": ten, "near.py": lines(700, 4) + lines(800, 6)}},
		{"a unique base name first",
			map[string]string{"util.py": lines(0, 8) + lines(200, 2), "helpers.py": lines(0, 9) + lines(300, 1)},
			map[string]string{"pkg/util.py": ten}},
		{"two files swap places with edits",
			map[string]string{"x/one.py": lines(0, 12), "x/two.py": lines(100, 12)},
			map[string]string{"y/one.py": lines(100, 11) + lines(400, 1), "y/two.py": lines(0, 10) + lines(450, 2)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := testkit.NewGitRepo(t)
			from := r.Commit("before", tc.before)
			for p := range tc.before {
				require.NoError(t, os.Remove(filepath.Join(r.Dir, p)))
			}
			to := r.Commit("after", tc.after)
			out := r.Git("-c", "diff.renames=true", "-c", "core.autocrlf=false", "diff", "-M", "--name-status", "-z", from, to)
			want := map[string]string{}
			fields := strings.Split(strings.TrimRight(out, "\x00"), "\x00")
			for i := 0; i < len(fields); {
				status := fields[i]
				if strings.HasPrefix(status, "R") {
					want[fields[i+2]] = fields[i+1] + " " + strings.TrimPrefix(status, "R")
					i += 3
					continue
				}
				i += 2
			}
			removed, added := map[string][]byte{}, map[string][]byte{}
			for p, s := range tc.before {
				if _, kept := tc.after[p]; !kept {
					removed[p] = []byte(s)
				}
			}
			for p, s := range tc.after {
				if _, had := tc.before[p]; !had {
					added[p] = []byte(s)
				}
			}
			got := map[string]string{}
			for to, from := range Renames(removed, added) {
				score := Similarity(removed[from], added[to]) * 100 / MaxScore
				got[to] = from + " " + fmt.Sprintf("%03d", score)
			}
			assert.Equal(t, want, got)
			assert.NotEmpty(t, want, "each case has a rename")
		})
	}
}
