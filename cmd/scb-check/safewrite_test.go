package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// safeWriteCase is one of the files the command writes on request.
type safeWriteCase struct {
	name string
	// args writes to dest, analysing the tree in work.
	args func(work, dest string) []string
	// valid checks the content written.
	valid func(t *testing.T, data []byte)
}

func safeWriteCases() []safeWriteCase {
	return []safeWriteCase{
		{"--write-baseline", func(work, dest string) []string {
			return []string{"check", "--disable-sg", "--write-baseline", dest, filepath.Join(work, "a")}
		}, func(t *testing.T, data []byte) {
			assert.Contains(t, string(data), `"erosion"`, "a baseline")
		}},
		{"--chart", func(work, dest string) []string {
			return []string{"trajectory", "--disable-sg", "--chart", dest, filepath.Join(work, "a"), filepath.Join(work, "a")}
		}, func(t *testing.T, data []byte) {
			assert.Contains(t, string(data), "<svg", "an SVG chart")
		}},
		{"batch --output", func(work, dest string) []string {
			return []string{"batch", "--disable-sg", "--output", dest, filepath.Join(work, "m.txt")}
		}, func(t *testing.T, data []byte) {
			assert.True(t, strings.HasPrefix(string(data), `{"snapshot":"a","index":0,"status":"ok"`), "a batch line: %s", data)
			assert.Equal(t, 1, bytes.Count(data, []byte("\n")))
		}},
	}
}

// safeWriteTree makes a tree to analyse (a/x.py) and a manifest naming
// it.
func safeWriteTree(t *testing.T) string {
	t.Helper()
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(work, "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(work, "a", "x.py"), []byte("def a(x):\n    if x:\n        return 1\n    return 2\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte("a\n"), 0o644))
	return work
}

// TestWritesReplaceLinks: a symbolic link planted where a file is to be
// written is replaced by the file; its target keeps its content.
func TestWritesReplaceLinks(t *testing.T) {
	for _, c := range safeWriteCases() {
		t.Run(c.name, func(t *testing.T) {
			work := safeWriteTree(t)
			target := filepath.Join(work, "precious")
			require.NoError(t, os.WriteFile(target, []byte("host file\n"), 0o644))
			dest := filepath.Join(work, "out")
			require.NoError(t, os.Symlink(target, dest))
			got := runBinary(t, work, c.args(work, dest), nil)
			require.Contains(t, []string{"0\n", "1\n"}, got[secExit], got[secStderr])
			info, err := os.Lstat(dest)
			require.NoError(t, err)
			assert.True(t, info.Mode().IsRegular(), "%s is now a regular file, not %s", dest, info.Mode())
			data, err := os.ReadFile(dest)
			require.NoError(t, err)
			c.valid(t, data)
			kept, err := os.ReadFile(target)
			require.NoError(t, err)
			assert.Equal(t, "host file\n", string(kept), "the link's target is untouched")
			entries, err := os.ReadDir(work)
			require.NoError(t, err)
			for _, e := range entries {
				assert.NotContains(t, e.Name(), ".tmp-", "no temporary file is left")
			}
		})
	}
}

// fillDisk fills the file system holding dir to the last byte.
func fillDisk(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "filler"))
	require.NoError(t, err)
	defer f.Close()
	chunk := bytes.Repeat([]byte("f"), 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			require.True(t, errors.Is(err, syscall.ENOSPC), "filling the disk: %v", err)
			break
		}
	}
	for _, n := range []int{1024, 64, 1} {
		for {
			if _, err := f.Write(chunk[:n]); err != nil {
				break
			}
		}
	}
}

// TestWritesOnFullDisk: on a full disk each write fails with exit 2 and a
// message naming the file, and the file keeps its old content, whole; no
// temporary file is left.
func TestWritesOnFullDisk(t *testing.T) {
	for _, c := range safeWriteCases() {
		t.Run(c.name, func(t *testing.T) {
			work := safeWriteTree(t)
			disk := testkit.TinyDisk(t, "64k")
			dest := filepath.Join(disk, "out")
			// The old file, written by the same command while there was room.
			first := runBinary(t, work, c.args(work, dest), nil)
			require.Contains(t, []string{"0\n", "1\n"}, first[secExit], first[secStderr])
			old, err := os.ReadFile(dest)
			require.NoError(t, err)
			c.valid(t, old)
			if c.name == "batch --output" {
				// tmpfs hands out whole pages: a blank line (which a batch
				// output may hold) fills the old file's last page, else
				// an appended line would fit in it, full disk or not.
				if rest := len(old) % 4096; rest != 0 {
					old = append(old, strings.Repeat(" ", 4096-rest-1)+"\n"...)
					require.NoError(t, os.WriteFile(dest, old, 0o644))
				}
				// A second entry, so that the resumed run has a line to write.
				require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte("a\nb\n"), 0o644))
				require.NoError(t, os.MkdirAll(filepath.Join(work, "b"), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(work, "b", "y.py"), []byte("def b():\n    return 2\n"), 0o644))
			}
			fillDisk(t, disk)

			got := runBinary(t, work, c.args(work, dest), nil)
			assert.Equal(t, "2\n", got[secExit], got[secStderr])
			assert.Contains(t, got[secStderr], dest, "the message names the file")
			assert.Contains(t, got[secStderr], "no space left on device")
			assert.NotContains(t, got[secStderr], ".tmp-", "the message names no temporary file")
			now, err := os.ReadFile(dest)
			require.NoError(t, err)
			assert.Equal(t, string(old), string(now), "the old file is kept whole")
			entries, err := os.ReadDir(disk)
			require.NoError(t, err)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			want := []string{"out", "filler"}
			if c.name == "batch --output" {
				want = append(want, "out.lock") // the output's lock file, kept by design
			}
			assert.ElementsMatch(t, want, names, "no temporary file is left")
		})
	}
}
