// Package treediff compares two versions of a tree whose files are held
// as bytes: which files were renamed (Renames, git's rename detection
// written again: exact content first, then similarity) and which lines of
// a file were added or changed (ChangedLines, a line diff). It knows
// nothing of git processes or of the analysis: the change engine reads
// both trees and hands their bytes over, so that no program a repository
// configures (a clean filter, an external diff) is ever run to compare
// them.
package treediff
