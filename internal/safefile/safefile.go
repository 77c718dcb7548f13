package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// tempFile is what Write does with its temporary file; tests wrap it to
// make a write, sync or close fail as on a full disk.
type tempFile interface {
	io.Writer
	Sync() error
	Close() error
}

// Hooks replaced by the tests of this package to inject failures.
var (
	wrap   = func(f *os.File) tempFile { return f }
	rename = os.Rename
)

// maxTempBase bounds the part of the destination's name kept in the
// temporary file's name, which must fit the file system's name limit.
const maxTempBase = 100

// Write replaces path with the bytes write produces, atomically. A
// regular file at path keeps its permission bits; a new file gets perm
// (less the umask). Anything at path but a directory is replaced, a
// symbolic link included: its target is neither read nor written. On any
// failure (write, which gets a buffered writer, returns an error, or a
// write, sync, close or rename fails) the temporary file is removed, path
// is left as it was, and the error names path. Missing parent directories
// are created first (mode 0755 less the umask), as `mkdir -p` would.
func Write(path string, perm fs.FileMode, write func(io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if base == "" {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("not a file name")}
	}
	// An existing file's mode is kept as it is, umask or not.
	keep := fs.FileMode(0)
	if old, err := os.Lstat(path); err == nil && old.Mode().IsRegular() {
		keep = old.Mode().Perm()
		perm = keep
	}
	if err := makeParents(dir); err != nil {
		return err
	}
	f, tmp, err := createTemp(dir, base, perm)
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: cause(err)}
	}
	err = fillTemp(f, keep, write)
	if err == nil {
		if err = rename(tmp, path); err != nil {
			err = &fs.PathError{Op: "rename", Path: path, Err: cause(err)}
		}
	}
	if err != nil {
		_ = os.Remove(tmp)
		if pe, ok := err.(*fs.PathError); ok && pe.Path == "" {
			pe.Path = path
		}
		return err
	}
	syncDir(dir)
	return nil
}

// makeParents creates dir and its missing parents: the output paths given
// on a command line (out/shard-3.jsonl) often name a directory not made yet.
func makeParents(dir string) error {
	dir = filepath.Clean(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &fs.PathError{Op: "mkdir", Path: dir, Err: cause(err)}
	}
	return nil
}

// WriteFile is Write of data.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// createTemp creates a new file beside the destination, never opening an
// existing one: O_EXCL, under a random name, retried on a clash.
func createTemp(dir, base string, perm fs.FileMode) (*os.File, string, error) {
	if len(base) > maxTempBase {
		base = base[:maxTempBase]
	}
	var err error
	for range 100 {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		var f *os.File
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, perm)
		if err == nil {
			return f, name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
	}
	return nil, "", err
}

// fillTemp sets the kept mode (when not 0), writes, syncs and closes the
// temporary file; its errors are PathErrors with the operation that
// failed and no path (Write names the destination).
func fillTemp(f *os.File, keep fs.FileMode, write func(io.Writer) error) error {
	if keep != 0 {
		if err := f.Chmod(keep); err != nil {
			f.Close()
			return &fs.PathError{Op: "chmod", Err: cause(err)}
		}
	}
	t := wrap(f)
	rec := &recorder{w: t}
	bw := bufio.NewWriterSize(rec, 64<<10)
	werr := write(bw)
	if werr == nil {
		werr = bw.Flush()
	}
	switch {
	case rec.err != nil:
		// The file's own failure, whatever write made of it.
		werr = &fs.PathError{Op: "write", Err: cause(rec.err)}
	case werr != nil:
		werr = &fs.PathError{Op: "write", Err: werr}
	default:
		if err := t.Sync(); err != nil {
			werr = &fs.PathError{Op: "sync", Err: cause(err)}
		}
	}
	if err := t.Close(); err != nil && werr == nil {
		werr = &fs.PathError{Op: "close", Err: cause(err)}
	}
	return werr
}

// recorder keeps the first error of the file it writes to, so that a
// writer that drops an error cannot make a partial file look complete.
type recorder struct {
	w   io.Writer
	err error
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	r.err = err
	return n, err
}

// cause is the reason inside a PathError or LinkError, whose path would
// be the temporary file's.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// syncDir makes the rename durable where the system allows it; a
// directory that cannot be synced (not every system can) is no error: the
// file itself is complete.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}

// OpenAppend opens the regular file at path for reading and appending,
// creating it (with perm) when nothing is there, and never through a
// symbolic link: a link at path is first replaced by an empty regular
// file (replaced is true; the link's target is neither read nor written).
// Anything else that is not a regular file, or a file with other hard
// links (appending would change the other names too), is an error naming
// path. Missing parent directories are created first, as Write does.
func OpenAppend(path string, perm fs.FileMode) (f *os.File, replaced bool, err error) {
	for range 3 {
		info, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := makeParents(filepath.Dir(path)); err != nil {
				return nil, replaced, err
			}
			f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_EXCL|noFollow, perm)
			if errors.Is(err, fs.ErrExist) {
				continue // made meanwhile: look again
			}
			return f, replaced, err
		case err != nil:
			return nil, replaced, err
		case info.Mode()&fs.ModeSymlink != 0:
			if err := WriteFile(path, nil, perm); err != nil {
				return nil, replaced, err
			}
			replaced = true
			continue
		case !info.Mode().IsRegular():
			return nil, replaced, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("not a regular file (%s)", info.Mode().Type())}
		}
		f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|noFollow, 0)
		if err != nil {
			if isLoop(err) {
				continue // a link planted since the Lstat
			}
			return nil, replaced, err
		}
		opened, err := f.Stat()
		switch {
		case err != nil:
		case !os.SameFile(info, opened) || !opened.Mode().IsRegular():
			f.Close()
			continue // replaced since the Lstat
		case hardLinks(opened) > 1:
			err = &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("has %d hard links; appending would change them all", hardLinks(opened))}
		}
		if err != nil {
			f.Close()
			return nil, replaced, err
		}
		return f, replaced, nil
	}
	return nil, replaced, &fs.PathError{Op: "open", Path: path, Err: errors.New("changed while being opened")}
}
