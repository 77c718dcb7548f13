package testkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteTree(t *testing.T) {
	dir := t.TempDir()
	WriteTree(t, dir, map[string]string{"a.txt": "top\n", "sub/deep/b.txt": "below\n"})
	for p, want := range map[string]string{"a.txt": "top\n", "sub/deep/b.txt": "below\n"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		require.NoError(t, err)
		assert.Equal(t, want, string(got), p)
	}
}

func TestLinkTree(t *testing.T) {
	dir := t.TempDir()
	WriteTree(t, dir, map[string]string{"real/b.txt": "below\n"})
	LinkTree(t, dir, map[string]string{"links/deep/b.txt": "real/b.txt"})
	target, err := os.Readlink(filepath.Join(dir, "links", "deep", "b.txt"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "real", "b.txt"), target)
	got, err := os.ReadFile(filepath.Join(dir, "links", "deep", "b.txt"))
	require.NoError(t, err)
	assert.Equal(t, "below\n", string(got))
}
