package vfs

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Mem is a file tree held in memory at the directory Root, laid over the
// operating system's: a path at or below Root is served from memory, and
// a path the caller names elsewhere by OS (a link on disk that leads back
// below Root is the OS's to resolve, and so reaches the disk's files
// there). A link of the tree is never followed out of it: a path whose
// resolution leaves Root through one of its links (an absolute target
// elsewhere, or ".." above Root) is ErrOutside for Stat, ReadFile and
// ReadDir (and for Lstat when the link is not its last component), and
// EvalSymlinks gives the path it leads to, cleaned without asking the
// operating system, so that nothing outside the tree is ever read
// through it. Paths are otherwise resolved as the kernel resolves them:
// ".." after a link is taken in the link's target, and a trailing
// separator requires a directory. It is built with WriteFile, Symlink,
// Mkdir and Delete, which must not run alongside reads; reads are safe
// for concurrent use.
type Mem struct {
	root string
	top  *node
	// stageIn is where Stage makes its directories ("": os.TempDir()).
	stageIn string
}

// node is a directory, a regular file or a symbolic link.
type node struct {
	mode     fs.FileMode
	data     []byte
	target   string
	children map[string]*node

	sumOnce sync.Once
	sum     [32]byte

	// graft marks the top directory of a tree grafted in (see Graft): a
	// link inside it never leads out of it.
	graft bool

	// unread, when set, says why a regular file is held without its
	// bytes, and size is then its size (see WriteUnread); lazy, when set,
	// has its size and bytes asked for when first wanted (see WriteLazy).
	unread *UnreadError
	lazy   *lazyBytes
	size   int64
}

// ErrOutside is the error (inside a *fs.PathError) of a path of a Mem
// that a link of the tree leads out of it. It is also fs.ErrNotExist:
// for the tree, there is no such file.
var ErrOutside error = outsideError{}

type outsideError struct{}

func (outsideError) Error() string        { return "symbolic link leads out of the tree (not followed)" }
func (outsideError) Is(target error) bool { return target == fs.ErrNotExist }

// ValidRel reports whether rel names an entry below a tree's root: a
// slash-separated relative path whose elements are neither empty nor "."
// nor "..", without a NUL byte. Unlike fs.ValidPath it takes any other
// bytes (a git tree's names need not be UTF-8).
func ValidRel(rel string) bool {
	if rel == "" || strings.IndexByte(rel, 0) >= 0 {
		return false
	}
	for e := range strings.SplitSeq(rel, "/") {
		if e == "" || e == "." || e == ".." {
			return false
		}
	}
	return true
}

// maxLinks bounds the links followed while resolving one path, as the
// kernel (Linux's MAXSYMLINKS) does; EvalSymlinks follows up to
// maxEvalLinks, as filepath.EvalSymlinks does.
const (
	maxLinks     = 40
	maxEvalLinks = 255
)

// NewMem returns an empty tree at root, an absolute path that need not
// exist on disk (its parent should: paths above root are the operating
// system's).
func NewMem(root string) (*Mem, error) {
	if !filepath.IsAbs(root) {
		return nil, fmt.Errorf("vfs: root %q is not absolute", root)
	}
	return &Mem{root: filepath.Clean(root), top: &node{mode: fs.ModeDir | 0o755, children: map[string]*node{}}}, nil
}

// Root is the directory the tree is held at.
func (m *Mem) Root() string { return m.root }

// Holds reports whether dir (absolute) is the root or below it: the
// directories above the root hold the tree, but are not part of it.
func (m *Mem) Holds(dir string) bool { return m.contains(filepath.Clean(dir)) }

// components splits a path into its components, with a trailing "."
// when it ends in a separator (so that, as for the kernel, the last
// component is then followed and must be a directory).
func components(p string) []string {
	var out []string
	for c := range strings.SplitSeq(p, string(filepath.Separator)) {
		if c != "" {
			out = append(out, c)
		}
	}
	if len(out) > 0 && strings.HasSuffix(p, string(filepath.Separator)) {
		out = append(out, ".")
	}
	return out
}

// contains reports whether p (absolute, clean) is the root or below it.
func (m *Mem) contains(p string) bool {
	return p == m.root || strings.HasPrefix(p, m.root+string(filepath.Separator)) || m.root == string(filepath.Separator)
}

