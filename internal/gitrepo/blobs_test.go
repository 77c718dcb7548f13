package gitrepo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// A blob over the limit is given its size only: git is asked for its
// size, never for its bytes, so the bytes read from git stay far below
// the blob's size, whatever the number of names pointing to it (issue 25,
// item 3). Blobs within the limit are read, each distinct one once.
func TestReadBlobsOverLimit(t *testing.T) {
	r := testkit.NewGitRepo(t)
	big := strings.Repeat("x = 1\n", 1<<18) // 1.5 MB
	r.Commit("one", map[string]string{"a.py": big, "b.py": big, "c/d.py": big, "small.py": "s = 1\n", "same.py": "s = 1\n"})
	ctx := context.Background()
	rp, err := Open(ctx, r.Dir, Options{MaxBlob: 1000})
	require.NoError(t, err)
	defer rp.Close()
	var hashes []string
	for _, p := range []string{"a.py", "small.py", "b.py", "c/d.py", "same.py"} {
		hashes = append(hashes, r.Git("rev-parse", "HEAD:"+p))
	}
	got, err := rp.ReadBlobs(ctx, hashes)
	require.NoError(t, err)
	over := Blob{Size: int64(len(big)), Unread: "blob of 1572864 bytes, over the limit of 1000 bytes read from git; not read"}
	small := Blob{Size: 6, Data: []byte("s = 1\n")}
	assert.Equal(t, []Blob{over, small, over, over, small}, got)
	// Two info answers (a header each), one contents answer (its header,
	// 6 bytes, a newline): some 150 bytes.
	assert.Less(t, rp.cat.got.n, int64(200), "bytes read from git")

	// The one process goes on answering: the limit applies per blob.
	got, err = rp.ReadBlobs(ctx, hashes[1:2])
	require.NoError(t, err)
	assert.Equal(t, []Blob{small}, got)
}

// In a partial clone (git clone --filter=blob:none, here from a local
// repository), a blob the clone lacks is Missing, with git's reason, and
// nothing is fetched (GIT_NO_LAZY_FETCH; git stops at it): the blobs
// after it are read by a new cat-file, and asking again gives the same
// (issue 25, item 4).
func TestReadBlobsPartialClone(t *testing.T) {
	src := testkit.NewGitRepo(t)
	src.Commit("one", map[string]string{"a.py": "a = 1\n", "b.py": "b = 1\n"})
	src.Git("config", "uploadpack.allowFilter", "true")
	clone := filepath.Join(t.TempDir(), "clone")
	out, err := exec.Command("git", "clone", "-q", "--no-checkout", "--filter=blob:none", "file://"+src.Dir, clone).CombinedOutput()
	require.NoError(t, err, "%s", out)
	// b.py's blob only is in the clone.
	hashObject := exec.Command("git", "-C", clone, "hash-object", "-w", "--stdin")
	hashObject.Stdin = strings.NewReader("b = 1\n")
	out, err = hashObject.Output()
	require.NoError(t, err)
	b := strings.TrimSpace(string(out))
	require.Equal(t, src.Git("rev-parse", "HEAD:b.py"), b)

	ctx := context.Background()
	rp, err := Open(ctx, clone, Options{})
	require.NoError(t, err)
	defer rp.Close()
	a := src.Git("rev-parse", "HEAD:a.py")
	missing := Blob{Missing: true, Unread: "blob " + a + " cannot be read (git cat-file: could not fetch " + a + " from promisor remote; nothing is fetched); not read"}
	read := Blob{Size: 6, Data: []byte("b = 1\n")}
	for range 2 {
		got, err := rp.ReadBlobs(ctx, []string{a, b, a})
		require.NoError(t, err)
		assert.Equal(t, []Blob{missing, read, missing}, got)
	}
}

// A blob missing from a repository that is no partial clone (its object
// file removed) is Missing as git answers it (issue 25, item 4).
func TestReadBlobsMissingObject(t *testing.T) {
	r := testkit.NewGitRepo(t)
	r.Commit("one", map[string]string{"a.py": "a = 1\n", "b.py": "b = 1\n"})
	a, b := r.Git("rev-parse", "HEAD:a.py"), r.Git("rev-parse", "HEAD:b.py")
	require.NoError(t, os.Remove(filepath.Join(r.Dir, ".git", "objects", a[:2], a[2:])))
	ctx := context.Background()
	rp, err := Open(ctx, r.Dir, Options{})
	require.NoError(t, err)
	defer rp.Close()
	got, err := rp.ReadBlobs(ctx, []string{a, b})
	require.NoError(t, err)
	assert.Equal(t, []Blob{
		{Missing: true, Unread: "blob " + a + " is missing from the repository (a partial clone, or a copy without it; nothing is fetched); not read"},
		{Size: 6, Data: []byte("b = 1\n")},
	}, got)
}
