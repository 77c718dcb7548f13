package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/vfs"
)

// The checks here run before any git process does in a repository: git
// reads its git directory's HEAD, refs, objects and configuration (with
// the files it includes) as soon as it starts, so a named pipe there
// would hang it, and a link, an alternates file or an include leading
// out of the tree would make it read another repository, or any file,
// of the host.

// maxGitFile caps the small files of a git directory read here (a .git
// file, commondir, an alternates file).
const maxGitFile = 1 << 20

// maxIncludeDepth is the deepest chain of configuration includes git
// follows (its own limit): past it git fails.
const maxIncludeDepth = 10

// unread are the entries of a git directory that the commands run
// here never read: hooks (core.hooksPath is /dev/null), the submodules'
// repositories and git-lfs's store. Links there may lead anywhere.
var unread = map[string]bool{"hooks": true, "modules": true, "lfs": true}

// gitDirCheck checks the git directories of one repository.
type gitDirCheck struct {
	ctx context.Context
	git string
	// path is the repository as the caller named it, for messages; root
	// is the directory the git directory must keep to (the work tree, or
	// the bare repository), its links resolved.
	path, root string
	// outside accepts links, alternates and includes that lead out of
	// root, without following them (Options.OutsideGitDir).
	outside bool
	// timeout bounds each git process (see Options.Timeout).
	timeout time.Duration
	seen    map[string]bool
}

// precheck finds, as git's discovery does, the git directory git will
// take path to be in, and checks it before git runs there: every link
// of its HEAD, refs, objects, logs, info and configuration leads to a
// regular file or a directory inside the tree, nothing there is a named
// pipe, socket or device, every alternate object store lies inside the
// tree (alternates of alternates too), and every file the configuration
// includes (include.path, includeIf.*.path, resolved as git resolves
// them, recursively) is a regular file inside the tree. Without
// o.OutsideGitDir, a .git file or a commondir naming a directory outside
// the tree is refused here too, before git reads that directory. It
// returns the git directory checked ("" when there is none: git then
// says so).
func precheck(ctx context.Context, git, path string, o Options) (string, error) {
	abs, err := filepath.Abs(path)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		gitDir, sure, err := candidate(path, d, o)
		if err != nil {
			return "", err
		}
		if gitDir != "" {
			c := &gitDirCheck{ctx: ctx, git: git, path: path, root: d, outside: o.OutsideGitDir, timeout: timeoutOr(o.Timeout), seen: map[string]bool{}}
			if err := c.check(gitDir); err != nil {
				return "", err
			}
			if sure {
				return gitDir, nil
			}
		}
		if d == filepath.Dir(d) {
			return "", nil
		}
	}
}

// candidate is the git directory git may find at d: d/.git (a
// directory, a link to one, or a .git file naming one) or d itself (a
// bare repository), when it looks like one; sure is set when git takes
// it for certain (a .git file, or a directory git would accept), else
// git may go on to d's parent.
func candidate(path, d string, o Options) (gitDir string, sure bool, err error) {
	dotGit := filepath.Join(d, ".git")
	info, err := os.Lstat(dotGit)
	switch {
	case err == nil && info.Mode().IsRegular():
		data, err := vfs.ReadRegular(vfs.OS, dotGit, maxGitFile)
		if err != nil {
			return "", false, fmt.Errorf("%s: %s: %w", path, dotGit, err)
		}
		named, ok := strings.CutPrefix(strings.TrimRight(string(data), "\r\n"), "gitdir: ")
		if !ok {
			// Not a .git file git reads: it fails on it.
			return "", true, nil
		}
		if !filepath.IsAbs(named) {
			named = filepath.Join(d, named)
		}
		if !o.OutsideGitDir && !within(d, named) {
			return "", false, outsideGitDirError(path, named, d)
		}
		return named, true, nil
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		if !o.OutsideGitDir && !within(d, dotGit) {
			target, _ := filepath.EvalSymlinks(dotGit)
			return "", false, outsideGitDirError(path, target, d)
		}
		fallthrough
	case err == nil && info.IsDir():
		if looks, sure := gitDirLike(dotGit); looks {
			return dotGit, sure, nil
		}
	}
	looks, sure := gitDirLike(d)
	if looks {
		return d, sure, nil
	}
	return "", false, nil
}

