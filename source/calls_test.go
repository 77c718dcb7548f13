package source_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// structureOf parses src and returns its callables with their structure,
// keyed by qualified name.
func structureOf(t *testing.T, spec *lang.Spec, src string) ([]source.Callable, map[string]source.Structure) {
	t.Helper()
	tree := parse(t, spec, src)
	fns := tree.Callables(tree.SLOC())
	sts := tree.Structure(fns)
	require.Len(t, sts, len(fns))
	out := map[string]source.Structure{}
	for k, fn := range fns {
		out[fn.QualifiedName] = sts[k]
	}
	return fns, out
}

// Spec 17 item 24: the parser vectors of the reference.
func TestStructureReferenceVectors(t *testing.T) {
	t.Run("python method has no scope and returns its param", func(t *testing.T) {
		fns, sts := structureOf(t, lang.Python, "class Thing:\n    def same(self, value):\n        return value\n")
		require.Len(t, fns, 1)
		fn := fns[0]
		assert.Equal(t, "Thing.same", fn.QualifiedName)
		assert.Equal(t, 2, fn.StartLine)
		assert.True(t, fn.Public)
		assert.Equal(t, []string{"value"}, fn.Params)
		st := sts["Thing.same"]
		assert.False(t, st.Targetable, "a method is never a bare-call target")
		assert.Nil(t, st.Scope)
		assert.Equal(t, "SimpleReturn(Param value)", st.Body.String())
	})
	t.Run("rust route in mod inner is scoped to inner and calls clean", func(t *testing.T) {
		fns, sts := structureOf(t, lang.Rust,
			"mod inner {\n    fn route(value: i32) -> i32 {\n        clean(value)\n    }\n}\n")
		require.Len(t, fns, 1)
		fn := fns[0]
		assert.Equal(t, "inner::route", fn.QualifiedName)
		assert.False(t, fn.Public)
		st := sts["inner::route"]
		assert.True(t, st.Targetable)
		assert.Equal(t, []string{"inner"}, st.Scope)
		assert.Equal(t, []source.CallSite{{Name: "clean", Line: 3, Nesting: 0}}, st.Calls)
		assert.Equal(t, "SimpleReturn(Call clean(Param value))", st.Body.String())
	})
	t.Run("rust impl method is found at its fn line and has no scope", func(t *testing.T) {
		fns, sts := structureOf(t, lang.Rust, "struct S;\nimpl S {\n    fn same(&self, value: i32) -> i32 {\n        value\n    }\n}\n")
		require.Len(t, fns, 1)
		assert.Equal(t, 3, fns[0].StartLine)
		assert.False(t, sts["S::same"].Targetable)
	})
}

