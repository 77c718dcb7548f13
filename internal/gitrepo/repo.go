package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/vfs"
)

// ErrNoGit marks the failure to start git at all (not installed, not
// executable), which no repository or commit can be blamed for.
var ErrNoGit = errors.New("cannot run git")

// Options says how a repository is opened.
type Options struct {
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// Timeout bounds each git process (and each answer of the one
	// reading blobs); DefaultTimeout when not positive.
	Timeout time.Duration
	// OutsideGitDir lets the repository's git directory, or the common
	// directory holding its objects and refs, lie outside its work tree
	// (the .git file of a linked worktree or a submodule, a commondir
	// file), and links, alternate object stores and configuration
	// includes of the git directory to lead out of the tree. Without it
	// such a repository is refused: its .git is the tree's, and could
	// name any repository of the host.
	OutsideGitDir bool
	// MaxBlob, when positive, is the largest blob ReadBlobs reads the
	// bytes of: a larger one is given its size only.
	MaxBlob int64
}

// Repo is a resolved repository. It is used by one goroutine at a time,
// but for ReadBlobs, which the lazy files WriteEntries makes call from
// any goroutine; Close stops the git process it keeps running.
type Repo struct {
	git string
	// timeout bounds each git process (see Options.Timeout).
	timeout time.Duration
	// dir is the directory git runs in: the work tree's top level, or the
	// bare repository.
	dir string
	// prefix is the analysed directory inside the tree ("" for all of it),
	// with a trailing slash as git prints it.
	prefix string
	// display is the repository as the user named it.
	display string
	// diffs caches changes by "from..to".
	diffs map[string][]Change
	// cat reads blobs, once started; catMu guards it, and closed, set
	// by Close, after which no blob is read.
	catMu  sync.Mutex
	cat    *catFile
	closed bool
	// maxBlob is Options.MaxBlob.
	maxBlob int64
	// bare is set for a bare repository.
	bare bool
}

// Bare reports whether the repository is bare: it has no work tree.
func (r *Repo) Bare() bool { return r.bare }

// Dir is the directory git runs in: the work tree's top level, or the
// bare repository.
func (r *Repo) Dir() string { return r.dir }

// Prefix is the directory inside the tree the repository was opened at,
// with a trailing slash ("" for the whole tree).
func (r *Repo) Prefix() string { return r.prefix }

// Display is the repository as the caller named it, for messages.
func (r *Repo) Display() string { return r.display }

// Open resolves path (a work tree, a directory inside one, or a bare
// repository) to the directory git runs in and the prefix inside the
// tree. A git that cannot run is an error wrapping ErrNoGit; a repository
// git refuses (owned by another user, say) is git's message.
func Open(ctx context.Context, path string, o Options) (*Repo, error) {
	r := &Repo{git: o.Git, display: path, timeout: timeoutOr(o.Timeout), maxBlob: o.MaxBlob}
	if r.git == "" {
		r.git = "git"
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("path does not exist: %s", path)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("not a directory: %s", path)
	}
	r.dir = path
	checked, err := precheck(ctx, r.git, path, o)
	if err != nil {
		return nil, err
	}
	out, err := r.run(ctx, "rev-parse", "--is-bare-repository", "--absolute-git-dir", "--path-format=absolute", "--git-common-dir")
	if errors.Is(err, ErrNoGit) || ctx.Err() != nil {
		return nil, err
	}
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return nil, fmt.Errorf("not a git repository: %s", path)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fields := strings.Split(strings.TrimSpace(out), "\n")
	if len(fields) != 3 {
		return nil, fmt.Errorf("%s: git rev-parse: unexpected output %q", path, out)
	}
	bare, gitDir, common := fields[0], fields[1], fields[2]
	if checked == "" || !sameDir(checked, gitDir) {
		return nil, fmt.Errorf("%s: git took %s for its git directory, not the one checked (%s): refused", path, gitDir, checked)
	}
	if bare == "true" {
		if !o.OutsideGitDir && !within(gitDir, common) {
			return nil, outsideGitDirError(path, common, gitDir)
		}
		r.bare = true
		return r, nil
	}
	top, err := r.run(ctx, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not inside a work tree: %w", path, err)
	}
	prefix, err := r.run(ctx, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r.dir, r.prefix = strings.TrimSpace(top), strings.TrimSpace(prefix)
	// The work tree is the repository's configuration's to name
	// (core.worktree): git run there must still find this repository,
	// not one of the host's.
	again, err := r.run(ctx, "rev-parse", "--absolute-git-dir")
	if err != nil || strings.TrimSpace(again) != gitDir {
		return nil, fmt.Errorf("%s: its work tree %s (core.worktree) is not the repository's own: refused", path, r.dir)
	}
	if !o.OutsideGitDir {
		for _, d := range []string{gitDir, common} {
			if !within(r.dir, d) {
				return nil, outsideGitDirError(path, d, r.dir)
			}
		}
	}
	return r, nil
}

// refused is the error of every refusal of a repository that leads git
// out of the tree (a git directory, an object store, a link or an include
// outside it): what leads out (format and args, as for fmt.Sprintf), then
// that it is refused and the option that accepts it.
func refused(format string, args ...any) error {
	return &option.Error{Text: option.Text{
		option.Lit(fmt.Sprintf(format, args...) + ": refused, since the tree's .git could name any repository; "),
		option.Enable(option.GitOutsideGitDir), option.Lit(" if you trust it"),
	}}
}

// outsideGitDirError refuses a repository whose git directory (or common
// directory) dir lies outside root, its work tree or bare directory.
func outsideGitDirError(path, dir, root string) error {
	return refused("%s: its git directory %s lies outside %s (named by a .git file or a commondir, "+
		"as for a linked worktree or a submodule)", path, dir, root)
}

// sameDir reports whether a and b are the same directory, once their
// links are resolved.
func sameDir(a, b string) bool {
	return within(a, b) && within(b, a)
}

// within reports whether dir is root or lies below it, once both have
// their links resolved (git may print either form).
func within(root, dir string) bool {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	return vfs.Within(root, dir)
}

// Close stops the repository's cat-file, if it runs: ReadBlobs reads
// nothing more (a lazy file not read yet fails to read).
func (r *Repo) Close() {
	r.catMu.Lock()
	defer r.catMu.Unlock()
	r.closed = true
	r.stopCat()
}

// stopCat stops the running cat-file, if any; the next read starts
// another.
func (r *Repo) stopCat() {
	if r.cat == nil {
		return
	}
	r.cat.close()
	r.cat = nil
}

// run runs git in the repository (see gitCommand) and returns its
// standard output; an error carries git's message.
func (r *Repo) run(ctx context.Context, args ...string) (string, error) {
	return r.runEnv(ctx, nil, args...)
}

// runEnv is run with the variables env added to git's environment.
func (r *Repo) runEnv(ctx context.Context, env []string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := gitCommand(ctx, r.git, r.dir, r.timeout, args...)
	cmd.Env = append(cmd.Env, env...)
	defer cmd.done()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", cmd.failure(ctx, stderr.String(), err)
	}
	return stdout.String(), nil
}

// HasPath reports whether path (relative to the top of the tree, without
// a trailing slash) exists at commit hash; false too when git fails to
// tell.
func (r *Repo) HasPath(ctx context.Context, hash, path string) bool {
	_, err := r.run(ctx, "cat-file", "-e", hash+":"+path)
	return err == nil
}
