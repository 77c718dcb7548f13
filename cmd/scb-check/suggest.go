package main

import (
	"sort"
	"strings"
)

// closest returns the candidate nearest to name by edit distance, when it
// is near enough to be a typo (at most a third of the name's length, and at
// least one edit), else "". A one-letter option (-x) gets no suggestion
// (every other one-letter option is one edit away), and a long one only
// long ones. Ties go to the first in sorted order, so the suggestion is
// the same on every run.
func closest(name string, candidates []string) string {
	if strings.HasPrefix(name, "-") && !strings.HasPrefix(name, "--") {
		return ""
	}
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestDist := "", max(1, len(name)/3)+1
	for _, c := range sorted {
		if c == name || strings.HasPrefix(c, "-") != strings.HasPrefix(name, "-") || strings.HasPrefix(c, "-") && !strings.HasPrefix(c, "--") {
			continue
		}
		if d := editDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance of a and b: the
// fewest insertions, deletions, substitutions and swaps of two adjacent
// bytes turning a into b (a swap is the commonest typo: --gti for --git).
func editDistance(a, b string) int {
	// d[i][j] is the distance of a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// didYouMean is the tip a usage error ends with when name has a near
// candidate: "\n\n  tip: did you mean '--include-all'?", else "".
func didYouMean(name string, candidates []string) string {
	if c := closest(name, candidates); c != "" {
		return "\n\n  tip: did you mean '" + c + "'?"
	}
	return ""
}

// mapKeys are the keys of m, in no order.
func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}
