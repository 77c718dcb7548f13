package compat013_test

import (
	"github.com/scbcheck/scbcheck/compat013"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// slocCases013 are 0.1.3's SLOC rules (0.1.3 §3), each want worked out by
// hand from Python 3.12's tokenize: tokens' start lines (tokenize numbers
// the lines of str.splitlines) minus the rows of owned plain string
// statements.
var slocCases013 = []slocCase{
	{
		name: "comments, blank lines and indentation are not SLOC",
		src:  "# c\n\nif x:  # t\n    y = 1\n\n# end\n",
		want: source.Lines{3, 4},
	},
	{
		name: "a multi-line plain string counts at its first line only",
		src:  "x = '''\na\nb\n'''\ny = 1\n",
		want: source.Lines{1, 5},
	},
	{
		// FSTRING_START on 1; the piece "a\nb" starts on 1; { x } on 2; the
		// piece "\nc\n" starts on 2; {y on 4; the spec ">\n10" starts on 4;
		// } on 5; the last piece starts on 5; the closing quotes on 7.
		name: "a multi-line f-string counts its fields' lines and its closing line",
		src:  "x = f\"\"\"a\nb{x}\nc\n{y:>\n10}\nd\n\"\"\"\n",
		want: source.Lines{1, 2, 4, 5, 7},
	},
	{
		// Lines 2-3 are inside one literal piece; {x} on 4; "\n" after it
		// starts on 4; the quotes on 5.
		name: "f-string lines holding only literal text are not SLOC",
		src:  "s = f'''\ntext\nmore\n{x}\n'''\n",
		want: source.Lines{1, 4, 5},
	},
	{
		// After {{ on 2 a new piece starts on 2; after }} on 4 one starts on
		// 4; the quotes on 5. Line 3 holds literal text only.
		name: "an escaped brace starts a new literal piece on its line",
		src:  "s = f\"\"\"a\nb{{\nc\nd}}e\n\"\"\"\n",
		want: source.Lines{1, 2, 4, 5},
	},
	{
		// The nested f-string's start and its field are on 2, its own
		// closing quotes on 3 with the outer field's } and the outer quotes.
		name: "a nested f-string's tokens count on their lines",
		src:  "s = f'''{\nf\"{a}\" + f\"\"\"\n\"\"\"}'''\n",
		want: source.Lines{1, 2, 3},
	},
	{
		// Quotes equal to the outer ones nest in 3.12; the string starts on
		// 2, the field's } and the piece after it on 3.
		name: "a nested string may reuse the outer quotes",
		src:  "s = f\"\"\"\n{\"\"\"\nx\"\"\"}\n\"\"\"\n",
		want: source.Lines{1, 2, 3, 4},
	},
	{
		// {x: on 2; the spec piece ">10" on 3 (where ':' left the
		// cursor... no: on 2, right after ':'), then its nested field on 3,
		// the spec's empty piece and } on 4.
		name: "a format spec's pieces and nested fields count on their lines",
		src:  "s = f\"\"\"\n{x:\n{w}\n}\n\"\"\"\n",
		want: source.Lines{1, 2, 3, 4, 5},
	},
	{
		// The closing piece of \N{...} ends at its brace: a new piece
		// starts on line 2.
		name: "a named escape splits the literal at its brace",
		src:  "s = f\"\"\"a\n\\N{BULLET} b\nc\n\"\"\"\n",
		want: source.Lines{1, 2, 4},
	},
	{
		// splitlines ends tokenize's line 1 at the form feed, so the
		// comment ends there and "b" is a NAME on line 2.
		name: "a form feed inside a comment starts a new line",
		src:  "x = 1  # a\x0cb\ny = 2\n",
		want: source.Lines{1, 2, 3},
	},
	{
		name: "a U+2028 inside a comment starts a new line",
		src:  "x = 1  # a\u2028b\ny = 2\n",
		want: source.Lines{1, 2, 3},
	},
	{
		// Tokenize's lines: 1 'x = """\x0c', 2 '"""', 3 '"doc"', 4 'w = 4'.
		// The docstring is tree-sitter's row 1 (its line 2 by tokenize and
		// by splitlines, '"""', blank around columns 0 and 5), so line 2 is
		// removed and the docstring's own line 3 stays.
		name: "a form feed shifts the docstring removal onto another line",
		src:  "x = \"\"\"\x0c\"\"\"\n\"doc\"\nw = 4\n",
		want: source.Lines{1, 3, 4},
	},
	{
		name: "a lone backslash continuation line is not SLOC",
		src:  "x = 1 + \\\n\\\n  2\n",
		want: source.Lines{1, 3},
	},
	{
		name: "module, class and function docstrings that own their lines are removed",
		src:  "\"\"\"Mod.\n\nMore.\n\"\"\"\nclass C:\n    '''Doc.'''\n    def f(self):\n        r\"\"\"Doc.\n        \"\"\"\n        return 1\n",
		want: source.Lines{5, 7, 10},
	},
	{
		name: "a string statement after a semicolon does not own its line",
		src:  "x = 1; \"note\"\n\"a\"; y = 2\n",
		want: source.Lines{1, 2},
	},
	{
		name: "a string statement followed by a comment does not own its line",
		src:  "\"note\"  # why\n",
		want: source.Lines{1},
	},
	{
		name: "concatenated string statements are never removed",
		src:  "\"\"\"a\"\"\" \"\"\"b\"\"\"\n'x'\\\n'y'\n",
		want: source.Lines{1, 2, 3},
	},
	{
		name: "b and f string statements are kept, u R and U are removed",
		src:  "b\"\"\"payload\n\"\"\"\nF'{x}'\nBr'z'\nu'a'\nR'b'\nU\"c\"\nv = 1\n",
		want: source.Lines{1, 3, 4, 8},
	},
	{
		// The string ends at byte column 6, character 4: [6:] skips the
		// ';' so what follows looks blank and the statement is removed.
		name: "non-ASCII inside a docstring hides a trailing semicolon (byte columns on characters)",
		src:  "\"\u00e9\u00e9\";\nx = 1\n",
		want: source.Lines{2},
	},
	{
		// tokenize reads the byte order mark as a NAME on line 1, and the
		// docstring, at byte column 3, is preceded by '\ufeff""' when three
		// characters are taken: it is kept.
		name: "a byte order mark before a module docstring keeps both",
		src:  "\ufeff\"\"\"doc\"\"\"\nx = 1\n",
		want: source.Lines{1, 2},
	},
}

func TestSLOC013(t *testing.T) {
	for _, tc := range slocCases013 {
		t.Run(tc.name, func(t *testing.T) {
			got, err := compat013.SLOC(parse(t, lang.Python, tc.src))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestPyTokenLinesRejects checks the sources Python 3.12's tokenize
// rejects, which 0.1.3 dies on and a profile skips.
func TestPyTokenLinesRejects(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"a form feed splits a one-line string", "s = \"a\x0cb\"\n"},
		{"a U+2028 splits a one-line f-string", "s = f'a\u2028b'\n"},
		{"an unterminated triple-quoted string", "s = '''abc\n"},
		{"tabs and spaces mixed in indentation", "if x:\n\ty\n        z\n"},
		{"a dedent to no outer level", "if x:\n    y\n  z\n"},
		{"a vertical tab outside strings", "x = 1\v\n"},
		{"a NUL byte", "x = 1\x00\n"},
		{"a backslash not before a newline", "x = 1 \\ 2\n"},
		{"a backslash continuation at the end", "x = 1 \\\n"},
		{"a bracket open at the end", "x = (1,\n"},
		{"a field left open by a format spec's closing quote", "v = rf'\\{:'\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compat013.PyTokenLines([]byte(tc.src))
			assert.ErrorIs(t, err, compat013.ErrTokenize)
		})
	}
}

// TestPyTokenLines checks token lines without the string subtraction.
func TestPyTokenLines(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want source.Lines
	}{
		{"empty source", "", nil},
		{"no final newline", "x = 1\ny", source.Lines{1, 2}},
		{"a docstring is a token", "\"\"\"a\nb\"\"\"\n", source.Lines{1}},
		{"a CR line end counts as one", "x = 1\ry = 2\r\nz\n", source.Lines{1, 2, 3}},
		{"a form feed in a triple-quoted string ends a line", "x = '''a\x0cb'''\ny\n", source.Lines{1, 3}},
		{"a backslash continues a one-line string", "x = 'a\\\nb'; y\n", source.Lines{1, 2}},
		{"a comment in a multi-line field", "f'''{\nx # c\n}'''\n", source.Lines{1, 2, 3}},
		{"a U+2028 alone on a line is a name", "x = 1\n\u2028\ny = 2\n", source.Lines{1, 2, 4}},
		{"a raw f-string's backslash escapes no brace", "rf'''\\{x}\n'''\n", source.Lines{1, 2}},
		{"an escaped quote does not close an f-string", "f'''a\\'''\nb'''\n", source.Lines{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := compat013.PyTokenLines([]byte(tc.src))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestPyText checks 0.1.3's reading: replacement characters as CPython
// places them and universal newlines.
func TestPyText(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"clean text is unchanged", "x = '\u00e9'\n", "x = '\u00e9'\n"},
		{"CRLF and CR become LF", "a\r\nb\rc\n\r", "a\nb\nc\n\n"},
		{"one replacement per invalid byte", "\xff\xfe", "\ufffd\ufffd"},
		{"a truncated sequence is one replacement", "a\xe2\x82b", "a\ufffdb"},
		{"a surrogate's bytes are three replacements", "\xed\xa0\x80", "\ufffd\ufffd\ufffd"},
		{"an overlong lead is one replacement per byte", "\xc0\xaf", "\ufffd\ufffd"},
		{"a truncated four-byte sequence is one replacement", "\xf0\x9f\x98", "\ufffd"},
		{"a lone continuation byte is one replacement", "a\x80b", "a\ufffdb"},
		{"an invalid second byte ends the subpart", "\xe0\x80", "\ufffd\ufffd"},
		{"a latin-1 byte is one replacement", "caf\xe9 ok", "caf\ufffd ok"},
		{"a truncated sequence at the end after text", "x\xf0\x9f\x98", "x\ufffd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, string(compat013.PyText([]byte(tc.src))))
		})
	}
}

// FuzzPyTokenLines checks that the scanner ends on any input with lines
// inside the source (or an ErrTokenize), and that SLOC013 stays a subset of
// the token lines on what tree-sitter accepts.
func FuzzPyTokenLines(f *testing.F) {
	for _, tc := range slocCases013 {
		f.Add(tc.src)
	}
	f.Add("f'''{x:{y}}{{}}\\N{DASH}'''\n")
	p, err := source.NewParser(lang.Python)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, src string) {
		got, err := compat013.PyTokenLines([]byte(src))
		if err != nil {
			require.ErrorIs(t, err, compat013.ErrTokenize)
			return
		}
		n := 1
		for _, c := range []rune(src) {
			switch c {
			case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
				n++
			}
		}
		for i, l := range got {
			require.True(t, l >= 1 && l <= n, "line %d of %d", l, n)
			require.True(t, i == 0 || got[i-1] < l)
		}
		tree, err := p.Parse([]byte(src))
		if err != nil {
			return
		}
		sloc, err := compat013.SLOC(tree)
		require.NoError(t, err)
		for _, l := range sloc {
			require.True(t, got.Has(l))
		}
	})
}

func TestPlainString013(t *testing.T) {
	src := "'a'\nu'b'\nb'c'\nf'{d}'\n'e' 'f'\n'''g''' '''h'''\nx = 'i'\n('j')\n"
	want := []bool{true, true, false, false, false, false, false, false}
	tree := parse(t, lang.Python, src)
	var got []bool
	for i := range tree.Nodes {
		if tree.Nodes[i].Parent == 0 {
			got = append(got, compat013.PlainString(tree, i))
		}
	}
	assert.Equal(t, want, got)
}
