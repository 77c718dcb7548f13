package trajectory

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scbcheck/scbcheck/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMeasureCommit: one commit, named by any revision, is measured as
// the git trajectory measures it.
func TestMeasureCommit(t *testing.T) {
	r, h := history(t)
	r.Git("tag", "v1", h[3])
	opt := Options{Analysis: analysisOptions(t, r.Dir)}
	tr, err := Git(context.Background(), GitOptions{Repo: r.Dir}, opt)
	require.NoError(t, err)

	for i, rev := range []string{"v1", h[3][:7], "main~2", "HEAD"} {
		p, err := Measure(context.Background(), Snapshot{Label: "repo@" + rev, Path: r.Dir, Rev: rev}, opt)
		require.NoError(t, err, rev)
		want := tr.Points[3]
		if i == 3 {
			want = tr.Points[5]
		}
		assert.Equal(t, "repo@"+rev, p.Checkpoint.Label)
		assert.Equal(t, want.Checkpoint.Commit, p.Checkpoint.Commit, rev)
		assert.Equal(t, want.Checkpoint.Subject, p.Checkpoint.Subject, rev)
		assert.Equal(t, "2024-01-02T03:04:05+00:00", p.Checkpoint.Time, rev)
		assert.Equal(t, string(want.Report), string(p.Report), rev)
		assert.Empty(t, p.Err.String(), rev)
	}
	// h[3]: small and big (11 ifs) in a.py: erosion 60/62.
	p, err := Measure(context.Background(), Snapshot{Path: r.Dir, Rev: "v1"}, opt)
	require.NoError(t, err)
	assert.InDelta(t, 60.0/62, p.Metrics["erosion"], 1e-12)
	assert.Equal(t, r.Dir+"@v1", p.Checkpoint.Label, "the label defaults to PATH@REV")

	// h[4] holds a file with a syntax error; it is skipped and listed.
	p, err = Measure(context.Background(), Snapshot{Label: "x", Path: r.Dir, Rev: h[4]}, opt)
	require.NoError(t, err)
	assert.Equal(t, []Skipped{{Path: "broken.py", Reason: option.Plain("failed to parse python source")}}, p.Skipped)
	// h[0] holds a README only.
	p, err = Measure(context.Background(), Snapshot{Label: "repo@first", Path: r.Dir, Rev: h[0]}, opt)
	require.NoError(t, err)
	assert.Nil(t, p.Metrics)
	assert.Equal(t, "no supported source files found at repo@first", p.Err.String())
}

// TestMeasureProblems: problems of the snapshot are the point's error;
// a missing git executable stops everything.
func TestMeasureProblems(t *testing.T) {
	r, _ := history(t)
	plain := t.TempDir()
	opt := Options{Analysis: analysisOptions(t, r.Dir)}
	require.NoError(t, os.MkdirAll(filepath.Join(r.Dir, "empty"), 0o755))
	tests := []struct {
		name    string
		snap    Snapshot
		wantErr string
	}{
		{"a missing directory", Snapshot{Label: "gone", Path: filepath.Join(plain, "gone")}, "path does not exist: gone"},
		{"an empty directory", Snapshot{Label: "e", Path: filepath.Join(r.Dir, "empty")}, "no supported source files found at e"},
		{"an unknown revision", Snapshot{Label: "r@v9", Path: r.Dir, Rev: "v9"}, "unknown revision 'v9' in " + r.Dir},
		{"a revision that is no commit", Snapshot{Label: "r@tree", Path: r.Dir, Rev: "HEAD^{tree}"}, "unknown revision 'HEAD^{tree}' in " + r.Dir},
		{"an option is no revision", Snapshot{Label: "r@opt", Path: r.Dir, Rev: "--all"}, "unknown revision '--all' in " + r.Dir},
		{"a directory that is no repository", Snapshot{Label: "p@HEAD", Path: plain, Rev: "HEAD"}, "not a git repository: " + plain},
		{"a missing repository", Snapshot{Label: "p@HEAD", Path: filepath.Join(plain, "gone"), Rev: "HEAD"},
			"path does not exist: " + filepath.Join(plain, "gone")},
		{"a directory missing at that commit", Snapshot{Label: "lib@first", Path: filepath.Join(r.Dir, "lib"), Rev: "HEAD~5"},
			"lib does not exist at lib@first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Measure(context.Background(), tt.snap, opt)
			require.NoError(t, err)
			assert.Nil(t, p.Metrics)
			assert.Nil(t, p.Report)
			assert.Equal(t, tt.wantErr, p.Err.String())
		})
	}

	_, err := Measure(context.Background(), Snapshot{Path: r.Dir, Rev: "HEAD", Git: filepath.Join(plain, "no-git")}, opt)
	require.Error(t, err, "a missing git stops the run")
	assert.Contains(t, err.Error(), "no-git")
}

// TestMeasureSubdirectory: a directory inside the repository is analysed
// alone at the commit named.
func TestMeasureSubdirectory(t *testing.T) {
	r, _ := history(t)
	p, err := Measure(context.Background(), Snapshot{Label: "lib", Path: filepath.Join(r.Dir, "lib"), Rev: "HEAD"},
		Options{Analysis: analysisOptions(t, r.Dir)})
	require.NoError(t, err)
	require.NotNil(t, p.Metrics)
	// lib/core.py: small (mass 2) and big with 13 ifs (mass 84).
	assert.Equal(t, 1.0, p.Metrics["files_scanned"])
	assert.InDelta(t, 84.0/86, p.Metrics["erosion"], 1e-12)
}
