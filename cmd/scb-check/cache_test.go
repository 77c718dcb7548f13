package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cacheTree writes a small tree with one ast-grep finding and one
// function of cyclomatic complexity 3 (an if and an or).
func cacheTree(t *testing.T) string {
	t.Helper()
	work := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(work, "src"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(work, "src", "a.py"),
		[]byte("def small(flag, other):\n    if flag == True or other:\n        return 1\n    return 0\n"), 0o644))
	return work
}

// One digit of an entry in a pack changed, the pack's length kept (issue
// 15, point 5): the run with the cache prints what the run without one
// prints, and -v says an entry was damaged.
func TestCacheChangedDigitEndToEnd(t *testing.T) {
	work := cacheTree(t)
	plain := runBinary(t, work, []string{"check", "--report", "src"}, nil)
	require.Equal(t, "1\n", plain[secExit], plain[secStderr])
	require.Contains(t, plain[secStdout], `"high_cc_functions":0`)

	for range 2 {
		got := runBinary(t, work, []string{"check", "--report", "--cache", "cache", "src"}, nil)
		require.Equal(t, plain, got)
	}
	packs, err := filepath.Glob(filepath.Join(work, "cache", "v3", "*.pack"))
	require.NoError(t, err)
	require.Len(t, packs, 1)
	b, err := os.ReadFile(packs[0])
	require.NoError(t, err)
	// The function's complexity, 3, becomes 9: the same length, and the
	// JSON report's total_mass, which weighs each function by it, would
	// change were the entry believed.
	field := []byte(`"CC":3,`)
	require.Equal(t, 1, bytes.Count(b, field))
	b[bytes.Index(b, field)+len(`"CC":`)] = '9'
	require.NoError(t, os.WriteFile(packs[0], b, 0o644))
	// A copy for the run with -v: each run writes the entry again.
	require.NoError(t, os.CopyFS(filepath.Join(work, "cache2"), os.DirFS(filepath.Join(work, "cache"))))

	quiet := runBinary(t, work, []string{"check", "--report", "--cache", "cache", "src"}, nil)
	assert.Equal(t, plain, quiet, "without -v nothing is said: the report is not affected")

	verbose := runBinary(t, work, []string{"check", "--report", "-v", "--cache", "cache2", "src"}, nil)
	assert.Equal(t, plain[secStdout], verbose[secStdout])
	assert.Equal(t, plain[secExit], verbose[secExit])
	assert.Contains(t, verbose[secStderr], "info cache dir=cache2 file_hits=0 file_misses=1 scan_hits=1 scan_misses=0\n")
	assert.Contains(t, verbose[secStderr], "warning: cache cache2: 1 damaged entries were passed over and recomputed (the report is not affected): damaged cache entry ")
	assert.Contains(t, verbose[secStderr], "checksum mismatch (for "+filepath.Join(work, "src", "a.py")+")\n")
}

// A first run with a stub ast-grep that finds nothing, a second with the
// real ast-grep at the same path (issue 15, point 5): the findings of the
// stub are not read back for the real binary, whose version string is the
// same.
func TestCacheKeyedByAstGrepBinary(t *testing.T) {
	work := cacheTree(t)
	stub := filepath.Join(work, "ast-grep")
	// What ast-grep 0.44.0 prints for a scan with no match: an empty
	// array, and the file summary on stderr.
	require.NoError(t, os.WriteFile(stub, []byte("#!/bin/sh\n"+
		"if [ \"$1\" = --version ]; then echo 'ast-grep 0.44.0'; exit 0; fi\n"+
		"while [ \"$1\" != -- ]; do shift; done; shift\n"+
		"echo \"sg: summary|file: scannedFileCount=$#,skippedFileCount=0\" >&2\n"+
		"echo '[]'\n"), 0o755))
	args := []string{"check", "--cache", "cache", "-v", "--ast-grep", stub, "src"}
	first := runBinary(t, work, args, nil)
	require.Equal(t, "0\n", first[secExit], first[secStderr])
	require.Contains(t, first[secStderr], "scan_misses=1")
	require.NotContains(t, first[secStdout], "bool-comparison")

	// The real binary copied over the stub: same path, same version.
	real, err := filepath.EvalSymlinks(os.Getenv("SCB_CHECK_AST_GREP"))
	require.NoError(t, err)
	copyFile(t, real, stub)
	second := runBinary(t, work, args, nil)
	assert.Equal(t, "1\n", second[secExit], second[secStderr])
	assert.Contains(t, second[secStderr], "file_hits=1 file_misses=0 scan_hits=0 scan_misses=1")
	assert.Contains(t, second[secStdout], "warning[bool-comparison]")

	plain := runBinary(t, work, []string{"check", "--ast-grep", stub, "src"}, nil)
	assert.Equal(t, plain[secStdout], second[secStdout])

	// And a link to it elsewhere is the same executable: its findings are
	// read back.
	link := filepath.Join(t.TempDir(), "sg")
	require.NoError(t, os.Symlink(stub, link))
	third := runBinary(t, work, []string{"check", "--cache", "cache", "-v", "--ast-grep", link, "src"}, nil)
	assert.Contains(t, third[secStderr], "scan_hits=1 scan_misses=0")
	assert.Equal(t, plain[secStdout], third[secStdout])
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	require.NoError(t, os.Remove(to))
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}
