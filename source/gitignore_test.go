package source

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Exclude globs follow globset's defaults: `*` and `?` cross `/`, `**` is
// recursive only as a whole path component.
func TestExcludeGlobMatching(t *testing.T) {
	cases := []struct {
		name    string
		pattern string
		path    string
		want    bool
	}{
		{"recursive suffix matches a direct child", "generated/**", "generated/skip.py", true},
		{"recursive suffix matches a deep child", "generated/**", "generated/a/b.py", true},
		{"recursive suffix does not match the directory itself", "generated/**", "generated", false},
		{"globs are anchored at the start of the path", "generated/**", "src/generated/x.py", false},
		{"star crosses slashes", "tests/fixtures/*", "tests/fixtures/a/b/c.py", true},
		{"star needs the slash before it", "tests/fixtures/*", "tests/fixtures", false},
		{"leading star matches any directory", "*.py", "a/b/c.py", true},
		{"suffix star pattern matches nested generated files", "*_pb2.py", "proto/x_pb2.py", true},
		{"literal matches only the whole path", "foo", "foo", true},
		{"literal does not match a longer name", "foo", "foo.py", false},
		{"literal does not match in a subdirectory", "foo", "a/foo", false},
		{"leading double star matches zero directories", "**/gen/*", "gen/x.py", true},
		{"leading double star matches several directories", "**/gen/*", "a/b/gen/x.py", true},
		{"leading double star stops at a component boundary", "**/gen/*", "agen/x.py", false},
		{"inner double star matches zero directories", "a/**/b.py", "a/b.py", true},
		{"inner double star matches several directories", "a/**/b.py", "a/x/y/b.py", true},
		{"inner double star still needs the slashes", "a/**/b.py", "ab.py", false},
		{"inner double star does not match part of a name", "a/**/b.py", "a/xb.py", false},
		{"lone double star matches everything", "**", "any/thing.py", true},
		{"double star inside a name acts as star", "a**b", "a/x/b", true},
		{"question mark matches one character", "?.py", "a.py", true},
		{"question mark does not match two characters", "?.py", "ab.py", false},
		{"question mark crosses a slash", "a?b.py", "a/b.py", true},
		{"class matches a listed character", "[ab].py", "b.py", true},
		{"class rejects an unlisted character", "[ab].py", "c.py", false},
		{"bang negates a class", "[!ab].py", "c.py", true},
		{"bang negated class rejects a listed character", "[!ab].py", "a.py", false},
		{"caret negates a class too", "[^ab].py", "c.py", true},
		{"caret negated class rejects a listed character", "[^ab].py", "b.py", false},
		{"range matches inside it", "[a-c]x.py", "bx.py", true},
		{"range rejects outside it", "[a-c]x.py", "dx.py", false},
		{"closing bracket first in a class is literal", "[]a].py", "].py", true},
		{"trailing dash in a class is literal", "[a-].py", "-.py", true},
		{"class can match a slash", "x[/]y", "x/y", true},
		{"alternation matches either branch", "{a,b}/*.py", "b/c.py", true},
		{"alternation rejects other text", "{a,b}/*.py", "c/c.py", false},
		{"empty alternative is dropped", "{,a}x", "x", false},
		{"non-empty alternative still matches", "{,a}x", "ax", true},
		{"comma outside braces is literal", "a,b", "a,b", true},
		{"dot is literal", "a.b", "axb", false},
		{"regex metacharacters are literal", "a+b(c)$", "a+b(c)$", true},
		{"absolute path of a file outside the base can match", "*/vendor/*", "/home/u/p/vendor/x.py", true},
		{"anchored relative glob does not match an absolute path", "vendor/**", "/home/u/p/vendor/x.py", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			re, err := compileGlob(tc.pattern, globOptions{})
			require.NoError(t, err)
			assert.Equal(t, tc.want, re.MatchString(tc.path))
		})
	}
}

