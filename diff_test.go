package scbcheck_test

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// fixture reads a file of testdata/python.
func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "python", filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(b)
}

// snapshots are four successive states of a small project made of the
// Python fixtures (functions over the complexity thresholds, clones,
// wrappers, ast-grep findings): files added, edited, renamed and removed,
// its own configuration and ignore file changing on the way. Each maps a
// path to its content; a file missing from a snapshot is deleted.
func snapshots(t *testing.T) []map[string]string {
	t.Helper()
	s0 := map[string]string{
		"app/branches.py": fixture(t, "erosion/branches.py"),
		"app/loops.py":    fixture(t, "erosion/loops.py"),
		"app/nested.py":   fixture(t, "erosion/nested.py"),
		"README.md":       "# demo\n",
	}
	s1 := maps.Clone(s0)
	s1["app/clones.py"] = fixture(t, "clones/numbering.py")
	s1["app/wrappers.py"] = fixture(t, "structural/wrappers.py")
	s1["app/nested.py"] += "\n\ndef grown(x):\n    if x:\n        if x > 1:\n            return 2\n    return 0\n"
	s1["scb-check.toml"] = "exclude = [\"app/generated/**\"]\n"
	s1["app/generated/big.py"] = fixture(t, "erosion/exceptions.py")
	s2 := maps.Clone(s1)
	// A rename (loops.py moves to lib/), a rename with an edit, and an
	// ignore file leaving a file out.
	s2["lib/loops.py"] = s2["app/loops.py"]
	delete(s2, "app/loops.py")
	s2["lib/branching.py"] = s2["app/branches.py"] + "\n\ndef extra(y):\n    return y + 1\n"
	delete(s2, "app/branches.py")
	s2[".gitignore"] = "scratch/\n"
	s2["scratch/tmp.py"] = fixture(t, "erosion/match.py")
	s3 := maps.Clone(s2)
	delete(s3, "app/wrappers.py")
	s3["app/low_use.py"] = fixture(t, "structural/low_use.py")
	s3["scb-check.toml"] = "exclude = []\n"
	return []map[string]string{s0, s1, s2, s3}
}

// commitSnapshots commits each snapshot in turn (the .gitignore'd files
// forced in) and returns the commits.
func commitSnapshots(t *testing.T, r *testkit.GitRepo, snaps []map[string]string) []string {
	t.Helper()
	var hashes []string
	var prev map[string]string
	for i, s := range snaps {
		writeTree(t, r.Dir, s, prev)
		r.Git("add", "-A", "-f")
		r.Git("commit", "-q", "--allow-empty", "-m", "snapshot "+string(rune('0'+i)))
		hashes = append(hashes, r.Git("rev-parse", "HEAD"))
		prev = s
	}
	return hashes
}

// writeTree makes dir hold files: each written, and each of prev that
// files lacks removed.
func writeTree(t *testing.T, dir string, files, prev map[string]string) {
	t.Helper()
	for p := range prev {
		if _, kept := files[p]; !kept {
			require.NoError(t, os.Remove(filepath.Join(dir, filepath.FromSlash(p))))
		}
	}
	for p, text := range files {
		write(t, dir, filepath.FromSlash(p), text)
	}
}

// checkout writes files into a new directory with an empty .git, as a
// clone of the commit holding them would be (for config discovery).
func checkout(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	writeTree(t, dir, files, nil)
	return dir
}

// reportJSON is what `check --report` prints for r.
func reportJSON(t *testing.T, r *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, scbcheck.WriteReportJSON(&b, r))
	return b.String()
}

// checkReport is the JSON report of Analyze run on dir, configuration
// discovered from dir, as `check --report` run there prints it.
func checkReport(t *testing.T, dir string) string {
	t.Helper()
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, AstGrep: testkit.AstGrep(t)})
	require.NoError(t, err)
	return reportJSON(t, r)
}

func diffOptions(t *testing.T, dir string, base, head scbcheck.Tree) scbcheck.DiffOptions {
	return scbcheck.DiffOptions{Options: scbcheck.Options{Path: dir, WorkDir: dir, AstGrep: testkit.AstGrep(t)}, Base: base, Head: head}
}

