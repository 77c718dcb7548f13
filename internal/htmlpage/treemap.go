package htmlpage

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Treemap geometry, in SVG user units.
const (
	treemapWidth  = 1000.0
	treemapHeight = 560.0
	// dirHeader is the strip holding a directory's name; dirPad the gap
	// between a directory's frame and its children.
	dirHeader = 14.0
	dirPad    = 2.0
	// charWidth is about how wide a character of the labels is.
	charWidth = 6.2
)

// Bins are the treemap's colour classes, lowest share first: each has a
// fill, a pattern laid over it (so that no class is told by colour
// alone) and the label of its legend. The fills run from light to dark,
// which keeps them apart for every kind of colour blindness.
var Bins = []Bin{
	{Class: "b0", Fill: "#eef1f5", Pattern: "", Label: "no function over the threshold"},
	{Class: "b1", Fill: "#fde6b0", Pattern: "p-dots", Label: "up to 25%"},
	{Class: "b2", Fill: "#f6b26b", Pattern: "p-diag", Label: "25% to 50%"},
	{Class: "b3", Fill: "#d9652b", Pattern: "p-cross", Label: "50% to 75%"},
	{Class: "b4", Fill: "#8a2c12", Pattern: "p-dense", Label: "over 75%"},
}

// Bin is one colour class of the treemap.
type Bin struct {
	Class, Fill, Pattern, Label string
}

// BinOf is the class of a share from 0 to 1.
func BinOf(share float64) int {
	switch {
	case share <= 0 || math.IsNaN(share):
		return 0
	case share <= 0.25:
		return 1
	case share <= 0.5:
		return 2
	case share <= 0.75:
		return 3
	}
	return 4
}

// TreeNode is a directory or a file of a treemap.
type TreeNode struct {
	Name string
	// Size is a file's area (its SLOC); a directory's is its files'.
	Size float64
	// Share is a file's colour value, from 0 to 1.
	Share float64
	// Title is the node's tooltip; Link the anchor a file links to.
	Title, Link string
	Children    []*TreeNode
	dir         bool
}

// Tree builds the directory tree of files given by slash-separated
// paths: add each file, then call Treemap.
type Tree struct {
	root *TreeNode
}

// NewTree starts a tree whose root is named name.
func NewTree(name string) *Tree {
	return &Tree{root: &TreeNode{Name: name, dir: true}}
}

// Add puts a file at path, creating its directories.
func (t *Tree) Add(path string, leaf TreeNode) {
	parts := strings.Split(path, "/")
	n := t.root
	for _, dir := range parts[:len(parts)-1] {
		var next *TreeNode
		for _, c := range n.Children {
			if c.dir && c.Name == dir {
				next = c
				break
			}
		}
		if next == nil {
			next = &TreeNode{Name: dir, dir: true}
			n.Children = append(n.Children, next)
		}
		n = next
	}
	leaf.Name = parts[len(parts)-1]
	n.Children = append(n.Children, &leaf)
}

// Treemap is a tree laid out as nested rectangles.
type Treemap struct {
	Width, Height float64
	// Items are the directories and files in drawing order (a directory
	// before what it holds); Ends[i] is the number of groups the item
	// closes after it.
	Items []TreeItem
	Bins  []Bin
}

// TreeItem is one rectangle of a Treemap.
type TreeItem struct {
	ID         string
	Dir        bool
	X, Y, W, H string
	// Box is a directory's viewBox ("x y w h") to zoom to.
	Box string
	// LabelX and LabelY place the label; Label is its text cut to fit
	// (empty when nothing fits), Name the whole name, Room the width
	// the label has.
	LabelX, LabelY string
	Label, Name    string
	Room           string
	Title, Link    string
	Bin            Bin
	// Close is the number of directory groups that end after the item.
	Close int
}

// Closes returns a slice of Close elements, for the template's range.
func (it TreeItem) Closes() []struct{} { return make([]struct{}, it.Close) }

