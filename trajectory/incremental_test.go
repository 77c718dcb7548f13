package trajectory

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/vfs"
)

// treeOf lists every entry under dir in fsys: directories as "dir/",
// symlinks as "-> target", files as whether they are executable and their
// content.
func treeOf(t *testing.T, fsys vfs.FS, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(rel string)
	walk = func(rel string) {
		entries, err := fsys.ReadDir(filepath.Join(dir, rel))
		require.NoError(t, err)
		for _, e := range entries {
			name := path.Join(rel, e.Name())
			p := filepath.Join(dir, filepath.FromSlash(name))
			switch {
			case e.Type()&fs.ModeSymlink != 0:
				target, err := fsys.EvalSymlinks(p)
				if err != nil {
					target = "dangling"
				}
				out[name] = "-> " + target
			case e.IsDir():
				out[name+"/"] = ""
				walk(name)
			default:
				info, err := fsys.Lstat(p)
				require.NoError(t, err)
				b, err := fsys.ReadFile(p)
				require.NoError(t, err)
				out[name] = fmt.Sprintf("exec=%t %s", info.Mode()&0o111 != 0, b)
			}
		}
	}
	walk("")
	return out
}

// rawAttributes, in a repository's info/attributes (which win over the
// tree's), make `git archive` write each file as committed: no export
// attribute, filter, end-of-line or encoding conversion.
const rawAttributes = "* -export-ignore -export-subst -filter -text -eol -ident -working-tree-encoding\n"

// archiveOf writes commit's tree as `git archive` and tar make it, with
// an empty .git directory, at dir (so that link targets resolve alike),
// the files' bytes as committed (see rawAttributes).
func archiveOf(t *testing.T, repoDir, commit, dir string) {
	t.Helper()
	info := filepath.Join(repoDir, ".git", "info")
	require.NoError(t, os.MkdirAll(info, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(info, "attributes"), []byte(rawAttributes), 0o644))
	defer os.Remove(filepath.Join(info, "attributes"))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".git"), 0o755))
	cmd := exec.Command("sh", "-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", repoDir, commit, dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
}

// TestSnapshotIncremental walks a history in several orders (each commit
// in turn, jumps forward, back to the start) and checks after each step
// that the kept snapshot equals a fresh `git archive` of the commit, its
// files as committed.
func TestSnapshotIncremental(t *testing.T) {
	r := testkit.NewGitRepo(t)
	var h []string
	h = append(h, r.Commit("start", map[string]string{"a.py": "a = 1\n", "pkg/b.py": "b = 1\n", "pkg/sub/c.py": "c = 1\n", "keep.txt": "k\n"}))
	// A changed file, a deleted one emptying its directories, an
	// executable, a file named with spaces and pathspec characters.
	h = append(h, r.Commit("change", map[string]string{"a.py": "a = 2\n", "pkg/sub/c.py": "", "run me*.sh": "echo\n"}))
	r.Git("update-index", "--chmod=+x", "run me*.sh")
	r.Git("commit", "-q", "-m", "exec")
	h = append(h, r.Git("rev-parse", "HEAD"))
	// A rename, a directory turned into a file, a symlink.
	r.Git("mv", "a.py", "moved.py")
	r.Git("rm", "-q", "pkg/b.py")
	require.NoError(t, os.RemoveAll(filepath.Join(r.Dir, "pkg")))
	require.NoError(t, os.Symlink("moved.py", filepath.Join(r.Dir, "link.py")))
	h = append(h, r.Commit("rename and link", map[string]string{"pkg": "now a file\n"}))
	// The symlink turned into a file, and the file back into a directory.
	require.NoError(t, os.Remove(filepath.Join(r.Dir, "link.py")))
	r.Git("rm", "-q", "pkg")
	h = append(h, r.Commit("unlink", map[string]string{"link.py": "x = 1\n", "pkg/d.py": "d = 1\n"}))
	// Attributes that would make `git archive` leave a file out or
	// rewrite one change nothing: the files are the committed bytes.
	h = append(h, r.Commit("attributes", map[string]string{
		".gitattributes": "keep.txt export-ignore\nver.py export-subst\n", "e.py": "e = 1\n", "ver.py": "V = '$Format:%H$'\n",
	}))
	h = append(h, r.Commit("after attributes", map[string]string{"e.py": "e = 2\n"}))
	h = append(h, r.Commit("no attributes", map[string]string{".gitattributes": "", "f.py": "f = 1\n"}))

	rp, err := gitrepo.Open(context.Background(), r.Dir, gitrepo.Options{})
	require.NoError(t, err)
	snap := &snapshot{dir: filepath.Join(canonicalDir(t.TempDir()), "snapshot")}
	require.NoError(t, snap.checkout(context.Background(), rp, h[5]))
	tree := treeOf(t, snap.mem, snap.dir)
	assert.Equal(t, "exec=false k\n", tree["keep.txt"], "export-ignore leaves nothing out")
	assert.Equal(t, "exec=false V = '$Format:%H$'\n", tree["ver.py"], "export-subst rewrites nothing")

	orders := map[string][]int{
		"each in turn": {0, 1, 2, 3, 4, 5, 6, 7},
		"jumps":        {0, 2, 4, 7},
		"backwards":    {7, 3, 0, 6, 1},
	}
	for name, order := range orders {
		t.Run(name, func(t *testing.T) {
			// The fresh archive is written where the snapshot is held, so
			// that the targets of links compare equal.
			snap := &snapshot{dir: filepath.Join(canonicalDir(t.TempDir()), "snapshot")}
			for _, i := range order {
				require.NoError(t, snap.checkout(context.Background(), rp, h[i]))
				archiveOf(t, rp.Dir(), h[i], snap.dir)
				want := treeOf(t, vfs.OS, snap.dir)
				require.NoError(t, os.RemoveAll(snap.dir))
				assert.Equal(t, want, treeOf(t, snap.mem, snap.dir), "after commit %d", i)
				assert.Equal(t, h[i], snap.commit)
			}
		})
	}
}

