package vfs

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadRegular: only a regular file of at most the cap is read; a
// named pipe, a device, a socket or a directory is refused before it is
// opened (a test that opened the pipe would hang here), with a typed
// error.
func TestReadRegular(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	at := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, os.WriteFile(at("small"), []byte("12345"), 0o644))
	require.NoError(t, os.WriteFile(at("big"), []byte(strings.Repeat("x", 11)), 0o644))
	require.NoError(t, syscall.Mkfifo(at("pipe"), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", at("zero")))
	require.NoError(t, os.Mkdir(at("sub"), 0o755))
	require.NoError(t, os.Symlink(at("small"), at("link")))
	l, err := net.Listen("unix", at("sock"))
	require.NoError(t, err)
	defer l.Close()

	cases := []struct {
		name, file string
		max        int64
		want       string // content, or the error's text
		kind       any
	}{
		{"a regular file is read", "small", 10, "12345", nil},
		{"a file of exactly the cap is read", "small", 5, "12345", nil},
		{"no cap when max is 0", "big", 0, "xxxxxxxxxxx", nil},
		{"a link to a regular file is followed", "link", 10, "12345", nil},
		{"a file over the cap is refused", "big", 10, "11 bytes, over the limit of 10 bytes", &TooLargeError{}},
		{"a named pipe is refused", "pipe", 10, "not a regular file (named pipe)", &NotRegularError{}},
		{"a link to /dev/zero is refused", "zero", 10, "not a regular file (device)", &NotRegularError{}},
		{"a socket is refused", "sock", 10, "not a regular file (socket)", &NotRegularError{}},
		{"a directory is refused", "sub", 10, "not a regular file (directory)", &NotRegularError{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data, err := ReadRegular(OS, at(tc.file), tc.max)
			if tc.kind == nil {
				require.NoError(t, err)
				assert.Equal(t, tc.want, string(data))
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			switch tc.kind.(type) {
			case *TooLargeError:
				var e *TooLargeError
				assert.ErrorAs(t, err, &e)
			case *NotRegularError:
				var e *NotRegularError
				assert.ErrorAs(t, err, &e)
			}
		})
	}
	t.Run("a missing file is an open error", func(t *testing.T) {
		_, err := ReadRegular(OS, at("nope"), 10)
		assert.ErrorIs(t, err, fs.ErrNotExist)
		assert.Equal(t, "open "+at("nope")+": no such file or directory", err.Error())
	})
}

// TestReadRegularIn: inside a tree a link is followed only while it stays
// in the tree; the target outside is never read.
func TestReadRegularIn(t *testing.T) {
	host, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	secret := filepath.Join(host, "secret")
	require.NoError(t, os.WriteFile(secret, []byte("host text"), 0o644))
	for _, kind := range []string{"os", "mem"} {
		t.Run(kind, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			var fsys FS = OS
			write := func(name, text string) {
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
			}
			link := func(target, name string) { require.NoError(t, os.Symlink(target, filepath.Join(dir, name))) }
			if kind == "mem" {
				m, err := NewMem(filepath.Join(dir, "tree"))
				require.NoError(t, err)
				fsys, dir = m, m.Root()
				write = func(name, text string) {
					if d := filepath.Dir(name); d != "." {
						require.NoError(t, m.Mkdir(d))
					}
					require.NoError(t, m.WriteFile(name, []byte(text), 0o644))
				}
				link = func(target, name string) { require.NoError(t, m.Symlink(target, name)) }
			} else {
				dir = filepath.Join(dir, "tree")
				require.NoError(t, os.Mkdir(dir, 0o755))
			}
			write("a/real", "inside")
			link("a/real", "in")
			link(secret, "out")
			link("../../"+filepath.Base(dir)+"/a/real", "a/roundabout")
			link("/dev/zero", "zero")
			link("nowhere", "broken")

			data, err := ReadRegularIn(fsys, dir, filepath.Join(dir, "in"), 100)
			require.NoError(t, err)
			assert.Equal(t, "inside", string(data))

			data, err = ReadRegularIn(fsys, dir, filepath.Join(dir, "a", "roundabout"), 100)
			require.NoError(t, err, "a link leaving and re-entering the tree ends inside it")
			assert.Equal(t, "inside", string(data))

			for _, name := range []string{"out", "zero"} {
				_, err = ReadRegularIn(fsys, dir, filepath.Join(dir, name), 100)
				var outside *OutsideError
				require.ErrorAs(t, err, &outside, name)
				assert.NotContains(t, err.Error(), "host text")
			}
			_, err = ReadRegularIn(fsys, dir, filepath.Join(dir, "broken"), 100)
			assert.ErrorIs(t, err, fs.ErrNotExist)
			assert.Contains(t, err.Error(), "broken symlink")

			data, err = ReadRegular(fsys, filepath.Join(dir, "out"), 100)
			if kind == "mem" {
				// A tree held in memory never follows its own links out of it.
				assert.ErrorIs(t, err, ErrOutside)
				assert.NotContains(t, err.Error(), "host text")
			} else {
				require.NoError(t, err, "a file the user named may be a link anywhere")
				assert.Equal(t, "host text", string(data))
			}

			_, err = ReadRegularIn(fsys, dir, filepath.Join(dir, "a", "real"), 3)
			var tooLarge *TooLargeError
			assert.True(t, errors.As(err, &tooLarge))
		})
	}
}

func TestMaxRead(t *testing.T) {
	for _, c := range []struct{ option, want int64 }{
		{0, DefaultMaxRead}, {-1, 0}, {5, 5}, {DefaultMaxRead * 3, DefaultMaxRead * 3},
	} {
		assert.Equal(t, c.want, MaxRead(c.option), "option %d", c.option)
	}
}

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		root, p string
		want    bool
	}{
		{"/a/b", "/a/b", true}, {"/a/b", "/a/b/c", true}, {"/a/b", "/a/bc", false},
		{"/a/b", "/a", false}, {"/a/b", "/a/b/../c", false}, {"/", "/x", true},
	} {
		assert.Equal(t, c.want, Within(c.root, c.p), "%s in %s", c.p, c.root)
	}
}
