package safefile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// names lists a directory's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteReplaces(t *testing.T) {
	tests := []struct {
		name string
		// plant makes what is at dest before the write (nothing when nil).
		plant func(t *testing.T, dir, dest string)
	}{
		{"a new file is created", nil},
		{"an old file is replaced", func(t *testing.T, _, dest string) {
			require.NoError(t, os.WriteFile(dest, []byte("old content, longer than the new"), 0o644))
		}},
		{"a link to a file is replaced, its target untouched", func(t *testing.T, dir, dest string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "target"), []byte("precious"), 0o644))
			require.NoError(t, os.Symlink("target", dest))
		}},
		{"a dangling link is replaced, its target not created", func(t *testing.T, _, dest string) {
			require.NoError(t, os.Symlink("missing", dest))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			dest := filepath.Join(dir, "out.json")
			if tt.plant != nil {
				tt.plant(t, dir, dest)
			}
			require.NoError(t, WriteFile(dest, []byte("new\n"), 0o644))
			info, err := os.Lstat(dest)
			require.NoError(t, err)
			assert.True(t, info.Mode().IsRegular(), "the destination is a regular file, not %s", info.Mode())
			got, err := os.ReadFile(dest)
			require.NoError(t, err)
			assert.Equal(t, "new\n", string(got))
			if data, err := os.ReadFile(filepath.Join(dir, "target")); err == nil {
				assert.Equal(t, "precious", string(data), "the link's target keeps its content")
			}
			assert.NoFileExists(t, filepath.Join(dir, "missing"))
			for _, n := range names(t, dir) {
				assert.Contains(t, []string{"out.json", "target"}, n, "no temporary file is left")
			}
		})
	}
}

func TestWriteKeepsMode(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "b.json")
	require.NoError(t, os.WriteFile(dest, []byte("x"), 0o600))
	require.NoError(t, os.Chmod(dest, 0o640))
	require.NoError(t, WriteFile(dest, []byte("y"), 0o644))
	info, err := os.Stat(dest)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o640), info.Mode().Perm())
}

func TestWriteRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "d")
	require.NoError(t, os.Mkdir(dest, 0o755))
	err := WriteFile(dest, []byte("y"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), dest)
	assert.Equal(t, []string{"d"}, names(t, dir), "no temporary file is left")
}

// failing wraps the temporary file and fails one of its operations, as a
// full disk does: a write after some bytes got through, the sync or the
// close.
type failing struct {
	f      *os.File
	op     string
	budget int
}

func (w *failing) Write(p []byte) (int, error) {
	if w.op == "write" && len(p) > w.budget {
		n, _ := w.f.Write(p[:w.budget])
		w.budget = 0
		return n, syscall.ENOSPC
	}
	w.budget -= len(p)
	return w.f.Write(p)
}

func (w *failing) Sync() error {
	if w.op == "sync" {
		return syscall.ENOSPC
	}
	return w.f.Sync()
}

func (w *failing) Close() error {
	err := w.f.Close()
	if w.op == "close" {
		return syscall.EIO
	}
	return err
}

func TestWriteFailureLeavesOldFile(t *testing.T) {
	ops := []struct {
		op   string
		want error
	}{{"write", syscall.ENOSPC}, {"sync", syscall.ENOSPC}, {"close", syscall.EIO}, {"rename", syscall.ENOSPC}}
	for _, o := range ops {
		for _, old := range []bool{true, false} {
			name := o.op + " fails, no old file"
			if old {
				name = o.op + " fails, the old file stays"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				dest := filepath.Join(dir, "chart.svg")
				if old {
					require.NoError(t, os.WriteFile(dest, []byte("old"), 0o644))
				}
				wrap = func(f *os.File) tempFile { return &failing{f: f, op: o.op, budget: 10} }
				if o.op == "rename" {
					rename = func(string, string) error { return &os.LinkError{Op: "rename", Err: syscall.ENOSPC} }
				}
				t.Cleanup(func() { wrap, rename = func(f *os.File) tempFile { return f }, os.Rename })

				err := Write(dest, 0o644, func(w io.Writer) error {
					// More than the buffer, in pieces, ignoring errors as
					// a careless encoder might.
					for range 40 {
						_, _ = w.Write(bytes.Repeat([]byte("x"), 4096))
					}
					return nil
				})
				require.Error(t, err)
				assert.ErrorIs(t, err, o.want)
				assert.True(t, strings.Contains(err.Error(), dest), "the error names the destination: %v", err)
				assert.NotContains(t, err.Error(), ".tmp-", "the error names no temporary file")
				if old {
					data, rerr := os.ReadFile(dest)
					require.NoError(t, rerr)
					assert.Equal(t, "old", string(data))
					assert.Equal(t, []string{"chart.svg"}, names(t, dir), "the temporary file is removed")
				} else {
					assert.Empty(t, names(t, dir), "no file, not even a temporary one")
				}
			})
		}
	}
}