func TestGlobSyntaxErrors(t *testing.T) {
	cases := []struct {
		name    string
		pattern string
		want    string
	}{
		{"unclosed class is an error", "[abc", `error parsing glob '[abc': unclosed character class; missing ']'`},
		{"class holding only a closing bracket is unclosed", "[]", `error parsing glob '[]': unclosed character class; missing ']'`},
		{"negated class holding only a closing bracket is unclosed", "[!]", `error parsing glob '[!]': unclosed character class; missing ']'`},
		{"reversed range is an error", "[z-a]", `error parsing glob '[z-a]': invalid range; 'z' > 'a'`},
		{"unclosed alternation is an error", "{a,b", `error parsing glob '{a,b': unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)`},
		{"unopened alternation is an error", "a}", `error parsing glob 'a}': unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)`},
		{"extra closing brace is an error", "{a,b}}", `error parsing glob '{a,b}}': unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)`},
		{"trailing backslash is an error", `a\`, `error parsing glob 'a\': dangling '\'`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileGlob(tc.pattern, globOptions{})
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
	t.Run("invalid exclude names the pattern", func(t *testing.T) {
		_, err := compileExcludes([]string{"ok/**", "[abc"})
		require.Error(t, err)
		assert.Equal(t, `invalid exclude pattern "[abc": error parsing glob '[abc': unclosed character class; missing ']'`, err.Error())
	})
}

// Each row is one ignore file in directory /r and one path below it; want
// is whether the path is ignored.
func TestIgnoreFileRules(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		path  string
		isDir bool
		want  bool
	}{
		// Comments, blank lines, whitespace and escapes.
		{"comment line matches nothing", "# comment", "# comment", false, false},
		{"escaped hash is a literal name", `\#hash.py`, "#hash.py", false, true},
		{"escaped bang is a literal name", `\!bang.py`, "!bang.py", false, true},
		{"blank and whitespace lines match nothing", "\n  \n\t\n", "x.py", false, false},
		{"trailing spaces are trimmed", "foo.py   ", "foo.py", false, true},
		{"trailing tabs are trimmed", "foo.py \t", "foo.py", false, true},
		{"escaped trailing space is kept", `foo\ `, "foo ", false, true},
		{"escaped trailing space is required", `foo\ `, "foo", false, false},
		{"CRLF line endings are accepted", "foo.py\r\nbar.py\r\n", "bar.py", false, true},
		{"a leading byte order mark is dropped", "\uFEFFfoo.py", "foo.py", false, true},
		{"escaped star is a literal", `\*star`, "*star", false, true},
		{"escaped star does not match other text", `\*star`, "xstar", false, false},
		// Patterns without an inner slash match a name at any depth.
		{"name matches at the top", "foo.py", "foo.py", false, true},
		{"name matches at any depth", "foo.py", "a/b/foo.py", false, true},
		{"name does not match a longer name", "foo.py", "a/foo.py.bak", false, false},
		{"name does not match a name ending with it", "foo.py", "afoo.py", false, false},
		{"star pattern matches base names at any depth", "*.py", "a/b.py", false, true},
		{"matching is case sensitive", "*.PY", "a.py", false, false},
		{"lone star matches everything", "*", "a/b/c", false, true},
		// Negation: the last matching line wins.
		{"later negation re-includes a file", "*.py\n!keep.py", "keep.py", false, false},
		{"later negation leaves other files ignored", "*.py\n!keep.py", "other.py", false, true},
		{"earlier negation is overridden by a later pattern", "!keep.py\n*.py", "keep.py", false, true},
		{"negation alone ignores nothing", "!keep.py", "keep.py", false, false},
		// A trailing slash restricts a pattern to directories.
		{"directory pattern matches a directory", "build/", "build", true, true},
		{"directory pattern does not match a file", "x.py/", "x.py", false, false},
		{"directory pattern matches at any depth", "build/", "a/build", true, true},
		{"escaped trailing slash is still a directory pattern", `foo\/`, "foo", true, true},
		{"escaped trailing slash does not match a file", `foo\/`, "foo", false, false},
		{"directory-only rule is skipped for a file, so an earlier one decides", "build\n!build/", "build", false, true},
		{"directory-only rule decides for a directory", "build\n!build/", "build", true, false},
		// A slash at the start or in the middle anchors the pattern.
		{"leading slash matches at the top", "/top.py", "top.py", false, true},
		{"leading slash does not match deeper", "/top.py", "a/top.py", false, false},
		{"inner slash matches relative to the file", "a/b.py", "a/b.py", false, true},
		{"inner slash does not match deeper", "a/b.py", "x/a/b.py", false, false},
		{"inner slash with trailing slash is anchored", "doc/frotz/", "doc/frotz", true, true},
		{"inner slash with trailing slash does not match deeper", "doc/frotz/", "a/doc/frotz", true, false},
		// Wildcards do not cross slashes.
		{"star stays in one component", "a/*.py", "a/b.py", false, true},
		{"star does not cross a slash", "a/*.py", "a/c/b.py", false, false},
		{"question mark does not match a slash", "a?b", "a/b", false, false},
		{"question mark matches one character", "a?b", "axb", false, true},
		// Double stars.
		{"leading double star matches at the top", "**/gen", "gen", true, true},
		{"leading double star matches at any depth", "**/gen", "x/y/gen", true, true},
		{"leading double star with a path matches at the top", "**/gen/x.py", "gen/x.py", false, true},
		{"leading double star with a path matches deeper", "**/gen/x.py", "a/gen/x.py", false, true},
		{"trailing double star matches inside", "gen/**", "gen/a.py", false, true},
		{"trailing double star matches deep inside", "gen/**", "gen/a/b.py", false, true},
		{"trailing double star does not match the directory", "gen/**", "gen", true, false},
		{"inner double star matches zero directories", "a/**/b.py", "a/b.py", false, true},
		{"inner double star matches several directories", "a/**/b.py", "a/x/y/b.py", false, true},
		{"inner double star pattern is anchored", "a/**/b.py", "x/a/b.py", false, false},
		{"lone double star matches everything", "**", "deep/x.py", false, true},
		// Classes.
		{"class matches a listed character", "[ab].py", "a.py", false, true},
		{"class rejects an unlisted character", "[ab].py", "c.py", false, false},
		{"negated class matches an unlisted character", "[!ab].py", "c.py", false, true},
		{"unclosed class is a literal bracket", "[abc", "[abc", false, true},
		// Broken lines are skipped, the rest still applies.
		{"invalid range line is skipped", "[z-a]\n*.py", "x.py", false, true},
		{"unclosed alternation line is skipped", "{a", "{a", false, false},
		{"lines after invalid UTF-8 are dropped", "a.py\n\xff\nb.py", "b.py", false, false},
		{"lines before invalid UTF-8 still apply", "a.py\n\xff\nb.py", "a.py", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := parseIgnoreFile("/r", tc.text)
			assert.Equal(t, tc.want, f.match("/r/"+tc.path, tc.isDir) == matchIgnore)
		})
	}
}

