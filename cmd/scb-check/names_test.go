package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A committed file whose name is not valid UTF-8 is skipped in every
// point of `trajectory --git` and in `batch REPO@REV` as `check` skips it
// in a clone of the commit: same report, same skipped entry (the escaped
// path), exit 0.
func TestGitNamesNotUTF8(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	noisy := "def f(items):\n    for i in range(len(items)):\n        print(items[i])\n"
	commitT(t, repo, "one", map[string]string{"ok.py": "def g():\n    return 1\n", "bad\xff.py": noisy})
	head := commitT(t, repo, "two", map[string]string{"ok.py": noisy})

	got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	var doc struct {
		Points []struct {
			Commit  string          `json:"commit"`
			Report  json.RawMessage `json:"report"`
			Skipped []struct {
				Path, Reason string
			} `json:"skipped"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &doc), got[secStdout])
	require.Len(t, doc.Points, 2)

	clone := filepath.Join(work, "clone")
	gitT(t, work, "clone", "-q", "repo", clone)
	check := runBinary(t, clone, []string{"check", "--report", "."}, nil)
	require.Equal(t, "1\n", check[secExit], check[secStderr])
	assert.Equal(t, "failed to parse file: "+clone+`/bad\xff.py: file name is not valid UTF-8; not read`+"\n", check[secStderr])
	last := doc.Points[1]
	assert.Equal(t, head, last.Commit)
	assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), string(last.Report))
	for _, p := range doc.Points {
		require.Len(t, p.Skipped, 1)
		assert.Equal(t, `bad\xff.py`, p.Skipped[0].Path)
		assert.Equal(t, "file name is not valid UTF-8; not read", p.Skipped[0].Reason)
	}

	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte("repo@"+head+"\n"), 0o644))
	batch := runBinary(t, work, []string{"batch", "m.txt"}, nil)
	require.Equal(t, "0\n", batch[secExit], batch[secStderr])
	assert.Contains(t, batch[secStdout], `"skipped":[{"path":"bad\\xff.py","reason":"file name is not valid UTF-8; not read"}]`)
	assert.Contains(t, batch[secStdout], `"status":"ok"`)
	assert.Contains(t, batch[secStdout], strings.TrimPrefix(strings.TrimSuffix(check[secStdout], "\n"), "{"))
}
