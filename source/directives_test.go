package source_test

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func ignore(line, target int, ids ...string) source.Directive {
	return source.Directive{Kind: source.DirectiveIgnore, Line: line, TargetLine: target, IDs: ids}
}

func boundary(line int) source.Directive {
	return source.Directive{Kind: source.DirectiveBoundary, Line: line}
}

// Spec 13 and 17 items 14-18.
func TestDirectives(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want []source.Directive
	}{
		{"python same-line ignore targets its own line", lang.Python,
			"def noisy(items):\n    for i in range(len(items)):  # scbc ignore[for-range-len] reason\n        pass\n",
			[]source.Directive{ignore(2, 2, "for-range-len")}},
		{"python standalone ignore targets the next def", lang.Python,
			"# scbc ignore[trivial-wrapper]\ndef _identity(value):\n    return value\n",
			[]source.Directive{ignore(1, 2, "trivial-wrapper")}},
		{"python comment lines and blank lines are skipped", lang.Python,
			"# scbc ignore[trivial-wrapper]\n\n# another comment\n   \n\ndef _identity(value):\n    return value\n",
			[]source.Directive{ignore(1, 6, "trivial-wrapper")}},
		{"python a standalone ignore above a decorator targets the decorator", lang.Python,
			"# scbc ignore[trivial-wrapper]\n@dec\ndef _identity(value):\n    return value\n",
			[]source.Directive{ignore(1, 2, "trivial-wrapper")}},
		{"python a docstring line is code", lang.Python,
			"def f():\n    # scbc ignore[x]\n    \"\"\"Doc.\"\"\"\n",
			[]source.Directive{ignore(2, 3, "x")}},
		{"python text in strings is inert", lang.Python,
			"def f():\n    return \"# scbc ignore[not-a-rule]\"\n# scbc ignore[trivial-wrapper]\ndef _g(v):\n    return v\n",
			[]source.Directive{ignore(3, 4, "trivial-wrapper")}},
		{"python ids are trimmed, empties and repeats skipped, reason free", lang.Python,
			"x = 1  # scbc ignore[ a , b,, a ,] because ] of this\n",
			[]source.Directive{ignore(1, 1, "a", "b")}},
		{"python ids run to the end without a closing bracket", lang.Python,
			"x = 1  # scbc ignore[a, b\n", []source.Directive{ignore(1, 1, "a", "b")}},
		{"python no space after the marker", lang.Python, "x = 1  #scbc ignore[a]\n", []source.Directive{ignore(1, 1, "a")}},
		{"python a space before the bracket is silently ignored", lang.Python, "x = 1  # scbc ignore [a]\n", nil},
		{"python other scbc text is silently ignored", lang.Python, "# scbc\n# scbcignore[a]\n# scbc boundaryx\nx = 1\n", nil},
		{"python boundary forms", lang.Python,
			"def f():\n    # scbc boundary\n    # scbc boundary: reason\n    # scbc boundary reason\n    # scbc boundary\treason\n    pass\n",
			[]source.Directive{boundary(2), boundary(3), boundary(4), boundary(5)}},
		{"rust standalone ignore above fn", lang.Rust,
			"// scbc ignore[trivial-wrapper]\nfn identity(value: i32) -> i32 {\n    value\n}\n",
			[]source.Directive{ignore(1, 2, "trivial-wrapper")}},
		{"rust a multi-line block comment between directive and fn is skipped", lang.Rust,
			"// scbc ignore[trivial-wrapper]\n/* a comment\n   over lines\n*/\nfn identity(value: i32) -> i32 {\n    value\n}\n",
			[]source.Directive{ignore(1, 5, "trivial-wrapper")}},
		{"rust doc comments are not directives", lang.Rust,
			"/// scbc ignore[x]\n//! scbc ignore[y]\nfn f() {}\n", nil},
		{"rust block comment directives lose one margin star", lang.Rust,
			"/* scbc ignore[a] */\n/** scbc ignore[b] */\n/*\n * scbc ignore[c]\n */\nfn f() {}\n",
			[]source.Directive{ignore(1, 6, "a"), ignore(2, 6, "b"), ignore(3, 6, "c")}},
		{"rust same-line ignore", lang.Rust, "fn f() {\n    let x = 1; // scbc ignore[x]\n}\n",
			[]source.Directive{ignore(2, 2, "x")}},
		{"rust a code line after a block comment's end is the target", lang.Rust,
			"// scbc ignore[x]\n/* note\n */ fn f() {}\n", []source.Directive{ignore(1, 3, "x")}},
		{"rust a standalone ignore above an attribute targets the attribute", lang.Rust,
			"// scbc ignore[x]\n#[inline]\nfn f() {}\n", []source.Directive{ignore(1, 2, "x")}},
		{"rust text in strings is inert", lang.Rust, "fn f() -> &'static str {\n    \"// scbc ignore[x]\"\n}\n", nil},
		{"rust boundary", lang.Rust, "fn f() {\n    // scbc boundary: generated\n}\n", []source.Directive{boundary(2)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ds, err := parse(t, tc.spec, tc.src).Directives("f")
			require.NoError(t, err)
			assert.Equal(t, tc.want, ds)
		})
	}
}

