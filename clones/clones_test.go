package clones_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// parse parses src and returns its tree and callables (SLOC counted).
func parse(t *testing.T, spec *lang.Spec, src string) (*source.Tree, []source.Callable) {
	t.Helper()
	p, err := source.NewParser(spec)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree, tree.Callables(tree.SLOC())
}

// callable returns the callable with the qualified name.
func callable(t *testing.T, fns []source.Callable, name string) source.Callable {
	t.Helper()
	for _, fn := range fns {
		if fn.QualifiedName == name {
			return fn
		}
	}
	require.Failf(t, "no such callable", "%s", name)
	return source.Callable{}
}

// Every expectation below is written out by hand from spec section 10.
func TestFingerprint(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		fn   string
		want []string
	}{
		{
			name: "python assignments and return, written out",
			spec: lang.Python,
			src:  "def first(value):\n    x = value + 1\n    y = x * 2\n    return y\n",
			fn:   "first",
			want: []string{"$VAR1=$VAR2+$LIT", "$VAR3=$VAR1*$LIT", "return$VAR3"},
		},
		{
			name: "python same name gets the same number in every statement",
			spec: lang.Python,
			src:  "def f(a):\n    a = a + a\n    return a\n",
			fn:   "f",
			want: []string{"$VAR1=$VAR1+$VAR1", "return$VAR1"},
		},
		{
			name: "python attribute names share the numbering with variables",
			spec: lang.Python,
			src:  "def f(obj, name):\n    obj.name = name\n    return obj.other\n",
			fn:   "f",
			want: []string{"$VAR1.$VAR2=$VAR2", "return$VAR1.$VAR3"},
		},
		{
			name: "python called names are numbered",
			spec: lang.Python,
			src:  "def f(a):\n    show(a)\n    return show\n",
			fn:   "f",
			want: []string{"$VAR1$VAR2", "return$VAR1"},
		},
		{
			name: "python strings and f-strings become $STR without their interpolations",
			spec: lang.Python,
			src:  "def f(y):\n    x = \"a\" + f\"{y}\" + r'b' + \"\"\"c\"\"\"\n    return x\n",
			fn:   "f",
			want: []string{"$VAR1=$STR+$STR+$STR+$STR", "return$VAR1"},
		},
		{
			name: "python numbers, None, True and False become $LIT",
			spec: lang.Python,
			src:  "def f():\n    x = 1 + 2.5 + 0x1F\n    return None, True, False\n",
			fn:   "f",
			want: []string{"$VAR1=$LIT+$LIT+$LIT", "return$LIT$LIT$LIT"},
		},
		{
			name: "python keywords and operators are kept as written",
			spec: lang.Python,
			src:  "def f(a, b):\n    if a is not b and a not in b:\n        raise ValueError\n    return not a\n",
			fn:   "f",
			want: []string{"if$VAR1isnot$VAR2and$VAR1notin$VAR2raise$VAR3", "returnnot$VAR1"},
		},
		{
			name: "python self is an identifier",
			spec: lang.Python,
			src:  "class C:\n    def m(self):\n        self.x = 1\n        return self\n",
			fn:   "C.m",
			want: []string{"$VAR1.$VAR2=$LIT", "return$VAR1"},
		},
		{
			name: "python signature is not in the fingerprint and does not number names",
			spec: lang.Python,
			src:  "def f(a: int = 3, *args, **kw) -> str:\n    x = a\n    return x\n",
			fn:   "f",
			want: []string{"$VAR1=$VAR2", "return$VAR1"},
		},
		{
			name: "python comments and plain string statements are dropped at any depth, prefixed or not",
			spec: lang.Python,
			src: "def f(x):\n    \"\"\"doc\"\"\"\n    # note\n    f\"{x}\"\n    b\"raw\"\n" +
				"    if x:\n        \"inner\"  # trailing\n        return x\n    return None\n",
			fn:   "f",
			want: []string{"if$VAR1return$VAR1", "return$LIT"},
		},
		{
			name: "python parenthesized and concatenated string statements stay",
			spec: lang.Python,
			src:  "def f():\n    (\"doc\")\n    \"a\" \"b\"\n",
			fn:   "f",
			want: []string{"$STR", "$STR$STR"},
		},
		{
			name: "python a statement whose text is triple-quoted is dropped",
			spec: lang.Python,
			src:  "def f():\n    \"\"\"a\"\"\" + \"\"\"b\"\"\"\n    x = 1\n    return x\n",
			fn:   "f",
			want: []string{"$VAR1=$LIT", "return$VAR1"},
		},
		{
			name: "python brackets, braces, colons and commas produce no token",
			spec: lang.Python,
			src:  "def f(a):\n    g(a, [a], {a: a})\n    return (a)\n",
			fn:   "f",
			want: []string{"$VAR1$VAR2$VAR2$VAR2$VAR2", "return$VAR2"},
		},
		{
			name: "python a line continuation is a token",
			spec: lang.Python,
			src:  "def f(a):\n    x = a \\\n        + 1\n    return x\n",
			fn:   "f",
			want: []string{"$VAR1=$VAR2\\+$LIT", "return$VAR1"},
		},
		{
			name: "python a nested function is part of its parent's tokens",
			spec: lang.Python,
			src:  "def outer(a):\n    def inner(b):\n        return b\n    return inner(a)\n",
			fn:   "outer",
			want: []string{"def$VAR1$VAR2return$VAR2", "return$VAR1$VAR3"},
		},
		{
			name: "python a nested function numbers its own body from 1",
			spec: lang.Python,
			src:  "def outer(a):\n    def inner(b):\n        return b\n    return inner(a)\n",
			fn:   "outer.inner",
			want: []string{"return$VAR1"},
		},
		{
			name: "rust lets and tail expression, written out",
			spec: lang.Rust,
			src:  "fn first(value: i32) -> i32 {\n    let x = value + 1;\n    let y = x * 2;\n    y\n}\n",
			fn:   "first",
			want: []string{"let$VAR1=$VAR2+$LIT", "let$VAR3=$VAR1*$LIT", "$VAR3"},
		},
		{
			name: "rust self, type identifiers and primitive types are kept",
			spec: lang.Rust,
			src:  "impl P {\n    fn m(&self) -> String {\n        let s: String = self.name.len() as u8;\n        s\n    }\n}\n",
			fn:   "P::m",
			want: []string{"let$VAR1String=self.$VAR2.$VAR3asu8", "$VAR1"},
		},
		{
			name: "rust string, raw string, char, bool, integer and float literals are normalised",
			spec: lang.Rust,
			src:  "fn f() {\n    let a = (\"s\", r\"r\", 'c', true, false, 7, 2.5);\n    a\n}\n",
			fn:   "f",
			want: []string{"let$VAR1=$STR$STR$LIT$LIT$LIT$LIT$LIT", "$VAR1"},
		},
		{
			name: "rust comments and lone string statements are dropped at any depth",
			spec: lang.Rust,
			src: "fn f(x: bool) {\n    // line\n    /* block */\n    /// doc\n    \"note\";\n" +
				"    if x {\n        \"inner\"; // trailing\n        g();\n    }\n    h()\n}\n",
			fn:   "f",
			want: []string{"if$VAR1$VAR2", "$VAR3"},
		},
		{
			name: "rust field names, shorthand fields and macro arguments are numbered",
			spec: lang.Rust,
			src:  "fn f(x: i32) -> P {\n    println!(\"{}\", x);\n    let p = P { x, y: x };\n    p.y\n}\n",
			fn:   "f",
			want: []string{"$VAR1!$STR$VAR2", "let$VAR3=P$VAR2$VAR4$VAR2", "$VAR3.$VAR4"},
		},
		{
			name: "rust an empty statement produces no tokens and is left out",
			spec: lang.Rust,
			src:  "fn f() -> i32 {\n    ;\n    let x = 1;\n    x\n}\n",
			fn:   "f",
			want: []string{"let$VAR1=$LIT", "$VAR1"},
		},
		{
			name: "rust a nested function is part of its parent's tokens",
			spec: lang.Rust,
			src:  "fn outer(a: u8) -> u8 {\n    fn inner(b: u8) -> u8 { b }\n    inner(a)\n}\n",
			fn:   "outer",
			want: []string{"fn$VAR1$VAR2u8->u8$VAR2", "$VAR1$VAR3"},
		},
		{
			name: "rust an empty body has an empty fingerprint",
			spec: lang.Rust,
			src:  "fn f() {}\n",
			fn:   "f",
			want: nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree, fns := parse(t, tc.spec, tc.src)
			assert.Equal(t, tc.want, clones.Fingerprint(tree, callable(t, fns, tc.fn)))
		})
	}
}

