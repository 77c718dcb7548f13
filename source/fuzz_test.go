package source_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// fuzzSeeds are small snippets of both languages and of hostile bytes; the
// fixture files under testdata are added to them in FuzzParse.
var fuzzSeeds = []string{
	"",
	"value = 1\n",
	"def _identity(value):\n    return value\n",
	"def route(value, fallback=None):\n    if value and fallback:\n        return mk(value)\n    return fallback\n",
	"\"module docstring\"\nb\"payload\"\nf\"{value}\"\nr\"plain raw string\"\nvalue = 1\n",
	"@dec\nclass C[T]:\n    def m(self, *a, **k):\n        return [x for x in a if x] or {k: v for k, v in k.items()}\n",
	"x = \\\n    \\\n    'a'\n",
	"\ufeff\"\"\"doc\"\"\"\r\nx = 1\r\n",
	"def f():\r    return 1\r",
	"def f():\n    return '\x00'\n\x00",
	"x = '\xff\xfe'\n",
	"def broken(:\n",
	"pub fn value() -> i32 { 1 }\n",
	"/// doc\nfn f(x: Option<i32>) -> i32 {\n    if let Some(v) = x { v } else if x.is_none() && true { 0 } else { 1 }\n}\n",
	"mod inner {\n    fn route(value: i32) -> i32 {\n        clean(value)\n    }\n}\n",
	"impl<T> Foo<T> {\n    fn m(&self) {\n        let f = || loop { break 1; };\n    }\n}\n",
	"macro_rules! m {\n    () => { fn hidden() {} };\n}\n",
	"fn broken( {\n",
	"/* a\n/* b */\n*/ const S: &str = \"x\n}\n\";\n",
	"x = " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "\n",
	"fn f() { " + strings.Repeat("{ ", 200) + strings.Repeat("} ", 200) + "}\n",
}

// fixture is a fixture file and its language.
type fixture struct {
	spec *lang.Spec
	src  []byte
}

// fixtureSeeds returns the fixture files of the default languages:
// erosion, clones, structural and reuse cases.
func fixtureSeeds(tb testing.TB) []fixture {
	tb.Helper()
	var out []fixture
	patterns := []string{"testdata/python/*/*", "testdata/rust/*/*", "testdata/reuse/*/*", "testdata/reuse/*/*/*", "testdata/reuse/*/*/*/*",
		"compat013/testdata/*/*", "compat013/testdata/*/*/*"}
	for _, pattern := range patterns {
		paths, err := filepath.Glob(filepath.Join("..", pattern))
		require.NoError(tb, err)
		for _, path := range paths {
			spec := lang.ForPath(path)
			if spec == nil {
				continue
			}
			src, err := os.ReadFile(path)
			require.NoError(tb, err)
			out = append(out, fixture{spec, src})
		}
	}
	require.Greater(tb, len(out), 50, "fixture seeds")
	return out
}

// specAt returns the language a fuzz input's first value selects: every
// byte selects one, so the fuzzer moves inputs between languages too.
func specAt(k uint8) *lang.Spec {
	all := lang.All()
	return all[int(k)%len(all)]
}

// specIndex is the selector of spec for specAt.
func specIndex(spec *lang.Spec) uint8 {
	return uint8(slices.Index(lang.All(), spec))
}

// lineCount splits on \n with no empty line after a final newline (spec 5).
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// FuzzParse parses arbitrary bytes in a language the first value selects
// (any registered one). A parse must agree with a fresh parser (the reused
// one's arena keeps nothing of earlier files) and with the tree-sitter
// binding's own walk; a tree that parses must be well formed (spans inside
// the source, parents before children, rows counting newlines) and yield
// SLOC lines and callables inside the file.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, spec := range lang.All() {
			f.Add(specIndex(spec), []byte(s))
		}
	}
	for _, fx := range fixtureSeeds(f) {
		f.Add(specIndex(fx.spec), fx.src)
	}
	// reused parsers keep their arena from input to input; hurried ones
	// also give up most parses (a timeout of 1ns), then parse the next.
	reused := map[*lang.Spec]*source.Parser{}
	hurried := map[*lang.Spec]*source.Parser{}
	for _, spec := range lang.All() {
		p, err := source.NewParser(spec)
		require.NoError(f, err)
		reused[spec] = p
		h, err := source.NewParser(spec)
		require.NoError(f, err)
		h.Timeout = time.Nanosecond
		hurried[spec] = h
	}
	f.Fuzz(func(t *testing.T, k uint8, src []byte) {
		spec := specAt(k)
		tree, err := reused[spec].Parse(src)
		checkSameAsFresh(t, spec, src, tree, err)
		checkSameAsBinding(t, spec, src, tree, err)
		checkHurried(t, hurried[spec], src, tree, err)
		if err != nil {
			return
		}
		checkTree(t, tree)
		checkLines(t, tree)
	})
}

