package cache

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// fill fills the file system holding dir to the last byte with one file,
// then frees `free` pages of it (tmpfs hands out whole pages), and
// returns the file.
func fill(t *testing.T, dir string, free int) string {
	t.Helper()
	name := filepath.Join(dir, "filler")
	f, err := os.Create(name)
	require.NoError(t, err)
	defer f.Close()
	for _, n := range []int{4096, 64, 1} {
		for err == nil {
			_, err = f.Write(make([]byte, n))
		}
		require.True(t, errors.Is(err, syscall.ENOSPC), "filling the disk: %v", err)
		err = nil
	}
	if free > 0 {
		info, err := f.Stat()
		require.NoError(t, err)
		require.NoError(t, f.Truncate(info.Size()-int64(free*4096)))
	}
	return name
}

// files lists the files below dir (not the directories), relative to it.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		if !d.IsDir() {
			rel, err := filepath.Rel(dir, p)
			require.NoError(t, err)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	}))
	sort.Strings(out)
	return out
}

// A cache directory created on a full disk: Open succeeds (the tag that
// cannot be written is no error), the directory is read-only, each Put
// says why, and nothing is left in it. Once there is room again, the
// next Open marks it and writes.
func TestOpenOnFullDisk(t *testing.T) {
	disk := testkit.TinyDisk(t, "64k")
	filler := fill(t, disk, 0)
	path := filepath.Join(disk, "cache")
	d, err := Open(path)
	require.NoError(t, err, "a cache that cannot be written is no error at Open")
	err = d.Put(key("k"), []byte("entry"))
	assert.ErrorIs(t, err, syscall.ENOSPC)
	assert.ErrorContains(t, err, filepath.Join(path, "CACHEDIR.TAG"))
	_, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	assert.False(t, ok, "an entry not written is a miss")
	require.NoError(t, d.Close())
	assert.Empty(t, files(t, path), "nothing is left in the directory")

	require.NoError(t, os.Remove(filler))
	d, err = Open(path)
	require.NoError(t, err)
	require.NoError(t, d.Put(key("k"), []byte("entry")))
	require.NoError(t, d.Close())
	assert.FileExists(t, filepath.Join(path, "CACHEDIR.TAG"))
	d, err = Open(path)
	require.NoError(t, err)
	got, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "entry", string(got))
	require.NoError(t, d.Close())
}

// A pack that cannot be finished on a full disk leaves no file behind
// (an unindexed pack is never read, so it would never be removed either),
// and one whose last record was cut short keeps only its whole records.
func TestFailedPackLeavesNothing(t *testing.T) {
	small, big := []byte("small entry"), bytes.Repeat([]byte("big entry "), 1200)
	tests := []struct {
		name string
		// before are the entries put before the disk is filled.
		before [][]byte
		// freePages are left free after filling.
		freePages int
		// after is put on the full disk; its Put fails.
		after []byte
		// closeErr is whether Close fails (the index cannot be written).
		closeErr bool
		// kept are the entries read back after a new Open.
		kept [][]byte
	}{
		{name: "no entry written whole: no pack", after: big},
		{name: "no room for the index: the pack is removed", before: [][]byte{small}, closeErr: true},
		{name: "a record cut short is cut off, which makes room for the index",
			before: [][]byte{small}, freePages: 1, after: big, kept: [][]byte{small}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			disk := testkit.TinyDisk(t, "64k")
			path := filepath.Join(disk, "cache")
			d, err := Open(path)
			require.NoError(t, err)
			for i, b := range tc.before {
				require.NoError(t, d.Put(key("before", string(rune('0'+i))), b))
			}
			fill(t, disk, tc.freePages)
			if tc.after != nil {
				assert.ErrorIs(t, d.Put(key("after"), tc.after), syscall.ENOSPC)
			}
			err = d.Close()
			if tc.closeErr {
				assert.ErrorIs(t, err, syscall.ENOSPC)
			} else {
				require.NoError(t, err)
			}
			var want []string
			if len(tc.kept) > 0 {
				for _, f := range files(t, path) {
					if f != "CACHEDIR.TAG" {
						want = append(want, f)
					}
				}
				require.Len(t, want, 2, "a pack and its index: %v", want)
				assert.Equal(t, filepath.Ext(want[0])+filepath.Ext(want[1]), ".idx.pack")
			}
			assert.Equal(t, append([]string{"CACHEDIR.TAG"}, want...), files(t, path), "no pack without its index, no temporary file")

			d, err = Open(path)
			require.NoError(t, err)
			for i, b := range tc.kept {
				got, ok, err := d.Get(key("before", string(rune('0'+i))))
				require.NoError(t, err)
				require.True(t, ok)
				assert.Equal(t, b, got)
			}
			if len(tc.kept) > 0 {
				info, err := os.Stat(filepath.Join(path, want[1]))
				require.NoError(t, err)
				assert.Equal(t, int64(recordOverhead+len(small)), info.Size(), "the pack holds its whole records only")
			}
			require.NoError(t, d.Close())
		})
	}
}
