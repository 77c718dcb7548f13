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
