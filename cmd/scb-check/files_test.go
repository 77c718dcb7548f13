package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These cases need a file outside the case's work directory (a txtar case
// runs in it, so everything it makes is inside): a host file linked from
// the tree, a configuration above a worktree.

// TestHostFileLinkedFromTheTree: a scb-check.toml, pyproject.toml and
// .gitignore committed as links to a host file are not read: the run
// warns of each, and the host file's text appears in no output.
func TestHostFileLinkedFromTheTree(t *testing.T) {
	const secret = "scb_host_secret_9d2e"
	host, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	hostFile := filepath.Join(host, "host.toml")
	require.NoError(t, os.WriteFile(hostFile, []byte(secret+" = 1\n[tool.scb-check]\n"+secret+"_key = 2\n"), 0o644))
	tree, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(tree, ".git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(tree, "a.py"), []byte("def f():\n    return 1\n"), 0o644))
	for _, name := range []string{"scb-check.toml", "pyproject.toml", ".gitignore"} {
		require.NoError(t, os.Symlink(hostFile, filepath.Join(tree, name)))
	}
	for _, format := range []string{"json", "human", "text", "sarif"} {
		t.Run(format, func(t *testing.T) {
			got := runBinary(t, tree, []string{"check", "--disable-sg", "--output-format", format, "."}, nil)
			assert.Equal(t, "0\n", got[secExit], got[secStderr])
			for _, out := range []string{got[secStdout], got[secStderr]} {
				assert.NotContains(t, out, secret)
			}
			outside := "symlink to " + hostFile + ", outside " + tree + " (not followed)"
			assert.Contains(t, got[secStderr], "warning: "+filepath.Join(tree, "scb-check.toml")+": "+outside+"; not used as the configuration")
			assert.Contains(t, got[secStderr], "warning: "+filepath.Join(tree, "pyproject.toml")+": "+outside+"; not used as the configuration")
			assert.Contains(t, got[secStderr], "warning: "+filepath.Join(tree, ".gitignore")+": ignore file not read: "+outside)
		})
	}
	t.Run("dir", func(t *testing.T) {
		got := runBinary(t, tree, []string{"dir", "--output-format", "json", "."}, nil)
		assert.Equal(t, "0\n", got[secExit], got[secStderr])
		assert.NotContains(t, got[secStdout]+got[secStderr], secret)
	})
}

// TestGitFileEndsConfigSearch: a .git file (a worktree, a submodule)
// ends the upward search for a configuration as a .git directory does;
// without it, the configuration above applies, and when it excludes
// everything the error names it and the pattern.
func TestGitFileEndsConfigSearch(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(top, ".git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(top, "scb-check.toml"), []byte("exclude = [\"**\"]\n"), 0o644))
	wt := filepath.Join(top, "wt")
	require.NoError(t, os.Mkdir(wt, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(wt, "a.py"), []byte("def f():\n    return 1\n"), 0o644))

	got := runBinary(t, wt, []string{"check", "--disable-sg", "--output-format", "text", "."}, nil)
	assert.Equal(t, "2\n", got[secExit])
	assert.Equal(t, "no supported source files found at .: the configuration "+filepath.Join(top, "scb-check.toml")+
		" excludes all 1 files found there (exclude pattern \"**\" matches 1, relative to "+top+")\n", got[secStderr])

	require.NoError(t, os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../.git/worktrees/wt\n"), 0o644))
	got = runBinary(t, wt, []string{"check", "--disable-sg", "--output-format", "text", "-vv", "."}, nil)
	assert.Equal(t, "0\n", got[secExit], got[secStderr])
	assert.Contains(t, got[secStderr], "debug config_loaded base_dir="+wt+" exclude_count=0 ")
}
