package source

import "sync"

// RoleBits is the constraint on a role bit set: an unsigned integer type
// whose bits are the roles a node kind plays for one analysis.
type RoleBits interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Roles collects the roles of node kinds by kind name, the way a language
// Spec names them. Build it with Add, then lay it out over a grammar with
// ByKind.
type Roles[R RoleBits] map[string]R

// Add gives role to each of kinds; empty names (a Spec field the language
// leaves unset) are skipped.
func (r Roles[R]) Add(role R, kinds ...string) {
	for _, k := range kinds {
		if k != "" {
			r[k] |= role
		}
	}
}

// ByKind returns the roles indexed by g's kind ids. Roles go by name, as
// one name may have several kind ids: every id of a name gets its roles.
func (r Roles[R]) ByKind(g *Grammar) KindRoles[R] {
	out := make(KindRoles[R], len(g.names))
	for i, name := range g.names {
		out[i] = r[name]
	}
	return out
}

// KindRoles holds the roles of each kind id of one grammar.
type KindRoles[R RoleBits] []R

// Of returns the roles of a kind id, none for an id outside the grammar.
func (k KindRoles[R]) Of(kind uint16) R {
	if int(kind) < len(k) {
		return k[kind]
	}
	return 0
}

// Table is a value derived from a grammar (a consumer's role table and
// field ids), built on first use and kept by the grammar for later calls.
// Create each Table once, as a package variable: the grammar keeps one
// value per *Table.
type Table[T any] struct {
	build func(*Grammar) T
}

// NewTable returns a Table whose value for a grammar is build(grammar).
// build must not ask for the same Table of the same grammar.
func NewTable[T any](build func(*Grammar) T) *Table[T] {
	return &Table[T]{build: build}
}

// tableEntry is one Table's value for one grammar.
type tableEntry[T any] struct {
	once  sync.Once
	value T
}

// Of returns the table's value for g, building it on the first call for
// g. It is safe for concurrent use; concurrent first calls build once.
func (tb *Table[T]) Of(g *Grammar) T {
	e, ok := g.tables.Load(tb)
	if !ok {
		e, _ = g.tables.LoadOrStore(tb, &tableEntry[T]{})
	}
	en := e.(*tableEntry[T])
	en.once.Do(func() { en.value = tb.build(g) })
	return en.value
}