// With a cache, every point of a history is what it is without one, and
// a second run reads every parsed file back.
func TestGitWithCache(t *testing.T) {
	r, _ := history(t)
	plain, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	dir := t.TempDir()
	for run := range 2 {
		a := analysisOptions(t, r.Dir)
		stats := &scbcheck.CacheStats{}
		a.CacheDir, a.CacheStats = dir, stats
		got, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: a})
		require.NoError(t, err)
		require.Len(t, got.Points, len(plain.Points))
		for i := range plain.Points {
			assert.Equal(t, string(plain.Points[i].Report), string(got.Points[i].Report), "run %d point %d", run, i)
			assert.Equal(t, plain.Points[i].Err, got.Points[i].Err)
			assert.Equal(t, plain.Points[i].Skipped, got.Points[i].Skipped)
		}
		assert.Equal(t, plain.Summary, got.Summary)
		// The later commits' files are analysed ahead of their points
		// (or by them, whichever comes first, the other reading the
		// analysis back): a.py at c1 and c3 and lib/core.py at c4 once
		// each; broken.py, which fails to parse and is not kept, both
		// ahead and by its point. The points read back a.py at c1 and
		// c3, lib/core.py at c4 and c5 (unchanged); c2 changes only the
		// README, and its point is c1's without an analysis.
		if run == 0 {
			assert.Equal(t, scbcheck.CacheStats{FileHits: 4, FileMisses: 3 + 2}, *stats)
		} else {
			// The three kept analyses are read from disk ahead and by
			// the points; only broken.py is analysed again, twice.
			assert.Equal(t, scbcheck.CacheStats{FileHits: 3 + 4, FileMisses: 2}, *stats)
		}
	}
}

// cachedLike measures repo's history with a and a new cache directory,
// checks that every point's report is plain's, and returns what the run
// found in the cache.
func cachedLike(t *testing.T, repo string, a scbcheck.Options, plain *Trajectory) *scbcheck.CacheStats {
	t.Helper()
	stats := &scbcheck.CacheStats{}
	a.CacheDir, a.CacheStats = t.TempDir(), stats
	got, err := Git(context.Background(), GitOptions{Repo: repo}, Options{Analysis: a})
	require.NoError(t, err)
	require.Len(t, got.Points, len(plain.Points))
	for i := range plain.Points {
		assert.Equal(t, string(plain.Points[i].Report), string(got.Points[i].Report), "point %d", i)
	}
	return stats
}

