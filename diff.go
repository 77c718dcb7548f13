package scbcheck

import (
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
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
	// Rev is the revision of a Revision or MergeBase tree: anything `git
	// rev-parse` takes for a commit (never read as an option, whatever it
	// starts with).
	Rev string
	// Dir is the directory of a Directory tree.
	Dir string
	// IndexFile is the index file of an Index tree, read instead of the
	// repository's, as git reads GIT_INDEX_FILE (a relative path is taken
	// from Options.WorkDir, else the working directory); the repository's
	// when empty.
	IndexFile string
	// UnbornEmpty makes a Revision tree empty, instead of an error, when
	// its revision names no commit because HEAD is unborn: the base of a
	// repository's first commit, as `git diff --cached` takes it.
	UnbornEmpty bool
}

// DiffOptions configures Diff: the analysis options (each tree is
// measured with them exactly as Analyze would), the two trees and how git
// is run.
//
// Options.Path is what is analysed on the sides that are not a
// Directory: a directory of the repository's working tree (its top, or a
// directory inside it, which is then what is analysed in every git tree
// too, as trajectory.GitOptions.Repo) or a file in it; "." when empty.
// Options.WorkDir (each tree's root when empty) is where configuration
// discovery starts on the WorkTree and Directory sides, as for Analyze; on a tree
// read from git it starts at the same place inside that tree (the
// directory of the tree at WorkDir's position in the working tree, or its
// nearest directory that exists there), or at the analysed directory when
// WorkDir lies outside the working tree. Options.ConfigPath names a file
// on disk, read once for both sides.
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
	// AllFunctions lists every function in Delta.Functions, the unchanged
	// ones too (change.Input.AllFunctions), in the same order: what
	// `scb-check diff --all-functions` shows.
	AllFunctions bool
}

// Diff measures the base and the head tree and compares them (see
// package change). Each side is measured as Analyze measures a checkout
// of it, with its own configuration and ignore files (unless Options
// names a configuration), in one Session: the head first, then the base,
// so that a file the two share is analysed once and ast-grep scans only
// the base's files the head does not hold (with a cache held in memory,
// or Options.CacheDir). Every change costs at most the two runs.
//
// A tree read from git (Revision, MergeBase, Index) is written into
// memory, never onto the disk or into the repository: its entries listed
// by `git ls-tree` (`git ls-files --stage` for the index, whose
// unresolved conflicts are an error), the files' bytes read raw by `git
// cat-file`, as committed or staged (no filter, no conversion, nothing
// the repository configures is run; see package trajectory): those a run
// may read (Session.MayAffect) at once, the base's while the head is
// measured, the others only if something reads them. A blob the
// repository lacks, or one over both size caps, is a file skipped with
// the reason. The reports of such a tree have their Root at the
// corresponding directory of the working tree (none in a bare
// repository): their paths are relative to it, as on the other side.
//
// Between two git trees (WorkTree included) files are matched as git's
// rename detection matches them (see change.Input.Renames); with a
// Directory on either side, by path only. Changed lines come from a line
// diff of each head file with its base counterpart.
//
// Errors name the side (option.DiffBase, option.DiffHead) when it is the
// side's doing: no git repository where a git tree is asked for, a
// revision that names no commit (an unborn HEAD says so), no merge base
// (in a shallow clone, with what to fetch), an index with conflicts, a
// directory that does not exist. Analysis errors are Analyze's, with the
// side named; a base holding no file to analyse (ErrNoFiles) is no error
// but an empty report, every function and finding of the head new.
func Diff(ctx context.Context, opt DiffOptions) (*change.Delta, error) {
	in, head, err := diffInput(ctx, opt)
	if err != nil {
		return nil, err
	}
	d := change.Compare(in)
	if head.fs != nil {
		d.ReadHead = head.readFile
	}
	return d, nil
}