// A 10,000-deep body must not exhaust the stack: the walk is a loop.
func TestFingerprintDeepNesting(t *testing.T) {
	const depth = 10_000
	open, shut := strings.Repeat("(", depth), strings.Repeat(")", depth)
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want []string
	}{
		{
			name: "python 10000 nested parentheses",
			spec: lang.Python,
			src:  "def f():\n    x = " + open + "1" + shut + "\n    return x\n",
			want: []string{"$VAR1=$LIT", "return$VAR1"},
		},
		{
			name: "rust 10000 nested parentheses",
			spec: lang.Rust,
			src:  "fn f() -> i32 {\n    let x = " + open + "1" + shut + ";\n    x\n}\n",
			want: []string{"let$VAR1=$LIT", "$VAR1"},
		},
		{
			name: "rust 10000 nested blocks produce no tokens",
			spec: lang.Rust,
			src:  "fn f() -> i32 {\n    " + strings.Repeat("{", depth) + strings.Repeat("}", depth) + "\n    let x = 1;\n    x\n}\n",
			want: []string{"let$VAR1=$LIT", "$VAR1"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree, fns := parse(t, tc.spec, tc.src)
			require.Len(t, fns, 1)
			assert.Equal(t, tc.want, clones.Fingerprint(tree, fns[0]))
		})
	}
}