// Each side's report is, byte for byte, the report `check --report`
// prints for a checkout of that tree, its own configuration and ignore
// files applied: two revisions, a revision and the working tree, HEAD and
// the index (which holds the staged bytes, not the working tree's).
func TestDiffReportsEqualCheckOfEachTree(t *testing.T) {
	snaps := snapshots(t)
	r := testkit.NewGitRepo(t)
	h := commitSnapshots(t, r, snaps[:3])
	want := make([]string, len(snaps))
	for i, s := range snaps {
		want[i] = checkReport(t, checkout(t, s))
	}
	require.NotEqual(t, want[2], want[3], "the snapshots differ")

	// HEAD is snapshot 2; the index holds snapshot 3, staged; the working
	// tree holds snapshot 3 and an edit not staged.
	writeTree(t, r.Dir, snaps[3], snaps[2])
	r.Git("add", "-A", "-f")
	edited := maps.Clone(snaps[3])
	edited["app/nested.py"] += "\n\ndef unstaged(a, b):\n    return a or b\n"
	writeTree(t, r.Dir, edited, nil)
	worktree := checkReport(t, r.Dir)
	require.NotEqual(t, want[3], worktree)
	status := r.Git("status", "--porcelain")
	// Each snapshot's own configuration and ignore file apply: snapshot 1
	// excludes app/generated (5 files), snapshot 3 excludes nothing, and
	// its .gitignore leaves scratch/ out (6 files).
	d, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]}, scbcheck.Tree{Kind: scbcheck.Index}))
	require.NoError(t, err)
	assert.Equal(t, []int{5, 6}, []int{d.Base.FilesScanned, d.Head.FilesScanned})
	// The head's source is read as staged, not from the disk.
	require.NotNil(t, d.ReadHead)
	staged, err := d.ReadHead(d.Head.Abs("app/nested.py"))
	require.NoError(t, err)
	assert.Equal(t, snaps[3]["app/nested.py"], string(staged))
	_, err = d.ReadHead(filepath.Join(filepath.Dir(r.Dir), "elsewhere.py"))
	assert.ErrorIs(t, err, fs.ErrNotExist, "nothing outside the tree")

	tests := []struct {
		name             string
		base, head       scbcheck.Tree
		wantBase, wantHd string
	}{
		{"two revisions", scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[0]}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[2]}, want[0], want[2]},
		{"two revisions, backwards", scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[2]}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]}, want[2], want[1]},
		{"a revision and the working tree", scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]}, scbcheck.Tree{Kind: scbcheck.WorkTree}, want[1], worktree},
		{"HEAD and the index", scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"}, scbcheck.Tree{Kind: scbcheck.Index}, want[2], want[3]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, tt.base, tt.head))
			require.NoError(t, err)
			assert.Equal(t, tt.wantBase, reportJSON(t, d.Base), "base")
			assert.Equal(t, tt.wantHd, reportJSON(t, d.Head), "head")
			assert.Equal(t, r.Dir, d.Head.Root, "paths are relative to the analysed directory")
			for k, v := range d.Metrics {
				// The metric table's keys here; change's tests check the
				// report's other numbers.
				hv, inHead := d.Head.Value(k)
				bv, inBase := d.Base.Value(k)
				if inHead && inBase {
					assert.InDelta(t, hv-bv, v, 1e-12, k)
				}
			}
		})
	}
	assert.Equal(t, status, r.Git("status", "--porcelain"), "the repository is left as it was")
}

// pyLines is n Python assignments, x<first> = <first> and on.
func pyLines(first, n int) string {
	var b bytes.Buffer
	for i := first; i < first+n; i++ {
		b.WriteString("value_" + strconv.Itoa(i) + " = " + strconv.Itoa(i) + "\n")
	}
	return b.String()
}

// renameHistory is a base and a head: a.py moved to pkg/ as it is, b.py
// moved to pkg/bee.py with its third line changed (9 of its 10 lines
// kept), c.py edited at line 2 and given a line after line 4, d.py new,
// same.py left alone.
func renameHistory() (base, head map[string]string) {
	base = map[string]string{
		"a.py":    "def f(x):\n    return x\n",
		"b.py":    pyLines(0, 10),
		"c.py":    pyLines(100, 6),
		"same.py": "def same():\n    return 0\n",
	}
	head = map[string]string{
		"pkg/a.py":   base["a.py"],
		"pkg/bee.py": pyLines(0, 2) + "changed = 1\n" + pyLines(3, 7),
		"c.py":       pyLines(100, 1) + "edited = 2\n" + pyLines(102, 2) + "inserted = 3\n" + pyLines(104, 2),
		"d.py":       "def g():\n    return 1\n\n",
		"same.py":    base["same.py"],
	}
	return base, head
}