// above reports whether dir (absolute, clean) is a proper ancestor of
// the root.
func (m *Mem) above(dir string) bool {
	return dir == string(filepath.Separator) || strings.HasPrefix(m.root, dir+string(filepath.Separator))
}

// resolve finds name as the kernel does: component by component, "."
// and ".." taken in the directory reached so far (not lexically),
// following links in every component but the last (and in the last too
// with followLast). It returns the node and its resolved path, or, for a
// name outside the tree that no link of the tree led to, a nil node and
// the path the operating system must be asked about; once a link of the
// tree is followed, leaving the tree is ErrOutside. The directories
// above the root are taken to be the operating system's, holding the
// root.
func (m *Mem) resolve(op, name string, followLast bool) (*node, string, error) {
	fail := func(err error) (*node, string, error) {
		return nil, "", &fs.PathError{Op: op, Path: name, Err: err}
	}
	if name == "" {
		return fail(syscall.ENOENT)
	}
	if n, ok, err := m.plain(name, followLast); ok {
		if err != nil {
			return fail(err)
		}
		return n, name, nil
	}
	p := name
	if !filepath.IsAbs(p) {
		wd, err := os.Getwd()
		if err != nil {
			return fail(err)
		}
		p = wd + string(filepath.Separator) + p
	}
	sep := string(filepath.Separator)
	top := func() []*node {
		if m.root == sep {
			return []*node{m.top}
		}
		return nil
	}
	// dest is the path resolved so far; stack holds its nodes from the
	// root down while it is inside the tree (nil while above the root).
	// linked is set once a link of the tree has been followed.
	dest, stack := sep, top()
	linked := false
	// fence is the index in stack of the graft the first link followed
	// was in (-1 for none): the path may not leave it.
	fence := -1
	todo := components(p)
	for hops := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		if stack == nil {
			switch c {
			case ".":
				continue
			case "..":
				dest = filepath.Dir(dest)
				continue
			}
			next := filepath.Join(dest, c)
			switch {
			case next == m.root:
				stack = []*node{m.top}
			case !m.above(next) && linked:
				return fail(ErrOutside)
			case !m.above(next):
				return nil, strings.Join(append([]string{next}, todo...), sep), nil
			}
			dest = next
			continue
		}
		cur := stack[len(stack)-1]
		if !cur.mode.IsDir() {
			return fail(syscall.ENOTDIR)
		}
		switch c {
		case ".":
			continue
		case "..":
			if len(stack)-1 == fence {
				return fail(ErrOutside)
			}
			if len(stack) == 1 {
				if m.root != sep {
					stack = nil
				}
			} else {
				stack = stack[:len(stack)-1]
			}
			dest = filepath.Dir(dest)
			continue
		}
		child := cur.children[c]
		if child == nil {
			return fail(syscall.ENOENT)
		}
		if child.mode&fs.ModeSymlink != 0 && (len(todo) > 0 || followLast) {
			if hops++; hops > maxLinks {
				return fail(syscall.ELOOP)
			}
			if !linked {
				fence = deepestGraft(stack)
			}
			linked = true
			todo = append(components(child.target), todo...)
			if filepath.IsAbs(child.target) {
				if fence >= 0 {
					return fail(ErrOutside)
				}
				dest, stack = sep, top()
			}
			continue
		}
		stack = append(stack, child)
		dest = filepath.Join(dest, c)
	}
	switch {
	case stack == nil && linked:
		return fail(ErrOutside)
	case stack == nil:
		return nil, dest, nil
	}
	return stack[len(stack)-1], dest, nil
}

// deepestGraft is the index of the last graft in stack, or -1.
func deepestGraft(stack []*node) int {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].graft {
			return i
		}
	}
	return -1
}

// graftDir is the deepest grafted directory holding p (absolute and
// clean), or "" when no graft holds it.
func (m *Mem) graftDir(p string) string {
	if !m.contains(p) {
		return ""
	}
	dir, found := m.root, ""
	n := m.top
	for _, c := range components(strings.TrimPrefix(p, m.root)) {
		if n = n.children[c]; n == nil || !n.mode.IsDir() {
			break
		}
		if dir = filepath.Join(dir, c); n.graft {
			found = dir
		}
	}
	return found
}