func TestStructureBareScopes(t *testing.T) {
	type scope struct {
		targetable bool
		path       []string
	}
	root := scope{true, []string{}}
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want map[string]scope
	}{
		{"python module-level function is in the root scope", lang.Python,
			"def f():\n    pass\n", map[string]scope{"f": root}},
		{"python decorated module-level function is in the root scope", lang.Python,
			"@dec\ndef f():\n    pass\n", map[string]scope{"f": root}},
		{"python function in a module-level if is in the root scope", lang.Python,
			"if X:\n    def f():\n        pass\n", map[string]scope{"f": root}},
		{"python nested function is scoped to the enclosing function", lang.Python,
			"def outer():\n    def inner():\n        pass\n",
			map[string]scope{"outer": root, "outer.inner": {true, []string{"outer"}}}},
		{"python method and static method have no scope", lang.Python,
			"class C:\n    def m(self):\n        pass\n    @staticmethod\n    def _s(x):\n        return x\n",
			map[string]scope{"C.m": {false, nil}, "C._s": {false, nil}}},
		{"python function inside a method is scoped to the method", lang.Python,
			"class C:\n    def m(self):\n        def h():\n            pass\n",
			map[string]scope{"C.m": {false, nil}, "C.m.h": {true, []string{"C", "m"}}}},
		{"python method of a class inside a function is still a method", lang.Python,
			"def f():\n    class C:\n        def m(self):\n            pass\n",
			map[string]scope{"f": root, "f.C.m": {false, nil}}},
		{"rust root fn is in the root scope", lang.Rust, "fn f() {}\n", map[string]scope{"f": root}},
		{"rust fn in nested mods takes the module path", lang.Rust,
			"mod a {\n    mod b {\n        fn f() {}\n    }\n}\n", map[string]scope{"a::b::f": {true, []string{"a", "b"}}}},
		{"rust nested fn is scoped to the enclosing fn", lang.Rust,
			"mod m {\n    fn outer() {\n        fn inner() {}\n    }\n}\n",
			map[string]scope{"m::outer": {true, []string{"m"}}, "m::outer::inner": {true, []string{"m", "outer"}}}},
		{"rust impl and trait methods have no scope", lang.Rust,
			"impl S {\n    fn m() {}\n}\ntrait T {\n    fn d() {}\n}\n",
			map[string]scope{"S::m": {false, nil}, "T::d": {false, nil}}},
		{"rust fn nested in an impl method is scoped to the method", lang.Rust,
			"impl S {\n    fn m() {\n        fn h() {}\n    }\n}\n",
			map[string]scope{"S::m": {false, nil}, "S::m::h": {true, []string{"S", "m"}}}},
		{"rust method of an impl inside a fn takes the fn's path", lang.Rust,
			"fn outer() {\n    struct S;\n    impl S {\n        fn m() {}\n    }\n}\n",
			map[string]scope{"outer": root, "outer::S::m": {true, []string{"outer"}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, sts := structureOf(t, tc.spec, tc.src)
			got := map[string]scope{}
			for name, st := range sts {
				got[name] = scope{st.Targetable, st.Scope}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestStructureVisibleScopes(t *testing.T) {
	cases := []struct {
		name   string
		spec   *lang.Spec
		src    string
		caller string
		want   [][]string
	}{
		{"python module-level function sees itself then the root", lang.Python,
			"def f():\n    pass\n", "f", [][]string{{"f"}, {}}},
		{"python nested function sees itself, its enclosing functions innermost first, the root", lang.Python,
			"def a():\n    def b():\n        def c():\n            pass\n", "a.b.c",
			[][]string{{"a", "b", "c"}, {"a", "b"}, {"a"}, {}}},
		{"python method sees itself and the root, not its class", lang.Python,
			"class C:\n    def m(self):\n        pass\n", "C.m", [][]string{{"C", "m"}, {}}},
		{"rust fn in a mod sees itself, the module, the root", lang.Rust,
			"mod inner {\n    fn route() {}\n}\n", "inner::route", [][]string{{"inner", "route"}, {"inner"}, {}}},
		{"rust method in a mod sees the innermost module after its enclosing fns", lang.Rust,
			"mod a {\n    mod b {\n        impl S {\n            fn m() {\n                fn h() {}\n            }\n        }\n    }\n}\n",
			"a::b::S::m::h", [][]string{{"a", "b", "S", "m", "h"}, {"a", "b", "S", "m"}, {"a", "b"}, {}}},
		{"rust root fn has no module step", lang.Rust, "fn f() {}\n", "f", [][]string{{"f"}, {}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, sts := structureOf(t, tc.spec, tc.src)
			require.Contains(t, sts, tc.caller)
			assert.Equal(t, tc.want, sts[tc.caller].Visible)
		})
	}
}

func TestStructureCallSites(t *testing.T) {
	cases := []struct {
		name   string
		spec   *lang.Spec
		src    string
		caller string
		want   []source.CallSite
	}{
		{"python bare calls only, lambdas descended, nested functions skipped", lang.Python,
			"def f(items):\n" +
				"    g()\n" +
				"    obj.method()\n" +
				"    mod.sub.func()\n" +
				"    (lambda: k())()\n" +
				"    def inner():\n" +
				"        skipped()\n" +
				"    return m(n(items))\n",
			"f", []source.CallSite{{"g", 2, 0}, {"k", 5, 0}, {"m", 8, 0}, {"n", 8, 0}}},
		{"python nesting counts flow-break ancestors", lang.Python,
			"def f(items):\n" +
				"    for x in items:\n" +
				"        if x:\n" +
				"            h(x)\n" +
				"    while True:\n" +
				"        w()\n",
			"f", []source.CallSite{{"h", 4, 2}, {"w", 6, 1}}},
		{"python a call in elif sits under the if and the elif", lang.Python,
			"def f(a, b):\n    if a:\n        pass\n    elif b:\n        e()\n    else:\n        o()\n",
			"f", []source.CallSite{{"e", 5, 2}, {"o", 7, 2}}},
		{"python a conditional expression nests its operands", lang.Python,
			"def f(a):\n    return g() if a else h()\n",
			"f", []source.CallSite{{"g", 2, 1}, {"h", 2, 1}}},
		{"python the nested function has its own calls", lang.Python,
			"def f():\n    def inner():\n        skipped()\n", "f.inner", []source.CallSite{{"skipped", 3, 0}}},
		{"python decorators and defaults are outside the body", lang.Python,
			"@deco()\ndef f(a=default()):\n    pass\n", "f", nil},
		{"rust bare calls only, closures descended, nested fns skipped", lang.Rust,
			"fn f(v: Vec<u8>) {\n" +
				"    g();\n" +
				"    v.len();\n" +
				"    Foo::new();\n" +
				"    println!(\"{}\", h());\n" +
				"    let c = |x: u8| k(x);\n" +
				"    fn inner() { skipped(); }\n" +
				"}\n",
			"f", []source.CallSite{{"g", 2, 0}, {"k", 6, 0}}},
		{"rust match, if and loop nest calls", lang.Rust,
			"fn f(x: u8) {\n" +
				"    match x {\n" +
				"        0 => a(),\n" +
				"        _ => if x > 1 { b() } else { c() },\n" +
				"    }\n" +
				"    loop { d(); }\n" +
				"}\n",
			"f", []source.CallSite{{"a", 3, 1}, {"b", 4, 2}, {"c", 4, 2}, {"d", 6, 1}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, sts := structureOf(t, tc.spec, tc.src)
			require.Contains(t, sts, tc.caller)
			assert.Equal(t, tc.want, sts[tc.caller].Calls)
		})
	}
}

// A deeply nested body must not exhaust the stack (walks are loops).
func TestStructureDeepNesting(t *testing.T) {
	src := "def f(x):\n"
	indent := "    "
	for i := 0; i < 90; i++ {
		src += indent + "if x:\n"
		indent += "    "
	}
	src += indent + "g(x)\n"
	_, sts := structureOf(t, lang.Python, src)
	assert.Equal(t, []source.CallSite{{"g", 92, 90}}, sts["f"].Calls)
}