// Between two revisions files are followed as git follows them; lines
// added or changed are those of a line diff with the file each comes
// from. Between two directories files match by path only.
func TestDiffRenamesAndChangedLines(t *testing.T) {
	base, head := renameHistory()
	r := testkit.NewGitRepo(t)
	h := commitSnapshots(t, r, []map[string]string{base, head})
	changed := map[string][]int{"pkg/bee.py": {3}, "c.py": {2, 5}, "d.py": {1, 2, 3}}

	in, err := scbcheck.DiffInput(context.Background(), diffOptions(t, r.Dir,
		scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[0]}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]}))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"pkg/a.py": "a.py", "pkg/bee.py": "b.py"}, in.Renames)
	assert.Equal(t, changed, in.Changed)
	assert.Equal(t, "R100\ta.py\tpkg/a.py\nR090\tb.py\tpkg/bee.py", r.Git("diff", "-M", "--name-status", "--diff-filter=R", h[0], h[1]), "git agrees")

	dirs := diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Directory, Dir: checkout(t, base)}, scbcheck.Tree{Kind: scbcheck.Directory, Dir: checkout(t, head)})
	in, err = scbcheck.DiffInput(context.Background(), dirs)
	require.NoError(t, err)
	assert.Empty(t, in.Renames)
	changed["pkg/a.py"] = []int{1, 2}
	changed["pkg/bee.py"] = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	assert.Equal(t, changed, in.Changed)
}

// Two directories and two revisions of the same contents give the same
// delta when no file was renamed.
func TestDiffDirectoriesAndRevisionsAgree(t *testing.T) {
	snaps := snapshots(t)
	base, head := snaps[0], maps.Clone(snaps[0])
	head["app/nested.py"] = snaps[1]["app/nested.py"]
	head["app/clones.py"] = snaps[1]["app/clones.py"]
	delete(head, "app/loops.py")
	r := testkit.NewGitRepo(t)
	h := commitSnapshots(t, r, []map[string]string{base, head})

	revs, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir,
		scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[0]}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]}))
	require.NoError(t, err)
	baseDir, headDir := checkout(t, base), checkout(t, head)
	opt := diffOptions(t, baseDir, scbcheck.Tree{Kind: scbcheck.Directory, Dir: baseDir}, scbcheck.Tree{Kind: scbcheck.Directory, Dir: headDir})
	dirs, err := scbcheck.Diff(context.Background(), opt)
	require.NoError(t, err)
	assert.Equal(t, reportJSON(t, revs.Base), reportJSON(t, dirs.Base))
	assert.Equal(t, reportJSON(t, revs.Head), reportJSON(t, dirs.Head))
	assert.NotEmpty(t, revs.Metrics)
	assert.Equal(t, revs.Metrics, dirs.Metrics)
	assert.Equal(t, revs.Functions, dirs.Functions)
	assert.Equal(t, revs.NewFindings, dirs.NewFindings)
}

