package vfs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// DefaultMaxRead is the size cap on the files other than sources that an
// analysis reads (configuration, ignore files, manifests, rule files,
// baselines, score files) when no other is given: 1 MB, far above any
// real one.
const DefaultMaxRead = 1 << 20

// NoLimit is an option's value for no limit: the Options of the facade,
// and the command's values that become them, say 0 for the default and
// NoLimit (any negative) for none.
const NoLimit = -1

// MaxRead resolves a size option (0: DefaultMaxRead, negative: none) into
// a limit as every reader below the facade takes it: a number of bytes,
// none when not positive (ReadRegular's max, the loaders' max,
// source.DiscoverOptions and rules.CatalogOptions). It is the one place
// that converts the one convention into the other.
func MaxRead(option int64) int64 {
	switch {
	case option == 0:
		return DefaultMaxRead
	case option < 0:
		return 0
	}
	return option
}

// NotRegularError is ReadRegular's error for a file that is not a regular
// file: a named pipe (opening it would block), a device (/dev/zero never
// ends), a socket or a directory. The file is never opened.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return "not a regular file (" + modeName(e.Mode) + ")"
}

// TooLargeError is ReadRegular's error for a file over the size cap; Size
// is -1 when the file grew past the cap while it was read.
type TooLargeError struct {
	Path      string
	Size, Max int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("more than %d bytes, over the limit of %d bytes", e.Max, e.Max)
	}
	return fmt.Sprintf("%d bytes, over the limit of %d bytes", e.Size, e.Max)
}

// OutsideError is ReadRegularIn's error for a file whose path leads, by a
// symbolic link, out of the directory it must stay in. Target is where
// the link leads; the file there is never read.
type OutsideError struct {
	Path, Target, Dir string
}

func (e *OutsideError) Error() string {
	return "symlink to " + e.Target + ", outside " + e.Dir + " (not followed)"
}

// ReadRegular returns the content of the file at name, following links
// wherever they lead (for files the user named), when it is a regular
// file of at most max bytes (no cap when max <= 0). Anything else is
// refused without being opened (a *NotRegularError, a *TooLargeError),
// so that a named pipe cannot block the reader nor a device fill its
// memory; the file opened is checked again, so one swapped in after the
// check is refused too, and at most max+1 bytes are ever read.
func ReadRegular(fsys FS, name string, max int64) ([]byte, error) {
	return readRegular(Or(fsys), name, "", max)
}

// ReadRegularIn is ReadRegular for a file found in the tree dir: its path
// may pass through links only as long as it stays inside dir, else it is
// refused with an *OutsideError (its target is not read).
func ReadRegularIn(fsys FS, dir, name string, max int64) ([]byte, error) {
	fsys = Or(fsys)
	top, err := Canonical(fsys, dir)
	if err != nil {
		return nil, err
	}
	resolved, err := Canonical(fsys, name)
	if err != nil {
		// A missing file, or a broken link: the error says which.
		if _, lerr := fsys.Lstat(name); lerr == nil && errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("broken symlink: %w", err)
		}
		return nil, err
	}
	if !Within(top, resolved) {
		return nil, &OutsideError{Path: name, Target: resolved, Dir: dir}
	}
	return readRegular(fsys, resolved, name, max)
}

// readRegular reads the regular file at path; shown, when not empty, is
// the name the caller asked for, path its resolution (opened without
// following a last link, so that a link planted since is refused).
func readRegular(fsys FS, path, shown string, max int64) ([]byte, error) {
	name := path
	if shown != "" {
		name = shown
	}
	info, err := fsys.Stat(path)
	if err != nil {
		// Said as opening it would have said it.
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "stat" {
			err = &fs.PathError{Op: "open", Path: pe.Path, Err: pe.Err}
		}
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, &NotRegularError{Path: name, Mode: info.Mode()}
	}
	if max > 0 && info.Size() > max {
		return nil, &TooLargeError{Path: name, Size: info.Size(), Max: max}
	}
	var data []byte
	if o, ok := fsys.(regularOpener); ok {
		r, info, err := o.openRegular(path, shown != "")
		if err != nil {
			return nil, err
		}
		defer r.Close()
		if !info.Mode().IsRegular() {
			return nil, &NotRegularError{Path: name, Mode: info.Mode()}
		}
		var src io.Reader = r
		if max > 0 {
			src = io.LimitReader(r, max+1)
		}
		if data, err = io.ReadAll(src); err != nil {
			return nil, err
		}
	} else if data, err = fsys.ReadFile(path); err != nil {
		return nil, err
	}
	if max > 0 && int64(len(data)) > max {
		return nil, &TooLargeError{Path: name, Size: -1, Max: max}
	}
	return data, nil
}

// regularOpener is an FS that opens a file for ReadRegular itself, and
// says what it opened: a regular file, or (swapped in since the Stat)
// something else, which is then not read. nofollow refuses a last
// component that is a link.
type regularOpener interface {
	openRegular(name string, nofollow bool) (io.ReadCloser, fs.FileInfo, error)
}

func (osFS) openRegular(name string, nofollow bool) (io.ReadCloser, fs.FileInfo, error) {
	return openOS(name, nofollow)
}

// openOS opens name without blocking on a named pipe (nor making a
// terminal the controlling one) and returns it with its information.
func openOS(name string, nofollow bool) (io.ReadCloser, fs.FileInfo, error) {
	f, err := os.OpenFile(name, openFlags(nofollow), 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return io.NopCloser(strings.NewReader("")), info, nil
	}
	return f, info, nil
}

// Within reports whether the path p is the directory root or lies below
// it, by their text (links are the caller's to resolve).
func Within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// modeName names the kind of a file that is not a regular one.
func modeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symlink"
	}
	return "irregular file"
}
