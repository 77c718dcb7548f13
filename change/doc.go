// Package change compares two reports of the same project, a base and a
// head: the difference of every number, each function's status (new,
// removed, regressed, improved, unchanged) found by matching functions
// across the two trees, and the findings the head adds. It knows nothing
// of where the trees come from (revisions, the index, directories): the
// caller measures both and says which files were renamed and which lines
// changed.
package change
