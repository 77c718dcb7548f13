package report

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/finding"
)

// Relativize turns every path of a report as an analysis spells it into
// one relative to the root, slash-separated; paths outside the root stay
// as they are, and clone places shared with another report are left
// untouched there.
func TestRelativize(t *testing.T) {
	shared := []finding.Place{{Path: "/repo/a.py", Line: 1}, {Path: "/other/b.py", Line: 2}}
	r := &Report{
		Files:       []File{{Path: "/repo/pkg/a.py"}, {Path: "/elsewhere/c.py"}},
		Skipped:     []Skipped{{Path: "/repo/broken.py"}},
		CloneBlocks: []CloneBlock{{Path: "/repo/pkg/sub/d.py"}},
		Flagged:     []FlaggedLines{{Path: "/repo/e.py"}},
		Findings:    []finding.Finding{{Path: "/repo/a.py", Group: shared}, {Path: "/repo/f.py"}},
	}
	r.Relativize("/repo")

	assert.Equal(t, "/repo", r.Root)
	assert.Equal(t, "pkg/a.py", r.Files[0].Path)
	assert.Equal(t, "/elsewhere/c.py", r.Files[1].Path, "a path outside the root is kept")
	assert.Equal(t, "broken.py", r.Skipped[0].Path)
	assert.Equal(t, "pkg/sub/d.py", r.CloneBlocks[0].Path)
	assert.Equal(t, "e.py", r.Flagged[0].Path)
	assert.Equal(t, "a.py", r.Findings[0].Path)
	assert.Equal(t, "f.py", r.Findings[1].Path)
	assert.Equal(t, []finding.Place{{Path: "a.py", Line: 1}, {Path: "/other/b.py", Line: 2}}, r.Findings[0].Group)
	assert.Equal(t, "/repo/a.py", shared[0].Path, "the shared places are copied before they are rewritten")
	assert.Equal(t, "/repo/pkg/a.py", r.Abs(r.Files[0].Path), "Abs joins a relativized path back")
}
