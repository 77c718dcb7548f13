package trajectory

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
)

func TestScratchPaths(t *testing.T) {
	const scratch = "/shm/scb-1"
	tests := []struct {
		name, root, msg, want string
	}{
		{"a file of the tree above the analysed directory", "/shm/scb-1/points/0/sub",
			"/shm/scb-1/points/0/pyproject.toml: outside /shm/scb-1/points/0", "../pyproject.toml: outside .."},
		{"where a relative link out of the tree leads", "/shm/scb-1/points/0",
			"symlink to /shm/scb-1/points/host.txt, outside", "symlink to ../host.txt, outside"},
		{"up to the scratch directory itself", "/shm/scb-1/points/0",
			"symlink to /shm/scb-1/x", "symlink to ../../x"},
		{"nothing above the scratch directory", "/shm/scb-1/points/0",
			"symlink to /shm/other and /dev/zero", "symlink to /shm/other and /dev/zero"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, scratchPaths(tt.msg, tt.root, scratch))
		})
	}
	assert.Equal(t, "/shm/scb-1/x", scratchPaths("/shm/scb-1/x", "/shm/scb-1/points/0", ""), "a checkpoint on disk is kept")
}

func TestWarningsOf(t *testing.T) {
	r := &report.Report{Warnings: []option.Text{
		option.Plain("/shm/scb-1/snapshot/pyproject.toml: symlink to /dev/zero, outside /shm/scb-1/snapshot (not followed)"),
		option.Plain("/shm/scb-1/snapshot/sub/.gitignore: symlink to /shm/scb-1/host, outside /shm/scb-1/snapshot (not followed)"),
		option.Plain("/shm/scb-1/snapshot/pyproject.toml: symlink to /dev/zero, outside /shm/scb-1/snapshot (not followed)"),
	}}
	assert.Equal(t, []option.Text{
		option.Plain("pyproject.toml: symlink to /dev/zero, outside abc (not followed)"),
		option.Plain("sub/.gitignore: symlink to ../host, outside abc (not followed)"),
	}, warningsOf(r.Warnings, "/shm/scb-1/snapshot", "/shm/scb-1", "abc"), "in order met, each once")
	assert.Nil(t, warningsOf(nil, "/shm/scb-1/snapshot", "/shm/scb-1", "abc"))
}

// TestWriteHumanEscapes: every name the human output shows that comes
// from the checkpoints (labels, subjects, errors, skipped files and their
// reasons, grown callables' paths) is escaped, one line each.
func TestWriteHumanEscapes(t *testing.T) {
	points := []Point{
		{Index: 0, Checkpoint: Checkpoint{Label: "v\n1", Subject: "fix\x1b[2J"}, Report: []byte(`{}`),
			Metrics:   measured(report.Metrics{"total_loc": 2, "total_functions": 1}),
			Skipped:   []Skipped{{Path: "a\nb.py", Reason: option.Plain("failed to parse\tpython source")}},
			callables: []change.Func{fn("c\td.py", "f", 1, 1, 0)}},
		{Index: 1, Checkpoint: Checkpoint{Label: "v2"}, Err: option.Plain("no supported source files found at e\rf")},
		{Index: 2, Checkpoint: Checkpoint{Label: "v3"}, Report: []byte(`{}`),
			Metrics:   measured(report.Metrics{"total_loc": 4, "total_functions": 1}),
			callables: []change.Func{fn("c\td.py", "f", 1, 2, 1)}},
	}
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, &Trajectory{Points: points, Summary: summarize(points, 0)}))
	out := b.String()
	assert.Contains(t, out, "\n0  v\\n1  ")
	assert.Contains(t, out, " fix\\x1b[2J\n")
	assert.Contains(t, out, "\n  0 v\\n1: a\\nb.py: failed to parse\\tpython source\n")
	assert.Contains(t, out, "\n  1 v2: no supported source files found at e\\rf\n")
	assert.Contains(t, out, "\n  c\\td.py:1  f  cc 1 -> 2 (+1)  cog 0 -> 1 (+1)  checkpoints 0..2\n")
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\t")
	assert.NotContains(t, out, "\r")
}
