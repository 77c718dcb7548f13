package scbcheck_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// A revision a shallow clone does not hold (a clone of one branch, as
// actions/checkout makes by default) is unknown with what to fetch; in a
// full clone an unknown revision is only that.
func TestDiffUnknownRevisionInAShallowClone(t *testing.T) {
	ctx := context.Background()
	src := testkit.NewGitRepo(t)
	src.Commit("one", map[string]string{"a.py": "def f(x):\n    return x\n"})
	src.Git("checkout", "-q", "-b", "feature")
	src.Commit("two", map[string]string{"b.py": "y = 1\n"})

	shallow := testkit.NewGitRepo(t)
	shallow.Git("fetch", "-q", "--depth", "1", "file://"+src.Dir, "feature:refs/heads/feature")
	shallow.Git("checkout", "-q", "feature")
	for _, kind := range []scbcheck.TreeKind{scbcheck.MergeBase, scbcheck.Revision} {
		_, err := scbcheck.Diff(ctx, diffOptions(t, shallow.Dir, scbcheck.Tree{Kind: kind, Rev: "origin/main"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
		require.Error(t, err)
		assert.Equal(t, "DiffOptions.Base: unknown revision 'origin/main' in "+shallow.Dir+", a shallow clone that may lack it: "+
			"fetch it with the whole history (fetch-depth: 0 in actions/checkout, GIT_DEPTH: \"0\" in GitLab CI, "+
			"git fetch --unshallow by hand) and try again", err.Error())
	}

	_, err := scbcheck.Diff(ctx, diffOptions(t, src.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "origin/main"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.Error(t, err)
	assert.Equal(t, "DiffOptions.Base: unknown revision 'origin/main' in "+src.Dir, err.Error())
}
