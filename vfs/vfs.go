package vfs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FS is what an analysis reads of a file tree. Its methods behave as the
// os and path/filepath functions of the same names.
type FS interface {
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	// ReadDir returns the directory's entries sorted by name, their types
	// from Lstat.
	ReadDir(name string) ([]fs.DirEntry, error)
	ReadFile(name string) ([]byte, error)
	EvalSymlinks(name string) (string, error)
}

// Hasher is an FS that may know a regular file's SHA-256 without it being
// read again (ok false when it does not).
type Hasher interface {
	SHA256(name string) (sum [32]byte, ok bool)
}

// Bounded is an FS holding a tree of its own (a commit's, in memory):
// the directories above it are where it happens to be held, not part of
// it, so nothing of theirs (an ignore file) applies to it.
type Bounded interface {
	Holds(dir string) bool
}

// OS is the operating system's file tree.
var OS FS = osFS{}

// Or returns f, or OS when f is nil.
func Or(f FS) FS {
	if f == nil {
		return OS
	}
	return f
}

type osFS struct{}

func (osFS) Stat(name string) (fs.FileInfo, error)      { return os.Stat(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) ReadFile(name string) ([]byte, error)       { return os.ReadFile(name) }
func (osFS) EvalSymlinks(name string) (string, error)   { return filepath.EvalSymlinks(name) }

// Canonical is the absolute path of name with every link resolved, as
// filepath.Abs then filepath.EvalSymlinks give it, through f.
func Canonical(f FS, name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	return Or(f).EvalSymlinks(abs)
}

// CanonicalDir is the directory path stands for, canonical: path itself
// (its links resolved, when they resolve), or a file's directory.
func CanonicalDir(f FS, path string) (string, error) {
	f = Or(f)
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("failed to resolve %s: %w", path, err)
	}
	if real, err := f.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if info, err := f.Stat(abs); err == nil && !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	return abs, nil
}

// Stager is an FS whose files other programs cannot read where they are
// (a tree held in memory). Stage writes the named files out to disk in a
// directory of its own and returns the path to read each one at (paths[i]
// for names[i]); the returned function removes what it wrote, and
// nothing else.
type Stager interface {
	Stage(names []string) (paths []string, cleanup func() error, err error)
}