func TestHash(t *testing.T) {
	cases := []struct {
		name        string
		fingerprint []string
		want        string
	}{
		{
			// The published BLAKE3 test vector for empty input.
			name: "empty input",
			want: "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262",
		},
		{
			// Checked with b3sum on the three entries joined by "\n".
			name:        "python first and second",
			fingerprint: []string{"$VAR1=$VAR2+$LIT", "$VAR3=$VAR1*$LIT", "return$VAR3"},
			want:        "bf726041e8a8ec102fab77d602a3966a0e97c3c44cdbc8d2d8b0bf2eb2db1bd9",
		},
		{
			name:        "rust first and second",
			fingerprint: []string{"let$VAR1=$VAR2+$LIT", "let$VAR3=$VAR1*$LIT", "$VAR3"},
			want:        "2bce0c5049b3406b51b27da7b45c572648ac81fbe098b64db57678b009c93c71",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, clones.Hash(tc.fingerprint))
		})
	}
}

func TestCandidates(t *testing.T) {
	type cand struct {
		Start, End, SLOC int
		FirstLines       []string
	}
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want []cand
	}{
		{
			name: "python three-statement function with its first three lines",
			spec: lang.Python,
			src:  "def f(a):\n    b = a\n    c = b\n    return c\n",
			want: []cand{{1, 4, 4, []string{"def f(a):", "    b = a", "    c = b"}}},
		},
		{
			name: "python one statement after a docstring is not a candidate",
			spec: lang.Python,
			src:  "def f(a):\n    \"\"\"doc\"\"\"\n    return a\n",
		},
		{
			name: "python first lines keep indentation, drop carriage returns and stop at the end",
			spec: lang.Python,
			src:  "class C:\r\n    def m(self):\r\n        x = 1; return x\r\n",
			want: []cand{{2, 3, 2, []string{"    def m(self):", "        x = 1; return x"}}},
		},
		{
			name: "python one-line function",
			spec: lang.Python,
			src:  "def f(a): b = a; return b\n",
			want: []cand{{1, 1, 1, []string{"def f(a): b = a; return b"}}},
		},
		{
			name: "python decorators are outside the span",
			spec: lang.Python,
			src:  "@cache\ndef f(a):\n    b = a\n    return b\n",
			want: []cand{{2, 4, 3, []string{"def f(a):", "    b = a", "    return b"}}},
		},
		{
			name: "python nested functions are candidates of their own",
			spec: lang.Python,
			src:  "def outer(a):\n    def inner(b):\n        c = b\n        return c\n    return inner(a)\n",
			want: []cand{
				{1, 5, 5, []string{"def outer(a):", "    def inner(b):", "        c = b"}},
				{2, 4, 3, []string{"    def inner(b):", "        c = b", "        return c"}},
			},
		},
		{
			name: "rust one-statement bodies with comments are never candidates",
			spec: lang.Rust,
			src:  "fn f(x: i32) -> i32 {\n    // one\n    x + 1\n}\nfn g(x: i32) -> i32 {\n    /* one */\n    let y = x; // two\n}\n",
		},
		{
			name: "rust a tail expression counts as a statement",
			spec: lang.Rust,
			src:  "fn f(x: i32) -> i32 {\n    let y = x;\n    y\n}\n",
			want: []cand{{1, 4, 3, []string{"fn f(x: i32) -> i32 {", "    let y = x;", "    y"}}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree, fns := parse(t, tc.spec, tc.src)
			var got []cand
			for _, c := range clones.Candidates("x", tree, fns) {
				assert.Equal(t, "x", c.Path)
				assert.Equal(t, clones.Hash(clones.Fingerprint(tree, callableAt(t, fns, c.StartLine))), c.Hash)
				got = append(got, cand{c.StartLine, c.EndLine, c.SLOC, c.FirstLines})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// callableAt returns the callable starting on the line.
func callableAt(t *testing.T, fns []source.Callable, line int) source.Callable {
	t.Helper()
	for _, fn := range fns {
		if fn.StartLine == line {
			return fn
		}
	}
	require.Failf(t, "no callable", "none starts on line %d", line)
	return source.Callable{}
}

// The SLOC rule cannot be hit by parsed code (a def or fn line is always
// SLOC), so the callable's SLOC is zeroed by hand.
func TestCandidatesNeedSLOC(t *testing.T) {
	tree, fns := parse(t, lang.Python, "def f(a):\n    b = a\n    return b\n")
	require.Len(t, fns, 1)
	require.Len(t, clones.Candidates("x.py", tree, fns), 1)
	fns[0].SLOC = 0
	assert.Empty(t, clones.Candidates("x.py", tree, fns))
}

const (
	pyFirstSecond = "def first(value):\n    x = value + 1\n    y = x * 2\n    return y\n\n\n" +
		"def second(item):\n    a = item + 5\n    b = a * 3\n    return b\n"
	rsFirstSecond = "fn first(value: i32) -> i32 {\n    let x = value + 1;\n    let y = x * 2;\n    y\n}\n\n" +
		"fn second(item: i32) -> i32 {\n    let a = item + 5;\n    let b = a * 3;\n    b\n}\n"
	pyHash = "bf726041e8a8ec102fab77d602a3966a0e97c3c44cdbc8d2d8b0bf2eb2db1bd9"
	rsHash = "2bce0c5049b3406b51b27da7b45c572648ac81fbe098b64db57678b009c93c71"
)

// The behaviours spec section 10 says the reference's tests pin.
func TestPinnedBehaviours(t *testing.T) {
	type file struct {
		path string
		spec *lang.Spec
		src  string
	}
	// span is a block reduced to what these cases check.
	type span struct {
		Path                        string
		Start, End, SLOC, Instances int
		Hash                        string
	}
	cases := []struct {
		name  string
		files []file
		want  []span
	}{
		{
			name:  "python first and second are clones",
			files: []file{{"clone.py", lang.Python, pyFirstSecond}},
			want:  []span{{"clone.py", 1, 4, 4, 2, pyHash}, {"clone.py", 7, 10, 4, 2, pyHash}},
		},
		{
			name:  "rust first and second are clones",
			files: []file{{"clone.rs", lang.Rust, rsFirstSecond}},
			want:  []span{{"clone.rs", 1, 5, 4, 2, rsHash}, {"clone.rs", 7, 11, 4, 2, rsHash}},
		},
		{
			name: "python and rust together give four blocks in two groups",
			files: []file{
				{"clone.rs", lang.Rust, rsFirstSecond},
				{"clone.py", lang.Python, pyFirstSecond},
			},
			want: []span{
				{"clone.py", 1, 4, 4, 2, pyHash}, {"clone.py", 7, 10, 4, 2, pyHash},
				{"clone.rs", 1, 5, 4, 2, rsHash}, {"clone.rs", 7, 11, 4, 2, rsHash},
			},
		},
		{
			name: "python plus versus minus is not a clone",
			files: []file{{"ops.py", lang.Python,
				"def first(value):\n    x = value + 1\n    return x\n\n\ndef second(value):\n    x = value - 1\n    return x\n"}},
		},
		{
			name: "rust plus versus minus is not a clone",
			files: []file{{"ops.rs", lang.Rust,
				"fn first(value: i32) -> i32 {\n    let x = value + 1;\n    x\n}\n\nfn second(value: i32) -> i32 {\n    let x = value - 1;\n    x\n}\n"}},
		},
		{
			name: "rust one-statement bodies never clone; two-statement ones with line and block comments do",
			files: []file{{"comments.rs", lang.Rust,
				"fn a(v: i32) -> i32 {\n    // c\n    v + 1\n}\n\n" +
					"fn b(v: i32) -> i32 {\n    /* c */\n    v + 1\n}\n\n" +
					"fn c(v: i32) -> i32 {\n    // line comment\n    let w = v + 1;\n    w\n}\n\n" +
					"fn d(v: i32) -> i32 {\n    /* block comment */\n    let w = v + 1;\n    w\n}\n"}},
			// fingerprint ["let$VAR1=$VAR2+$LIT", "$VAR1"]; SLOC = fn line, let, tail
			want: []span{
				{"comments.rs", 11, 15, 3, 2, clones.Hash([]string{"let$VAR1=$VAR2+$LIT", "$VAR1"})},
				{"comments.rs", 17, 21, 3, 2, clones.Hash([]string{"let$VAR1=$VAR2+$LIT", "$VAR1"})},
			},
		},
		{
			name: "python docstring, assignment, comment and return clone with 3 SLOC",
			files: []file{{"doc.py", lang.Python,
				"def load(path):\n    \"\"\"Read it.\"\"\"\n    data = path.read()\n    # raw\n    return data\n\n\n" +
					"def fetch(url):\n    \"\"\"Fetch it.\"\"\"\n    body = url.read()\n    # as is\n    return body\n"}},
			want: []span{
				{"doc.py", 1, 5, 3, 2, clones.Hash([]string{"$VAR1=$VAR2.$VAR3", "return$VAR1"})},
				{"doc.py", 8, 12, 3, 2, clones.Hash([]string{"$VAR1=$VAR2.$VAR3", "return$VAR1"})},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var cands []clones.Candidate
			for _, f := range tc.files {
				tree, fns := parse(t, f.spec, f.src)
				cands = append(cands, clones.Candidates(f.path, tree, fns)...)
			}
			var got []span
			for _, b := range clones.Detect(cands) {
				got = append(got, span{b.Path, b.StartLine, b.EndLine, b.SLOC, b.Instances, b.Hash})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDetectAndGroups(t *testing.T) {
	c := func(path string, start, end int, hash string) clones.Candidate {
		return clones.Candidate{Path: path, StartLine: start, EndLine: end, SLOC: end - start, Hash: hash,
			FirstLines: []string{path + ":" + strconv.Itoa(start)}}
	}
	b := func(path string, start, end int, hash string, n int) clones.Block {
		return clones.Block{Path: path, StartLine: start, EndLine: end, SLOC: end - start, Hash: hash,
			Instances: n, FirstLines: []string{path + ":" + strconv.Itoa(start)}}
	}
	cands := []clones.Candidate{
		c("b.py", 10, 20, "h1"),
		c("a.py", 30, 40, "h1"),
		c("a.py", 1, 5, "h2"),
		c("a.py", 8, 12, "h2"),
		c("b.py", 1, 3, "h2"),
		c("a.py", 50, 60, "h3"), // alone: no block
		c("a.py", 1, 9, "h4"),
		c("c.py", 2, 3, "h4"),
		c("a.py", 30, 40, "h0"), // the same span as an h1 member
		c("d.py", 5, 6, "h0"),
	}
	// Sorted by path, start, end; the tie on a.py 30-40 by hash.
	wantBlocks := []clones.Block{
		b("a.py", 1, 5, "h2", 3),
		b("a.py", 1, 9, "h4", 2),
		b("a.py", 8, 12, "h2", 3),
		b("a.py", 30, 40, "h0", 2),
		b("a.py", 30, 40, "h1", 2),
		b("b.py", 1, 3, "h2", 3),
		b("b.py", 10, 20, "h1", 2),
		b("c.py", 2, 3, "h4", 2),
		b("d.py", 5, 6, "h0", 2),
	}
	// Ordered by anchor path and start; anchors on the same line by hash.
	wantGroups := [][]clones.Block{
		{b("a.py", 1, 5, "h2", 3), b("a.py", 8, 12, "h2", 3), b("b.py", 1, 3, "h2", 3)},
		{b("a.py", 1, 9, "h4", 2), b("c.py", 2, 3, "h4", 2)},
		{b("a.py", 30, 40, "h0", 2), b("d.py", 5, 6, "h0", 2)},
		{b("a.py", 30, 40, "h1", 2), b("b.py", 10, 20, "h1", 2)},
	}

	rng := rand.New(rand.NewPCG(1, 2))
	orders := [][]clones.Candidate{cands, slices.Clone(cands)}
	slices.Reverse(orders[1])
	for range 50 {
		shuffled := slices.Clone(cands)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		orders = append(orders, shuffled)
	}
	for _, in := range orders {
		blocks := clones.Detect(in)
		require.Equal(t, wantBlocks, blocks, "input order %v", in)
		shuffled := slices.Clone(blocks)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		require.Equal(t, wantGroups, clones.Groups(shuffled))
	}
}

func TestDetectNothing(t *testing.T) {
	cases := []struct {
		name  string
		cands []clones.Candidate
	}{
		{"no candidates", nil},
		{"one candidate", []clones.Candidate{{Path: "a.py", StartLine: 1, EndLine: 3, Hash: "h"}}},
		{"distinct hashes", []clones.Candidate{{Path: "a.py", Hash: "h1"}, {Path: "a.py", Hash: "h2"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			blocks := clones.Detect(tc.cands)
			assert.Empty(t, blocks)
			assert.Empty(t, clones.Groups(blocks))
		})
	}
}

// fixtureDir is where a language's clone fixtures live.
func fixtureDir(spec *lang.Spec) string {
	return filepath.Join("..", "testdata", spec.Name, "clones")
}

// TestFixtures detects clones in each fixture file on its own and checks
// every block against the `want clone:"gN"` annotation on its first line.
// Groups are named g1, g2, ... in display order (by their first
// instance's line), so a fixture numbers its groups in order of first
// appearance. A block without an annotation, and an annotation without a
// block, both fail.
func TestFixtures(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			paths := testkit.FixtureFiles(t, fixtureDir(spec), spec)
			p, err := source.NewParser(spec)
			require.NoError(t, err)
			defer p.Close()
			for _, path := range paths {
				t.Run(filepath.Base(path), func(t *testing.T) {
					src, err := os.ReadFile(path)
					require.NoError(t, err)
					tree, err := p.Parse(src)
					require.NoError(t, err)
					wants, err := testkit.ParseWants(filepath.ToSlash(path), tree)
					require.NoError(t, err)

					blocks := clones.Detect(clones.Candidates(path, tree, tree.Callables(tree.SLOC())))
					got := map[int]map[string]string{}
					for g, group := range clones.Groups(blocks) {
						for _, b := range group {
							require.Equal(t, len(group), b.Instances)
							if prev, ok := got[b.StartLine]; ok {
								t.Errorf("%s:%d: two clone blocks start on this line (%s)", path, b.StartLine, prev["clone"])
								continue
							}
							got[b.StartLine] = map[string]string{"clone": "g" + strconv.Itoa(g+1)}
						}
					}
					wants.CheckValues(t, got)
				})
			}
			assert.NotEmpty(t, paths, "no %s clone fixtures", spec.Name)
		})
	}
}
