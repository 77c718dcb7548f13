// Package filecache is the store the engine files each file's analysis
// and ast-grep findings in: a cache directory (package cache) with, in
// front of it, the entries the last three runs used kept in memory, the
// analyses made ahead of the runs (prescans) pinned until a run reads
// them, claims that keep two concurrent runs from analysing one file
// twice, and the counts of what a run found (Stats).
//
// It knows nothing of what an entry holds: the engine decides the keys
// and the values (see internal/engine). It is internal: the facade's
// Session opens the one Cache of its runs.
package filecache