// gitDirLike reports whether dir looks like a git directory (it has a
// HEAD, and objects and refs directories, in its common directory when
// it names one), and sure, whether git would take it for one: its HEAD
// a link into refs/, a regular file naming a ref under refs/ or a
// commit. A HEAD of any other kind (a named pipe) makes it look like one
// without sure, so that it is checked.
func gitDirLike(dir string) (looks, sure bool) {
	common := dir
	if data, err := vfs.ReadRegular(vfs.OS, filepath.Join(dir, "commondir"), maxGitFile); err == nil {
		common = strings.TrimRight(string(data), "\r\n")
		if !filepath.IsAbs(common) {
			common = filepath.Join(dir, common)
		}
	}
	for _, sub := range []string{"objects", "refs"} {
		if info, err := os.Stat(filepath.Join(common, sub)); err != nil || !info.IsDir() {
			return false, false
		}
	}
	head := filepath.Join(dir, "HEAD")
	info, err := os.Lstat(head)
	switch {
	case err != nil:
		return false, false
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(head)
		return true, err == nil && strings.HasPrefix(target, "refs/")
	case !info.Mode().IsRegular():
		return true, false
	}
	data, err := vfs.ReadRegular(vfs.OS, head, maxGitFile)
	if err != nil {
		return true, false
	}
	if ref, ok := bytes.CutPrefix(data, []byte("ref:")); ok {
		return true, bytes.HasPrefix(bytes.TrimLeft(ref, " \t"), []byte("refs/"))
	}
	line := string(bytes.TrimRight(data, "\r\n"))
	return true, isHash(line)
}