// A tree that cannot be read is an error naming its side and saying what
// is wrong, never a panic nor an empty report.
func TestDiffErrors(t *testing.T) {
	ctx := context.Background()
	rev := func(r string) scbcheck.Tree { return scbcheck.Tree{Kind: scbcheck.Revision, Rev: r} }
	work := scbcheck.Tree{Kind: scbcheck.WorkTree}

	plain, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	write(t, plain, "a.py", "x = 1\n")

	repo := testkit.NewGitRepo(t)
	first := repo.Commit("one", map[string]string{"a.py": "x = 1\n"})
	repo.Commit("two", map[string]string{"sub/b.py": "y = 2\n"})

	unborn := testkit.NewGitRepo(t)
	write(t, unborn.Dir, "a.py", "x = 1\n")

	// A three-way read of a.py changed on both sides leaves it unmerged
	// (stages 1 to 3), as a merge that stopped would.
	conflict := testkit.NewGitRepo(t)
	conflict.Commit("base", map[string]string{"a.py": "x = 1\n"})
	conflict.Git("checkout", "-q", "-b", "other")
	conflict.Commit("other", map[string]string{"a.py": "x = 2\n"})
	conflict.Git("checkout", "-q", "main")
	conflict.Commit("main", map[string]string{"a.py": "x = 3\n"})
	conflict.Git("read-tree", "-m", "main~1", "main", "other")

	tests := []struct {
		name       string
		dir        string
		base, head scbcheck.Tree
		want       string
		is         error
	}{
		{"no git repository for a revision", plain, rev("HEAD"), work, "DiffOptions.Base: not a git repository: " + plain, nil},
		{"no git repository for the index", plain, rev("HEAD"), scbcheck.Tree{Kind: scbcheck.Index}, "DiffOptions.Head: not a git repository: " + plain, nil},
		{"a bad revision", repo.Dir, rev("v9"), work, "DiffOptions.Base: unknown revision 'v9' in " + repo.Dir, nil},
		{"an unborn HEAD", unborn.Dir, rev("HEAD"), work,
			"DiffOptions.Base: unknown revision 'HEAD' in " + unborn.Dir + ": HEAD is unborn (branch main has no commit yet)", gitrepo.ErrUnbornHead},
		{"a merge base of an unborn HEAD", unborn.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "main"}, work,
			"DiffOptions.Base: unknown revision 'main' in " + unborn.Dir + ": HEAD is unborn (branch main has no commit yet)", gitrepo.ErrUnbornHead},
		{"a directory that does not exist", repo.Dir, scbcheck.Tree{Kind: scbcheck.Directory, Dir: filepath.Join(plain, "nope")}, work,
			"DiffOptions.Base: path does not exist: " + filepath.Join(plain, "nope"), scbcheck.ErrPathNotFound},
		{"no revision given", repo.Dir, scbcheck.Tree{Kind: scbcheck.Revision}, work, "DiffOptions.Base: no revision given", nil},
		{"no kind given", repo.Dir, rev("HEAD"), scbcheck.Tree{}, "DiffOptions.Head: unknown tree kind 0", nil},
		{"the analysed directory missing from the revision", filepath.Join(repo.Dir, "sub"), rev(first), work,
			"DiffOptions.Base: sub does not exist in " + first, nil},
		{"a conflicted index", conflict.Dir, rev("HEAD"), scbcheck.Tree{Kind: scbcheck.Index},
			"DiffOptions.Head: the index has unresolved conflicts (a.py): resolve them and stage the result (git add) first", gitrepo.ErrConflicts},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := scbcheck.Diff(ctx, diffOptions(t, tt.dir, tt.base, tt.head))
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
		})
	}
}

