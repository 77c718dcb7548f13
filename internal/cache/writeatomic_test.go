package cache

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestIndexReplacesLink: a link planted where a pack's index is about to
// be written is replaced by the index (written by safefile); the link's
// target keeps its content and the entries are read back after a new
// Open.
func TestIndexReplacesLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("precious"), 0o644))
	d, err := Open(filepath.Join(dir, "cache"))
	require.NoError(t, err)
	k := new(Hasher).Add("key").Key()
	require.NoError(t, d.Put(k, []byte("entry")))
	idx := strings.TrimSuffix(d.w.f.Name(), ".tmp") + ".idx"
	require.NoError(t, os.Symlink(target, idx))
	require.NoError(t, d.Close())

	info, err := os.Lstat(idx)
	require.NoError(t, err)
	assert.True(t, info.Mode().IsRegular())
	got, _ := os.ReadFile(target)
	assert.Equal(t, "precious", string(got))
	again, err := Open(filepath.Join(dir, "cache"))
	require.NoError(t, err)
	data, ok, err := again.Get(k)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "entry", string(data))
	require.NoError(t, again.Close())
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
