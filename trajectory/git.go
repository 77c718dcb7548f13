package trajectory

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/option"
)

// GitOptions selects the commits of a git trajectory.
type GitOptions struct {
	// Repo is a repository: its work tree, a directory inside it (then
	// only that directory is analysed, and only commits touching it
	// count) or a bare repository.
	Repo string
	// RevRange is "A..B" (the first-parent commits after A up to B) or a
	// single revision (its whole first-parent history); "HEAD" when empty.
	RevRange string
	// MaxCommits, when positive, keeps at most that many commits, sampled
	// evenly over the selected ones, the first and last always kept.
	MaxCommits int
	// OnlySourceCommits keeps only the commits that add, change, rename or
	// delete a file of an analysed language (by extension), compared with
	// their first parent.
	OnlySourceCommits bool
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// Timeout bounds each git process (and each answer of the one
	// reading blobs); DefaultGitTimeout when not positive.
	Timeout time.Duration
	// OutsideGitDir lets the repository's git directory, or the common
	// directory holding its objects and refs, lie outside its work tree
	// (the .git file of a linked worktree or a submodule, a commondir
	// file), and links, alternate object stores and configuration
	// includes of the git directory to lead out of the tree. Without it
	// such a repository is refused: its .git is the tree's, and could
	// name any repository of the host.
	OutsideGitDir bool
}

// DefaultGitTimeout is how long one git process (or one answer of the
// running `git cat-file`) may take when no timeout is given.
const DefaultGitTimeout = gitrepo.DefaultTimeout

// Git measures the first-parent history of a repository, oldest commit
// first. Each commit's tree is read from git into memory, never into the
// repository's work tree: the first one listed by `git ls-tree`, then
// what each commit changes, listed by `git diff-tree`, the files' bytes
// read raw (as committed: no filter, no conversion) by `git cat-file`.
// git is run so that it starts no program the repository, or any
// configuration, names (see package gitrepo). Without
// Analysis.Config each commit is analysed with the configuration it holds
// (as `check` run at its root would), else with the given one.
func Git(ctx context.Context, g GitOptions, opt Options) (*Trajectory, error) {
	sess, closeSession, err := opt.session(true)
	if err != nil {
		return nil, err
	}
	defer closeSession()
	opt.Session = sess
	r, err := gitrepo.Open(ctx, g.Repo, gitrepo.Options{Git: g.Git, Timeout: g.Timeout, OutsideGitDir: g.OutsideGitDir, MaxBlob: sess.Settings().BlobLimit()})
	if err != nil {
		return nil, option.About(option.GitRepo, err)
	}
	defer r.Close()
	revRange := rangeOrHead(g.RevRange)
	if err := r.CheckRange(ctx, revRange); err != nil {
		return nil, option.About(option.GitRevRange, err)
	}
	commits, err := r.Commits(ctx, revRange)
	if err != nil {
		return nil, err
	}
	// Every commit of the range counts in how often a file changed, also
	// those left out of the measured ones.
	changes := changeCounts(commits, r.Prefix())
	if g.OnlySourceCommits {
		enabled, err := enabledLanguages(g, opt)
		if err != nil {
			return nil, err
		}
		commits = slices.DeleteFunc(commits, func(c gitrepo.Commit) bool { return !touchesSource(c.Files, enabled) })
	}
	commits = sample(commits, g.MaxCommits)
	if len(commits) == 0 {
		return nil, fmt.Errorf("no commits to measure in %s (range %s)", r.Display(), revRange)
	}

	tmp, err := scratchDir("scb-check-trajectory-")
	if err != nil {
		return nil, fmt.Errorf("failed to create a temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	hashes := make([]string, len(commits))
	for i, c := range commits {
		hashes[i] = c.Hash
	}
	r.LoadChanges(ctx, hashes)
	snap := &snapshot{dir: filepath.Join(canonicalDir(tmp), "snapshot")}
	if err := snap.checkout(ctx, r, commits[0].Hash); err != nil {
		return nil, fmt.Errorf("commit %s: %w", commits[0].Hash, err)
	}
	waitPrescan, err := prescan(ctx, r, commits, snap, tmp, sess, opt.Analysis)
	if err != nil {
		return nil, err
	}
	// A failed prescan fails the points that wait for it.
	defer func() { _ = waitPrescan() }()
	t := &Trajectory{Points: make([]Point, len(commits)), Scope: sess.Settings().Scope()}
	if err := measureAll(ctx, r, snap, tmp, commits, opt, t.Points); err != nil {
		return nil, err
	}
	t.Summary = summarize(t.Points, opt.TopCallables)
	t.Hotspots = hotspots(t.Points, changes)
	return t, nil
}

func rangeOrHead(r string) string {
	if r == "" {
		return "HEAD"
	}
	return r
}
