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

// ConfigAboveGitFile is a repository whose directory inner is a worktree
// or submodule (its .git a file), for WriteTree: the repository root's
// scb-check.toml excludes inner/proj/b.py, and inner/proj holds a.py and
// b.py (one SLOC line each). A configuration search from inner that stops
// at the .git file reads both files; one that stops only at a .git
// directory finds the root's configuration and reads a.py alone.
var ConfigAboveGitFile = map[string]string{
	".git/HEAD":       "ref: refs/heads/main\n",
	"scb-check.toml":  "exclude = [\"inner/proj/b.py\"]\n",
	"inner/.git":      "gitdir: elsewhere\n",
	"inner/proj/a.py": "x = 1\n",
	"inner/proj/b.py": "y = 2\n",
}
