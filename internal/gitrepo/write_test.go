package gitrepo

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/vfs"
)

// With a selection, WriteTree reads the bytes of the files it selects
// and of the links only: the others are held with their size and read
// from git when something first reads them, as committed, and not at all
// once the repository is closed (issue 27: a diff of a tree of many
// documents reads its sources alone).
func TestWriteTreeReadsSelectedFiles(t *testing.T) {
	r := testkit.NewGitRepo(t)
	doc := strings.Repeat("translated text\n", 4096) // 64 KiB
	r.Commit("one", map[string]string{"a.py": "a = 1\n", "docs/big.po": doc, "docs/other.po": doc + "more\n"})
	require.NoError(t, os.Symlink("a.py", filepath.Join(r.Dir, "link.po")))
	r.Git("add", "link.po")
	r.Git("commit", "-q", "-m", "link")
	ctx := context.Background()
	rp, err := Open(ctx, r.Dir, Options{})
	require.NoError(t, err)
	defer rp.Close()
	mem, err := vfs.NewMem("/mem")
	require.NoError(t, err)
	links, err := rp.WriteTree(ctx, r.Git("rev-parse", "HEAD"), mem, func(p string) bool { return strings.HasSuffix(p, ".py") })
	require.NoError(t, err)
	assert.True(t, links)
	// The sizes of the four blobs, the bytes of a.py and the link's
	// target: far below one document.
	assert.Less(t, rp.cat.got.n, int64(1000), "bytes read from git")

	info, err := mem.Stat("/mem/docs/big.po")
	require.NoError(t, err)
	assert.Equal(t, int64(len(doc)), info.Size())
	assert.Equal(t, fs.FileMode(0o644), info.Mode())
	got, err := mem.ReadFile("/mem/docs/big.po")
	require.NoError(t, err)
	assert.Equal(t, doc, string(got))
	assert.Greater(t, rp.cat.got.n, int64(len(doc)), "read when asked")
	target, err := mem.EvalSymlinks("/mem/link.po")
	require.NoError(t, err)
	assert.Equal(t, "/mem/a.py", target)
	src, err := mem.ReadFile("/mem/a.py")
	require.NoError(t, err)
	assert.Equal(t, "a = 1\n", string(src))

	rp.Close()
	_, err = mem.ReadFile("/mem/docs/other.po")
	assert.ErrorIs(t, err, ErrClosed)
	_, known := mem.SHA256("/mem/docs/other.po")
	assert.False(t, known)
	got, err = mem.ReadFile("/mem/docs/big.po")
	require.NoError(t, err, "read before Close: kept")
	assert.Equal(t, doc, string(got))
}
