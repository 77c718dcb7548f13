package gitrepo

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// The log's records are told apart by their empty first field alone: an
// empty subject, a commit without files, a name starting with a newline
// or holding the separators of other formats stay what they are.
func TestParseLog(t *testing.T) {
	h1, h2 := strings.Repeat("a", 40), strings.Repeat("b", 64)
	out := "\x00" + h1 + "\x00T1\x00\x00\n\nn\x1e" + h2 + "\x00b.py\x00" +
		"\x00" + h2 + "\x00T2\x00s\x1f\x00"
	got, err := parseLog(out)
	require.NoError(t, err)
	assert.Equal(t, []Commit{
		{Hash: h1, Time: "T1", Subject: "", Files: []string{"\nn\x1e" + h2, "b.py"}},
		{Hash: h2, Time: "T2", Subject: "s\x1f"},
	}, got)
	_, err = parseLog("\x00notahash\x00T\x00s\x00")
	assert.ErrorContains(t, err, "git log: unexpected output")
	got, err = parseLog("")
	require.NoError(t, err)
	assert.Empty(t, got)
}

// TestGitCommandNamesSubcommand: a git process's errors name its
// subcommand, past the -c overrides and options before it.
func TestGitCommandNamesSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"log", "--first-parent"}, "log"},
		{[]string{"-c", "log.showRoot=true", "log", "-z"}, "log"},
		{[]string{"--no-pager", "-c", "a=b", "-c", "c=d", "cat-file", "--batch"}, "cat-file"},
		{[]string{"-c", "only=options"}, ""},
	} {
		p := gitCommand(context.Background(), "git", t.TempDir(), 0, c.args...)
		assert.Equal(t, c.want, p.sub, "%q", c.args)
		p.done()
	}
}

// The changes between consecutive commits, read for all of them with one
// diff-tree, are those read pair by pair: an empty commit, a change, an
// attributes file (a change like any other) and a deletion.
func TestLoadDiffs(t *testing.T) {
	r := testkit.NewGitRepo(t)
	h := []string{r.Commit("one", map[string]string{"a.py": "a = 1\n", "b.py": "b = 1\n"})}
	r.Git("commit", "-q", "--allow-empty", "-m", "empty")
	h = append(h, r.Git("rev-parse", "HEAD"))
	h = append(h, r.Commit("two", map[string]string{"a.py": "a = 2\n", "c/d.py": "d = 1\n"}))
	h = append(h, r.Commit("attributes", map[string]string{".gitattributes": "*.py text\n"}))
	r.Git("rm", "-q", "b.py")
	r.Git("commit", "-q", "-m", "delete")
	h = append(h, r.Git("rev-parse", "HEAD"))

	ctx := context.Background()
	rp, err := Open(ctx, r.Dir, Options{})
	require.NoError(t, err)
	batched := &Repo{git: rp.git, dir: rp.dir}
	batched.LoadChanges(ctx, h)
	require.Len(t, batched.diffs, len(h)-1)
	for i := 1; i < len(h); i++ {
		want, err := rp.diffTree(ctx, h[i-1], h[i])
		require.NoError(t, err)
		got := batched.diffs[h[i-1]+".."+h[i]]
		assert.Equal(t, want, got, "commit %d", i)
	}
	assert.Empty(t, batched.diffs[h[0]+".."+h[1]], "the empty commit changes nothing")
	assert.Len(t, batched.diffs[h[1]+".."+h[2]], 2)
	attrs := batched.diffs[h[2]+".."+h[3]]
	require.Len(t, attrs, 1)
	assert.Equal(t, ".gitattributes", attrs[0].Path)
	assert.Equal(t, []Change{{Path: "b.py", Gone: true, Mode: "000000", Blob: strings.Repeat("0", 40)}}, batched.diffs[h[3]+".."+h[4]])
}

// ls-tree's records are files, executables, links and submodules at
// paths inside the tree; anything else is refused, naming the record.
func TestParseTree(t *testing.T) {
	got, err := parseTree("100644 blob a1\ta.py\x00100755 blob b2\trun me*.sh\x00120000 blob c3\tl\x00160000 commit d4\tsub\x00")
	require.NoError(t, err)
	assert.Equal(t, []TreeEntry{
		{Mode: ModeFile, Blob: "a1", Path: "a.py"}, {Mode: ModeExecutable, Blob: "b2", Path: "run me*.sh"},
		{Mode: ModeLink, Blob: "c3", Path: "l"}, {Mode: ModeSubmodule, Blob: "d4", Path: "sub"},
	}, got)
	for _, rec := range []string{
		"040000 tree e5\tdir",   // -r lists no trees
		"100644 commit a1\ta",   // a mode and a type that disagree
		"100644 blob a1\t../up", // out of the tree
		"100644 blob a1 a.py",   // no tab before the path
	} {
		_, err := parseTree(rec + "\x00")
		assert.ErrorContains(t, err, "git ls-tree: unexpected entry", "%q", rec)
	}
}

// diff-tree's raw entries: a deletion has the zero mode; a path out of
// the tree or a short header is refused.
func TestParseRaw(t *testing.T) {
	zero := strings.Repeat("0", 40)
	got, err := parseRaw([]string{":100644 000000 a1 " + zero + " D", "gone.py", ":000000 120000 " + zero + " b2 A", "new link"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "gone.py", Gone: true, Mode: "000000", Blob: zero}, {Path: "new link", Mode: ModeLink, Blob: "b2"}}, got)
	_, err = parseRaw([]string{":100644 100644 a1 b2 M", "../x"})
	assert.ErrorContains(t, err, "git diff-tree: unexpected output")
	_, err = parseRaw([]string{":100644 a1 M", "a"})
	assert.ErrorContains(t, err, "git diff-tree: unexpected output")
}