// With ast-grep on, the first commit's files and those each later commit
// adds or changes are scanned in one ast-grep run beside the first point:
// the points then find every finding in the cache, and give what they
// give without one.
func TestGitPrescan(t *testing.T) {
	r := testkit.NewGitRepo(t)
	slop := func(name string) string {
		return "def " + name + "(flag):\n    if flag == True:\n        return 1\n    return 0\n"
	}
	r.Commit("a", map[string]string{"a.py": slop("a")})
	r.Commit("b", map[string]string{"b.py": slop("b")})
	r.Commit("a again", map[string]string{"a.py": slop("a") + "\n\n" + slop("c")})
	a := analysisOptions(t, r.Dir)
	a.DisableSG, a.AstGrep = false, testkit.AstGrep(t)
	plain, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: a})
	require.NoError(t, err)
	require.Len(t, plain.Points, 3)
	assert.Contains(t, string(plain.Points[2].Report), `"ast_grep_flagged_loc":3`, "three flagged lines to compare")

	stats := cachedLike(t, r.Dir, a, plain)
	// One prescan scans the first commit's a.py, b.py (second commit) and
	// the new a.py (third); every point then hits: a.py at the first,
	// a.py and b.py at the second, both again at the third.
	assert.Equal(t, 3, stats.ScanMisses)
	assert.Equal(t, 5, stats.ScanHits)
}

// A Measurer keeps the last commit's tree and writes the next commit of
// the same repository as what changed: every point equals a Measure of
// its own, forwards, backwards, and across repositories.
func TestMeasurerKeepsTheTree(t *testing.T) {
	r1, h := history(t)
	r2 := testkit.NewGitRepo(t)
	other := r2.Commit("other", map[string]string{"x.py": smallFunction})
	opt := Options{Analysis: analysisOptions(t, r1.Dir)}
	steps := []Snapshot{
		{Path: r1.Dir, Rev: h[1]}, {Path: r1.Dir, Rev: h[3]}, {Path: r1.Dir, Rev: h[5]},
		{Path: r1.Dir, Rev: h[2]}, {Path: r2.Dir, Rev: other}, {Path: r1.Dir, Rev: h[4]},
		{Path: r1.Dir},
	}
	var m Measurer
	defer m.Close()
	var trees []string
	for i, s := range steps {
		got, err := m.Measure(context.Background(), s, opt)
		require.NoError(t, err)
		want, err := Measure(context.Background(), s, opt)
		require.NoError(t, err)
		assert.Equal(t, want, got, "step %d", i)
		if s.Rev != "" {
			assert.Equal(t, got.Checkpoint.Commit, m.snap.commit, "step %d: the tree kept is this commit's", i)
		}
		trees = append(trees, m.tmp)
	}
	// One tree for the first four (one repository), a new one for the
	// other repository, a new one on coming back; a directory keeps it.
	assert.Equal(t, []string{trees[0], trees[0], trees[0], trees[0]}, trees[:4])
	assert.NotEqual(t, trees[3], trees[4])
	assert.NotEqual(t, trees[4], trees[5])
	assert.Equal(t, trees[5], trees[6])
	assert.Equal(t, r1.Dir, m.repoDir)
	tmp := m.tmp
	require.NoError(t, m.Close())
	assert.NoDirExists(t, tmp)
}

