package trajectory

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/option"
)

// Snapshot is one checkpoint measured on its own (see Measure): a file or
// directory, or one commit of a git repository.
type Snapshot struct {
	// Label names the snapshot in the point and in its error messages;
	// Path (with "@" and Rev) when empty.
	Label string
	// Path is the file or directory to analyse; with Rev, the repository
	// (as GitOptions.Repo: a work tree, a directory inside one, or a bare
	// repository).
	Path string
	// Rev, when set, is the revision of the repository at Path to measure:
	// anything `git rev-parse` understands that names a commit.
	Rev string
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// GitTimeout bounds each git process (see GitOptions.Timeout).
	GitTimeout time.Duration
	// OutsideGitDir: see GitOptions.OutsideGitDir.
	OutsideGitDir bool
}

// Measure measures one snapshot as a point of index 0. As for Directories
// and Git, a problem of the snapshot itself becomes the point's Err: a
// path that does not exist, a directory that is no git repository, a
// revision that names no commit, and everything a checkpoint can lack
// (sources, a parsable file, valid directives). The error is kept for
// failures that would hit every snapshot alike: a git executable that
// cannot run, a temporary directory that cannot be written, ast-grep failing,
// cancellation.
func Measure(ctx context.Context, s Snapshot, opt Options) (Point, error) {
	var m Measurer
	defer m.Close()
	return m.Measure(ctx, s, opt)
}

// Measurer measures snapshots one after another, each as Measure does,
// keeping the tree of the last commit it wrote: the next commit of the
// same repository is written as what changed since (as Git writes a
// history), so that a manifest listing a repository's commits in a row
// costs what the commits change. The zero value is ready; Close removes
// the tree.
type Measurer struct {
	// tmp holds the tree, made at the first commit.
	tmp string
	// repoDir is the repository the tree belongs to.
	repoDir string
	snap    *snapshot
}

// Close removes the kept tree.
func (m *Measurer) Close() error {
	if m.tmp == "" {
		return nil
	}
	err := os.RemoveAll(m.tmp)
	m.tmp, m.repoDir, m.snap = "", "", nil
	return err
}

// snapshotFor returns the tree to write a commit of r into: the kept one
// when it holds a commit of r, else a new one.
func (m *Measurer) snapshotFor(r *gitrepo.Repo) (*snapshot, error) {
	if m.snap != nil && m.repoDir == r.Dir() {
		return m.snap, nil
	}
	if err := m.Close(); err != nil {
		return nil, err
	}
	tmp, err := scratchDir("scb-check-snapshot-")
	if err != nil {
		return nil, fmt.Errorf("failed to create a temporary directory: %w", err)
	}
	m.tmp, m.repoDir, m.snap = tmp, r.Dir(), &snapshot{dir: filepath.Join(canonicalDir(tmp), "snapshot")}
	return m.snap, nil
}

// Measure measures one snapshot as a point of index 0 (see the function
// Measure).
func (m *Measurer) Measure(ctx context.Context, s Snapshot, opt Options) (Point, error) {
	if s.Label == "" {
		s.Label = s.Path
		if s.Rev != "" {
			s.Label += "@" + s.Rev
		}
	}
	sess, closeSession, err := opt.session(false)
	if err != nil {
		return Point{}, err
	}
	defer closeSession()
	if s.Rev == "" {
		cp := Checkpoint{Label: s.Label, Path: s.Path}
		a := opt.Analysis
		a.Path = s.Path
		return measure(ctx, sess, a, cp, "")
	}
	p := Point{Checkpoint: Checkpoint{Label: s.Label}}
	r, err := gitrepo.Open(ctx, s.Path, gitrepo.Options{Git: s.Git, Timeout: s.GitTimeout, OutsideGitDir: s.OutsideGitDir, MaxBlob: sess.Settings().BlobLimit()})
	if errors.Is(err, gitrepo.ErrNoGit) || ctx.Err() != nil {
		return p, err
	}
	if err != nil {
		p.Err = option.TextOf(err, nil)
		return p, nil
	}
	defer r.Close()
	c, err := r.Resolve(ctx, s.Rev)
	if err != nil {
		if errors.Is(err, gitrepo.ErrNoGit) || ctx.Err() != nil {
			return p, err
		}
		p.Err = option.TextOf(err, nil)
		return p, nil
	}
	p.Checkpoint.Commit, p.Checkpoint.Time, p.Checkpoint.Subject = c.Hash, c.Time, c.Subject
	if r.Prefix() != "" {
		// The analysed directory may not exist at every commit.
		dir := strings.TrimSuffix(r.Prefix(), "/")
		if !r.HasPath(ctx, c.Hash, dir) {
			p.Err = option.Text{option.Lit(fmt.Sprintf("%s does not exist at %s", dir, s.Label))}
			return p, nil
		}
	}
	snap, err := m.snapshotFor(r)
	if err != nil {
		return p, err
	}
	if err := snap.checkout(ctx, r, c.Hash); err != nil {
		// The commit's own (a tree git cannot list, a blob it cannot
		// read, a timeout), unless git or the run is gone.
		if errors.Is(err, gitrepo.ErrNoGit) || ctx.Err() != nil {
			return p, err
		}
		p.Err = option.TextOf(err, nil)
		return p, nil
	}
	return measureCommit(ctx, r, snap, p.Checkpoint, sess, opt.Analysis)
}
