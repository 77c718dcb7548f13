package source_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// Spec 12.2 step 4: each body is written out with the shape the rule sees.
func TestBodyShapes(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string // one callable
		want string
	}{
		{"python return of a param", lang.Python, "def _identity(value):\n    return value\n", "SimpleReturn(Param value)"},
		{"python return of a call forwarding params", lang.Python,
			"def _forward(value):\n    return _identity(value)\n", "SimpleReturn(Call _identity(Param value))"},
		{"python duplicated args stay visible", lang.Python,
			"def _d(left, right):\n    return _identity(left, left)\n", "SimpleReturn(Call _identity(Param left, Param left))"},
		{"python callee is the whole function text", lang.Python,
			"def _log(value):\n    return logger.info(value)\n", "SimpleReturn(Call logger.info(Param value))"},
		{"python args: literal, string, keyword and foreign name", lang.Python,
			"def _f(value):\n    return g(value, 1, None, 'text', key=value, other)\n",
			"SimpleReturn(Call g(Param value, Literal 1, Literal None, Unsupported, Unsupported, Unsupported))"},
		{"python an expression statement is looked at like a return", lang.Python,
			"def _f(value):\n    g(value)\n", "SimpleReturn(Call g(Param value))"},
		{"python docstrings of any prefix, comments and nested defs are left out", lang.Python,
			"def _f(value):\n    r\"\"\"Doc.\"\"\"\n    'more' 'doc'\n    # note\n    def inner():\n        pass\n    return value\n",
			"SimpleReturn(Param value)"},
		{"python a bare return is not simple", lang.Python, "def _f():\n    return\n", "Other"},
		{"python a constant name", lang.Python, "def _f():\n    return DEFAULT_CONTEXT_LINES\n", "SimpleReturn(Constant DEFAULT_CONTEXT_LINES)"},
		{"python a lower-case global is not a constant", lang.Python, "def _f():\n    return default\n", "Other"},
		{"python digits and underscores alone are not a constant", lang.Python, "def _f():\n    return _1\n", "Other"},
		{"python numeric, bool and None literals", lang.Python, "def _f():\n    return 1.5\n", "SimpleReturn(Literal 1.5)"},
		{"python True is a literal", lang.Python, "def _f():\n    return True\n", "SimpleReturn(Literal True)"},
		{"python None is a literal", lang.Python, "def _f():\n    return None\n", "SimpleReturn(Literal None)"},
		{"python a string is not simple", lang.Python, "def _f():\n    return 'text'\n", "Other"},
		{"python an f-string is not simple", lang.Python, "def _f(v):\n    return f'{v}'\n", "Other"},
		{"python a binary operation is not simple", lang.Python, "def _f(a, b):\n    return a + b\n", "Other"},
		{"python an attribute is not simple", lang.Python, "def _f(a):\n    return a.b\n", "Other"},
		{"python an assignment is not simple", lang.Python, "def _f(a):\n    x = a\n", "Other"},
		{"python two statements are not simple", lang.Python, "def _f(a):\n    g(a)\n    return a\n", "Other"},
		{"python a lone docstring leaves no statement", lang.Python, "def _f(a):\n    \"\"\"Doc.\"\"\"\n", "Other"},
		{"rust tail param", lang.Rust, "fn identity(value: i32) -> i32 {\n    value\n}\n", "SimpleReturn(Param value)"},
		{"rust tail call", lang.Rust, "fn forward(value: i32) -> i32 {\n    identity(value)\n}\n", "SimpleReturn(Call identity(Param value))"},
		{"rust call statement", lang.Rust, "fn f(value: i32) {\n    g(value);\n}\n", "SimpleReturn(Call g(Param value))"},
		{"rust return without semicolon is looked through", lang.Rust, "fn f(v: i32) -> i32 {\n    return v\n}\n", "SimpleReturn(Param v)"},
		{"rust return with a semicolon is not simple", lang.Rust, "fn f(v: i32) -> i32 {\n    return v;\n}\n", "Other"},
		{"rust path callee keeps its text", lang.Rust, "fn f(v: i32) -> Foo {\n    Foo::new(v)\n}\n", "SimpleReturn(Call Foo::new(Param v))"},
		{"rust constant", lang.Rust, "const fn default_context_lines() -> usize {\n    DEFAULT_CONTEXT_LINES\n}\n",
			"SimpleReturn(Constant DEFAULT_CONTEXT_LINES)"},
		{"rust path to a constant", lang.Rust, "fn f() -> u8 {\n    Self::LIMIT\n}\n", "SimpleReturn(Constant Self::LIMIT)"},
		{"rust path to a function is not a constant", lang.Rust, "fn f() -> fn() {\n    a::helper\n}\n", "Other"},
		{"rust char literal", lang.Rust, "fn f() -> char {\n    'c'\n}\n", "SimpleReturn(Literal 'c')"},
		{"rust bool literal", lang.Rust, "fn f() -> bool {\n    true\n}\n", "SimpleReturn(Literal true)"},
		{"rust string literal is not simple", lang.Rust, "fn f() -> &'static str {\n    \"s\"\n}\n", "Other"},
		{"rust macro call is not simple", lang.Rust, "fn f() {\n    println!(\"x\")\n}\n", "Other"},
		{"rust comments and nested fns are left out", lang.Rust,
			"fn f(v: u8) -> u8 {\n    // note\n    /* more */\n    fn inner() {}\n    v\n}\n", "SimpleReturn(Param v)"},
		{"rust a let and a tail are two statements", lang.Rust, "fn f(v: u8) -> u8 {\n    let x = v;\n    x\n}\n", "Other"},
		{"rust an empty body is not simple", lang.Rust, "fn f() {}\n", "Other"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree := parse(t, tc.spec, tc.src)
			fns := tree.Callables(tree.SLOC())
			require.NotEmpty(t, fns)
			st := tree.Structure(fns)
			assert.Equal(t, tc.want, st[0].Body.String())
		})
	}
}

func TestBodyShapeParamIndices(t *testing.T) {
	tree := parse(t, lang.Python, "def _swap(left, right):\n    return _identity(right, left)\n")
	fns := tree.Callables(tree.SLOC())
	body := tree.Structure(fns)[0].Body
	require.Equal(t, source.ShapeCall, body.Kind)
	assert.Equal(t, "_identity", body.Callee)
	assert.Equal(t, []source.Arg{{Kind: source.ArgParam, Param: 1, Text: "right"}, {Kind: source.ArgParam, Param: 0, Text: "left"}}, body.Args)

	tree = parse(t, lang.Python, "def _first(a, b):\n    return b\n")
	fns = tree.Callables(tree.SLOC())
	body = tree.Structure(fns)[0].Body
	assert.Equal(t, source.BodyShape{Kind: source.ShapeParam, Param: 1, Text: "b"}, body)
}