func TestIgnoreFileAtFilesystemRoot(t *testing.T) {
	f := parseIgnoreFile("/", "/top.py\n")
	assert.Equal(t, matchIgnore, f.match("/top.py", false), "anchored rule of / matches its child")
	assert.Equal(t, noMatch, f.match("/a/top.py", false), "anchored rule of / does not match deeper")
}

// Precedence between ignore files, as the ignore crate applies it.
func TestIgnoreChainPrecedence(t *testing.T) {
	type level struct {
		dir, dotIgnore, gitIgnore string // "" means no such file
	}
	build := func(levels ...level) *ignoreDir {
		var chain *ignoreDir
		for _, l := range levels {
			d := &ignoreDir{parent: chain}
			if l.dotIgnore != "" {
				d.dotIgnore = parseIgnoreFile(l.dir, l.dotIgnore)
			}
			if l.gitIgnore != "" {
				d.gitIgnore = parseIgnoreFile(l.dir, l.gitIgnore)
			}
			chain = d
		}
		return chain
	}
	cases := []struct {
		name   string
		levels []level // outermost first
		path   string
		want   bool
	}{
		{"no rule matching leaves the file", []level{{"/r", "", "other.py"}}, "/r/a.py", false},
		{"shallower gitignore applies below", []level{{"/r", "", "a.py"}, {"/r/s", "", "x.py"}}, "/r/s/a.py", true},
		{"deeper gitignore negation overrides a shallower ignore", []level{{"/r", "", "*.py"}, {"/r/s", "", "!keep.py"}}, "/r/s/keep.py", false},
		{"deeper gitignore ignore overrides a shallower negation", []level{{"/r", "", "!a.py"}, {"/r/s", "", "a.py"}}, "/r/s/a.py", true},
		{"ignore file negation beats gitignore in the same directory", []level{{"/r", "!a.py", "a.py"}}, "/r/a.py", false},
		{"ignore file ignore beats gitignore negation in the same directory", []level{{"/r", "a.py", "*.py\n!a.py"}}, "/r/a.py", true},
		{"shallower ignore file beats a deeper gitignore", []level{{"/r", "!a.py", ""}, {"/r/s", "", "a.py"}}, "/r/s/a.py", false},
		{"deeper ignore file overrides a shallower one", []level{{"/r", "*.py", ""}, {"/r/s", "!a.py", ""}}, "/r/s/a.py", false},
		{"anchored rule is relative to its own directory", []level{{"/r", "", "/a.py"}, {"/r/s", "", "x"}}, "/r/s/a.py", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, build(tc.levels...).ignored(tc.path, false))
		})
	}
	t.Run("no ignore files ignore nothing", func(t *testing.T) {
		var none *ignoreDir
		assert.False(t, none.ignored("/r/a.py", false))
	})
}
