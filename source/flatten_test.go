package source

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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
// tree: same count, kinds, spans, parents and field names (the walk looks
// fields up only under Spec.FieldParents). Besides a few snippets, every
// fixture file of every language is compared.
func TestFlattenAgreesWithBinding(t *testing.T) {
	type tcase struct {
		name string
		spec *lang.Spec
		src  string
	}
	cases := []tcase{
		{"python assignment", lang.Python, "value = 1\n"},
		{"python function", lang.Python, "def f(a, b=2):\n    # c\n    if a and b:\n        return [x for x in a if x]\n    return f\"{a!r}\"\n"},
		{"rust function", lang.Rust, "/// doc\npub fn value() -> i32 {\n    if a && b { 1 } else { 2 }\n}\n"},
	}
	for _, spec := range lang.All() {
		files, err := filepath.Glob(filepath.Join("..", "testdata", spec.Name, "*", "*"))
		require.NoError(t, err)
		for _, f := range files {
			if lang.ForPath(f) != spec {
				continue
			}
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			cases = append(cases, tcase{f, spec, string(src)})
		}
	}
	require.Greater(t, len(cases), 20)
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
				want = append(want, n.Kind()+":"+itoa(int(n.StartByte()))+"-"+itoa(int(n.EndByte()))+":"+cur.FieldName()+
					":"+strconv.FormatBool(n.IsNamed())+":"+itoa(int(n.StartPosition().Row))+"-"+itoa(int(n.EndPosition().Row)))
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
				got = append(got, tree.Kind(i)+":"+itoa(int(tree.Nodes[i].StartByte))+"-"+itoa(int(tree.Nodes[i].EndByte))+":"+f+
					":"+strconv.FormatBool(tree.Named(i))+":"+itoa(int(tree.Nodes[i].StartRow))+"-"+itoa(int(tree.Nodes[i].EndRow)))
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

// FieldParents must be exactly the kinds with fields in the grammar's
// node-types.json: a kind missing from it would lose its fields.
func TestFieldParentsMatchGrammar(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			require.NotEmpty(t, spec.GrammarModule)
			out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", spec.GrammarModule).Output()
			require.NoError(t, err)
			data, err := os.ReadFile(filepath.Join(string(out[:len(out)-1]), spec.GrammarDir, "src", "node-types.json"))
			require.NoError(t, err)
			var types []struct {
				Type   string         `json:"type"`
				Fields map[string]any `json:"fields"`
			}
			require.NoError(t, json.Unmarshal(data, &types))
			var want []string
			for _, nt := range types {
				if len(nt.Fields) > 0 {
					want = append(want, nt.Type)
				}
			}
			got := append([]string(nil), spec.FieldParents...)
			sort.Strings(want)
			sort.Strings(got)
			assert.Equal(t, want, got)
		})
	}
}

// A parser reuses its arena from file to file: after a large file (whose
// chunks are dropped at the reset), a syntax error (whose tree is dropped
// unflattened) and an empty file, every tree must still equal the one a
// fresh parser makes of the same source.
func TestParserReusesItsArena(t *testing.T) {
	var big strings.Builder
	for i := 0; big.Len() < 1<<20; i++ {
		fmt.Fprintf(&big, "def f%d(a, b=%d):\n    if a > b:\n        return [a, b, 'x%d']\n    return None\n\n", i, i, i)
	}
	cases := []struct {
		name string
		spec *lang.Spec
		srcs []string
	}{
		{"python small, large, broken, empty, small", lang.Python, []string{
			"x = 1\n", big.String(), "def broken(:\n", "", "def g():\n    return 2\n",
		}},
		{"rust small, broken, small", lang.Rust, []string{
			"fn a() -> i32 { 1 }\n", "fn broken( {\n", "struct S { x: u8 }\nfn b(s: S) -> u8 { s.x }\n",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			reused, err := NewParser(tc.spec)
			require.NoError(t, err)
			defer reused.Close()
			for i, src := range tc.srcs {
				fresh, err := NewParser(tc.spec)
				require.NoError(t, err)
				want, wantErr := fresh.Parse([]byte(src))
				fresh.Close()
				got, gotErr := reused.Parse([]byte(src))
				if wantErr != nil {
					assert.Equal(t, wantErr, gotErr, "source %d", i)
					continue
				}
				require.NoError(t, gotErr, "source %d", i)
				require.Len(t, got.Nodes, len(want.Nodes), "source %d", i)
				for k := range want.Nodes {
					if want.Nodes[k] != got.Nodes[k] {
						assert.Equal(t, want.Nodes[k], got.Nodes[k], "source %d node %d", i, k)
						break
					}
				}
				assert.NotEmpty(t, got.Nodes, "source %d", i)
			}
		})
	}
}

func TestParseAfterCloseIsAnError(t *testing.T) {
	p, err := NewParser(lang.Python)
	require.NoError(t, err)
	p.Close()
	p.Close()
	_, err = p.Parse([]byte("x = 1\n"))
	assert.Error(t, err)
}
