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

// With a selection, WriteTree asks git about the files it selects and
// the links only: of the others, the size is asked when something wants
// it, and the bytes when something first reads them, as committed, and
// neither once the repository is closed (issue 27: a diff of a tree of many
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
	// git's answers about a.py and the link alone: each one's size
	// ("HASH blob 6\n", 48 bytes; the link's target "a.py", 4 bytes, the
	// same), then its bytes after that header and before a newline: 48 +
	// 48 + 55 + 53 bytes.
	assert.Equal(t, int64(204), rp.cat.got.n, "bytes read from git")

	info, err := mem.Stat("/mem/docs/big.po")
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o644), info.Mode())
	assert.Equal(t, int64(204), rp.cat.got.n, "nothing asked before the size is wanted")
	assert.Equal(t, int64(len(doc)), info.Size())
	// "HASH blob 65536\n": the size alone.
	assert.Equal(t, int64(204+52), rp.cat.got.n)
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
