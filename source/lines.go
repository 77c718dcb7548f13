package source

import "sort"

// Lines is a sorted set of 1-based line numbers.
type Lines []int

// Len returns the number of lines in the set.
func (l Lines) Len() int { return len(l) }

// Has reports whether line n is in the set.
func (l Lines) Has(n int) bool {
	i := sort.SearchInts(l, n)
	return i < len(l) && l[i] == n
}

// Within returns the lines of the set in [start, end].
func (l Lines) Within(start, end int) Lines {
	if end < start {
		return nil
	}
	lo := sort.SearchInts(l, start)
	hi := sort.SearchInts(l, end+1)
	return l[lo:hi]
}

// CountWithin returns the number of lines of the set in [start, end].
func (l Lines) CountWithin(start, end int) int { return len(l.Within(start, end)) }

// LinesFromMarks turns a per-line mark slice (index = 1-based line) into a
// sorted set.
func LinesFromMarks(marks []bool) Lines {
	var out Lines
	for n, m := range marks {
		if m {
			out = append(out, n)
		}
	}
	return out
}
