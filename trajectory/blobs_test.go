package trajectory

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/vfs"
)

// A blob over both size caps is never held (issue 25, item 3): the tree
// in memory has the file at its size, without its bytes (reading it
// fails), whether written with the first commit's tree or as a later
// change; the points skip each name with the reason that says it was not
// read, and the file within the caps is measured.
func TestGitOversizedBlobsAreNotHeld(t *testing.T) {
	r := testkit.NewGitRepo(t)
	big := strings.Repeat("x = 1\n", 1000) // 6,000 bytes
	h := []string{r.Commit("one", map[string]string{"a.py": big, "b.py": big, "c/d.py": big, "s.py": "def f():\n    return 1\n"})}
	h = append(h, r.Commit("two", map[string]string{"e.py": big + "y = 2\n"}))

	a := analysisOptions(t, r.Dir)
	a.MaxFileSize, a.MaxConfigSize = 1000, 500
	sess, err := scbcheck.NewSession(a)
	require.NoError(t, err)
	rp, err := gitrepo.Open(context.Background(), r.Dir, gitrepo.Options{MaxBlob: sess.Settings().BlobLimit()})
	require.NoError(t, err)
	defer rp.Close()
	snap := &snapshot{dir: filepath.Join(canonicalDir(t.TempDir()), "snapshot")}
	sizes := map[string]int64{"a.py": 6000, "b.py": 6000, "c/d.py": 6000}
	for i, hash := range h {
		require.NoError(t, snap.checkout(context.Background(), rp, hash))
		if i == 1 {
			sizes["e.py"] = 6006
		}
		for name, size := range sizes {
			p := filepath.Join(snap.dir, filepath.FromSlash(name))
			info, err := snap.mem.Stat(p)
			require.NoError(t, err)
			assert.Equal(t, size, info.Size(), name)
			_, err = snap.mem.ReadFile(p)
			var unread *vfs.UnreadError
			assert.True(t, errors.As(err, &unread), "%s: %v", name, err)
		}
	}

	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: a})
	require.NoError(t, err)
	require.Len(t, tr.Points, 2)
	over := func(path string, size int) Skipped {
		return Skipped{Path: path, Reason: option.Text{option.Lit("file of " + strconv.Itoa(size) + " bytes, over the limit of 1000 bytes ("),
			option.Name(option.MaxFileSize), option.Lit("); not read")}}
	}
	first := []Skipped{over("a.py", 6000), over("b.py", 6000), over("c/d.py", 6000)}
	assert.Equal(t, first, tr.Points[0].Skipped)
	assert.Equal(t, append(first, over("e.py", 6006)), tr.Points[1].Skipped)
	assert.Equal(t, 1.0, tr.Points[1].Metrics["total_functions"], "s.py is measured")
}
