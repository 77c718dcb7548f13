package source_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func parse(t testing.TB, spec *lang.Spec, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(spec)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

type slocCase struct {
	name string
	src  string
	want source.Lines
}

func runSLOC(t *testing.T, spec *lang.Spec, cases []slocCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := parse(t, spec, tc.src).SLOC()
			if len(tc.want) == 0 {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// Python SLOC (spec 5.1): start lines of non-empty leaf tokens and of
// string nodes, minus the lines of plain string statements that own them.
func TestPythonSLOC(t *testing.T) {
	runSLOC(t, lang.Python, []slocCase{
		{
			// The reference's vector (spec 5.1 step 2, 17 item 27).
			name: "docstring and r string removed, b and f strings kept",
			src:  "# lines 2 to 6 hold the vector\n\"module docstring\"\nb\"payload\"\nf\"{value}\"\nr\"plain raw string\"\nvalue = 1\n",
			want: source.Lines{3, 4, 6},
		},
		{
			name: "comments and blank lines are not SLOC, a line with a trailing comment is",
			src:  "x = 1  # trailing\n\n# only a comment\n    \ny = 2\n",
			want: source.Lines{1, 5},
		},
		{
			name: "a multi-line string counts at its first line only",
			src:  "x = '''\nif a:\n  b\n'''\ny = 1\n",
			want: source.Lines{1, 5},
		},
		{
			name: "a multi-line module docstring is removed",
			src:  "\"\"\"Title.\n\nMore text.\n\"\"\"\nx = 1\n",
			want: source.Lines{5},
		},
		{
			name: "function and class docstrings are removed",
			src:  "class C:\n    '''Doc.'''\n    def f(self):\n        \"\"\"Doc.\n        More.\n        \"\"\"\n        return 1\n",
			want: source.Lines{1, 3, 7},
		},
		{
			name: "a bare string statement in a body is removed",
			src:  "def f():\n    x = 1\n    \"\"\"\n    note\n    \"\"\"\n    'short note'\n    return x\n",
			want: source.Lines{1, 2, 7},
		},
		{
			name: "u and R prefixed statements are removed, B F rb and Br stay",
			src:  "u\"x\"\nR\"y\"\nB\"z\"\nF\"w\"\nrb\"v\"\nBr\"q\"\n",
			want: source.Lines{3, 4, 5, 6},
		},
		{
			name: "a multi-line f-string statement stays at its first line",
			src:  "f\"\"\"\n{x}\n\"\"\"\n",
			want: source.Lines{1},
		},
		{
			name: "each piece of a concatenated string counts at its own line",
			src:  "x = ('a'\n     'b'\n     'c')\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "an implicitly concatenated string statement stays",
			src:  "\"a\" \"b\"\nx = 1\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a multi-line implicitly concatenated statement stays",
			src:  "(\"a\"\n \"b\")\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a parenthesized string statement stays",
			src:  "(\"doc\")\n",
			want: source.Lines{1},
		},
		{
			name: "triple-quoted strings added together are removed",
			src:  "\"\"\"a\"\"\" + \"\"\"b\"\"\"\nx = 1\n",
			want: source.Lines{2},
		},
		{
			name: "a docstring followed by a comment on its last line stays",
			src:  "def f():\n    \"\"\"Doc.\"\"\"  # note\n    return 1\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "a multi-line docstring followed by a comment stays at its first line",
			src:  "\"\"\"a\nb\"\"\"  # note\nx = 1\n",
			want: source.Lines{1, 3},
		},
		{
			name: "a string statement followed by code on its last line stays",
			src:  "\"\"\"a\nb\"\"\"; x = 1\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a string statement after code on its first line stays",
			src:  "x = 1; 'note'\ny = 2\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a plain string statement nested in an if is removed",
			src:  "if x:\n    \"note\"\n    y = 1\n",
			want: source.Lines{1, 3},
		},
		{
			name: "punctuation-only lines are SLOC in python",
			src:  "x = [\n    1,\n]\nf(\n    a\n)\n",
			want: source.Lines{1, 2, 3, 4, 5, 6},
		},
		{
			name: "a line holding only a backslash continuation is SLOC",
			src:  "x = 1 + \\\n    \\\n    2\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "a backslash swallowed by a following string is no token",
			src:  "x = \\\n    \\\n    'a'\n",
			want: source.Lines{1, 3},
		},
		{
			name: "a line-1 docstring after a BOM stays (the BOM is not whitespace)",
			src:  "\ufeff\"\"\"Doc.\"\"\"\nx = 1\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a BOM before code changes nothing",
			src:  "\ufeffx = 1\n",
			want: source.Lines{1},
		},
		{
			name: "CRLF line ends count like LF",
			src:  "x = 1\r\n\r\n\"\"\"doc\r\nmore\"\"\"\r\ny = 2\r\n",
			want: source.Lines{1, 5},
		},
		{
			name: "a file without a final newline keeps its last line",
			src:  "x = 1\ny = 2",
			want: source.Lines{1, 2},
		},
		{
			name: "a docstring-only file has no SLOC",
			src:  "\"\"\"Only a docstring.\"\"\"\n",
		},
		{
			name: "an empty file has no SLOC",
			src:  "",
		},
	})
}

// Rust SLOC (spec 5.2): a line counts unless, with comments cut out, it is
// blank or only the punctuation { } [ ] ( ) ; , :.
func TestRustSLOC(t *testing.T) {
	runSLOC(t, lang.Rust, []slocCase{
		{
			name: "closing brace and paren lines are not SLOC",
			src:  "fn f() {\n    g(|| {\n        1\n    });\n}\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "a line of } else { is SLOC",
			src:  "fn f(a: bool) -> u8 {\n    if a {\n        1\n    } else {\n        2\n    }\n}\n",
			want: source.Lines{1, 2, 3, 4, 5},
		},
		{
			name: "lines of }, and ]; are not SLOC",
			src:  "const A: [P; 1] = [\n    P {\n        x: 1,\n    },\n];\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "punctuation-only lines in a call are not SLOC in rust",
			src:  "fn g() {\n    f(\n        1,\n    );\n}\n",
			want: source.Lines{1, 2, 3},
		},
		{
			name: "doc comments are comments",
			src:  "//! Crate docs.\n/// Item docs.\n/** Block docs. */\nfn f() {}\n",
			want: source.Lines{4},
		},
		{
			name: "a block comment spanning lines covers its middle lines",
			src:  "/* a\n   fn fake() {}\n*/ fn f() {}\nfn g() { /* x\n y */ }\n",
			want: source.Lines{3, 4},
		},
		{
			name: "nested block comments are cut as one",
			src:  "/* outer /* inner */\n still comment */\nfn f() {}\n",
			want: source.Lines{3},
		},
		{
			name: "a line comment after code leaves the code line",
			src:  "fn f() {} // note\n    // only a comment\n",
			want: source.Lines{1},
		},
		{
			name: "attribute lines are SLOC",
			src:  "#[derive(Debug)]\nstruct S;\n#[inline]\n#[must_use]\nfn f() {}\n",
			want: source.Lines{1, 2, 3, 4, 5},
		},
		{
			name: "inner lines of a multi-line string are plain lines",
			src:  "const S: &str = \"a\nb\n  }\n\";\n",
			want: source.Lines{1, 2, 4},
		},
		{
			name: "comment text inside a string is not a comment",
			src:  "const S: &str = \"\n// not a comment\n/* nor this */\n\";\n",
			want: source.Lines{1, 2, 3, 4},
		},
		{
			name: "field lines with a colon are SLOC, a lone colon or brace is not",
			src:  "struct S {\n    a: u8,\n}\n",
			want: source.Lines{1, 2},
		},
		{
			name: "CRLF line ends count like LF",
			src:  "fn f() {\r\n    1\r\n}\r\n\r\n// c\r\n",
			want: source.Lines{1, 2},
		},
		{
			name: "a file without a final newline keeps its last line",
			src:  "fn f() {}\nfn g() {}",
			want: source.Lines{1, 2},
		},
		{
			name: "an empty file has no SLOC",
			src:  "",
		},
	})
}

func TestLinesHelpers(t *testing.T) {
	l := source.Lines{2, 3, 5, 8}
	cases := []struct {
		name       string
		start, end int
		want       int
	}{
		{"a span covering everything counts all lines", 1, 10, 4},
		{"span ends are inclusive", 3, 5, 2},
		{"a span between lines counts none", 6, 7, 0},
		{"an inverted span counts none", 5, 3, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, l.CountWithin(tc.start, tc.end))
		})
	}
	assert.True(t, l.Has(5))
	assert.False(t, l.Has(4))
	assert.Equal(t, 4, l.Len())
}
