package source

import (
	"bytes"
	"sync/atomic"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/lang"
)

// Tree is a parsed file flattened into preorder nodes. It holds no
// tree-sitter memory; drop it when its facts are extracted.
type Tree struct {
	Lang    *lang.Spec
	Grammar *Grammar
	Src     []byte
	Nodes   []Node

	// halt is set once the context the tree was parsed with is done.
	halt *atomic.Int32
}

// Stopped reports whether the work on the tree must stop: the context it
// was parsed with (Parser.ParseContext) is done. The loops that walk a
// whole file (its nodes, its callables) call it once per step, one
// atomic load, and give up when it turns true; what they return then is
// incomplete, so a caller that passed such a context must check it (or
// the context) before using any result. A tree parsed without one is
// never stopped.
func (t *Tree) Stopped() bool { return t.halt != nil && t.halt.Load() != 0 }

// Is reports whether node i has any of the classes in c.
func (t *Tree) Is(i int, c Class) bool { return t.Grammar.ClassOf(t.Nodes[i].Kind)&c != 0 }

// Kind returns node i's kind name.
func (t *Tree) Kind(i int) string { return t.Grammar.KindName(t.Nodes[i].Kind) }

// Text returns node i's source text.
func (t *Tree) Text(i int) string {
	n := &t.Nodes[i]
	return string(t.Src[n.StartByte:n.EndByte])
}

// Bytes returns node i's source bytes without copying.
func (t *Tree) Bytes(i int) []byte {
	n := &t.Nodes[i]
	return t.Src[n.StartByte:n.EndByte]
}

// Named reports whether node i is a named node.
func (t *Tree) Named(i int) bool { return t.Nodes[i].Flags&FlagNamed != 0 }

// IsLeaf reports whether node i has no children.
func (t *Tree) IsLeaf(i int) bool { return int(t.Nodes[i].End) == i+1 }

// FirstChild returns node i's first child, or -1.
func (t *Tree) FirstChild(i int) int {
	if t.IsLeaf(i) {
		return -1
	}
	return i + 1
}

// NextSibling returns the sibling after node c, or -1.
func (t *Tree) NextSibling(c int) int {
	p := t.Nodes[c].Parent
	next := int(t.Nodes[c].End)
	if p < 0 || next >= int(t.Nodes[p].End) {
		return -1
	}
	return next
}

// PrevSibling returns the sibling before node c, or -1. It climbs from the
// node just before c (the previous sibling's last descendant) to c's
// parent: the cost is the depth of that sibling's rightmost path, so
// walking back over all the children of a node is linear in its subtree.
func (t *Tree) PrevSibling(c int) int {
	p := t.Nodes[c].Parent
	if p < 0 || c-1 == int(p) {
		return -1
	}
	s := c - 1
	for t.Nodes[s].Parent != p {
		s = int(t.Nodes[s].Parent)
	}
	return s
}

// Children returns node i's children in order.
func (t *Tree) Children(i int) []int {
	var out []int
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		out = append(out, c)
	}
	return out
}

// NamedChildren returns node i's named children in order.
func (t *Tree) NamedChildren(i int) []int {
	var out []int
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.Named(c) {
			out = append(out, c)
		}
	}
	return out
}

// ChildByField returns node i's first child under the field id, or -1.
func (t *Tree) ChildByField(i int, field uint16) int {
	if field == 0 {
		return -1
	}
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.Nodes[c].Field == field {
			return c
		}
	}
	return -1
}

// StartLine returns node i's 1-based first line.
func (t *Tree) StartLine(i int) int { return int(t.Nodes[i].StartRow) + 1 }

// StartCol returns node i's 1-based first column, counted in Unicode
// code points from the start of its line.
func (t *Tree) StartCol(i int) int {
	start := int(t.Nodes[i].StartByte)
	line := bytes.LastIndexByte(t.Src[:start], '\n') + 1
	return utf8.RuneCount(t.Src[line:start]) + 1
}

// EndLine returns node i's 1-based last line.
func (t *Tree) EndLine(i int) int { return int(t.Nodes[i].EndRow) + 1 }

// LineCount returns the number of lines the source splits into on "\n"
// (no empty line after a final newline).
func (t *Tree) LineCount() int { return lineCount(t.Src) }
