package source_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// Spec 17 item 26: a tree with any ERROR or MISSING node is rejected.
func TestParseRejectsSyntaxErrors(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
	}{
		{"python broken parameter list is a syntax error", lang.Python, "def broken(:\n    pass\n"},
		{"python unclosed parenthesis is a syntax error", lang.Python, "x = (1\n"},
		{"rust broken parameter list is a syntax error", lang.Rust, "fn broken( {\n}\n"},
		{"rust a missing semicolon between statements is a syntax error", lang.Rust, "fn f() {\n    let x = 1\n    let y = 2;\n}\n"},
		{"rust an unclosed block is a syntax error", lang.Rust, "fn f() {\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := source.NewParser(tc.spec)
			require.NoError(t, err)
			defer p.Close()
			tree, err := p.Parse([]byte(tc.src))
			require.Error(t, err)
			assert.True(t, errors.Is(err, source.ErrSyntax), "error %q wraps ErrSyntax", err)
			assert.Contains(t, err.Error(), "failed to parse "+tc.spec.Name+" source")
			assert.Nil(t, tree)
		})
	}
}

func TestParseAcceptsValidSource(t *testing.T) {
	cases := []struct {
		name  string
		spec  *lang.Spec
		src   string
		nodes int
	}{
		// Node counts include every node, anonymous ones and the root (spec 3).
		{"python empty file is a lone module node", lang.Python, "", 1},
		{"rust empty file is a lone source_file node", lang.Rust, "", 1},
		// module, expression_statement, assignment, identifier, =, integer
		{"python value = 1 has 6 nodes", lang.Python, "value = 1\n", 6},
		// module, function_definition, def, identifier, parameters, (, identifier, ), :,
		// block, return_statement, return, identifier
		{"python _identity has 13 nodes", lang.Python, "def _identity(value):\n    return value\n", 13},
		// module 1 + def header 9 (function_definition, def, name, parameters, (, param, ), :, block)
		// + for_statement 16 (for_statement, for, index, in, call range(len(items)) 12, :, block)
		// ... + print(items[index]) 11 (block, expression_statement, call, print, argument_list,
		// (, subscript, items, [, index, ], ) minus the block already counted) = 38
		{"python item_names with for-range-len has 38 nodes", lang.Python,
			"def item_names(items):\n    for index in range(len(items)):\n        print(items[index])\n", 38},
		// module 1 + 2 × (def header 9 + 2 × assignment statements 8 + return 3) = 57
		{"python first and second clone pair has 57 nodes", lang.Python,
			"def first(value):\n    x = value + 1\n    y = x * 2\n    return y\n\n\ndef second(item):\n    a = item + 3\n    b = a * 4\n    return b\n", 57},
		// source_file 1 + 2 × (fn header 13 + block braces 2 + 2 × let 9 + tail 1) = 69
		{"rust first and second clone pair has 69 nodes", lang.Rust,
			"fn first(value: i32) -> i32 {\n    let x = value + 1;\n    let y = x * 2;\n    y\n}\n\nfn second(item: i32) -> i32 {\n    let a = item + 3;\n    let b = a * 4;\n    b\n}\n", 69},
		// source_file, function_item, fn, identifier, parameters, (, ), ->, primitive_type,
		// block, {, integer_literal, }
		{"rust private value fn has 13 nodes", lang.Rust, "fn value() -> i32 { 1 }\n", 13},
		// Grammar quirks named in spec 5.1 item 3 parse without error.
		// module, print_statement, print, chevron, >>, f, ",", x
		{"python 2 print chevron parses as a print statement", lang.Python, "print >> f, x\n", 8},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree := parse(t, tc.spec, tc.src)
			assert.Len(t, tree.Nodes, tc.nodes)
			assert.Equal(t, int32(-1), tree.Nodes[0].Parent, "the first node is the root")
			assert.Equal(t, int32(len(tree.Nodes)), tree.Nodes[0].End, "the root spans every node")
		})
	}
}

// Pathologically deep input must parse (or be rejected with an error)
// without crashing, and every later walk must survive it: SLOC, Callables
// and Measure are loops over the flat node slice, not recursions.
func TestDeepNesting(t *testing.T) {
	const depth = 10_000
	// The sum 1 + 2 + ... + depth: the cognitive score of depth nested flow breaks.
	const triangle = depth * (depth + 1) / 2
	cases := []struct {
		name    string
		spec    *lang.Spec
		src     string
		nodes   int // 0: not checked
		callCC  int // 0: no callable expected
		callCog int
		nesting int
	}{
		{
			// module, expression_statement, assignment, x, =, 3 nodes per
			// parenthesized_expression, the integer
			name:  "python 10000 nested parentheses",
			spec:  lang.Python,
			src:   "x = " + strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth) + "\n",
			nodes: 5 + 3*depth + 1,
		},
		{
			name:  "python 10000 nested lists",
			spec:  lang.Python,
			src:   "x = " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n",
			nodes: 5 + 3*depth,
		},
		{
			// each ternary nests in the previous one's else: cc 1 + depth,
			// cog 1 + 2 + ... + depth, nesting depth
			name:   "python 10000 chained ternaries",
			spec:   lang.Python,
			src:    "def f(x):\n    return " + strings.Repeat("1 if x else ", depth) + "0\n",
			callCC: 1 + depth, callCog: triangle, nesting: depth,
		},
		{
			name:   "python 10000 and operators",
			spec:   lang.Python,
			src:    "def f(x):\n    return x" + strings.Repeat(" and x", depth) + "\n",
			callCC: 1 + depth, callCog: depth, nesting: 0,
		},
		{
			name:   "rust 10000 nested blocks",
			spec:   lang.Rust,
			src:    "fn f() {" + strings.Repeat("{", depth) + strings.Repeat("}", depth) + "}\n",
			callCC: 1, callCog: 0, nesting: 0,
		},
		{
			// each else-if nests in the previous if: the same triangle as python's ternaries
			name:   "rust 10000 chained else-ifs",
			spec:   lang.Rust,
			src:    "fn f(x: bool) -> u8 {\n    if x { 1 }" + strings.Repeat(" else if x { 1 }", depth-1) + " else { 0 }\n}\n",
			callCC: 1 + depth, callCog: triangle, nesting: depth,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := source.NewParser(tc.spec)
			require.NoError(t, err)
			defer p.Close()
			tree, err := p.Parse([]byte(tc.src))
			if err != nil {
				t.Logf("rejected with an error, which is allowed: %v", err)
				return
			}
			if tc.nodes > 0 {
				assert.Len(t, tree.Nodes, tc.nodes)
			}
			sloc := tree.SLOC()
			assert.NotEmpty(t, sloc)
			fns := tree.Callables(sloc)
			cs := erosion.Measure(tree, fns)
			if tc.callCC == 0 {
				assert.Empty(t, fns)
				return
			}
			require.Len(t, cs, 1)
			assert.Equal(t, erosion.Complexity{CC: tc.callCC, Cog: tc.callCog, MaxNesting: tc.nesting}, cs[0])
		})
	}
}