func TestDirectiveErrors(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want string
		ds   []source.Directive
	}{
		{"wildcard", lang.Python, "x = 1  # scbc ignore[*]\n",
			"p.py:1: wildcard ignores are not supported", []source.Directive{ignore(1, 1)}},
		{"wildcard beside a real id keeps the id", lang.Python, "x = 1  # scbc ignore[*, a, *]\n",
			"p.py:1: wildcard ignores are not supported", []source.Directive{ignore(1, 1, "a")}},
		{"no ids", lang.Python, "x = 1  # scbc ignore[]\n",
			"p.py:1: scbc ignore requires at least one rule id", []source.Directive{ignore(1, 1)}},
		{"only commas and spaces", lang.Python, "x = 1  # scbc ignore[ , ,]\n",
			"p.py:1: scbc ignore requires at least one rule id", []source.Directive{ignore(1, 1)}},
		{"no target at the end of the file", lang.Python, "x = 1\n# scbc ignore[a]\n\n# trailing\n",
			"p.py:2: scbc ignore has no target code line", []source.Directive{ignore(2, 0, "a")}},
		{"all issues of the file, one per line, in order", lang.Rust,
			"// scbc ignore[*]\nfn f() {}\n// scbc ignore[]\n",
			"p.py:1: wildcard ignores are not supported\np.py:3: scbc ignore requires at least one rule id\np.py:3: scbc ignore has no target code line",
			[]source.Directive{ignore(1, 2), ignore(3, 0)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ds, err := parse(t, tc.spec, tc.src).Directives("p.py")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			var de *source.DirectiveError
			require.True(t, errors.As(err, &de))
			assert.Equal(t, "p.py", de.Path)
			assert.Equal(t, tc.ds, ds, "directives are returned with the error")
		})
	}
}

func TestJoinDirectiveErrors(t *testing.T) {
	a := &source.DirectiveError{Path: "a.py", Issues: []source.DirectiveIssue{{3, "x"}, {7, "y"}}}
	b := &source.DirectiveError{Path: "a.py", Issues: []source.DirectiveIssue{{3, "z"}, {5, "w"}}}
	t.Run("merged by line, earlier error first within a line", func(t *testing.T) {
		err := source.JoinDirectiveErrors(nil, a, nil, b)
		assert.Equal(t, "a.py:3: x\na.py:3: z\na.py:5: w\na.py:7: y", err.Error())
	})
	t.Run("nothing to join is nil", func(t *testing.T) {
		assert.NoError(t, source.JoinDirectiveErrors(nil, nil))
	})
	t.Run("other paths and other errors are joined apart", func(t *testing.T) {
		other := &source.DirectiveError{Path: "b.py", Issues: []source.DirectiveIssue{{1, "q"}}}
		plain := errors.New("plain")
		err := source.JoinDirectiveErrors(a, other, plain)
		assert.Equal(t, "a.py:3: x\na.py:7: y\nb.py:1: q\nplain", err.Error())
		assert.ErrorIs(t, err, plain)
	})
}

