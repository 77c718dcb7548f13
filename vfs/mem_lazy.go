package vfs

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
)

// lazyBytes are the bytes of a file read at its first read, and its
// size, asked for when something wants it first (see WriteLazy).
type lazyBytes struct {
	mu sync.Mutex
	// size and load are the callbacks, nil once called.
	size func() (int64, error)
	load func() ([]byte, error)
	// n is the size (known once sized or loaded), data the bytes (once
	// loaded); err is why either failed.
	n      int64
	sized  bool
	data   []byte
	loaded bool
	err    error
}

// WriteLazy makes rel a regular file, with the permission bits perm,
// replacing whatever was there, whose size and bytes are asked for when
// something first wants them: size when its size is first told (a Stat's
// or a ReadDir entry's Size) before it is read, load when it is first
// read (ReadFile, SHA256, Stage, a ReadRegular). A tree read from a
// repository so costs the files an analysis reads, not all it holds.
// Each callback runs at most once, whoever asks (they must be safe to
// call from any goroutine); the error of either is every later read's,
// as are bytes of another size than size told. An error that is an
// *UnreadError is the file's UnreadReason too; a file whose size cannot
// be told has size 0.
func (m *Mem) WriteLazy(rel string, perm fs.FileMode, size func() (int64, error), load func() ([]byte, error)) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	dir.children[base] = &node{mode: perm.Perm(), lazy: &lazyBytes{size: size, load: load}}
	return nil
}

// content is a regular file's bytes: those the tree holds, or those a
// lazy file reads at its first read.
func (n *node) content() ([]byte, error) {
	switch {
	case n.unread != nil:
		return nil, n.unread
	case n.lazy == nil:
		return n.data, nil
	}
	l := n.lazy
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil && !l.loaded {
		l.loaded = true
		data, err := l.load()
		l.load, l.size = nil, nil
		switch {
		case err != nil:
			l.err = err
		case l.sized && int64(len(data)) != l.n:
			l.err = fmt.Errorf("vfs: %d bytes read where %d were expected", len(data), l.n)
		default:
			l.data, l.n, l.sized = data, int64(len(data)), true
		}
	}
	return l.data, l.err
}

// lazySize is a lazy file's size, asked for once unless its bytes were
// read first; 0 when it cannot be told.
func (l *lazyBytes) lazySize() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.sized && l.err == nil {
		l.sized = true
		l.n, l.err = l.size()
		l.size = nil
		if l.err != nil {
			l.n = 0
		}
	}
	return l.n
}

// unreadErr is why a lazy file's size or bytes could not be had, when it
// is an *UnreadError (a blob missing from the repository).
func (l *lazyBytes) unreadErr() *UnreadError {
	l.mu.Lock()
	defer l.mu.Unlock()
	var u *UnreadError
	if errors.As(l.err, &u) {
		return u
	}
	return nil
}
