package source_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func callables(t *testing.T, spec *lang.Spec, src string) []source.Callable {
	t.Helper()
	tree := parse(t, spec, src)
	fns := tree.Callables(tree.SLOC())
	for _, fn := range fns {
		assert.NotEqual(t, "<unknown>", fn.Name, "every callable in these snippets has a name")
		assert.Equal(t, spec.Callables[0], tree.Kind(fn.Node), "Node points at the callable node")
	}
	return fns
}

func qualifiedNames(fns []source.Callable) []string {
	out := []string{}
	for _, fn := range fns {
		out = append(out, fn.QualifiedName)
	}
	return out
}

// Spec 17 item 24: the parser's view of a method and of a function in a module.
func TestCallablesReferenceVectors(t *testing.T) {
	t.Run("python method in a class is one public function at its def line", func(t *testing.T) {
		fns := callables(t, lang.Python, "class Thing:\n    def same(self, value):\n        return value\n")
		require.Len(t, fns, 1)
		fn := fns[0]
		assert.Equal(t, "same", fn.Name)
		assert.Equal(t, "Thing.same", fn.QualifiedName)
		assert.Equal(t, []string{"Thing"}, fn.Scope)
		assert.Equal(t, 2, fn.StartLine)
		assert.Equal(t, 3, fn.EndLine)
		assert.True(t, fn.Public)
		assert.Equal(t, []string{"value"}, fn.Params)
		assert.True(t, fn.HasReceiver)
		assert.False(t, fn.HasNontrivialParams)
		assert.Equal(t, 2, fn.SLOC)
	})
	t.Run("rust fn in a mod is private with the mod as scope", func(t *testing.T) {
		fns := callables(t, lang.Rust, "mod inner {\n    fn route(value: i32) -> i32 {\n        clean(value)\n    }\n}\n")
		require.Len(t, fns, 1)
		fn := fns[0]
		assert.Equal(t, "route", fn.Name)
		assert.Equal(t, "inner::route", fn.QualifiedName)
		assert.Equal(t, []string{"inner"}, fn.Scope)
		assert.Equal(t, 2, fn.StartLine)
		assert.Equal(t, 4, fn.EndLine)
		assert.False(t, fn.Public)
		assert.Equal(t, []string{"value"}, fn.Params)
		assert.False(t, fn.HasReceiver)
		assert.Equal(t, 2, fn.SLOC)
	})
	t.Run("rust impl method is found at its fn line with a receiver", func(t *testing.T) {
		fns := callables(t, lang.Rust, "struct T;\n\nimpl T {\n    pub fn same(&self, value: u8) -> u8 {\n        value\n    }\n}\n")
		require.Len(t, fns, 1)
		fn := fns[0]
		assert.Equal(t, "T::same", fn.QualifiedName)
		assert.Equal(t, 4, fn.StartLine)
		assert.True(t, fn.Public)
		assert.True(t, fn.HasReceiver)
		assert.Equal(t, []string{"value"}, fn.Params)
	})
}

func TestCallablesVisibility(t *testing.T) {
	cases := []struct {
		name   string
		spec   *lang.Spec
		src    string
		public []bool
	}{
		{"python names without a leading underscore are public", lang.Python, "def run(): pass\n", []bool{true}},
		{"python names with a leading underscore are private", lang.Python, "def _run(): pass\n", []bool{false}},
		{"python dunders are private", lang.Python, "class C:\n    def __init__(self): pass\n", []bool{false}},
		{"python visibility ignores the enclosing scope", lang.Python, "class _C:\n    def run(self): pass\n", []bool{true}},
		{"rust fn without pub is private", lang.Rust, "fn run() {}\n", []bool{false}},
		{"rust pub, pub(crate), pub(super) and pub(in path) are public", lang.Rust,
			"pub fn a() {}\npub(crate) fn b() {}\nmod m {\n    pub(super) fn c() {}\n    pub(in crate::m) fn d() {}\n}\n",
			[]bool{true, true, true, true}},
		{"rust pub on the impl type does not make a method public", lang.Rust, "pub struct S;\nimpl S {\n    fn m(&self) {}\n}\n", []bool{false}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []bool
			for _, fn := range callables(t, tc.spec, tc.src) {
				got = append(got, fn.Public)
			}
			assert.Equal(t, tc.public, got)
		})
	}
}

