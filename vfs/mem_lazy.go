package vfs

import (
	"fmt"
	"io/fs"
	"sync"
)

// lazyBytes are the bytes of a file read at its first read (see
// WriteLazy).
type lazyBytes struct {
	once sync.Once
	load func() ([]byte, error)
	data []byte
	err  error
}

// WriteLazy makes rel a regular file of size bytes, with the permission
// bits perm, replacing whatever was there, whose bytes load reads when
// something first reads them (ReadFile, SHA256, Stage, a ReadRegular):
// a tree read from a repository needs only the bytes of the files an
// analysis reads, and holds the others' where they are. load runs once,
// whoever reads the file (it must be safe to call from any goroutine);
// its error, or bytes of another size than size, are the error of every
// read of the file. Stat tells size before anything is read.
func (m *Mem) WriteLazy(rel string, size int64, perm fs.FileMode, load func() ([]byte, error)) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	dir.children[base] = &node{mode: perm.Perm(), size: size, lazy: &lazyBytes{load: load}}
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
	l.once.Do(func() {
		l.data, l.err = l.load()
		if l.err == nil && int64(len(l.data)) != n.size {
			l.data, l.err = nil, fmt.Errorf("vfs: %d bytes read where %d were expected", len(l.data), n.size)
		}
		l.load = nil
	})
	return l.data, l.err
}
