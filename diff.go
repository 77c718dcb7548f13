package scbcheck

import (
	"context"
	"errors"
	"time"

	"github.com/scbcheck/scbcheck/change"
)

// TreeKind is where a tree Diff measures comes from.
type TreeKind int

// The kinds of tree.
const (
	// Revision is a commit of the repository holding DiffOptions.Path,
	// read from git objects (Tree.Rev names it).
	Revision TreeKind = iota + 1
	// MergeBase is the merge base of Tree.Rev and HEAD.
	MergeBase
	// Index is the content staged in the repository's index.
	Index
	// WorkTree is the repository's working tree as it is on disk.
	WorkTree
	// Directory is a directory (Tree.Dir), compared with the other side
	// by path.
	Directory
)

// Tree is one side of a Diff.
type Tree struct {
	Kind TreeKind
	// Rev is the revision of a Revision or MergeBase tree.
	Rev string
	// Dir is the directory of a Directory tree.
	Dir string
}

// DiffOptions configures Diff: the analysis options (each tree is
// measured with them exactly as Analyze would), the two trees and how git
// is run.
type DiffOptions struct {
	Options
	// Base and Head are the trees compared.
	Base, Head Tree
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// GitTimeout bounds each git process; the default when not positive.
	GitTimeout time.Duration
	// OutsideGitDir allows a git directory outside the tree (see
	// trajectory.GitOptions.OutsideGitDir).
	OutsideGitDir bool
}

// Diff measures the base and the head tree and compares them (see
// package change).
func Diff(ctx context.Context, opt DiffOptions) (*change.Delta, error) {
	return nil, errors.New("diff: being built")
}