func TestCallablesParams(t *testing.T) {
	cases := []struct {
		name       string
		spec       *lang.Spec
		src        string
		params     []string
		receiver   bool
		nontrivial bool
	}{
		{"python plain params are listed in order", lang.Python, "def f(a, b): pass\n", []string{"a", "b"}, false, false},
		{"python no params gives an empty list", lang.Python, "def f(): pass\n", nil, false, false},
		{"python self is a receiver, not a param", lang.Python, "def f(self, a): pass\n", []string{"a"}, true, false},
		{"python cls is a receiver at any position", lang.Python, "def f(a, cls): pass\n", []string{"a"}, true, false},
		{"python a typed self is still a receiver", lang.Python, "def f(self: 'C', a: int): pass\n", []string{"a"}, true, false},
		{"python typed params are trivial", lang.Python, "def f(a: int, b: list[str]): pass\n", []string{"a", "b"}, false, false},
		{"python a default is nontrivial", lang.Python, "def f(a, b=1): pass\n", []string{"a", "b"}, false, true},
		{"python a typed default is nontrivial", lang.Python, "def f(a: int = 1): pass\n", []string{"a"}, false, true},
		{"python *args is nontrivial and listed", lang.Python, "def f(*args): pass\n", []string{"args"}, false, true},
		{"python **kwargs is nontrivial and listed", lang.Python, "def f(**kw): pass\n", []string{"kw"}, false, true},
		{"python a bare * separator is nontrivial", lang.Python, "def f(*, k): pass\n", []string{"k"}, false, true},
		{"python a / separator is nontrivial", lang.Python, "def f(a, /, b): pass\n", []string{"a", "b"}, false, true},
		{"python every form together", lang.Python,
			"def f(self, a, /, b: int, c=1, d: int = 2, *args, e, **kw): pass\n",
			[]string{"a", "b", "c", "d", "args", "e", "kw"}, true, true},
		{"rust params are the first identifier of each pattern", lang.Rust, "fn f(a: u8, mut b: u8, (c, d): (u8, u8)) {}\n", []string{"a", "b", "c"}, false, false},
		{"rust a wildcard pattern lists no name", lang.Rust, "fn f(_: u8, a: u8) {}\n", []string{"a"}, false, false},
		{"rust &self is a receiver", lang.Rust, "impl S {\n    fn f(&self, a: u8) {}\n}\n", []string{"a"}, true, false},
		{"rust &mut self is a receiver", lang.Rust, "impl S {\n    fn f(&mut self) {}\n}\n", nil, true, false},
		{"rust self by value is a receiver", lang.Rust, "impl S {\n    fn f(self, a: u8) {}\n}\n", []string{"a"}, true, false},
		// Only a self_parameter marks a receiver (spec 6); a typed `self: Box<Self>`
		// is a plain parameter whose pattern holds no identifier.
		{"rust a typed self is not a self_parameter", lang.Rust, "impl S {\n    fn f(self: Box<Self>, a: u8) {}\n}\n", []string{"a"}, false, false},
		{"rust never has nontrivial params", lang.Rust, "fn f(a: Option<u8>, b: &[u8]) {}\n", []string{"a", "b"}, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fns := callables(t, tc.spec, tc.src)
			require.Len(t, fns, 1)
			assert.Equal(t, tc.params, fns[0].Params)
			assert.Equal(t, tc.receiver, fns[0].HasReceiver)
			assert.Equal(t, tc.nontrivial, fns[0].HasNontrivialParams)
		})
	}
}

