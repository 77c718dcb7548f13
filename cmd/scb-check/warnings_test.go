package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGitWarnings: `trajectory --git` and `batch REPO@REV` print, as
// `check` does, a warning on stderr for each input other than sources a
// commit passed over (a .gitignore linked to a host file, a
// pyproject.toml linked to a device, a .ignore whose relative link leaves
// the tree), once per point, in point order, named by the point and with
// the paths relative to the commit's tree: no temporary snapshot path and
// nothing of the host file; a source file's relative link out of the tree
// is skipped with the same relative rendering. The numbers are check's on
// the same commits.
func TestGitWarnings(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	const secret = "SCB_HOST_SECRET_9b2c"
	hostIgnore := filepath.Join(work, "host", "ignore")
	require.NoError(t, os.MkdirAll(filepath.Dir(hostIgnore), 0o755))
	// Read, it would ignore every source: no point would be measured.
	require.NoError(t, os.WriteFile(hostIgnore, []byte("# "+secret+"\n*.py\n"), 0o644))
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	fn := "def f(x):\n    if x:\n        return 1\n    return 2\n"
	hashes := []string{
		commitT(t, repo, "one", map[string]string{"ok.py": fn, ".gitignore": "-> " + hostIgnore}),
		commitT(t, repo, "two", map[string]string{
			"sub/b.py": "def g():\n    return 3\n", "pyproject.toml": "-> /dev/zero",
			// From repo/sub, as from the commit's sub/: one level above
			// the tree, host/ignore.
			"sub/.ignore": "-> ../../host/ignore", "sub/c.py": "-> ../../host/ignore",
		}),
	}
	want := checkOfCommits(t, work, repo, hashes)
	h0, h1 := hashes[0][:12], hashes[1][:12]
	outside := func(label string) string { return ", outside " + label + " (not followed)" }
	ignored := "; its patterns are not applied\n"

	got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, nil)
	assertPointsAre(t, got, hashes, want)
	skipped := `"skipped":[{"path":"sub/c.py","reason":"symlink to ../host/ignore, outside the analysed tree (not followed)"}]`
	assert.Contains(t, got[secStdout], skipped)
	assert.Equal(t,
		"warning: checkpoint 0 ("+h0+"): .gitignore: ignore file not read: symlink to "+hostIgnore+outside(h0)+ignored+
			"warning: checkpoint 1 ("+h1+"): pyproject.toml: symlink to /dev/zero"+outside(h1)+
			"; not used as the configuration (name a file you trust with --config)\n"+
			"warning: checkpoint 1 ("+h1+"): .gitignore: ignore file not read: symlink to "+hostIgnore+outside(h1)+ignored+
			"warning: checkpoint 1 ("+h1+"): sub/.ignore: ignore file not read: symlink to ../host/ignore"+outside(h1)+ignored,
		got[secStderr])

	m := manifestOf(t, work, "repo", hashes)
	l0, l1 := "repo@"+hashes[0], "repo@"+hashes[1]
	lines := runBinary(t, work, []string{"batch", "--output", "out.jsonl", m}, nil)
	require.Equal(t, "0\n", lines[secExit], lines[secStderr])
	out, err := os.ReadFile(filepath.Join(work, "out.jsonl"))
	require.NoError(t, err)
	assertLinesAre(t, string(out), hashes, want)
	assert.Contains(t, string(out), skipped)
	assert.Equal(t,
		"warning: m.txt:1: "+l0+": .gitignore: ignore file not read: symlink to "+hostIgnore+outside(l0)+ignored+
			"warning: m.txt:2: "+l1+": pyproject.toml: symlink to /dev/zero"+outside(l1)+
			"; not used as the configuration (name a file you trust with --config)\n"+
			"warning: m.txt:2: "+l1+": .gitignore: ignore file not read: symlink to "+hostIgnore+outside(l1)+ignored+
			"warning: m.txt:2: "+l1+": sub/.ignore: ignore file not read: symlink to ../host/ignore"+outside(l1)+ignored+
			"batch manifest=m.txt shard=all snapshots=2 resumed=0 measured=2 errors=0 output=out.jsonl\n",
		lines[secStderr])
	// A resumed run measures nothing, so it has nothing to warn of.
	again := runBinary(t, work, []string{"batch", "--output", "out.jsonl", m}, nil)
	require.Equal(t, "0\n", again[secExit], again[secStderr])
	assert.Equal(t, "batch manifest=m.txt shard=all snapshots=2 resumed=2 measured=0 errors=0 output=out.jsonl\n", again[secStderr])

	for _, o := range []map[string]string{got, lines, {secStdout: string(out)}} {
		assert.NotContains(t, o[secStdout]+o[secStderr], secret)
		assert.NotContains(t, o[secStdout]+o[secStderr], "scb-check-", "no temporary directory is named")
	}
}