// plain resolves the common case without allocating: a clean absolute
// name below the root whose every component exists and is no link (but
// the last, when not followed). ok is false for any other name, which
// resolve then walks component by component.
func (m *Mem) plain(name string, followLast bool) (n *node, ok bool, err error) {
	sep := string(filepath.Separator)
	rest, below := strings.CutPrefix(name, m.root+sep)
	if !below || m.root == sep || rest == "" || filepath.Clean(name) != name {
		return nil, false, nil
	}
	n = m.top
	for rest != "" {
		c := rest
		if i := strings.IndexByte(rest, filepath.Separator); i >= 0 {
			c, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if !n.mode.IsDir() {
			return nil, true, syscall.ENOTDIR
		}
		child := n.children[c]
		if child == nil {
			return nil, true, syscall.ENOENT
		}
		if child.mode&fs.ModeSymlink != 0 && (rest != "" || followLast) {
			return nil, false, nil
		}
		n = child
	}
	return n, true, nil
}

// renamed is err, an operating system error about the resolved path, as
// os gives it for name: a *fs.PathError names the path it was asked
// (osInfo does the same for a FileInfo's name).
func renamed(err error, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

type renamedInfo struct {
	fs.FileInfo
	name string
}

func (i renamedInfo) Name() string { return i.name }

func osInfo(fi fs.FileInfo, err error, name string) (fs.FileInfo, error) {
	if err != nil {
		return nil, renamed(err, name)
	}
	return renamedInfo{fi, filepath.Base(name)}, nil
}

// Stat is os.Stat.
func (m *Mem) Stat(name string) (fs.FileInfo, error) {
	n, p, err := m.resolve("stat", name, true)
	if err != nil {
		return nil, err
	}
	if n == nil {
		fi, err := os.Stat(p)
		return osInfo(fi, err, name)
	}
	return info{name: filepath.Base(name), n: n}, nil
}

// Lstat is os.Lstat.
func (m *Mem) Lstat(name string) (fs.FileInfo, error) {
	n, p, err := m.resolve("lstat", name, false)
	if err != nil {
		return nil, err
	}
	if n == nil {
		fi, err := os.Lstat(p)
		return osInfo(fi, err, name)
	}
	return info{name: filepath.Base(name), n: n}, nil
}

// ReadDir is os.ReadDir.
func (m *Mem) ReadDir(name string) ([]fs.DirEntry, error) {
	n, p, err := m.resolve("open", name, true)
	if err != nil {
		return nil, err
	}
	if n == nil {
		des, err := os.ReadDir(p)
		return des, renamed(err, name)
	}
	if n.mode&fs.ModeDir == 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ENOTDIR}
	}
	out := make([]fs.DirEntry, 0, len(n.children))
	for c, child := range n.children {
		out = append(out, fs.FileInfoToDirEntry(info{name: c, n: child}))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// ReadFile is os.ReadFile. The bytes returned are the tree's own: callers
// must not change them.
func (m *Mem) ReadFile(name string) ([]byte, error) {
	n, p, err := m.resolve("open", name, true)
	if err != nil {
		return nil, err
	}
	if n == nil {
		data, err := os.ReadFile(p)
		return data, renamed(err, name)
	}
	if n.mode&fs.ModeDir != 0 {
		return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	return n.content()
}

// readlink is os.Readlink.
func (m *Mem) readlink(name string) (string, error) {
	n, p, err := m.resolve("readlink", name, false)
	if err != nil {
		return "", err
	}
	if n == nil {
		t, err := os.Readlink(p)
		return t, renamed(err, name)
	}
	if n.mode&fs.ModeSymlink == 0 {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: syscall.EINVAL}
	}
	return n.target, nil
}

// EvalSymlinks is filepath.EvalSymlinks: the components of name are
// taken one by one into the path resolved so far, each looked up with
// Lstat (so that paths outside the tree are the operating system's); a
// link is replaced by its target, read again component by component, and
// ".." drops the last component resolved. A relative name stays
// relative, as long as no link leads to an absolute path. Once a link of
// the tree has been read, a path leaving the tree is not looked up: the
// rest is joined to it as text (see Mem).
func (m *Mem) EvalSymlinks(name string) (string, error) {
	abs := filepath.IsAbs(name)
	var done []string
	todo := components(name)
	linked := false
	// fence is the graft (see Graft) the first link read was in: the
	// path may not leave it.
	fence := ""
	var wd string
	absolute := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		if wd == "" {
			wd, _ = os.Getwd()
		}
		return filepath.Join(wd, p)
	}
	join := func() string {
		p := filepath.Join(done...)
		if abs {
			return string(filepath.Separator) + p
		}
		if p == "" {
			return "."
		}
		return p
	}
	for links := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch {
		case c == ".":
			continue
		case c == ".." && len(done) > 0 && done[len(done)-1] != "..":
			done = done[:len(done)-1]
			continue
		case c == ".." && abs:
			continue
		}
		done = append(done, c)
		if c == ".." {
			continue
		}
		at := join()
		if linked {
			where := absolute(at)
			if fence != "" && where != fence && !strings.HasPrefix(where, fence+string(filepath.Separator)) {
				return filepath.Join(append([]string{at}, todo...)...), nil
			}
			if !m.contains(where) {
				if m.above(where) {
					// An ancestor of the root: a directory.
					continue
				}
				return filepath.Join(append([]string{at}, todo...)...), nil
			}
		}
		fi, err := m.Lstat(at)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if !fi.IsDir() && len(todo) > 0 {
				return "", syscall.ENOTDIR
			}
			continue
		}
		if links++; links > maxEvalLinks {
			return "", errors.New("EvalSymlinks: too many links")
		}
		target, err := m.readlink(at)
		if err != nil {
			return "", err
		}
		if !linked && m.contains(absolute(at)) {
			linked, fence = true, m.graftDir(absolute(at))
		}
		done = done[:len(done)-1]
		if filepath.IsAbs(target) {
			abs, done = true, nil
		}
		todo = append(components(target), todo...)
	}
	return join(), nil
}