// checkSameAsFresh parses src again with a new parser and requires the
// same outcome.
func checkSameAsFresh(t *testing.T, spec *lang.Spec, src []byte, tree *source.Tree, err error) {
	t.Helper()
	p, perr := source.NewParser(spec)
	require.NoError(t, perr)
	defer p.Close()
	want, wantErr := p.Parse(src)
	if wantErr != nil || err != nil {
		require.Equal(t, wantErr, err, "%s: a reused parser and a fresh one disagree", spec.Name)
		require.True(t, errors.Is(err, source.ErrSyntax), "%s: %v is no syntax error", spec.Name, err)
		return
	}
	require.Equal(t, len(want.Nodes), len(tree.Nodes), "%s: node count of a reused parser", spec.Name)
	for i := range want.Nodes {
		if want.Nodes[i] != tree.Nodes[i] {
			t.Fatalf("%s: node %d of a reused parser is %+v, a fresh parser's %+v", spec.Name, i, tree.Nodes[i], want.Nodes[i])
		}
	}
}

// checkHurried parses src with a parser that gives up after 1ns: it must
// time out with a TimeoutError, or finish with the same outcome as a
// parser without a bound.
func checkHurried(t *testing.T, p *source.Parser, src []byte, tree *source.Tree, err error) {
	t.Helper()
	got, gotErr := p.Parse(src)
	var te *source.TimeoutError
	if errors.As(gotErr, &te) {
		require.True(t, errors.Is(gotErr, source.ErrTimeout), "%v is ErrTimeout", gotErr)
		require.Nil(t, got, "a tree beside a timeout")
		return
	}
	if gotErr != nil || err != nil {
		require.Equal(t, err, gotErr, "a parser with a timeout fails otherwise")
		return
	}
	require.Equal(t, tree.Nodes, got.Nodes, "a parser with a timeout parses otherwise")
}

// checkSameAsBinding walks the binding's tree of src in preorder and
// requires our flattened tree to hold the same nodes, or our syntax error
// to match an ERROR or MISSING node in the binding's tree.
func checkSameAsBinding(t *testing.T, spec *lang.Spec, src []byte, tree *source.Tree, err error) {
	t.Helper()
	bp := sitter.NewParser()
	defer bp.Close()
	require.NoError(t, bp.SetLanguage(sitter.NewLanguage(spec.Grammar())))
	bt := bp.Parse(src, nil)
	require.NotNil(t, bt)
	defer bt.Close()
	root := bt.RootNode()
	require.Equal(t, root.HasError(), err != nil, "%s: the binding's tree has errors: %v; our error: %v", spec.Name, root.HasError(), err)
	if err != nil {
		return
	}
	require.Equal(t, int(root.DescendantCount()), len(tree.Nodes), "%s: node count", spec.Name)
	cur := bt.Walk()
	defer cur.Close()
	g := tree.Grammar
	for i := 0; ; i++ {
		n := cur.Node()
		got := tree.Nodes[i]
		sp, ep := n.StartPosition(), n.EndPosition()
		field := uint16(0)
		if name := cur.FieldName(); name != "" {
			field = g.FieldID(name)
		}
		if n.KindId() != got.Kind || uint32(n.StartByte()) != got.StartByte || uint32(n.EndByte()) != got.EndByte ||
			uint32(sp.Row) != got.StartRow || uint32(ep.Row) != got.EndRow || field != got.Field || n.IsNamed() != tree.Named(i) {
			t.Fatalf("%s: node %d is %+v (%s), the binding's %s %d-%d rows %d-%d field %q named %v", spec.Name, i, got,
				tree.Kind(i), n.Kind(), n.StartByte(), n.EndByte(), sp.Row, ep.Row, cur.FieldName(), n.IsNamed())
		}
		if cur.GotoFirstChild() {
			continue
		}
		for !cur.GotoNextSibling() {
			if !cur.GotoParent() {
				require.Equal(t, len(tree.Nodes)-1, i, "%s: the binding's walk ended early", spec.Name)
				return
			}
		}
	}
}