// A commit that changes only files no report reads (documentation) has
// the report of the commit before; any other change, or a symbolic link
// in a tree so far, has it measured.
func TestSameReport(t *testing.T) {
	r := testkit.NewGitRepo(t)
	var all []gitrepo.Commit
	add := func(msg string, files map[string]string) {
		all = append(all, gitrepo.Commit{Hash: r.Commit(msg, files)})
	}
	add("code", map[string]string{"a.py": "a = 1\n", "README.md": "# a\n"})
	add("readme", map[string]string{"README.md": "# a\n\nmore\n"})
	add("data", map[string]string{"conf.json": "{}\n"})
	add("ignore", map[string]string{".gitignore": "build/\n"})
	add("config", map[string]string{"pyproject.toml": "[project]\nname = 'a'\n"})
	add("docs", map[string]string{"docs/guide.md": "guide\n", "logo.svg": "<svg/>\n"})
	require.NoError(t, os.Symlink("a.py", filepath.Join(r.Dir, "b.py")))
	add("link", map[string]string{})
	add("readme after a link", map[string]string{"README.md": "# b\n"})
	want := []bool{false, true, false, false, false, true, false, false}

	ctx := context.Background()
	rp, err := gitrepo.Open(ctx, r.Dir, gitrepo.Options{})
	require.NoError(t, err)
	snap := &snapshot{dir: filepath.Join(canonicalDir(t.TempDir()), "snapshot")}
	sess, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true})
	require.NoError(t, err)
	for i := range all {
		same, err := sameReport(ctx, rp, snap, all, i, sess)
		require.NoError(t, err)
		assert.Equal(t, want[i], same, "commit %d", i)
		assert.Equal(t, all[i].Hash, snap.commit, "the tree is commit %d's", i)
	}
}

// A point whose commit changes only documentation is the point before it
// under its own checkpoint, as a measure of its own gives it; after a
// point without numbers it is measured, and its message names itself.
func TestReusedPoints(t *testing.T) {
	r := testkit.NewGitRepo(t)
	h := []string{
		r.Commit("readme", map[string]string{"README.md": "# a\n"}),
		r.Commit("more readme", map[string]string{"README.md": "# b\n"}),
		r.Commit("code", map[string]string{"a.py": smallFunction}),
		r.Commit("notes", map[string]string{"NOTES.md": "x\n"}),
	}
	opt := Options{Analysis: analysisOptions(t, r.Dir)}
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, opt)
	require.NoError(t, err)
	require.Len(t, tr.Points, 4)
	assert.Equal(t, "no supported source files found at "+h[1][:12], tr.Points[1].Err.String())
	for i := range h {
		alone, err := Measure(context.Background(), Snapshot{Path: r.Dir, Rev: h[i], Label: h[i][:12]}, opt)
		require.NoError(t, err)
		alone.Index = i
		assert.Equal(t, alone, tr.Points[i], "point %d", i)
	}
	assert.Equal(t, string(tr.Points[2].Report), string(tr.Points[3].Report))
}

// The prescan holds at most maxPrescanBytes of later file versions and
// analyses ahead those of the commits that start within maxAheadBytes;
// the points past them analyse and scan their own files, and every point
// is what it is without the bounds.
func TestPrescanBudgets(t *testing.T) {
	r := testkit.NewGitRepo(t)
	file := func(name string) string {
		s := "v_" + name + " = 1\n#" + strings.Repeat("p", 90) + "\n"
		require.Len(t, s, 100)
		return s
	}
	for _, n := range []string{"a", "b", "c", "d"} {
		r.Commit(n, map[string]string{n + ".py": file(n)})
	}
	a := analysisOptions(t, r.Dir)
	a.DisableSG, a.AstGrep = false, testkit.AstGrep(t)
	plain, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: a})
	require.NoError(t, err)

	defer func(p, h int) { maxPrescanBytes, maxAheadBytes = p, h }(maxPrescanBytes, maxAheadBytes)
	// b.py and c.py (100 and 200 bytes read) fit, d.py does not; only the
	// commit whose files start first (b.py's) is analysed ahead.
	maxPrescanBytes, maxAheadBytes = 250, 50
	stats := cachedLike(t, r.Dir, a, plain)
	// Analysed: b.py ahead; a.py, c.py and d.py by their points. Read
	// back: a.py and b.py at the second point, both at the third, and
	// those and c.py at the fourth.
	assert.Equal(t, 4, stats.FileMisses)
	assert.Equal(t, 2+2+3, stats.FileHits)
	// Scanned: a.py, b.py and c.py by the prescan, d.py by its point.
	assert.Equal(t, 4, stats.ScanMisses)
	assert.Equal(t, 1+2+3+3, stats.ScanHits)
}