func TestDirectiveText(t *testing.T) {
	cases := []struct {
		spec    *lang.Spec
		comment string
		want    string
	}{
		{lang.Python, "#  scbc ignore[a]  ", "scbc ignore[a]"},
		{lang.Python, "## scbc", "# scbc"},
		{lang.Rust, "// scbc boundary\n", "scbc boundary"},
		{lang.Rust, "/// scbc ignore[a]", "/ scbc ignore[a]"},
		{lang.Rust, "/* scbc ignore[a] */", "scbc ignore[a]"},
		{lang.Rust, "/**  * scbc ignore[a] */", "* scbc ignore[a]"},
		{lang.Rust, "/**/", ""},
	}
	for _, tc := range cases {
		t.Run(tc.spec.Name+" "+strings.TrimSpace(tc.comment), func(t *testing.T) {
			assert.Equal(t, tc.want, source.DirectiveText(tc.spec, tc.comment))
		})
	}
}

// FuzzDirectives parses arbitrary text in both languages and checks the
// directives against the comments they come from: one directive per comment
// whose text starts a directive, in order; ignore ids trimmed, distinct and
// free of separators; each ignore targeting its own line, the next code
// line or none; and one issue per problem, named by path and line.
func FuzzDirectives(f *testing.F) {
	seeds := []string{
		"x = 1  # scbc ignore[a, *]\n# scbc ignore[b]\ndef f():\n    # scbc boundary\n    pass\n",
		"// scbc ignore[a]\n/* scbc ignore[]\n */ fn f() {}\n/// scbc boundary\n",
		"# scbc ignore[\n", "/* scbc ignore[a", "#scbc boundary:",
		"x = 1  # scbc ignore[ a , b,, a ,] because ] of this\n# scbc ignore[*]\n",
		"# scbc ignore[a]\n\n# other\n   \n",
		"s = '# scbc ignore[x]'  # scbc ignore[y]\n# scbc boundary\treason\n# scbc boundaryx\n",
		"/* a */ // scbc ignore[x]\nfn f() {}\n/*\n * scbc ignore[c]\n */\n/** scbc boundary */\n",
		"fn f() {\n    let x = 1; // scbc ignore[x] /* y */\n}\n//! scbc ignore[z]\n",
		"x = 1\r\n# scbc ignore[a]\r\ny = 2\r\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	parsers := map[*lang.Spec]*source.Parser{}
	for _, spec := range lang.All() {
		p, err := source.NewParser(spec)
		require.NoError(f, err)
		parsers[spec] = p
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, spec := range lang.All() {
			tree, err := parsers[spec].Parse([]byte(src))
			if err != nil {
				continue
			}
			ds, err := tree.Directives("f")
			again, errAgain := tree.Directives("f")
			require.Equal(t, ds, again, "%s: directives of the same tree differ", spec.Name)
			require.Equal(t, err, errAgain, "%s: errors of the same tree differ", spec.Name)
			checkDirectives(t, tree, ds, err)
		}
	})
}

// directiveComment is a comment whose text is a directive.
type directiveComment struct {
	line int
	text string
	// before is the text before the comment on its first line.
	before string
}