func TestCallablesNamesAndScopes(t *testing.T) {
	cases := []struct {
		name  string
		spec  *lang.Spec
		src   string
		names []string
	}{
		{"python nested functions join with dots", lang.Python,
			"def a():\n    def b():\n        def c():\n            pass\n", []string{"a", "a.b", "a.b.c"}},
		{"python classes and functions both scope", lang.Python,
			"class A:\n    class B:\n        def m(self):\n            class C:\n                def n(self): pass\n",
			[]string{"A.B.m", "A.B.m.C.n"}},
		{"python lambdas are not callables", lang.Python, "f = lambda x: x\ndef g():\n    return lambda: 1\n", []string{"g"}},
		{"python functions in if, try and with blocks are callables", lang.Python,
			"if X:\n    def a(): pass\ntry:\n    def b(): pass\nexcept E:\n    def c(): pass\nwith m:\n    def d(): pass\n",
			[]string{"a", "b", "c", "d"}},
		{"python async def is a callable", lang.Python, "async def a():\n    pass\n", []string{"a"}},
		{"rust nested fns join with ::", lang.Rust, "fn a() {\n    fn b() {\n        fn c() {}\n    }\n}\n", []string{"a", "a::b", "a::b::c"}},
		{"rust impl scope is the type text with generics", lang.Rust,
			"impl<T> Foo<T> {\n    fn m(&self) {}\n}\n", []string{"Foo<T>::m"}},
		{"rust trait impl scope is the self type", lang.Rust,
			"impl<T: Clone> Shape for Vec<T> {\n    fn area(&self) -> f64 { 0.0 }\n}\n", []string{"Vec<T>::area"}},
		{"rust lifetime and path types keep their text", lang.Rust,
			"impl<'a> Foo<'a> {\n    fn m(&self) {}\n}\nimpl std::fmt::Debug for a::B {\n    fn fmt(&self) {}\n}\n",
			[]string{"Foo<'a>::m", "a::B::fmt"}},
		{"rust trait default methods are callables and signatures are not", lang.Rust,
			"trait Tr {\n    fn sig(&self);\n    fn def(&self) -> u8 { 1 }\n}\n", []string{"Tr::def"}},
		{"rust mods nest", lang.Rust, "mod a {\n    mod b {\n        fn f() {}\n    }\n}\n", []string{"a::b::f"}},
		{"rust an impl inside a fn scopes its methods under the fn", lang.Rust,
			"fn f() {\n    struct S;\n    impl S {\n        fn m(&self) {}\n    }\n}\n", []string{"f", "f::S::m"}},
		{"rust closures are not callables", lang.Rust, "fn f() {\n    let g = |x: u8| x;\n}\n", []string{"f"}},
		{"rust nothing inside macro_rules is a callable", lang.Rust,
			"macro_rules! m {\n    () => {\n        fn hidden() {}\n    };\n}\n", []string{}},
		{"rust foreign fn declarations are not callables", lang.Rust, "extern \"C\" {\n    fn abs(x: i32) -> i32;\n}\n", []string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.names, qualifiedNames(callables(t, tc.spec, tc.src)))
		})
	}
}

func TestCallablesSpans(t *testing.T) {
	cases := []struct {
		name             string
		spec             *lang.Spec
		src              string
		start, end, sloc int
	}{
		{"python decorators are outside the span", lang.Python,
			"@first\n@second(1)\ndef f():\n    return 1\n", 3, 4, 2},
		{"python a docstring is in the span but not SLOC", lang.Python,
			"def f():\n    \"\"\"Doc.\n\n    More.\n    \"\"\"\n    return 1\n", 1, 6, 2},
		{"python a multi-line signature is SLOC", lang.Python,
			"def f(\n    a,\n    b,\n):\n    return a\n", 1, 5, 5},
		{"rust attributes and doc comments are outside the span", lang.Rust,
			"/// Doc.\n#[inline]\n#[must_use]\npub fn f() -> u8 {\n    1\n}\n", 4, 6, 2},
		{"rust a one-line fn has sloc 1", lang.Rust, "fn f() {}\n", 1, 1, 1},
		{"rust comments inside the body are not SLOC", lang.Rust,
			"fn f() -> u8 {\n    // note\n    /* block\n       comment */\n    1\n}\n", 1, 6, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fns := callables(t, tc.spec, tc.src)
			require.Len(t, fns, 1)
			assert.Equal(t, tc.start, fns[0].StartLine)
			assert.Equal(t, tc.end, fns[0].EndLine)
			assert.Equal(t, tc.sloc, fns[0].SLOC)
		})
	}
}

// Nested callables' lines count in the outer callable's SLOC too (spec 6).
func TestCallablesNestedSLOCIsDoubleCounted(t *testing.T) {
	cases := []struct {
		name  string
		spec  *lang.Spec
		src   string
		slocs []int
	}{
		{"python inner lines count in the outer def", lang.Python,
			"def outer():\n    def inner():\n        x = 1\n        return x\n    return inner\n", []int{5, 3}},
		{"rust inner lines count in the outer fn", lang.Rust,
			"fn outer() -> u8 {\n    fn inner() -> u8 {\n        let x = 1;\n        x\n    }\n    inner()\n}\n", []int{5, 3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			for _, fn := range callables(t, tc.spec, tc.src) {
				got = append(got, fn.SLOC)
			}
			assert.Equal(t, tc.slocs, got)
		})
	}
}

