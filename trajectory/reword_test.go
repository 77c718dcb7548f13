package trajectory

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Reworded rewords every message of a point and nothing else, leaving
// the point it was made from as it was.
func TestPointReworded(t *testing.T) {
	p := Point{
		Index: 2, Checkpoint: Checkpoint{Label: "Options.X"},
		Skipped:  []Skipped{{Path: "Options.X.py", Reason: "over Options.X"}},
		Warnings: []string{"see Options.X"},
		Err:      "Options.X: bad",
	}
	got := p.Reworded(func(s string) string { return strings.ReplaceAll(s, "Options.X", "--x") })
	assert.Equal(t, Point{
		Index: 2, Checkpoint: Checkpoint{Label: "Options.X"},
		Skipped:  []Skipped{{Path: "Options.X.py", Reason: "over --x"}},
		Warnings: []string{"see --x"},
		Err:      "--x: bad",
	}, got)
	assert.Equal(t, "over Options.X", p.Skipped[0].Reason, "the original keeps its words")
	assert.Nil(t, Point{}.Reworded(strings.ToUpper).Skipped, "no skipped files stay none")
}
