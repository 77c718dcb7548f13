// Package reuse computes DIR, the dependency integration ratio of the
// SLUMP benchmark: the share of the public symbols of standalone modules
// that other, non-test modules actually reuse.
//
// Extract reads what DIR needs of one parsed file (definitions, export
// lists, imports, references) in the same pass as the other metrics;
// Compute resolves imports and references across all files and assigns
// every symbol a status. The definition followed, with its variants
// (dir_with_tests, dir_reachable, dir_lenient, macro DIR), is the
// project's own, written down in the DIR specification; LoadMCF and IF50
// combine DIR with externally judged MCF scores.
package reuse
