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
