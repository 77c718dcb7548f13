package source_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// kindsNamed returns the kind ids of g named name.
func kindsNamed(g *source.Grammar, name string) []uint16 {
	var ids []uint16
	for k := 0; k < g.KindCount(); k++ {
		if g.KindName(uint16(k)) == name {
			ids = append(ids, uint16(k))
		}
	}
	return ids
}

func TestRolesByKind(t *testing.T) {
	g := source.GrammarOf(lang.Python)
	// tree-sitter-python v0.25.0 has three kind ids named "lambda" (the
	// expression, the keyword and an alias) and one named "pass_statement".
	lambdas := kindsNamed(g, "lambda")
	require.Len(t, lambdas, 3)
	pass := kindsNamed(g, "pass_statement")
	require.Len(t, pass, 1)

	roles := source.Roles[uint8]{}
	roles.Add(1, "lambda", "")
	roles.Add(2, "lambda", "pass_statement")
	roles.Add(4)
	byKind := roles.ByKind(g)

	assert.Len(t, byKind, g.KindCount(), "one entry per kind id")
	for _, k := range lambdas {
		assert.Equal(t, uint8(3), byKind.Of(k), "every id named lambda has both roles (id %d)", k)
	}
	assert.Equal(t, uint8(2), byKind.Of(pass[0]), "pass_statement has only the role given to it")
	var others int
	for k := 0; k < g.KindCount(); k++ {
		if byKind.Of(uint16(k)) != 0 {
			others++
		}
	}
	assert.Equal(t, 4, others, "no other kind has a role; the empty name gives none")
	assert.Zero(t, byKind.Of(uint16(g.KindCount())), "an id past the grammar has no role")
	assert.Zero(t, source.KindRoles[uint8](nil).Of(0), "an empty table has no role")
}

// A table is built once per grammar however many goroutines ask for it
// first, each grammar gets its own value, and tables do not share values.
func TestTableBuildsOncePerGrammar(t *testing.T) {
	var builds atomic.Int32
	names := source.NewTable(func(g *source.Grammar) *string {
		builds.Add(1)
		s := g.Spec.Name
		return &s
	})
	var otherBuilds atomic.Int32
	other := source.NewTable(func(g *source.Grammar) int {
		otherBuilds.Add(1)
		return g.KindCount()
	})
	specs := []*lang.Spec{lang.Python, lang.Rust}
	const workers = 16
	got := make([][]*string, len(specs))
	var wg sync.WaitGroup
	for s, spec := range specs {
		got[s] = make([]*string, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[s][w] = names.Of(source.GrammarOf(spec))
			}()
		}
	}
	wg.Wait()

	assert.Equal(t, int32(len(specs)), builds.Load(), "one build per grammar")
	for s, spec := range specs {
		require.NotNil(t, got[s][0])
		assert.Equal(t, spec.Name, *got[s][0], "built from its own grammar")
		for w := 1; w < workers; w++ {
			assert.Same(t, got[s][0], got[s][w], "every caller gets the one value (%s, worker %d)", spec.Name, w)
		}
	}
	assert.Zero(t, otherBuilds.Load(), "asking for one table builds no other")
	g := source.GrammarOf(lang.Python)
	assert.Equal(t, g.KindCount(), other.Of(g))
	assert.Equal(t, g.KindCount(), other.Of(g))
	assert.Equal(t, int32(1), otherBuilds.Load())
	assert.Equal(t, int32(len(specs)), builds.Load(), "the other table did not rebuild this one")
}

// A table's build may use another table of the same grammar.
func TestTableBuildUsesAnotherTable(t *testing.T) {
	inner := source.NewTable(func(g *source.Grammar) int { return g.KindCount() })
	outer := source.NewTable(func(g *source.Grammar) int { return inner.Of(g) + 1 })
	g := source.GrammarOf(lang.Golang)
	assert.Equal(t, g.KindCount()+1, outer.Of(g))
}