// directiveComments returns the comments whose text is a directive, in
// source order; comments inside comments are not comments of their own.
func directiveComments(tree *source.Tree) []directiveComment {
	var out []directiveComment
	for i := 0; i < len(tree.Nodes); i++ {
		if !tree.Is(i, source.ClassComment) {
			continue
		}
		text := source.DirectiveText(tree.Lang, tree.Text(i))
		start := int(tree.Nodes[i].StartByte)
		c := directiveComment{tree.StartLine(i), text, string(tree.Src[bytes.LastIndexByte(tree.Src[:start], '\n')+1 : start])}
		i = int(tree.Nodes[i].End) - 1
		rest, boundary := strings.CutPrefix(text, "scbc boundary")
		r, _ := utf8.DecodeRuneInString(rest)
		if strings.HasPrefix(text, "scbc ignore[") || boundary && (rest == "" || r == ':' || unicode.IsSpace(r)) {
			out = append(out, c)
		}
	}
	return out
}

func checkDirectives(t *testing.T, tree *source.Tree, ds []source.Directive, err error) {
	t.Helper()
	name := tree.Lang.Name
	comments := directiveComments(tree)
	require.Len(t, ds, len(comments), "%s: one directive per directive comment %q", name, comments)
	code := tree.CodeLines()
	var want []source.DirectiveIssue
	for k, d := range ds {
		require.Equal(t, comments[k].line, d.Line, "%s: directive %d line", name, k)
		text := comments[k].text
		if d.Kind == source.DirectiveBoundary {
			require.True(t, strings.HasPrefix(text, "scbc boundary"), "%s: boundary from %q", name, text)
			require.Empty(t, d.IDs, "%s: a boundary has no ids", name)
			require.Zero(t, d.TargetLine, "%s: a boundary has no target", name)
			continue
		}
		require.Equal(t, source.DirectiveIgnore, d.Kind, "%s: directive kind", name)
		require.True(t, strings.HasPrefix(text, "scbc ignore["), "%s: ignore from %q", name, text)
		inner, _, _ := strings.Cut(strings.TrimPrefix(text, "scbc ignore["), "]")
		seen := map[string]bool{}
		for _, id := range d.IDs {
			require.True(t, id != "" && id != "*" && id == strings.TrimSpace(id) && !strings.ContainsAny(id, ",]") && !seen[id],
				"%s: bad id %q in %q", name, id, d.IDs)
			require.Contains(t, inner, id, "%s: id not written in %q", name, text)
			seen[id] = true
		}
		wildcard := slices.ContainsFunc(strings.Split(inner, ","), func(s string) bool { return strings.TrimSpace(s) == "*" })
		if wildcard {
			want = append(want, source.DirectiveIssue{Line: d.Line, Message: source.MsgWildcardIgnore})
		} else if len(d.IDs) == 0 {
			want = append(want, source.DirectiveIssue{Line: d.Line, Message: source.MsgIgnoreNoIDs})
		}
		next := 0
		for _, l := range code {
			if l > d.Line {
				next = l
				break
			}
		}
		codeBefore := strings.TrimFunc(comments[k].before, unicode.IsSpace) != ""
		switch {
		case codeBefore:
			require.Equal(t, d.Line, d.TargetLine, "%s: an ignore after %q targets its own line", name, comments[k].before)
		case d.TargetLine == next:
			if next == 0 {
				want = append(want, source.DirectiveIssue{Line: d.Line, Message: source.MsgIgnoreNoTarget})
			}
		default:
			t.Fatalf("%s: ignore alone on line %d targets %d, not the next code line %d", name, d.Line, d.TargetLine, next)
		}
	}
	if len(want) == 0 {
		require.NoError(t, err, "%s: directives without problems", name)
		return
	}
	var de *source.DirectiveError
	require.True(t, errors.As(err, &de), "%s: %v is a *DirectiveError", name, err)
	require.Equal(t, "f", de.Path, "%s: error path", name)
	require.Equal(t, want, de.Issues, "%s: issues", name)
	msgs := make([]string, len(want))
	for k, is := range want {
		msgs[k] = "f:" + strconv.Itoa(is.Line) + ": " + is.Message
	}
	require.Equal(t, strings.Join(msgs, "\n"), err.Error(), "%s: error text", name)
}
