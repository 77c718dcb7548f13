package cache

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestWriteAtomicReplacesLink: a link planted where an index is written
// is replaced by the index; the link's target keeps its content.
func TestWriteAtomicReplacesLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("precious"), 0o644))
	name := filepath.Join(dir, "pack.idx")
	require.NoError(t, os.Symlink(target, name))
	require.NoError(t, writeAtomic(name, []byte("index")))
	info, err := os.Lstat(name)
	require.NoError(t, err)
	assert.True(t, info.Mode().IsRegular())
	got, _ := os.ReadFile(name)
	assert.Equal(t, "index", string(got))
	got, _ = os.ReadFile(target)
	assert.Equal(t, "precious", string(got))
}

// TestWriteAtomicFullDisk: on a full disk the old file stays whole and
// no temporary file is left.
func TestWriteAtomicFullDisk(t *testing.T) {
	disk := testkit.TinyDisk(t, "64k")
	name := filepath.Join(disk, "pack.idx")
	require.NoError(t, writeAtomic(name, []byte("old index")))
	err := writeAtomic(name, bytes.Repeat([]byte("x"), 1<<20))
	assert.ErrorIs(t, err, syscall.ENOSPC)
	got, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "old index", string(got))
	entries, err := os.ReadDir(disk)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, "pack.idx", entries[0].Name())
}

// TestPutAfterFullDisk: a record that could not be written whole (the
// disk filled up) leaves no mark on the entries after it: once space is
// freed, the next entries are read back as written, here and after a
// new Open.
func TestPutAfterFullDisk(t *testing.T) {
	disk := testkit.TinyDisk(t, "256k")
	filler := filepath.Join(disk, "filler")
	require.NoError(t, os.WriteFile(filler, bytes.Repeat([]byte{'x'}, 96<<10), 0o644))
	d, err := Open(filepath.Join(disk, "cache"))
	require.NoError(t, err)
	payload := bytes.Repeat([]byte("entry "), 4<<10)
	key := func(i int) Key { return new(Hasher).Add("k", string(rune('a'+i))).Key() }
	failed := -1
	for i := 0; i < 20; i++ {
		if err := d.Put(key(i), payload); err != nil {
			assert.ErrorIs(t, err, syscall.ENOSPC)
			failed = i
			break
		}
	}
	require.GreaterOrEqual(t, failed, 1, "the disk should fill up after a few entries")
	require.NoError(t, os.Remove(filler))
	after := []byte("written after the disk was freed")
	require.NoError(t, d.Put(key(failed+1), after))
	check := func(d *Dir) {
		got, ok, err := d.Get(key(failed + 1))
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, after, got)
		got, ok, err = d.Get(key(0))
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, payload, got)
		_, ok, _ = d.Get(key(failed))
		assert.False(t, ok, "the entry cut short is a miss")
	}
	check(d)
	require.NoError(t, d.Close())
	again, err := Open(filepath.Join(disk, "cache"))
	require.NoError(t, err)
	check(again)
	require.NoError(t, again.Close())
}
