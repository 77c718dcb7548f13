package htmlpage

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The squarified treemap paper's example: sizes 6, 6, 4, 3, 2, 2, 1 in a
// 6 by 4 rectangle, so that each area equals its size.
func TestSquarifyAreasAreProportional(t *testing.T) {
	sizes := []float64{6, 6, 4, 3, 2, 2, 1}
	rects := Squarify(sizes, 0, 0, 6, 4)
	total := 0.0
	for i, r := range rects {
		assert.InDelta(t, sizes[i], r[2]*r[3], 1e-9, "area of item %d", i)
		assert.True(t, r[0] >= -1e-9 && r[1] >= -1e-9 && r[0]+r[2] <= 6+1e-9 && r[1]+r[3] <= 4+1e-9, "item %d inside: %v", i, r)
		total += r[2] * r[3]
		for j := range i {
			o := rects[j]
			overlapW := math.Min(r[0]+r[2], o[0]+o[2]) - math.Max(r[0], o[0])
			overlapH := math.Min(r[1]+r[3], o[1]+o[3]) - math.Max(r[1], o[1])
			assert.False(t, overlapW > 1e-9 && overlapH > 1e-9, "items %d and %d overlap", i, j)
		}
	}
	assert.InDelta(t, 24, total, 1e-9)
	// The first row is the two 6s stacked along the short side (4): a
	// 3 by 2 each, ratio 1.5, better than 6 alone (4 by 1.5) or with the 4.
	assert.Equal(t, [4]float64{0, 0, 3, 2}, rects[0])
	assert.Equal(t, [4]float64{0, 2, 3, 2}, rects[1])
}

func TestBinOf(t *testing.T) {
	for _, tc := range []struct {
		share float64
		bin   int
	}{{0, 0}, {math.NaN(), 0}, {0.01, 1}, {0.25, 1}, {0.2501, 2}, {0.5, 2}, {0.75, 3}, {0.76, 4}, {1, 4}} {
		assert.Equal(t, tc.bin, BinOf(tc.share), "share %v", tc.share)
	}
}

func TestFit(t *testing.T) {
	assert.Equal(t, "core.py", Fit("core.py", 100))
	assert.Equal(t, "cor…", Fit("core.py", 4*charWidth))
	assert.Equal(t, "", Fit("core.py", charWidth))
}

func TestLayoutNestsDirectories(t *testing.T) {
	tree := NewTree("root")
	tree.Add("a/x.py", TreeNode{Size: 30, Share: 0.6, Link: "#f1"})
	tree.Add("a/y.py", TreeNode{Size: 10})
	tree.Add("z.py", TreeNode{Size: 60})
	tree.Add("empty.py", TreeNode{Size: 0})
	tm := tree.Layout()
	var names []string
	closes := 0
	for _, it := range tm.Items {
		names = append(names, it.Name)
		closes += it.Close
	}
	// Largest first in each directory; a file of no size takes no room.
	assert.Equal(t, []string{"root", "z.py", "a", "x.py", "y.py"}, names)
	assert.Equal(t, 2, closes, "each directory's group is closed once")
	assert.Equal(t, "b3", tm.Items[3].Bin.Class)
	assert.Equal(t, "#f1", tm.Items[3].Link)
}
