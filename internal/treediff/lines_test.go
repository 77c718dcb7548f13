package treediff

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChangedLines(t *testing.T) {
	tests := []struct {
		name       string
		base, head string
		want       []int
	}{
		{"equal contents change nothing", "a\nb\n", "a\nb\n", []int{}},
		{"a new file changes every line", "", "a\nb\nc", []int{1, 2, 3}},
		{"an emptied file has no line to list", "a\n", "", []int{}},
		{"an inserted line is listed", "a\nb\nc\n", "a\nb\nx\nc\n", []int{3}},
		{"a changed line is listed", "a\nb\nc\n", "a\nB\nc\n", []int{2}},
		{"deleted lines list nothing", "a\nb\nc\nd\n", "a\nd\n", []int{}},
		// The last line gained its newline: its bytes differ.
		{"a newline added at the end changes the last line", "a\nb", "a\nb\n", []int{2}},
		// Moving c above a: the shortest script keeps a and b, so the
		// moved line is the inserted one.
		{"a moved line is listed where it lands", "a\nb\nc\n", "c\na\nb\n", []int{1}},
		// Base x a y b, head a z b: keep a and b (2 deletions, 1
		// insertion): z at line 2.
		{"a middle edit keeps the common lines", "x\na\ny\nb\n", "a\nz\nb\n", []int{2}},
		{"two separate edits", "1\n2\n3\n4\n5\n", "1\nX\n3\n4\nY\n", []int{2, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ChangedLines([]byte(tt.base), []byte(tt.head)))
		})
	}
}

// Past MaxEdits every line of the head counts: 2*MaxEdits+2 lines all
// replaced need more edits than that.
func TestChangedLinesBound(t *testing.T) {
	n := MaxEdits + 1
	base := strings.Repeat("old\n", n)
	head := strings.Repeat("new\n", n)
	got := ChangedLines([]byte(base), []byte(head))
	require.Len(t, got, n)
	assert.Equal(t, 1, got[0])
	assert.Equal(t, n, got[n-1])
	// Just within the bound: MaxEdits/2 lines replaced is MaxEdits edits.
	within := strings.Repeat("new\n", MaxEdits/2) + strings.Repeat("same\n", 10)
	assert.Len(t, ChangedLines([]byte(strings.Repeat("old\n", MaxEdits/2)+strings.Repeat("same\n", 10)), []byte(within)), MaxEdits/2)
}

// On random contents over a small alphabet, the lines not listed are a
// common subsequence of both (in order) and as long as a longest one,
// computed by the textbook dynamic programme.
func TestChangedLinesIsMinimal(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	random := func() []string {
		out := make([]string, rng.Intn(30))
		for i := range out {
			out[i] = string(rune('a'+rng.Intn(4))) + "\n"
		}
		return out
	}
	for i := 0; i < 500; i++ {
		a, b := random(), random()
		changed := ChangedLines([]byte(strings.Join(a, "")), []byte(strings.Join(b, "")))
		isChanged := map[int]bool{}
		for _, l := range changed {
			isChanged[l] = true
		}
		var kept []string
		for j, l := range b {
			if !isChanged[j+1] {
				kept = append(kept, l)
			}
		}
		require.True(t, isSubsequence(kept, a), "case %d: %q %q -> %v", i, a, b, changed)
		require.Equal(t, lcsLength(a, b), len(kept), "case %d: %q %q -> %v", i, a, b, changed)
	}
}

func isSubsequence(sub, of []string) bool {
	j := 0
	for _, s := range of {
		if j < len(sub) && sub[j] == s {
			j++
		}
	}
	return j == len(sub)
}

func lcsLength(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}
