package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tree analysed is not trusted: an ast-grep it holds (at its root, in
// its node_modules/.bin, where a checkout's install would be, or on a
// PATH naming the current directory) is never run when the check is run
// from inside it, without --ast-grep or $SCB_CHECK_AST_GREP. With no
// ast-grep anywhere else, the run fails saying ast-grep is needed.
func TestAstGrepOfTheTreeIsNeverRun(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	tree := filepath.Join(work, "tree")
	marker := filepath.Join(work, "marker")
	for _, dir := range []string{tree, filepath.Join(tree, "node_modules", ".bin"), filepath.Join(tree, ".tools", "ast-grep", "node_modules", ".bin")} {
		markerScript(t, dir, "ast-grep", marker)
	}
	require.NoError(t, os.WriteFile(filepath.Join(tree, "a.py"), []byte("def f(items):\n    for i in range(len(items)):\n        print(items[i])\n"), 0o644))
	// A PATH with the current directory, explicitly and as an empty entry.
	empty := filepath.Join(work, "bin")
	require.NoError(t, os.Mkdir(empty, 0o755))
	path := strings.Join([]string{".", "", empty}, string(os.PathListSeparator))

	got := runBinary(t, tree, []string{"check", "."}, []string{"SCB_CHECK_AST_GREP=", "PATH=" + path})
	assert.Equal(t, "2\n", got[secExit])
	assert.Contains(t, got[secStderr], "scb-check needs the ast-grep CLI 0.44.0")
	assert.Empty(t, got[secStdout])
	assert.NoFileExists(t, marker, "no ast-grep of the tree ran")
}
