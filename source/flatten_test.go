package source

import (
	"strconv"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scbcheck/scbcheck/lang"
)

func TestNodeLayoutMatchesC(t *testing.T) {
	assert.Equal(t, unsafe.Sizeof(flat{}), unsafe.Sizeof(Node{}))
}

// The flattened preorder must agree with the binding's own view of the
// tree: same count, kinds, spans and parents.
func TestFlattenAgreesWithBinding(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
	}{
		{"python assignment", lang.Python, "value = 1\n"},
		{"python function", lang.Python, "def f(a, b=2):\n    # c\n    if a and b:\n        return [x for x in a if x]\n    return f\"{a!r}\"\n"},
		{"rust function", lang.Rust, "/// doc\npub fn value() -> i32 {\n    if a && b { 1 } else { 2 }\n}\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewParser(tc.spec)
			require.NoError(t, err)
			defer p.Close()
			tree, err := p.Parse([]byte(tc.src))
			require.NoError(t, err)

			bp := sitter.NewParser()
			defer bp.Close()
			require.NoError(t, bp.SetLanguage(sitter.NewLanguage(tc.spec.Grammar())))
			bt := bp.Parse([]byte(tc.src), nil)
			defer bt.Close()
			cur := bt.Walk()
			defer cur.Close()
			var want []string
			var walk func()
			walk = func() {
				n := cur.Node()
				want = append(want, n.Kind()+":"+itoa(int(n.StartByte()))+"-"+itoa(int(n.EndByte()))+":"+cur.FieldName())
				if cur.GotoFirstChild() {
					walk()
					for cur.GotoNextSibling() {
						walk()
					}
					cur.GotoParent()
				}
			}
			walk()
			var got []string
			for i := range tree.Nodes {
				f := ""
				if tree.Nodes[i].Field != 0 {
					f = fieldName(tree.Grammar, tree.Nodes[i].Field)
				}
				got = append(got, tree.Kind(i)+":"+itoa(int(tree.Nodes[i].StartByte))+"-"+itoa(int(tree.Nodes[i].EndByte))+":"+f)
			}
			assert.Equal(t, want, got)
			assert.Equal(t, int(bt.RootNode().DescendantCount()), len(tree.Nodes))
			for i := 1; i < len(tree.Nodes); i++ {
				p := tree.Nodes[i].Parent
				require.GreaterOrEqual(t, p, int32(0))
				assert.Less(t, int(p), i)
				assert.LessOrEqual(t, tree.Nodes[i].End, tree.Nodes[p].End)
			}
		})
	}
}

func fieldName(g *Grammar, id uint16) string {
	for k, v := range g.fields {
		if v == id {
			return k
		}
	}
	return "?"
}

func itoa(i int) string { return strconv.Itoa(i) }
