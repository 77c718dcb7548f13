package trajectory

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// treeOf lists every entry under dir: directories as "dir/", symlinks as
// "-> target", files as their mode's executable bit and content.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		rel, err := filepath.Rel(dir, p)
		require.NoError(t, err)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			require.NoError(t, err)
			out[rel] = "-> " + target
		case d.IsDir():
			out[rel+"/"] = ""
		default:
			info, err := d.Info()
			require.NoError(t, err)
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			out[rel] = info.Mode().Perm().String() + " " + string(b)
		}
		return nil
	}))
	return out
}

// TestSnapshotIncremental walks a history in several orders (each commit
// in turn, jumps forward, back to the start) and checks after each step
// that the kept snapshot equals a fresh `git archive` of the commit.
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
	// Attributes that make archive leave a file out: from here on, and
	// when leaving them, the tree is written whole.
	// (export-subst writes the commit's hash into ver.py: the file is
	// unchanged in git, but not in the archive.)
	h = append(h, r.Commit("attributes", map[string]string{
		".gitattributes": "keep.txt export-ignore\nver.py export-subst\n", "e.py": "e = 1\n", "ver.py": "V = '$Format:%H$'\n",
	}))
	h = append(h, r.Commit("after attributes", map[string]string{"e.py": "e = 2\n"}))
	h = append(h, r.Commit("no attributes", map[string]string{".gitattributes": "", "f.py": "f = 1\n"}))

	rp, err := openRepo(context.Background(), r.Dir, "")
	require.NoError(t, err)
	// Looked up for all commits at once, attributes are what they are
	// looked up one by one: only the commits holding .gitattributes.
	batched := &repo{git: rp.git, dir: rp.dir}
	var all []commit
	for _, hash := range h {
		all = append(all, commit{hash: hash})
	}
	batched.loadAttributes(context.Background(), all)
	for i, hash := range h {
		assert.Equal(t, i == 5 || i == 6, batched.attributes[hash], "commit %d", i)
		assert.Equal(t, rp.lookUpAttributes(context.Background(), hash), batched.attributes[hash], "commit %d", i)
	}

	orders := map[string][]int{
		"each in turn": {0, 1, 2, 3, 4, 5, 6, 7},
		"jumps":        {0, 2, 4, 7},
		"backwards":    {7, 3, 0, 6, 1},
	}
	for name, order := range orders {
		t.Run(name, func(t *testing.T) {
			snap := &snapshot{dir: filepath.Join(t.TempDir(), "snapshot")}
			for _, i := range order {
				require.NoError(t, rp.checkout(context.Background(), snap, h[i]))
				fresh := t.TempDir()
				require.NoError(t, rp.extract(context.Background(), h[i], fresh))
				require.NoError(t, os.Mkdir(filepath.Join(fresh, ".git"), 0o755))
				assert.Equal(t, treeOf(t, fresh), treeOf(t, snap.dir), "after commit %d", i)
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
		if run == 0 {
			// New: a.py at c1 and c3, lib/core.py and broken.py at c4;
			// unchanged: a.py at c2, lib/core.py at c5.
			assert.Equal(t, scbcheck.CacheStats{FileHits: 2, FileMisses: 4}, *stats)
		} else {
			// Only broken.py, which fails to parse, is analysed again.
			assert.Equal(t, scbcheck.CacheStats{FileHits: 5, FileMisses: 1}, *stats)
		}
	}
}

// With ast-grep on, the files each commit adds or changes are scanned
// before the first point, in one ast-grep run: the points then find every
// finding in the cache, and give what they give without one.
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

	stats := &scbcheck.CacheStats{}
	a.CacheDir, a.CacheStats = t.TempDir(), stats
	got, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: a})
	require.NoError(t, err)
	for i := range plain.Points {
		assert.Equal(t, string(plain.Points[i].Report), string(got.Points[i].Report), "point %d", i)
	}
	// The first point scans a.py itself; b.py (second commit) and the new
	// a.py (third) are prescanned. The points after the first hit: a.py
	// and b.py at the second, both again at the third.
	assert.Equal(t, 3, stats.ScanMisses)
	assert.Equal(t, 4, stats.ScanHits)
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