func TestWriteCallbackError(t *testing.T) {
	dir := t.TempDir()
	dest := filepath.Join(dir, "b.json")
	require.NoError(t, os.WriteFile(dest, []byte("old"), 0o644))
	boom := errors.New("cannot encode")
	err := Write(dest, 0o644, func(w io.Writer) error {
		_, _ = io.WriteString(w, "half")
		return boom
	})
	assert.ErrorIs(t, err, boom)
	assert.Contains(t, err.Error(), dest)
	data, _ := os.ReadFile(dest)
	assert.Equal(t, "old", string(data))
	assert.Equal(t, []string{"b.json"}, names(t, dir))
}

// TestWriteFullDisk fills a real 64 KiB tmpfs: the old file stays whole
// and nothing else is left.
func TestWriteFullDisk(t *testing.T) {
	disk := testkit.TinyDisk(t, "64k")
	dest := filepath.Join(disk, "baseline.json")
	require.NoError(t, WriteFile(dest, []byte("old baseline"), 0o644))
	err := WriteFile(dest, bytes.Repeat([]byte("y"), 1<<20), 0o644)
	require.Error(t, err)
	assert.ErrorIs(t, err, syscall.ENOSPC)
	assert.Contains(t, err.Error(), dest)
	data, err := os.ReadFile(dest)
	require.NoError(t, err)
	assert.Equal(t, "old baseline", string(data))
	assert.Equal(t, []string{"baseline.json"}, names(t, disk))
}

func TestOpenAppend(t *testing.T) {
	t.Run("creates a missing file", func(t *testing.T) {
		dest := filepath.Join(t.TempDir(), "out.jsonl")
		f, replaced, err := OpenAppend(dest, 0o644)
		require.NoError(t, err)
		assert.False(t, replaced)
		_, err = f.WriteString("a\n")
		require.NoError(t, err)
		require.NoError(t, f.Close())
		data, _ := os.ReadFile(dest)
		assert.Equal(t, "a\n", string(data))
	})
	t.Run("appends to a regular file", func(t *testing.T) {
		dest := filepath.Join(t.TempDir(), "out.jsonl")
		require.NoError(t, os.WriteFile(dest, []byte("a\n"), 0o644))
		f, replaced, err := OpenAppend(dest, 0o644)
		require.NoError(t, err)
		assert.False(t, replaced)
		_, err = f.WriteString("b\n")
		require.NoError(t, err)
		require.NoError(t, f.Close())
		data, _ := os.ReadFile(dest)
		assert.Equal(t, "a\nb\n", string(data))
	})
	t.Run("replaces a link, its target untouched", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "target")
		require.NoError(t, os.WriteFile(target, []byte("precious\n"), 0o644))
		dest := filepath.Join(dir, "out.jsonl")
		require.NoError(t, os.Symlink(target, dest))
		f, replaced, err := OpenAppend(dest, 0o644)
		require.NoError(t, err)
		assert.True(t, replaced)
		_, err = f.WriteString("b\n")
		require.NoError(t, err)
		require.NoError(t, f.Close())
		info, err := os.Lstat(dest)
		require.NoError(t, err)
		assert.True(t, info.Mode().IsRegular())
		data, _ := os.ReadFile(dest)
		assert.Equal(t, "b\n", string(data))
		data, _ = os.ReadFile(target)
		assert.Equal(t, "precious\n", string(data))
	})
	refused := []struct {
		name  string
		plant func(t *testing.T, dir, dest string)
		want  string
	}{
		{"a FIFO is refused", func(t *testing.T, _, dest string) {
			require.NoError(t, syscall.Mkfifo(dest, 0o644))
		}, "not a regular file"},
		{"a directory is refused", func(t *testing.T, _, dest string) {
			require.NoError(t, os.Mkdir(dest, 0o755))
		}, "not a regular file"},
		{"a file with another hard link is refused", func(t *testing.T, dir, dest string) {
			other := filepath.Join(dir, "other")
			require.NoError(t, os.WriteFile(other, []byte("x\n"), 0o644))
			require.NoError(t, os.Link(other, dest))
		}, "2 hard links"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			dest := filepath.Join(dir, "out.jsonl")
			tt.plant(t, dir, dest)
			_, _, err := OpenAppend(dest, 0o644)
			require.Error(t, err)
			assert.Contains(t, err.Error(), dest)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestMissingParentsAreCreated(t *testing.T) {
	cases := []struct {
		name string
		open func(path string) error
	}{
		{"Write", func(path string) error { return WriteFile(path, []byte("x\n"), 0o644) }},
		{"OpenAppend", func(path string) error {
			f, replaced, err := OpenAppend(path, 0o644)
			if err != nil {
				return err
			}
			assert.False(t, replaced)
			_, err = f.WriteString("x\n")
			return errors.Join(err, f.Close())
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out", "shards", "shard-0.jsonl")
			require.NoError(t, c.open(path))
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "x\n", string(data))
			assert.Equal(t, []string{"shard-0.jsonl"}, names(t, filepath.Join(dir, "out", "shards")))
		})
	}
}

func TestParentThatIsAFileIsAnError(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "out"), []byte("a file"), 0o644))
	path := filepath.Join(dir, "out", "shard-0.jsonl")
	err := WriteFile(path, []byte("x"), 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(dir, "out"))
	_, _, err = OpenAppend(path, 0o644)
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(dir, "out"))
}