// diffInput measures the two trees of opt and returns what Compare
// compares, and the head's side.
func diffInput(ctx context.Context, opt DiffOptions) (change.Input, *diffSide, error) {
	for _, s := range []struct {
		t Tree
		o option.Option
	}{{opt.Base, option.DiffBase}, {opt.Head, option.DiffHead}} {
		if err := s.t.check(); err != nil {
			return change.Input{}, nil, option.About(s.o, err)
		}
	}
	a := opt.Options
	if a.Path == "" {
		a.Path = "."
	}
	a.MemoryCache = a.MemoryCache || a.CacheDir == ""
	sess, err := NewSession(a)
	if err != nil {
		return change.Input{}, nil, err
	}
	defer func() { a.CacheStats.AddError(sess.Close()) }()
	d := &differ{opt: opt, a: a, sess: sess}
	defer d.close()
	if err := d.prepare(); err != nil {
		return change.Input{}, nil, err
	}
	head, err := d.side(ctx, opt.Head, option.DiffHead, "head")
	if err != nil {
		return change.Input{}, nil, err
	}
	base, err := d.side(ctx, opt.Base, option.DiffBase, "base")
	if err != nil {
		return change.Input{}, nil, err
	}
	// The head first: the base's run finds the files they share in the
	// cache. The base's tree is read from git meanwhile; a problem of it
	// is reported before one of the head's run, as if it were read first.
	read := make(chan error, 1)
	go func() { read <- d.read(ctx, base) }()
	head.report, err = d.measure(ctx, head)
	if readErr := <-read; readErr != nil {
		return change.Input{}, nil, readErr
	}
	if err != nil {
		return change.Input{}, nil, err
	}
	if base.report, err = d.measure(ctx, base); err != nil {
		return change.Input{}, nil, err
	}
	in, err := compareInput(base, head, opt.Base.Kind != Directory && opt.Head.Kind != Directory, sess.settings.engine.MaxFileSize)
	in.AllFunctions = opt.AllFunctions
	return in, head, err
}

// check reports a tree that lacks what its kind needs.
func (t Tree) check() error {
	switch t.Kind {
	case Revision, MergeBase:
		if t.Rev == "" {
			return errors.New("no revision given")
		}
	case Directory:
		if t.Dir == "" {
			return errors.New("no directory given")
		}
	case Index, WorkTree:
	default:
		return fmt.Errorf("unknown tree kind %d", t.Kind)
	}
	return nil
}

// differ holds what the two sides of a Diff share: the session, the
// repository (opened for the first side read from git) and the temporary
// directory the trees read from git are held under.
type differ struct {
	opt  DiffOptions
	a    Options
	sess *Session
	// cwd is where configuration discovery starts (Options.WorkDir).
	cwd string
	// cfg is the configuration both sides use, when Options names one.
	cfg *config.Config
	// repo is the repository, once opened; repoErr its error.
	repo    *gitrepo.Repo
	repoErr error
	opened  bool
	// tmp holds the trees read from git, "" until the first.
	tmp string
}

// diffSide is one tree of a Diff, resolved and then measured.
type diffSide struct {
	// fs is the tree (nil: the disk); path the file or directory analysed
	// in it and workDir where configuration discovery starts.
	fs            vfs.FS
	path, workDir string
	// root is the directory the report's paths are relative to, in fs;
	// shownRoot the Root the report is given.
	root, shownRoot string
	name            string
	opt             option.Option
	report          *report.Report
	// relocate rewrites the paths of a tree read from git in a message
	// (see differ.place); nil for a tree on disk.
	relocate func(string) string
	// sums are the SHA-256 of the files the run read, by their path in
	// the report.
	sums map[string][sha256.Size]byte
	// read, until called, reads a tree from git into fs (see
	// differ.read).
	read func(context.Context) error
}

// prepare finds the working directory and the configuration named by
// Options, read once from the disk for both sides.
func (d *differ) prepare() error {
	// Without a WorkDir each side finds its configuration from its own
	// root, as Analyze does; a ConfigPath is then taken from the analysed
	// directory.
	d.cwd = d.a.WorkDir
	d.cfg = d.a.Config
	if d.cfg == nil && d.a.ConfigPath != "" {
		from := d.cwd
		if from == "" {
			dir, err := vfs.CanonicalDir(nil, d.a.Path)
			if err != nil {
				return err
			}
			from = dir
		}
		cfg, err := config.LoadDiscovering(nil, from, d.a.ConfigPath, d.sess.settings.engine.MaxConfigSize, d.sess.settings.Profile.ConfigDiscovery)
		if err != nil {
			return mark(ErrConfig, err)
		}
		d.cfg = cfg
	}
	return nil
}

// close removes the trees read from git and stops the repository's git.
func (d *differ) close() {
	if d.repo != nil {
		d.repo.Close()
	}
	if d.tmp != "" {
		_ = os.RemoveAll(d.tmp)
	}
}