// Each callable's kind comes from its nearest enclosing callable or
// class body (or a receiver), its column from its node's first byte.
func TestCallablesKindAndColumn(t *testing.T) {
	type want struct {
		name string
		kind source.CallableKind
		col  int
	}
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want []want
	}{
		{"python function, method, closure and a method of a class in a function", lang.Python,
			"def top():\n    def inner():\n        pass\n    class Local:\n        def m(self):\n            pass\n" +
				"class Thing:\n    def same(self):\n        pass\n    @staticmethod\n    def deco():\n        pass\n",
			[]want{{"top", source.KindFunction, 1}, {"inner", source.KindClosure, 5}, {"m", source.KindMethod, 9},
				{"same", source.KindMethod, 5}, {"deco", source.KindMethod, 5}}},
		{"rust fn in a mod, in an impl, in a trait, in a fn", lang.Rust,
			"mod m {\n    fn f() {\n        fn g() {}\n    }\n}\nimpl T {\n    pub fn h(&self) {}\n}\ntrait U {\n    fn d() {}\n}\n",
			[]want{{"f", source.KindFunction, 5}, {"g", source.KindClosure, 9}, {"h", source.KindMethod, 5}, {"d", source.KindMethod, 5}}},
		{"go function and method with a receiver", lang.Golang,
			"package p\n\nfunc F() {}\n\nfunc (s *S) M() {}\n",
			[]want{{"F", source.KindFunction, 1}, {"M", source.KindMethod, 1}}},
		{"javascript bound arrow functions, a class method and field, a nested function", lang.JavaScript,
			"const f = () => 1;\nclass C {\n  m() {}\n  h = () => 2;\n}\nfunction g() {\n  const k = function () {};\n}\n",
			[]want{{"f", source.KindLambda, 11}, {"m", source.KindMethod, 3}, {"h", source.KindMethod, 7},
				{"g", source.KindFunction, 1}, {"k", source.KindClosure, 13}}},
		{"columns count code points, not bytes", lang.Rust,
			"/* é */ fn f() {}\n",
			[]want{{"f", source.KindFunction, 9}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := parse(t, c.spec, c.src)
			var got []want
			for _, fn := range tree.Callables(tree.SLOC()) {
				got = append(got, want{fn.Name, fn.Kind, fn.StartCol})
			}
			assert.Equal(t, c.want, got)
		})
	}
}

// A callable's HeadLine is the first line of its decorators or
// attributes: Python's decorators (the decorated_definition around it),
// Rust's attributes before it (comments between them included); a
// callable after another's headings is not headed by them.
func TestCallableHeadLine(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		// heads maps each callable's name to its head line and start line.
		heads map[string][2]int
	}{
		{"python decorators", lang.Python,
			"import functools\n\n\n@functools.cache\n@other(\n    1,\n)\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n",
			map[string][2]int{"f": {4, 8}, "g": {12, 12}}},
		{"python decorated method, then a plain one", lang.Python,
			"class C:\n    @property\n    def p(self):\n        return 1\n\n    def q(self):\n        return 2\n",
			map[string][2]int{"p": {2, 3}, "q": {6, 6}}},
		{"rust attributes with a comment between", lang.Rust,
			"#[inline]\n/// Docs.\n#[must_use]\nfn f() -> i32 {\n    1\n}\n\nfn g() -> i32 {\n    2\n}\n",
			map[string][2]int{"f": {1, 4}, "g": {8, 8}}},
		{"rust: an attributed item before is not a heading", lang.Rust,
			"#[derive(Debug)]\nstruct S;\nfn f() -> i32 {\n    1\n}\n",
			map[string][2]int{"f": {3, 3}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fns := callables(t, tc.spec, tc.src)
			got := map[string][2]int{}
			for _, fn := range fns {
				got[fn.Name] = [2]int{fn.HeadLine, fn.StartLine}
			}
			assert.Equal(t, tc.heads, got)
		})
	}
}