// SHA256 is the SHA-256 of a regular file of the tree, computed once per
// version of the file.
func (m *Mem) SHA256(name string) ([32]byte, bool) {
	n, _, err := m.resolve("open", name, true)
	if err != nil || n == nil || !n.mode.IsRegular() {
		return [32]byte{}, false
	}
	data, err := n.content()
	if err != nil {
		return [32]byte{}, false
	}
	n.sumOnce.Do(func() { n.sum = sha256.Sum256(data) })
	return n.sum, true
}

// parent returns the directory that holds rel (a slash-separated local
// path), creating the missing directories, and rel's last component.
func (m *Mem) parent(rel string) (*node, string, error) {
	if !ValidRel(rel) {
		return nil, "", fmt.Errorf("vfs: invalid path %q", rel)
	}
	dir, base := path.Split(rel)
	cur := m.top
	if dir != "" {
		for _, c := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
			child := cur.children[c]
			if child == nil || child.mode&fs.ModeDir == 0 {
				// A file or link in the way is replaced, as writing a
				// tree over an older one does.
				child = &node{mode: fs.ModeDir | 0o755, children: map[string]*node{}}
				cur.children[c] = child
			}
			cur = child
		}
	}
	return cur, base, nil
}

// WriteFile makes rel (slash-separated, relative to the root) a regular
// file holding data, with the permission bits perm, replacing whatever
// was there. The tree keeps data: the caller must not change it.
func (m *Mem) WriteFile(rel string, data []byte, perm fs.FileMode) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	dir.children[base] = &node{mode: perm.Perm(), data: data}
	return nil
}

// Symlink makes rel a symbolic link to target, replacing whatever was
// there.
func (m *Mem) Symlink(target, rel string) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	dir.children[base] = &node{mode: fs.ModeSymlink | 0o777, target: target}
	return nil
}

// Mkdir makes rel a directory unless it is one already.
func (m *Mem) Mkdir(rel string) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	if c := dir.children[base]; c == nil || c.mode&fs.ModeDir == 0 {
		dir.children[base] = &node{mode: fs.ModeDir | 0o755, children: map[string]*node{}}
	}
	return nil
}

// Delete removes rel and everything below it, then the directories above
// it that are left empty (as git keeps no empty directory), up to the
// root. A missing rel is no error.
func (m *Mem) Delete(rel string) error {
	if !ValidRel(rel) {
		return fmt.Errorf("vfs: invalid path %q", rel)
	}
	parts := strings.Split(rel, "/")
	chain := []*node{m.top}
	for _, c := range parts[:len(parts)-1] {
		next := chain[len(chain)-1].children[c]
		if next == nil || next.mode&fs.ModeDir == 0 {
			return nil
		}
		chain = append(chain, next)
	}
	delete(chain[len(chain)-1].children, parts[len(parts)-1])
	for i := len(chain) - 1; i > 0 && len(chain[i].children) == 0; i-- {
		delete(chain[i-1].children, parts[i-1])
	}
	return nil
}