// checkTree requires a well-formed preorder tree: the root spans every
// node, every other node's parent comes before it and encloses its span,
// siblings follow each other, spans lie in the source and rows count the
// newlines before each end.
func checkTree(t *testing.T, tree *source.Tree) {
	t.Helper()
	nodes, src := tree.Nodes, tree.Src
	name := tree.Lang.Name
	require.NotEmpty(t, nodes, "%s: a parsed tree has a root", name)
	require.Equal(t, int32(-1), nodes[0].Parent, "%s: root parent", name)
	require.Equal(t, int32(len(nodes)), nodes[0].End, "%s: root end", name)
	rowAt := newlineCounter(src)
	for i := range nodes {
		n := nodes[i]
		if int(n.Kind) >= tree.Grammar.KindCount() {
			t.Fatalf("%s: node %d has kind %d of %d", name, i, n.Kind, tree.Grammar.KindCount())
		}
		if n.StartByte > n.EndByte || int(n.EndByte) > len(src) {
			t.Fatalf("%s: node %d spans bytes %d-%d of %d", name, i, n.StartByte, n.EndByte, len(src))
		}
		if int(n.End) <= i || int(n.End) > len(nodes) {
			t.Fatalf("%s: node %d ends at %d", name, i, n.End)
		}
		if n.StartRow != rowAt(n.StartByte) || n.EndRow != rowAt(n.EndByte) {
			t.Fatalf("%s: node %d (%s) has rows %d-%d, its bytes %d-%d are on rows %d-%d", name, i, tree.Kind(i),
				n.StartRow, n.EndRow, n.StartByte, n.EndByte, rowAt(n.StartByte), rowAt(n.EndByte))
		}
		if i == 0 {
			continue
		}
		p := int(n.Parent)
		if p < 0 || p >= i {
			t.Fatalf("%s: node %d has parent %d", name, i, p)
		}
		pn := nodes[p]
		if n.End > pn.End || n.StartByte < pn.StartByte || n.EndByte > pn.EndByte {
			t.Fatalf("%s: node %d (%d-%d, end %d) leaves its parent %d (%d-%d, end %d)", name, i,
				n.StartByte, n.EndByte, n.End, p, pn.StartByte, pn.EndByte, pn.End)
		}
	}
	// Walking every node's children by End jumps must visit each node but
	// the root exactly once, in order, each under its own parent.
	visited := 0
	for i := range nodes {
		prevEnd := nodes[i].StartByte
		for c := tree.FirstChild(i); c >= 0; c = tree.NextSibling(c) {
			if int(nodes[c].Parent) != i || nodes[c].StartByte < prevEnd {
				t.Fatalf("%s: child %d of %d has parent %d, starts at %d before %d", name, c, i, nodes[c].Parent, nodes[c].StartByte, prevEnd)
			}
			prevEnd = nodes[c].EndByte
			visited++
		}
	}
	require.Equal(t, len(nodes)-1, visited, "%s: children walk", name)
}

// newlineCounter returns a function giving the number of '\n' bytes before
// a byte offset; offsets must not decrease by much between calls for it to
// be fast, but any order is correct.
func newlineCounter(src []byte) func(uint32) uint32 {
	starts := []uint32{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, uint32(i+1))
		}
	}
	return func(off uint32) uint32 {
		k, found := slices.BinarySearch(starts, off)
		if !found {
			k--
		}
		return uint32(k)
	}
}

// checkLines requires SLOC and code lines inside the file, SLOC lines to
// hold code, and callables to be callable nodes in source order whose
// spans, names and SLOC agree with the tree.
func checkLines(t *testing.T, tree *source.Tree) {
	t.Helper()
	name := tree.Lang.Name
	lines := lineCount(tree.Src)
	require.Equal(t, lines, tree.LineCount(), "%s: line count", name)
	sloc := tree.SLOC()
	code := tree.CodeLines()
	for _, set := range []source.Lines{sloc, code} {
		for k, l := range set {
			if l < 1 || l > lines || (k > 0 && set[k-1] >= l) {
				t.Fatalf("%s: line set %v is not increasing inside 1..%d", name, set, lines)
			}
		}
	}
	for _, l := range sloc {
		if !code.Has(l) {
			t.Fatalf("%s: SLOC line %d holds no code (code lines %v)", name, l, code)
		}
	}
	fns := tree.Callables(sloc)
	last := -1
	for _, fn := range fns {
		if fn.Node <= last || fn.Node >= len(tree.Nodes) || !tree.IsCallable(fn.Node) {
			t.Fatalf("%s: callable %s at node %d after %d", name, fn.QualifiedName, fn.Node, last)
		}
		last = fn.Node
		if fn.StartLine != tree.StartLine(fn.Node) || fn.EndLine != tree.EndLine(fn.Node) ||
			fn.StartLine < 1 || fn.StartLine > fn.EndLine || fn.EndLine > max(lines, 1) {
			t.Fatalf("%s: %s spans %d..%d in %d lines", name, fn.QualifiedName, fn.StartLine, fn.EndLine, lines)
		}
		if fn.SLOC != sloc.CountWithin(fn.StartLine, fn.EndLine) {
			t.Fatalf("%s: %s has sloc %d, its span holds %d", name, fn.QualifiedName, fn.SLOC, sloc.CountWithin(fn.StartLine, fn.EndLine))
		}
		want := strings.Join(append(slices.Clone(fn.Scope), fn.Name), tree.Lang.ScopeSeparator)
		if fn.Name == "" || fn.QualifiedName != want {
			t.Fatalf("%s: callable named %q, qualified %q, want %q", name, fn.Name, fn.QualifiedName, want)
		}
		if slices.Contains(fn.Params, "") {
			t.Fatalf("%s: %s has an empty parameter name in %q", name, fn.QualifiedName, fn.Params)
		}
	}
}