// side resolves one tree: where it is and how it is measured.
func (d *differ) side(ctx context.Context, t Tree, o option.Option, name string) (*diffSide, error) {
	s := &diffSide{name: name, opt: o, workDir: d.cwd}
	switch t.Kind {
	case Directory:
		s.path = t.Dir
	case WorkTree:
		s.path = d.a.Path
	default:
		return d.gitSide(ctx, t, s)
	}
	if _, err := os.Stat(s.path); err != nil {
		return nil, option.About(o, mark(ErrPathNotFound, fmt.Errorf("path does not exist: %s", s.path)))
	}
	root, err := vfs.CanonicalDir(nil, s.path)
	if err != nil {
		return nil, option.About(o, err)
	}
	s.root, s.shownRoot = root, root
	return s, nil
}

// openRepo opens the repository holding Options.Path, once.
func (d *differ) openRepo(ctx context.Context) (*gitrepo.Repo, error) {
	if d.opened {
		return d.repo, d.repoErr
	}
	d.opened = true
	dir := d.a.Path
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	d.repo, d.repoErr = gitrepo.Open(ctx, dir, gitrepo.Options{
		Git: d.opt.Git, Timeout: d.opt.GitTimeout, OutsideGitDir: d.opt.OutsideGitDir, MaxBlob: d.sess.settings.BlobLimit(),
	})
	return d.repo, d.repoErr
}

// gitSide reads a tree from git into memory, below the temporary
// directory, as a clone would hold it: its files, links and submodules'
// empty directories, and an empty .git directory at its root.
func (d *differ) gitSide(ctx context.Context, t Tree, s *diffSide) (*diffSide, error) {
	r, err := d.openRepo(ctx)
	if err != nil {
		if errors.Is(err, gitrepo.ErrNoGit) {
			return nil, err
		}
		return nil, option.About(s.opt, err)
	}
	label := "the index"
	var commit gitrepo.Commit
	empty := false
	switch t.Kind {
	case Revision:
		commit, err = r.Resolve(ctx, t.Rev)
		label = t.Rev
		if errors.Is(err, gitrepo.ErrUnbornHead) && t.UnbornEmpty {
			empty, err = true, nil
		}
	case MergeBase:
		commit, err = r.MergeBase(ctx, t.Rev)
		label = "the merge base of " + t.Rev + " and HEAD"
	}
	if err != nil {
		return nil, option.About(s.opt, err)
	}
	if d.tmp == "" {
		tmp, err := os.MkdirTemp("", "scb-check-diff-")
		if err != nil {
			return nil, fmt.Errorf("failed to create a temporary directory: %w", err)
		}
		d.tmp = tmp
		if real, err := filepath.EvalSymlinks(tmp); err == nil {
			d.tmp = real
		}
	}
	mem, err := vfs.NewMem(filepath.Join(d.tmp, s.name))
	if err != nil {
		return nil, err
	}
	// The files written out for ast-grep go beside the trees.
	mem.StageIn(d.tmp)
	s.read = func(ctx context.Context) error {
		// Only the files a run may read are read now (the others when
		// something reads them): a tree's documentation, images and
		// translations cost nothing.
		var err error
		switch {
		case empty:
			// The analysed directory exists, holding nothing.
			if prefix := strings.TrimSuffix(r.Prefix(), "/"); prefix != "" {
				err = mem.Mkdir(prefix)
			}
		case t.Kind == Index:
			file := t.IndexFile
			if file != "" && !filepath.IsAbs(file) {
				file = filepath.Join(d.cwd, file)
			}
			_, err = r.WriteIndex(ctx, file, mem, d.sess.MayAffect)
		default:
			_, err = r.WriteTree(ctx, commit.Hash, mem, d.sess.MayAffect)
		}
		if err != nil && t.Kind != Index {
			err = fmt.Errorf("%s: %w", label, err)
		}
		if err != nil {
			return err
		}
		// The tree's root is a repository's top, as in a clone: the
		// search for a configuration stops there.
		if err := mem.Mkdir(".git"); err != nil {
			return err
		}
		return d.place(r, mem, s, label)
	}
	return s, nil
}

// read reads a side's tree from git, when it is one and not read yet.
func (d *differ) read(ctx context.Context, s *diffSide) error {
	if s.read == nil {
		return nil
	}
	err := s.read(ctx)
	s.read = nil
	if err != nil {
		return option.About(s.opt, err)
	}
	return nil
}