// check checks the git directory gitDir and its common directory.
func (c *gitDirCheck) check(gitDir string) error {
	dirs := []string{gitDir}
	if data, err := vfs.ReadRegular(vfs.OS, filepath.Join(gitDir, "commondir"), maxGitFile); err == nil {
		common := strings.TrimRight(string(data), "\r\n")
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
		switch {
		case within(c.root, common):
			dirs = append(dirs, common)
		case !c.outside:
			return outsideGitDirError(c.path, common, c.root)
		}
	}
	for _, dir := range dirs {
		if !within(c.root, dir) && c.outside {
			continue
		}
		if err := c.walk(dir, dir); err != nil {
			return err
		}
		if err := c.alternates(filepath.Join(dir, "objects"), 0); err != nil {
			return err
		}
	}
	for _, dir := range dirs {
		for _, name := range []string{"config", "config.worktree"} {
			if !within(c.root, dir) && c.outside {
				continue
			}
			if err := c.config(filepath.Join(dir, name), 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// walk checks every entry below dir (a directory of the git directory
// top, or a directory a link of it leads to) but the unread ones: a
// link must lead inside the tree, to a regular file or a directory
// (walked in turn); nothing may be a named pipe, a socket or a device.
func (c *gitDirCheck) walk(top, dir string) error {
	if c.seen[dir] {
		return nil
	}
	c.seen[dir] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		// Not a directory git can read either.
		return nil
	}
	for _, e := range entries {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(dir, e.Name())
		if dir == top && unread[e.Name()] {
			continue
		}
		switch t := e.Type(); {
		case t.IsDir():
			if err := c.walk(top, p); err != nil {
				return err
			}
		case t&fs.ModeSymlink != 0:
			if err := c.link(top, p); err != nil {
				return err
			}
		case !t.IsRegular():
			return c.notRegular(top, p, t)
		}
	}
	return nil
}

// link checks a link of the git directory top at p.
func (c *gitDirCheck) link(top, p string) error {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		// A link that leads nowhere (or loops) reads nothing, for git
		// either.
		return nil
	}
	if !within(c.root, target) {
		if c.outside {
			return nil
		}
		return refused("%s: %s in its git directory is a symbolic link to %s, which lies outside %s",
			c.path, c.rel(top, p), target, c.root)
	}
	info, err := os.Stat(target)
	switch {
	case err != nil:
		return nil
	case info.IsDir():
		return c.walk(top, target)
	case !info.Mode().IsRegular():
		return c.notRegular(top, p, info.Mode())
	}
	return nil
}

// alternates checks the alternate object stores objects/info/alternates
// names (each relative to objects, or absolute; a quoted one unquoted as
// git does): each must lie inside the tree, and is checked as the
// objects directory is, its own alternates too.
func (c *gitDirCheck) alternates(objects string, depth int) error {
	file := filepath.Join(objects, "info", "alternates")
	data, err := vfs.ReadRegular(vfs.OS, file, maxGitFile)
	if err != nil {
		// None, or one the walk has checked (a link, a pipe).
		return nil
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		alt := line
		if strings.HasPrefix(line, `"`) {
			if alt, err = strconv.Unquote(line); err != nil {
				return fmt.Errorf("%s: %s: cannot read the alternate %s: refused", c.path, file, line)
			}
		}
		if !filepath.IsAbs(alt) {
			alt = filepath.Join(objects, alt)
		}
		if !within(c.root, alt) {
			if c.outside {
				continue
			}
			return refused("%s: the alternate object store %s named by %s lies outside %s",
				c.path, alt, file, c.root)
		}
		if depth >= maxIncludeDepth {
			continue
		}
		if real, err := filepath.EvalSymlinks(alt); err == nil {
			if err := c.walk(real, real); err != nil {
				return err
			}
		}
		if err := c.alternates(alt, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// config checks the includes of the configuration file at file (read
// by git, without following them, outside any repository): each file
// included must be a regular file inside the tree, and its own includes
// are checked in turn.
func (c *gitDirCheck) config(file string, depth int) error {
	if _, err := os.Stat(file); err != nil || depth > maxIncludeDepth {
		return nil
	}
	var stdout, stderr bytes.Buffer
	cmd := gitCommand(c.ctx, c.git, c.root, c.timeout, "config", "--no-includes", "--null", "--list", "--file", file)
	defer cmd.done()
	// Outside any repository: /dev/null is no git directory.
	cmd.Env = append(cmd.Env, "GIT_DIR=/dev/null")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		err = cmd.failure(c.ctx, stderr.String(), err)
		if errors.Is(err, ErrNoGit) || c.ctx.Err() != nil {
			return err
		}
		return fmt.Errorf("%s: %w", c.path, err)
	}
	for rec := range strings.SplitSeq(stdout.String(), "\x00") {
		key, value, ok := strings.Cut(rec, "\n")
		isInclude := key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path")
		if !ok || !isInclude {
			continue
		}
		if err := c.include(file, key, value, depth); err != nil {
			return err
		}
	}
	return nil
}

// include checks the file value names, included by the configuration
// file at file under key: resolved as git resolves it ("~/" in the
// user's home, a relative path in file's directory; "~user/" and
// "%(prefix)/" lie outside any tree), it must not exist, or be a regular
// file inside the tree, whose includes are checked in turn.
func (c *gitDirCheck) include(file, key, value string, depth int) error {
	p := value
	switch {
	case strings.HasPrefix(p, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return fmt.Errorf("%s: %s includes %s (%s), which cannot be resolved: %w", c.path, file, value, key, err)
		}
		p = filepath.Join(home, p[2:])
	case strings.HasPrefix(p, "~"), strings.HasPrefix(p, "%(prefix)/"):
		p = "/" + p
	case !filepath.IsAbs(p):
		p = filepath.Join(filepath.Dir(file), p)
	}
	target, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		// git skips an include that does not exist.
		return nil
	}
	if err != nil {
		target = filepath.Clean(p)
	}
	if !within(c.root, target) {
		if c.outside {
			return nil
		}
		return refused("%s: its git configuration %s includes %s (%s), which lies outside %s",
			c.path, file, value, key, c.root)
	}
	info, err := os.Stat(target)
	if err != nil || !info.Mode().IsRegular() {
		kind := "unreadable"
		if err == nil {
			kind = (&vfs.NotRegularError{Path: target, Mode: info.Mode()}).Error()
		}
		return fmt.Errorf("%s: its git configuration %s includes %s (%s), which is %s: refused", c.path, file, value, key, kind)
	}
	return c.config(p, depth+1)
}

// notRegular refuses the entry at p of the git directory top, of mode
// m: git would block on a named pipe, or read a device without end.
func (c *gitDirCheck) notRegular(top, p string, m fs.FileMode) error {
	return fmt.Errorf("%s: %s in its git directory is %s: refused", c.path, c.rel(top, p), &vfs.NotRegularError{Path: p, Mode: m})
}

// rel is p relative to top, for messages (p itself when it is not below).
func (c *gitDirCheck) rel(top, p string) string {
	if r, err := filepath.Rel(top, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.Join(filepath.Base(top), r)
	}
	return p
}