// The merge base of a branch and HEAD is measured as a checkout of it
// would be; in a shallow clone that lacks it, the error says what to
// fetch.
func TestDiffMergeBase(t *testing.T) {
	ctx := context.Background()
	src := testkit.NewGitRepo(t)
	fork := map[string]string{"a.py": "def f(x):\n    return x\n"}
	src.Commit("fork point", fork)
	src.Git("checkout", "-q", "-b", "feature")
	src.Commit("feature", map[string]string{"b.py": "def g(y):\n    if y:\n        return 1\n    return 2\n"})
	src.Git("checkout", "-q", "main")
	src.Commit("main moves on", map[string]string{"a.py": "def f(x):\n    return x + 1\n"})
	src.Git("checkout", "-q", "feature")

	d, err := scbcheck.Diff(ctx, diffOptions(t, src.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "main"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.NoError(t, err)
	assert.Equal(t, checkReport(t, checkout(t, fork)), reportJSON(t, d.Base), "the base is the fork point, not main")

	shallow := testkit.NewGitRepo(t)
	shallow.Git("fetch", "-q", "--depth", "1", "file://"+src.Dir, "main:refs/remotes/origin/main", "feature:refs/heads/feature")
	shallow.Git("checkout", "-q", "feature")
	_, err = scbcheck.Diff(ctx, diffOptions(t, shallow.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "origin/main"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.Error(t, err)
	assert.ErrorIs(t, err, gitrepo.ErrNoMergeBase)
	assert.Equal(t, "DiffOptions.Base: no merge base of 'origin/main' and HEAD in "+shallow.Dir+", a shallow clone: fetch the history "+
		"(git fetch --unshallow, or fetch-depth: 0 in actions/checkout) and try again", err.Error())

	// Unrelated histories have none either, shallow or not.
	src.Git("checkout", "-q", "--orphan", "lonely")
	src.Commit("unrelated", map[string]string{"c.py": "z = 3\n"})
	_, err = scbcheck.Diff(ctx, diffOptions(t, src.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "main"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.Error(t, err)
	assert.Equal(t, "DiffOptions.Base: no merge base: 'main' and HEAD have no common ancestor in "+src.Dir, err.Error())
}

// A revision is never read by git as an option: a branch named
// --output=x is that branch (git log would otherwise write a file x).
func TestDiffRevisionIsNeverAnOption(t *testing.T) {
	r := testkit.NewGitRepo(t)
	files := map[string]string{"a.py": "def f(x):\n    return x\n"}
	r.Commit("one", files)
	r.Git("update-ref", "refs/heads/--output=x", "HEAD")
	r.Commit("two", map[string]string{"b.py": "y = 1\n"})
	d, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: "--output=x"}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"}))
	require.NoError(t, err)
	assert.Equal(t, checkReport(t, checkout(t, files)), reportJSON(t, d.Base))
	assert.NoFileExists(t, filepath.Join(r.Dir, "x"))
	_, err = scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: "--output=x"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.NoError(t, err)
	assert.NoFileExists(t, filepath.Join(r.Dir, "x"))
}

// The head is measured first and the base after it in one session: a
// file the base shares with the head (whatever its path) is read from the
// cache, and only the base's other files are analysed and scanned.
func TestDiffAnalysesSharedFilesOnce(t *testing.T) {
	base, head := renameHistory()
	r := testkit.NewGitRepo(t)
	h := commitSnapshots(t, r, []map[string]string{base, head})
	opt := diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[0]}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: h[1]})
	var stats scbcheck.CacheStats
	opt.CacheStats = &stats
	_, err := scbcheck.Diff(context.Background(), opt)
	require.NoError(t, err)
	// The head's 5 files are new to the cache; of the base's 4, a.py has
	// pkg/a.py's bytes and same.py is the head's same.py.
	assert.Equal(t, []int{2, 7}, []int{stats.FileHits, stats.FileMisses})
	// ast-grep's findings depend on the path too (a rule may select files
	// by path): only same.py's are found in the cache.
	assert.Equal(t, []int{1, 8}, []int{stats.ScanHits, stats.ScanMisses})
}

// A blob the repository lacks (a partial clone's) is never fetched nor
// read as empty: the file is skipped with the reason, as trajectory and
// check skip it.
func TestDiffMissingBlobIsSkipped(t *testing.T) {
	r := testkit.NewGitRepo(t)
	base := r.Commit("one", map[string]string{"a.py": "def f(x):\n    return x\n", "lost.py": "z = 1\n"})
	blob := r.Git("rev-parse", "HEAD:lost.py")
	r.Commit("two", map[string]string{"a.py": "def f(x):\n    return x + 1\n"})
	require.NoError(t, os.Remove(filepath.Join(r.Dir, ".git", "objects", blob[:2], blob[2:])))
	d, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: base}, scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"}))
	require.NoError(t, err)
	for _, rep := range []*report.Report{d.Base, d.Head} {
		require.Len(t, rep.Skipped, 1)
		assert.Equal(t, "lost.py", rep.Skipped[0].Path)
		assert.Contains(t, rep.Skipped[0].Reason.String(), "blob "+blob+" is missing from the repository")
		assert.Equal(t, 1, rep.FilesScanned)
	}
}

// TestDiffEmptyBase: a base without a source file (the commit before the
// first one) is an empty report, and everything in the head is new.
func TestDiffEmptyBase(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	first := repo.Commit("docs only", map[string]string{"README.md": "# x\n"})
	write(t, repo.Dir, "a.py", "def f(x):\n    if x:\n        return 1\n    return 2\n")
	d, err := scbcheck.Diff(context.Background(), diffOptions(t, repo.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: first}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.NoError(t, err)
	assert.Equal(t, 0, d.Base.FilesScanned)
	assert.Equal(t, 1, d.Head.FilesScanned)
	require.Len(t, d.Functions, 1)
	assert.Equal(t, change.New, d.Functions[0].Status)
	assert.Equal(t, "f", d.Functions[0].Name)
	assert.Nil(t, d.Functions[0].Base)
	assert.Equal(t, 2, d.Functions[0].Head.CC)
	assert.InDelta(t, 2*math.Sqrt(4), d.Functions[0].Head.Mass, 1e-9)
	assert.InDelta(t, 1.0, d.Metrics["files_scanned"], 0)
}

// The skipped files and warnings of a tree read from git name the paths
// the person knows, never the temporary place the tree is held at: a link
// leading out of the tree (a source file, a data file) is worded for
// HEAD exactly as for the working tree holding the same commit, the
// links' targets beside the repository (issue 27).
func TestDiffMessagesNameTheWorkingTree(t *testing.T) {
	r := testkit.NewGitRepo(t)
	outside := filepath.Dir(r.Dir)
	require.NoError(t, os.WriteFile(filepath.Join(outside, "outside.py"), []byte("x = 1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "outside.json"), []byte("{}\n"), 0o644))
	require.NoError(t, os.Symlink("../outside.py", filepath.Join(r.Dir, "link.py")))
	require.NoError(t, os.Symlink("../outside.json", filepath.Join(r.Dir, "data.json")))
	r.Commit("one", map[string]string{"a.py": "def f(x):\n    return x\n"})

	d, err := scbcheck.Diff(context.Background(), diffOptions(t, r.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"}, scbcheck.Tree{Kind: scbcheck.WorkTree}))
	require.NoError(t, err)
	require.Len(t, d.Head.Skipped, 1)
	assert.Equal(t, "symlink to "+filepath.Join(outside, "outside.py")+", outside the analysed tree (not followed)", d.Head.Skipped[0].Reason.String())
	require.Len(t, d.Head.Warnings, 1)
	assert.Equal(t, filepath.Join(r.Dir, "data.json")+": data file symlink to "+filepath.Join(outside, "outside.json")+", outside the analysed tree (not followed)", d.Head.Warnings[0].String())
	assert.Equal(t, d.Head.Skipped, d.Base.Skipped)
	assert.Equal(t, d.Head.Warnings, d.Base.Warnings)
}

// A Revision tree with UnbornEmpty is empty when HEAD is unborn (the base
// of a first commit: the analysed directory, at the top or inside the
// tree, exists and holds nothing); the staged file is new. Without
// UnbornEmpty, TestDiffErrors: an error.
func TestDiffUnbornEmpty(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	write(t, repo.Dir, "sub/a.py", "def f(x):\n    if x:\n        return 1\n    return 2\n")
	repo.Git("add", "sub/a.py")
	for _, dir := range []string{repo.Dir, filepath.Join(repo.Dir, "sub")} {
		d, err := scbcheck.Diff(context.Background(), diffOptions(t, dir,
			scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD", UnbornEmpty: true}, scbcheck.Tree{Kind: scbcheck.Index}))
		require.NoError(t, err, dir)
		assert.Equal(t, 0, d.Base.FilesScanned)
		assert.Equal(t, 1, d.Head.FilesScanned)
		require.Len(t, d.Functions, 1)
		assert.Equal(t, change.New, d.Functions[0].Status)
		assert.Equal(t, 2, d.Functions[0].Head.CC)
	}
}

// An Index tree with IndexFile reads that index, as git reads
// GIT_INDEX_FILE (relative to Options.WorkDir), not the repository's:
// here one that stages a.py's second version, while the repository's
// index holds the first.
func TestDiffIndexFile(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("one", map[string]string{"a.py": "def f(x):\n    return x\n"})
	write(t, repo.Dir, "a.py", "def f(x):\n    if x:\n        return 1\n    return 2\n")
	repo.Git("add", "a.py")
	staged, err := os.ReadFile(filepath.Join(repo.Dir, ".git", "index"))
	require.NoError(t, err)
	alt := filepath.Join(repo.Dir, ".git", "other-index")
	require.NoError(t, os.WriteFile(alt, staged, 0o644))
	repo.Git("reset", "-q")
	opt := diffOptions(t, repo.Dir, scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"}, scbcheck.Tree{Kind: scbcheck.Index})

	for _, tt := range []struct {
		name, file string
		cc         int
	}{
		{"the repository's index", "", 1},
		{"an index file", alt, 2},
		{"an index file relative to WorkDir", filepath.Join(".git", "other-index"), 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opt.Head.IndexFile = tt.file
			d, err := scbcheck.Diff(context.Background(), opt)
			require.NoError(t, err)
			fns := d.Head.Functions()
			require.Len(t, fns, 1)
			assert.Equal(t, tt.cc, fns[0].CC)
		})
	}
}
