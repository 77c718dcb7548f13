package treediff

import "bytes"

// MaxEdits bounds the line diff: when the two versions of a file differ
// by more than this many inserted and deleted lines (past their common
// first and last lines), ChangedLines stops and counts every line of the
// new version as changed. The diff's memory grows as the square of the
// edits, and a file changed this much is rewritten in all but name.
const MaxEdits = 2000

// ChangedLines lists the lines of head (numbered from 1) that are not in
// a longest common subsequence of the lines of base and head: the lines a
// change added or changed, in increasing order. A line is the text up to
// and including a newline, or the text after the last one; two lines are
// equal when their bytes are. Past MaxEdits every line of head is listed.
// Equal contents list none; an empty head lists none either.
func ChangedLines(base, head []byte) []int {
	a, b := splitLines(base), splitLines(head)
	// The common first and last lines are no edit; most changes touch a
	// small middle.
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	ids := internLines(a[pre:len(a)-suf], b[pre:len(b)-suf])
	inserted, ok := insertions(ids[0], ids[1])
	if !ok {
		return allLines(len(b))
	}
	out := make([]int, 0, len(inserted))
	for _, i := range inserted {
		out = append(out, pre+i+1)
	}
	return out
}

// allLines is 1..n.
func allLines(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// splitLines cuts b after each newline; the text after the last one, if
// any, is a line too.
func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return append(out, b)
		}
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// internLines numbers the distinct lines of a and b, so that the diff
// compares integers.
func internLines(a, b [][]byte) [2][]int {
	ids := map[string]int{}
	var out [2][]int
	for k, lines := range [][][]byte{a, b} {
		out[k] = make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[string(l)]
			if !ok {
				id = len(ids)
				ids[string(l)] = id
			}
			out[k][i] = id
		}
	}
	return out
}

// insertions finds a shortest edit script from a to b with Myers'
// greedy algorithm and returns the indexes of b's inserted elements,
// increasing; ok is false when the script needs more than MaxEdits
// edits.
//
// For each number of edits d, furthest[k] is the furthest x reached on
// diagonal k = x - y; the rows of each d are kept (d+1 values each, the
// diagonals -d, -d+2, ..., d) to walk the script back from the end.
func insertions(a, b []int) (inserted []int, ok bool) {
	n, m := len(a), len(b)
	if n == 0 {
		return allIndexes(m), true
	}
	if m == 0 {
		return nil, true
	}
	var rows [][]int
	prev := []int{0} // d = 0 before sliding: diagonal 0 at x = 0
	// at returns the furthest x of row r (for d = len(row)-1) on
	// diagonal k.
	at := func(row []int, k int) int { return row[(k+len(row)-1)/2] }
	for d := 0; d <= MaxEdits; d++ {
		row := make([]int, d+1)
		for i := range row {
			k := -d + 2*i
			var x int
			switch {
			case d == 0:
				x = 0
			case k == -d || k != d && at(prev, k-1) < at(prev, k+1):
				// From diagonal k+1 by an insertion (y grows).
				x = at(prev, k+1)
			default:
				// From diagonal k-1 by a deletion (x grows).
				x = at(prev, k-1) + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			row[i] = x
			if x >= n && y >= m {
				rows = append(rows, row)
				return backtrack(rows, n, m), true
			}
		}
		rows = append(rows, row)
		prev = row
	}
	return nil, false
}

// backtrack walks the rows of insertions back from (n, m) to (0, 0) and
// lists the indexes of b reached by an insertion.
func backtrack(rows [][]int, n, m int) []int {
	at := func(row []int, k int) int { return row[(k+len(row)-1)/2] }
	var out []int
	x, y := n, m
	for d := len(rows) - 1; d > 0; d-- {
		prev := rows[d-1]
		k := x - y
		var fromK int
		if k == -d || k != d && at(prev, k-1) < at(prev, k+1) {
			fromK = k + 1
		} else {
			fromK = k - 1
		}
		startX := at(prev, fromK)
		startY := startX - fromK
		if fromK == k+1 {
			// An insertion of b[startY], then a run of equal lines.
			out = append(out, startY)
		}
		x, y = startX, startY
	}
	// Reverse: the walk went from the end.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// allIndexes is 0..n-1.
func allIndexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
