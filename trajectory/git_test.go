package trajectory

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/option"
)

// history builds: c0 a README only; c1 small in a.py; c2 a README change;
// c3 big (11 ifs) added to a.py; c4 a.py renamed to lib/core.py with big
// grown to 13 ifs, and a file with a syntax error; c5 the broken file
// deleted.
func history(t *testing.T) (*testkit.GitRepo, []string) {
	r := testkit.NewGitRepo(t)
	var h []string
	h = append(h, r.Commit("readme", map[string]string{"README.md": "# demo\n"}))
	h = append(h, r.Commit("small", map[string]string{"a.py": smallFunction}))
	h = append(h, r.Commit("docs", map[string]string{"README.md": "# demo\n\nmore\n"}))
	h = append(h, r.Commit("big", map[string]string{"a.py": smallFunction + "\n\n" + bigFunction("big", 11, 1)}))
	r.Git("mv", "a.py", "core.py")
	require.NoError(t, os.MkdirAll(filepath.Join(r.Dir, "lib"), 0o755))
	r.Git("mv", "core.py", "lib/core.py")
	h = append(h, r.Commit("rename and grow", map[string]string{
		"lib/core.py": smallFunction + "\n\n" + bigFunction("big", 13, 8),
		"broken.py":   "def broken(:\n",
	}))
	h = append(h, r.Commit("drop broken", map[string]string{"broken.py": ""}))
	return r, h
}

func labels(tr *Trajectory) []string {
	var out []string
	for _, p := range tr.Points {
		out = append(out, p.Checkpoint.Subject)
	}
	return out
}

func TestGitHistory(t *testing.T) {
	r, h := history(t)
	before := r.Git("status", "--porcelain")
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	assert.Equal(t, before, r.Git("status", "--porcelain"), "the work tree is left alone")
	assert.Equal(t, []string{"readme", "small", "docs", "big", "rename and grow", "drop broken"}, labels(tr))
	for i, p := range tr.Points {
		assert.Equal(t, h[i], p.Checkpoint.Commit)
		assert.Equal(t, h[i][:12], p.Checkpoint.Label)
		assert.Equal(t, "2024-01-02T03:04:05+00:00", p.Checkpoint.Time)
	}

	assert.Equal(t, "no supported source files found at "+h[0][:12], tr.Points[0].Err.String(), "the README-only commit is empty")
	e3, e4 := 60.0/62, 84.0/86
	assert.Equal(t, 0.0, tr.Points[1].Metrics["erosion"])
	assert.Equal(t, 0.0, tr.Points[2].Metrics["erosion"])
	assert.InDelta(t, e3, tr.Points[3].Metrics["erosion"], 1e-12)
	assert.InDelta(t, e4, tr.Points[4].Metrics["erosion"], 1e-12)
	assert.Equal(t, []Skipped{{Path: "broken.py", Reason: option.Plain("failed to parse python source")}}, tr.Points[4].Skipped)
	assert.InDelta(t, e4, tr.Points[5].Metrics["erosion"], 1e-12)
	assert.Empty(t, tr.Points[5].Skipped, "the deleted file is gone")

	// x = 1..5, mean 3, sum dx² = 10; y = 0, 0, e3, e4, e4:
	// slope = (0*e3 + 1*e4 + 2*e4) / 10.
	assert.InDelta(t, 3*e4/10, *tr.Summary.Trends[0].Slope, 1e-12)
	// The renamed file's callables are new ones: big in a.py grew from
	// nothing (it appeared once), big in lib/core.py appeared once too.
	assert.Empty(t, tr.Summary.Grown, "matching is by file, so the rename starts over")
}