// Layout lays the tree out as a squarified treemap: each directory's
// children sorted by size (then name), placed in rows that keep their
// rectangles near square. Files of no size take no room.
func (t *Tree) Layout() *Treemap {
	sum(t.root)
	tm := &Treemap{Width: treemapWidth, Height: treemapHeight, Bins: Bins}
	counter := 0
	var place func(n *TreeNode, x, y, w, h float64, path string)
	place = func(n *TreeNode, x, y, w, h float64, path string) {
		counter++
		it := TreeItem{ID: Anchor("tm", counter), Dir: n.dir, X: Num(x), Y: Num(y), W: Num(w), H: Num(h),
			Name: n.Name, Title: n.Title, Link: n.Link}
		if n.dir {
			it.Box = strings.Join([]string{Num(x), Num(y), Num(w), Num(h)}, " ")
			it.Title = fmt.Sprintf("%s/ — %s SLOC", strings.TrimPrefix(path, "/"), Num(n.Size))
			it.LabelX, it.LabelY, it.Room = Num(x+3), Num(y+11), Num(w-6)
			if h >= dirHeader+4 {
				it.Label = Fit(n.Name+"/", w-6)
			}
		} else {
			it.Bin = Bins[BinOf(n.Share)]
			it.LabelX, it.LabelY, it.Room = Num(x+3), Num(y+12), Num(w-6)
			if h >= 16 {
				it.Label = Fit(n.Name, w-6)
			}
		}
		tm.Items = append(tm.Items, it)
		if !n.dir {
			return
		}
		ix, iy, iw, ih := x+dirPad, y+dirHeader, w-2*dirPad, h-dirHeader-dirPad
		if iw <= 1 || ih <= 1 {
			// Too small to hold its children: the directory stands alone.
			tm.Items[len(tm.Items)-1].Close++
			return
		}
		kids := slices.DeleteFunc(slices.Clone(n.Children), func(c *TreeNode) bool { return c.Size <= 0 })
		slices.SortStableFunc(kids, func(a, b *TreeNode) int { return cmp.Or(cmp.Compare(b.Size, a.Size), cmp.Compare(a.Name, b.Name)) })
		sizes := make([]float64, len(kids))
		for i, c := range kids {
			sizes[i] = c.Size
		}
		for i, r := range Squarify(sizes, ix, iy, iw, ih) {
			place(kids[i], r[0], r[1], r[2], r[3], path+"/"+kids[i].Name)
		}
		tm.Items[len(tm.Items)-1].Close++
	}
	if t.root.Size > 0 {
		place(t.root, 0, 0, treemapWidth, treemapHeight, "")
	}
	return tm
}

// sum sets every directory's size to its files' total.
func sum(n *TreeNode) float64 {
	if !n.dir {
		return n.Size
	}
	n.Size = 0
	for _, c := range n.Children {
		n.Size += sum(c)
	}
	return n.Size
}

// Squarify places sizes (sorted largest first, all above 0) in the
// rectangle x, y, w, h in proportion to their size, in rows along the
// shorter side, a row growing while that keeps its worst aspect ratio
// from getting worse. It returns each one's x, y, width and height.
func Squarify(sizes []float64, x, y, w, h float64) [][4]float64 {
	out := make([][4]float64, len(sizes))
	total := 0.0
	for _, s := range sizes {
		total += s
	}
	if total <= 0 {
		return out
	}
	scale := w * h / total
	for i := 0; i < len(sizes); {
		short := math.Min(w, h)
		rowSum, j := sizes[i]*scale, i+1
		best := worst(sizes[i:j], rowSum, short, scale)
		for j < len(sizes) {
			next := rowSum + sizes[j]*scale
			if r := worst(sizes[i:j+1], next, short, scale); r <= best {
				rowSum, best, j = next, r, j+1
				continue
			}
			break
		}
		thick := rowSum / short
		pos := 0.0
		for k := i; k < j; k++ {
			length := sizes[k] * scale / thick
			if w >= h {
				out[k] = [4]float64{x, y + pos, thick, length}
			} else {
				out[k] = [4]float64{x + pos, y, length, thick}
			}
			pos += length
		}
		if w >= h {
			x, w = x+thick, w-thick
		} else {
			y, h = y+thick, h-thick
		}
		i = j
	}
	return out
}

// worst is the largest aspect ratio of a row of sizes (scaled by scale to
// areas summing to rowSum) laid along a side of length short.
func worst(sizes []float64, rowSum, short, scale float64) float64 {
	thick := rowSum / short
	r := 0.0
	for _, s := range sizes {
		length := s * scale / thick
		r = math.Max(r, math.Max(length/thick, thick/length))
	}
	return r
}

// Fit cuts a label to the width room, ending it with an ellipsis when
// cut; empty when not even two characters fit.
func Fit(s string, room float64) string {
	n := int((room) / charWidth)
	r := []rune(s)
	switch {
	case n < 2:
		return ""
	case len(r) <= n:
		return s
	}
	return string(r[:n-1]) + "…"
}