func TestParserIsReusable(t *testing.T) {
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	_, err = p.Parse([]byte("def broken(:\n"))
	require.ErrorIs(t, err, source.ErrSyntax)
	tree, err := p.Parse([]byte("value = 1\n"))
	require.NoError(t, err, "a parser still works after a syntax error")
	assert.Len(t, tree.Nodes, 6)
	p.Close()
	p.Close() // a second Close is harmless
}

// A parse that outlives the parser's Timeout is given up with ErrTimeout;
// the parser then parses the next file normally.
func TestParseTimeout(t *testing.T) {
	var big strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&big, "def f%d(a):\n    return [a + %d for _ in range(3)]\n", i, i)
	}
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	p.Timeout = time.Nanosecond
	_, err = p.Parse([]byte(big.String()))
	require.Error(t, err)
	assert.ErrorIs(t, err, source.ErrTimeout)
	assert.Contains(t, err.Error(), "parsing the python source took longer than 1ns; given up")
	p.Timeout = 0
	tree, err := p.Parse([]byte(big.String()))
	require.NoError(t, err)
	assert.Greater(t, len(tree.Nodes), 5000*10)
	p.Timeout = time.Minute
	_, err = p.Parse([]byte("x = 1\n"))
	assert.NoError(t, err, "a generous timeout does not fire")
}

func TestCallableDepth(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want int
	}{
		{"no callables", lang.Python, "x = 1\n", 0},
		{"siblings are one deep", lang.Python, "def a():\n    pass\n\ndef b():\n    pass\n", 1},
		{"a lambda is not a callable", lang.Python, "def a():\n    return lambda: 1\n", 1},
		{"three nested functions", lang.Python, "def a():\n    def b():\n        def c():\n            pass\n", 3},
		{"depth falls back after a nested block", lang.Python, "def a():\n    def b():\n        pass\n    def c():\n        pass\n", 2},
		{"rust nested fns", lang.Rust, "fn a() { fn b() { fn c() {} } fn d() {} }\n", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := source.NewParser(tc.spec)
			require.NoError(t, err)
			defer p.Close()
			tree, err := p.Parse([]byte(tc.src))
			require.NoError(t, err)
			assert.Equal(t, tc.want, tree.CallableDepth())
		})
	}
}

// A parse whose context is done is given up with the context's error; a
// tree parsed with a context is stopped once it is done, and the loops
// over the tree then give up (Callables returns before the end).
func TestParseContext(t *testing.T) {
	src := []byte("def f(a):\n    return a\n\n\ndef g(b):\n    return b\n")
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()

	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = p.ParseContext(done, src)
	assert.ErrorIs(t, err, context.Canceled)

	ctx, cancel := context.WithCancel(context.Background())
	tree, err := p.ParseContext(ctx, src)
	require.NoError(t, err)
	assert.False(t, tree.Stopped())
	assert.Len(t, tree.Callables(tree.SLOC()), 2)
	cancel()
	assert.Eventually(t, tree.Stopped, 10*time.Second, time.Millisecond, "the flag is set by the context's AfterFunc")
	assert.Empty(t, tree.Callables(tree.SLOC()), "a stopped tree's walk gives up")

	plain, err := p.Parse(src)
	require.NoError(t, err)
	assert.False(t, plain.Stopped(), "a tree parsed without a context is never stopped")
}

// PrevSibling walks a node's children backwards: for every node of a
// tree, the reverse of Children.
func TestPrevSibling(t *testing.T) {
	src := "@dec\n# note\ndef f(a, b=1):\n    if a:\n        return [a, b]\n    return None\n\nclass C:\n    def m(self): pass\n"
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	for i := range tree.Nodes {
		kids := tree.Children(i)
		var back []int
		if len(kids) > 0 {
			for c := kids[len(kids)-1]; c >= 0; c = tree.PrevSibling(c) {
				back = append(back, c)
			}
		}
		slices.Reverse(back)
		assert.Equal(t, kids, back, "children of node %d (%s)", i, tree.Kind(i))
	}
	assert.Equal(t, -1, tree.PrevSibling(0), "the root has no sibling")
}