func TestGitOptions(t *testing.T) {
	r, h := history(t)
	run := func(g GitOptions) (*Trajectory, error) {
		g.Repo = r.Dir
		return Git(context.Background(), g, Options{Analysis: analysisOptions(t, r.Dir)})
	}
	tests := []struct {
		name string
		opt  GitOptions
		want []string
	}{
		{"only source commits skip README changes", GitOptions{OnlySourceCommits: true},
			[]string{"small", "big", "rename and grow", "drop broken"}},
		{"a range starts after its first end", GitOptions{RevRange: h[1] + ".." + h[4]},
			[]string{"docs", "big", "rename and grow"}},
		{"a single revision is its whole history", GitOptions{RevRange: h[2]}, []string{"readme", "small", "docs"}},
		// 6 commits, 3 kept: indexes 0, 2.5 -> 3 (rounded), 5.
		{"max commits samples evenly, first and last kept", GitOptions{MaxCommits: 3}, []string{"readme", "big", "drop broken"}},
		// 4 source commits, 2 kept: the first and the last.
		{"sampling applies after the source filter", GitOptions{OnlySourceCommits: true, MaxCommits: 2},
			[]string{"small", "drop broken"}},
		{"one commit is the last", GitOptions{MaxCommits: 1}, []string{"drop broken"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := run(tt.opt)
			require.NoError(t, err)
			assert.Equal(t, tt.want, labels(tr))
		})
	}

	for _, tt := range []struct {
		name    string
		opt     GitOptions
		wantErr string
	}{
		{"an unknown revision is named", GitOptions{RevRange: "v9..HEAD"}, "GitOptions.RevRange: unknown revision 'v9' in " + r.Dir},
		{"a half range is refused", GitOptions{RevRange: h[1] + ".."}, "expected A..B or a revision"},
		{"a symmetric range is refused", GitOptions{RevRange: h[1] + "..." + h[2]}, "A...B is not a first-parent range"},
		{"an empty range is an error", GitOptions{RevRange: h[2] + ".." + h[2]}, "no commits to measure in " + r.Dir},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := run(tt.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

func TestGitNotARepository(t *testing.T) {
	dir := t.TempDir()
	_, err := Git(context.Background(), GitOptions{Repo: dir}, Options{Analysis: analysisOptions(t, dir)})
	require.Error(t, err)
	assert.Equal(t, "GitOptions.Repo: not a git repository: "+dir, err.Error())
	_, err = Git(context.Background(), GitOptions{Repo: filepath.Join(dir, "nope")}, Options{Analysis: analysisOptions(t, dir)})
	require.Error(t, err)
	assert.Equal(t, "GitOptions.Repo: path does not exist: "+filepath.Join(dir, "nope"), err.Error())
}

// TestGitFirstParent: a merged branch counts as its merge commit only,
// with the branch's changes.
func TestGitFirstParent(t *testing.T) {
	r := testkit.NewGitRepo(t)
	r.Commit("base", map[string]string{"a.py": smallFunction})
	r.Git("checkout", "-q", "-b", "feature")
	r.Commit("feature 1", map[string]string{"b.py": bigFunction("big", 11, 1)})
	r.Commit("feature 2", map[string]string{"b.py": bigFunction("big", 13, 8)})
	r.Git("checkout", "-q", "main")
	r.Commit("main docs", map[string]string{"README.md": "hi\n"})
	r.Git("merge", "-q", "--no-ff", "feature", "-m", "merge feature")
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir, OnlySourceCommits: true}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	assert.Equal(t, []string{"base", "merge feature"}, labels(tr))
	assert.InDelta(t, 84.0/86, tr.Points[1].Metrics["erosion"], 1e-12)
}

// TestGitSubdirectory: a directory inside the repository is what is
// analysed, with the commits that touch it, and the commit's own
// configuration applies.
func TestGitSubdirectory(t *testing.T) {
	r := testkit.NewGitRepo(t)
	r.Commit("app", map[string]string{"app/a.py": smallFunction, "tools/t.py": smallFunction})
	r.Commit("tools only", map[string]string{"tools/t.py": smallFunction + "\n\n" + bigFunction("big", 11, 1)})
	r.Commit("app grows", map[string]string{
		"app/a.py":           smallFunction + "\n\n" + bigFunction("big", 11, 1),
		"app/gen/x.py":       bigFunction("huge", 20, 0),
		"app/scb-check.toml": "exclude = [\"gen/**\"]\n",
	})
	sub := filepath.Join(r.Dir, "app")
	opt := analysisOptions(t, sub)
	opt.Config = nil
	tr, err := Git(context.Background(), GitOptions{Repo: sub}, Options{Analysis: opt})
	require.NoError(t, err)
	assert.Equal(t, []string{"app", "app grows"}, labels(tr))
	assert.Equal(t, 1.0, tr.Points[1].Metrics["files_scanned"], "the commit's own config excludes gen/")
	assert.InDelta(t, 60.0/62, tr.Points[1].Metrics["erosion"], 1e-12)
	assert.Equal(t, []Growth(nil), tr.Summary.Grown)
}

// TestGitEmptyAndBrokenCommits: a root commit with an empty tree, a
// commit whose only source file has a syntax error and its fix: the first
// two have no numbers (with the reason), the fix is measured.
func TestGitEmptyAndBrokenCommits(t *testing.T) {
	r := testkit.NewGitRepo(t)
	h0 := r.Commit("empty", nil)
	assert.Equal(t, "4b825dc642cb6eb9a060e54bf8d69288fbee4904", r.Git("rev-parse", "HEAD^{tree}"), "the empty tree")
	h1 := r.Commit("broken", map[string]string{"a.py": "def small(x:\n    return x\n"})
	r.Commit("fixed", map[string]string{"a.py": smallFunction})
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	require.Len(t, tr.Points, 3)
	assert.Equal(t, "no supported source files found at "+h0[:12], tr.Points[0].Err.String())
	assert.Equal(t, "no supported source files could be parsed at "+h1[:12], tr.Points[1].Err.String())
	assert.Equal(t, []Skipped{{Path: "a.py", Reason: option.Plain("failed to parse python source")}}, tr.Points[1].Skipped)
	m := tr.Points[2].Metrics
	require.NotNil(t, m)
	// small: cc 1, SLOC 4, mass 2, nothing above the thresholds.
	assert.Equal(t, []float64{1, 4, 1}, []float64{m["files_scanned"], m["total_loc"], m["total_functions"]})
	assert.Equal(t, 2.0, m["total_mass"])
	assert.Equal(t, 0.0, m["erosion"])
	assert.Equal(t, 1, tr.Summary.Measured)
	assert.Nil(t, tr.Summary.Trends[0].Slope, "one measured point has no slope")
}
