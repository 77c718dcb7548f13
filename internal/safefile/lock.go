package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxHolder bounds what is read of a lock file's holder: it is ours, but
// the directory may be shared.
const maxHolder = 512

// HeldError is the error of Lock when another open file description (of
// this process or another, on this machine or, where the file system
// shares locks, another) holds the lock.
type HeldError struct {
	// Path is the lock file.
	Path string
	// Holder is what the holder wrote into the lock file when it took the
	// lock (empty when it had not yet written it).
	Holder string
}

func (e *HeldError) Error() string {
	if e.Holder == "" {
		return fmt.Sprintf("%s is locked by another process", e.Path)
	}
	return fmt.Sprintf("%s is locked by %s", e.Path, e.Holder)
}

// Lock is an exclusive lock held on a lock file until Unlock, or until the
// process ends, however it ends: the kernel releases it, so a killed
// holder leaves no stale lock behind (the file itself stays).
type Lock struct {
	f *os.File
}

// TryLock takes an exclusive advisory lock on the file at path (created,
// with its missing parents, when absent) without waiting, and writes
// holder into it so that a process refused the lock can name the one that
// has it. A lock held elsewhere is a *HeldError; a file system that cannot
// lock (errors.ErrUnsupported on a system without locks, ENOLCK or
// ENOSYS from a network file system) is an error naming path. The file is
// opened without following a symbolic link and must be a regular file.
func TryLock(path, holder string) (*Lock, error) {
	if err := makeParents(filepath.Dir(path)); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o644)
	if err != nil {
		if isLoop(err) {
			err = &fs.PathError{Op: "open", Path: path, Err: errors.New("is a symbolic link")}
		}
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("not a regular file (%s)", info.Mode().Type())}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := tryLock(f); err != nil {
		defer f.Close()
		if errors.Is(err, errHeld) {
			return nil, &HeldError{Path: path, Holder: readHolder(f)}
		}
		return nil, &fs.PathError{Op: "lock", Path: path, Err: err}
	}
	// The holder replaces the previous one's; a failure to record it
	// costs only the name in another process's message.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(holder+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// readHolder is the first line of a lock file, cleaned of anything but
// printable text.
func readHolder(f *os.File) string {
	b, _ := io.ReadAll(io.NewSectionReader(f, 0, maxHolder))
	line, _, _ := strings.Cut(string(b), "\n")
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\uFFFD' {
			return -1
		}
		return r
	}, line)
}

// Unlock releases the lock; the lock file stays (removing it would let a
// process that opened it before the removal lock a file no one else sees).
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