// place sets where a tree read from git is analysed (Options.Path's
// place in the repository), where its configuration discovery starts and
// the Root its report is given.
func (d *differ) place(r *gitrepo.Repo, mem *vfs.Mem, s *diffSide, label string) error {
	prefix := filepath.FromSlash(strings.TrimSuffix(r.Prefix(), "/"))
	dir := filepath.Join(mem.Root(), prefix)
	s.fs, s.path, s.root = mem, dir, dir
	if info, err := os.Stat(d.a.Path); err == nil && !info.IsDir() {
		s.path = filepath.Join(dir, filepath.Base(d.a.Path))
	}
	if _, err := mem.Stat(s.path); err != nil {
		rel, _ := filepath.Rel(mem.Root(), s.path)
		return fmt.Errorf("%s does not exist in %s", filepath.ToSlash(rel), label)
	}
	s.workDir = dir
	// The tree's paths in messages are the working tree's (where links
	// out of it lead too: beside it), or, in a bare repository, relative
	// to the tree's top.
	top, beside := "", ".."
	if !r.Bare() {
		top = r.Dir()
		if real, err := filepath.EvalSymlinks(top); err == nil {
			top = real
		}
		beside = filepath.Dir(top)
	}
	s.relocate = func(msg string) string {
		sep := string(filepath.Separator)
		self := cmp.Or(top, ".")
		msg = vfs.RelocatePaths(msg, mem.Root(), strings.TrimPrefix(self+sep, "."+sep), self)
		return vfs.RelocatePaths(msg, filepath.Dir(mem.Root()), beside+sep, beside)
	}
	if r.Bare() {
		return nil
	}
	if root, err := vfs.CanonicalDir(nil, d.a.Path); err == nil {
		s.shownRoot = root
	}
	if rel, ok := relWithin(r.Dir(), d.cwd); ok && d.cwd != "" {
		wd := filepath.Join(mem.Root(), rel)
		for wd != mem.Root() && !isDir(mem, wd) {
			wd = filepath.Dir(wd)
		}
		s.workDir = wd
	}
	return nil
}

// readFile reads a file of a side read from git by its full path as the
// side's report names it (report.Report.Abs: below its Root, the
// corresponding directory of the working tree, or relative in a bare
// repository): the bytes in the tree, not those on disk.
func (s *diffSide) readFile(p string) ([]byte, error) {
	rel := p
	if filepath.IsAbs(p) {
		var err error
		rel, err = filepath.Rel(s.shownRoot, p)
		if s.shownRoot == "" || err != nil || !filepath.IsLocal(rel) {
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
		}
	}
	return s.fs.ReadFile(filepath.Join(s.root, rel))
}

// relocated are skipped files and warnings of the side with no path of
// the temporary place a tree read from git is held at (see differ.place):
// their messages name the paths the person knows.
func (s *diffSide) relocated(skipped []report.Skipped, warnings []option.Text) ([]report.Skipped, []option.Text) {
	if s.relocate == nil {
		return skipped, warnings
	}
	outS := slices.Clone(skipped)
	for i := range outS {
		outS[i].Reason = outS[i].Reason.Map(s.relocate)
	}
	outW := make([]option.Text, len(warnings))
	for i, w := range warnings {
		outW[i] = w.Map(s.relocate)
	}
	return outS, outW
}

// isDir reports whether p is a directory of fsys.
func isDir(fsys vfs.FS, p string) bool {
	info, err := fsys.Stat(p)
	return err == nil && info.IsDir()
}

// relWithin is p relative to dir when it lies inside it (links of both
// resolved).
func relWithin(dir, p string) (string, bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if !vfs.Within(dir, abs) {
		return "", false
	}
	rel, err := filepath.Rel(dir, abs)
	return rel, err == nil
}

// measure runs the session on one side, as Analyze would on a checkout
// of it.
func (d *differ) measure(ctx context.Context, s *diffSide) (*report.Report, error) {
	if err := d.read(ctx, s); err != nil {
		return nil, err
	}
	r, sums, err := d.sess.measure(ctx, Target{Path: s.path, FS: s.fs, WorkDir: s.workDir, Config: d.cfg, CacheStats: d.a.CacheStats, Progress: d.a.Progress})
	if errors.Is(err, ErrNoFiles) && s.opt == option.DiffBase {
		// A base without a file to analyse (before the first source file
		// was added) measures nothing: everything the head holds is new.
		r, err = &report.Report{Compat: d.sess.settings.Profile.Name}, nil
	}
	if err != nil {
		var runErr *RunError
		if errors.As(err, &runErr) {
			runErr.Skipped, runErr.Warnings = s.relocated(runErr.Skipped, runErr.Warnings)
		}
		return nil, option.About(s.opt, err)
	}
	r.Skipped, r.Warnings = s.relocated(r.Skipped, r.Warnings)
	r.Root = s.shownRoot
	s.sums = sums
	return r, nil
}
