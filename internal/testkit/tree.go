package testkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// WriteTree writes files (slash-separated paths relative to dir, with
// their text) under dir, making the directories on the way.
func WriteTree(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for p, text := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		require.NoError(tb, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(tb, os.WriteFile(full, []byte(text), 0o644))
	}
}

// LinkTree makes the symbolic links of links under dir, making the
// directories on the way: each key is a link's slash-separated path
// relative to dir, its value the target's, also relative to dir (the link
// holds the target's absolute path).
func LinkTree(tb testing.TB, dir string, links map[string]string) {
	tb.Helper()
	for link, target := range links {
		full := filepath.Join(dir, filepath.FromSlash(link))
		require.NoError(tb, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(tb, os.Symlink(filepath.Join(dir, filepath.FromSlash(target)), full))
	}
}