// info is a node's fs.FileInfo.
type info struct {
	name string
	n    *node
}

func (i info) Name() string { return i.name }
func (i info) Size() int64 {
	if i.n.lazy != nil {
		return i.n.lazy.lazySize()
	}
	return int64(len(i.n.data)) + int64(len(i.n.target)) + i.n.size
}
func (i info) Mode() fs.FileMode  { return i.n.mode }
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.n.mode.IsDir() }
func (i info) Sys() any {
	if i.n.unread != nil {
		return i.n.unread
	}
	if i.n.lazy != nil {
		if u := i.n.lazy.unreadErr(); u != nil {
			return u
		}
	}
	return nil
}

// Stage writes the named regular files of the tree to disk, for a
// program that reads files itself, and returns where each one is to be
// read: a file of the tree is written below a directory Stage creates
// for the purpose (at its path relative to Root, so that its name is
// kept), and a file the operating system serves is read where it is.
// Root itself is never written to, whether it exists on disk or not. The
// returned function removes the directory Stage created, and only it;
// concurrent Stages of one tree each have their own.
func (m *Mem) Stage(names []string) (paths []string, cleanup func() error, err error) {
	dir, err := os.MkdirTemp(m.stageIn, "scb-check-stage-")
	if err != nil {
		return nil, nil, fmt.Errorf("failed to create a directory to write files for ast-grep: %w", err)
	}
	var once sync.Once
	cleanup = func() error {
		var err error
		once.Do(func() { err = os.RemoveAll(dir) })
		return err
	}
	paths = make([]string, len(names))
	made := map[string]bool{}
	for i, name := range names {
		if paths[i], err = m.stageOne(dir, name, made); err != nil {
			_ = cleanup()
			return nil, nil, fmt.Errorf("failed to write %s for ast-grep: %w", name, err)
		}
	}
	return paths, cleanup, nil
}

// StageIn makes Stage create its directories in dir (which must exist),
// instead of the system's temporary directory: a caller with a faster
// scratch directory of its own (memory) names it here. Trees copied by
// CloneAt keep it.
func (m *Mem) StageIn(dir string) { m.stageIn = dir }

// stageOne writes name below dir (see Stage) and returns the path it is
// to be read at; made holds the directories and files created so far (a
// name given twice is written once).
func (m *Mem) stageOne(dir, name string, made map[string]bool) (string, error) {
	n, _, err := m.resolve("open", name, true)
	switch {
	case err != nil:
		return "", err
	case n == nil:
		return name, nil
	case !n.mode.IsRegular():
		return "", &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	rel, below := strings.CutPrefix(abs, m.root+string(filepath.Separator))
	if m.root == string(filepath.Separator) {
		rel, below = strings.TrimPrefix(abs, m.root), true
	}
	if !below || rel == "" {
		return "", fmt.Errorf("vfs: %s is not below the tree's root %s", name, m.root)
	}
	out := filepath.Join(dir, rel)
	if made[out] {
		return out, nil
	}
	made[out] = true
	if d := filepath.Dir(out); !made[d] {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return "", err
		}
		made[d] = true
	}
	data, err := n.content()
	if err != nil {
		return "", err
	}
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	return out, errors.Join(err, f.Close())
}

// Graft makes rel a copy of the whole tree from, replacing whatever was
// there. Files are shared, not copied (both trees only read them), and
// directories are copied: later changes to either tree leave the other
// as it was. A link of the grafted tree leads nowhere out of it, as in
// from: a path leaving rel through one is ErrOutside (and EvalSymlinks
// gives it as text), so that the tree reads as it would on its own.
func (m *Mem) Graft(rel string, from *Mem) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	g := copyDirs(from.top)
	g.graft = true
	dir.children[base] = g
	return nil
}

func copyDirs(n *node) *node {
	if n.mode&fs.ModeDir == 0 {
		return n
	}
	c := &node{mode: n.mode, children: make(map[string]*node, len(n.children)), graft: n.graft}
	for name, child := range n.children {
		c.children[name] = copyDirs(child)
	}
	return c
}

// CloneAt returns a copy of the tree held at root instead: files are
// shared, not copied, and later changes to either tree leave the other
// as it was.
func (m *Mem) CloneAt(root string) (*Mem, error) {
	c, err := NewMem(root)
	if err != nil {
		return nil, err
	}
	c.top, c.stageIn = copyDirs(m.top), m.stageIn
	return c, nil
}
