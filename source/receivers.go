package source

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds what a language with receivers declared apart from the
// parameters, names exported by their case and bodies wrapping their
// statements in a list needs (lang.Spec ReceiverField, ReceiverTypeKind,
// PublicByCase, StatementList and StructureSpec.ValueList).

// receiverNode returns callable i's receiver (the lang.Spec ReceiverField
// child), or -1.
func (t *Tree) receiverNode(i int) int {
	if t.Lang.ReceiverField == "" {
		return -1
	}
	return t.ChildByField(i, t.Grammar.FieldID(t.Lang.ReceiverField))
}

// applyReceiverAndCase completes callable fn (node i): a receiver field
// marks a receiver and puts the receiver's type last in the scope (so
// qualified names read Type.Method); PublicByCase decides visibility by
// the name's first letter.
func (t *Tree) applyReceiverAndCase(i int, fn *Callable) {
	if t.Lang.PublicByCase {
		r, _ := utf8.DecodeRuneInString(fn.Name)
		fn.Public = unicode.IsUpper(r)
	}
	recv := t.receiverNode(i)
	if recv < 0 {
		return
	}
	fn.HasReceiver = true
	kind := t.Lang.ReceiverTypeKind
	if kind == "" {
		return
	}
	for j := recv; j < int(t.Nodes[recv].End); j++ {
		if t.Kind(j) == kind {
			fn.Scope = append(fn.Scope[:len(fn.Scope):len(fn.Scope)], t.Text(j))
			segs := append(append([]string(nil), fn.Scope...), fn.Name)
			fn.QualifiedName = strings.Join(segs, t.Lang.ScopeSeparator)
			return
		}
	}
}

// childrenByField returns node i's children under the field id, in order.
func (t *Tree) childrenByField(i int, field uint16) []int {
	var out []int
	if field == 0 {
		return out
	}
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.Nodes[c].Field == field {
			out = append(out, c)
		}
	}
	return out
}

// BodyStatements returns the children of body node i, a child of the
// language's StatementList kind replaced by its own children: the
// statements (and comments and punctuation) a body holds.
func (t *Tree) BodyStatements(i int) []int {
	var out []int
	list := t.Lang.StatementList
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if list != "" && t.Kind(c) == list {
			out = append(out, t.Children(c)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

// throughValueList returns the one value of x when x is of the
// language's ValueList kind (a return's value list), -1 when that list
// holds several values, and x itself otherwise.
func (t *Tree) throughValueList(x int) int {
	list := t.Lang.Structure.ValueList
	if x < 0 || list == "" || t.Kind(x) != list {
		return x
	}
	named := t.NamedChildren(x)
	if len(named) != 1 {
		return -1
	}
	return named[0]
}
