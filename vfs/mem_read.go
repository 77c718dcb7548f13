package vfs

import (
	"bytes"
	"io"
	"io/fs"
	"path/filepath"
)

// openRegular serves ReadRegular: a file of the tree from memory (its links
// never lead out of it: ErrOutside), a path named outside the root
// from the operating system, opened as OS opens it.
func (m *Mem) openRegular(name string, nofollow bool) (io.ReadCloser, fs.FileInfo, error) {
	n, p, err := m.resolve("open", name, !nofollow)
	if err != nil {
		return nil, nil, err
	}
	if n == nil {
		r, fi, err := openOS(p, nofollow)
		if err != nil {
			return nil, nil, renamed(err, name)
		}
		return r, fi, nil
	}
	fi := info{name: filepath.Base(name), n: n}
	if !n.mode.IsRegular() {
		return io.NopCloser(bytes.NewReader(nil)), fi, nil
	}
	data, err := n.content()
	if err != nil {
		return nil, nil, err
	}
	return io.NopCloser(bytes.NewReader(data)), fi, nil
}
