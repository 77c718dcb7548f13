package vfs_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/vfs"
)

func TestEscapePath(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"a plain path is kept", "/tmp/src/a.py", "/tmp/src/a.py"},
		{"spaces and non-ASCII letters are kept", "/tmp/mes données/é b.py", "/tmp/mes données/é b.py"},
		{"a backslash alone is kept", `/tmp/a\b.py`, `/tmp/a\b.py`},
		{"a literal replacement character is valid and kept", "/tmp/\uFFFD.py", "/tmp/\uFFFD.py"},
		{"a byte that is not UTF-8 becomes \\xNN", "/tmp/a\xffb.py", `/tmp/a\xffb.py`},
		{"a truncated sequence is escaped byte by byte", "/tmp/\xe2\x82.py", `/tmp/\xe2\x82.py`},
		{"a newline", "/tmp/a\nb.py", `/tmp/a\nb.py`},
		{"a tab and a carriage return", "a\tb\rc.py", `a\tb\rc.py`},
		{"an escape character and NUL-like controls", "a\x1b[31mb\x01.py", `a\x1b[31mb\x01.py`},
		{"DEL", "a\x7f.py", `a\x7f.py`},
		{"a C1 control (NEL)", "a\u0085.py", `a\u0085.py`},
		{"line and paragraph separators", "a\u2028b\u2029.py", `a\u2028b\u2029.py`},
		{"a bidirectional override", "a\u202eyp.b", `a\u202eyp.b`},
		{"a backslash in an escaped path is kept as is", "a\\x\xff.py", `a\x\xff.py`},
		{"valid and invalid together", "é\xff\n.py", `é\xff\n.py`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, vfs.EscapePath(c.in))
			assert.Equal(t, c.want != c.in, vfs.NeedsEscape(c.in))
		})
	}
}

// Terminal escapes from the analysed code (ESC, BEL, an 8-bit CSI, a
// bidirectional override) are escaped whatever is kept; keep leaves only
// the characters it names, for a source line's tabs or a multi-line
// error's newlines.
func TestEscapePathKeep(t *testing.T) {
	const hostile = "\x1b[31m\a\u009b2J\u202e"
	const shown = `\x1b[31m\a\u009b2J\u202e`
	cases := []struct {
		name, in string
		keep     []rune
		want     string
	}{
		{"nothing kept escapes tabs", "\tx = 1" + hostile, nil, `\tx = 1` + shown},
		{"a kept tab stays, the rest is escaped", "\tx = 1\t# é" + hostile, []rune{'\t'}, "\tx = 1\t# é" + shown},
		{"a kept tab keeps no newline", "a\tb\nc", []rune{'\t'}, "a\tb\\nc"},
		{"kept newlines keep the lines, not a carriage return", "one: " + hostile + "\ntwo\r", []rune{'\n'}, "one: " + shown + "\n" + `two\r`},
		{"a text with only kept characters is unchanged", "a\tb", []rune{'\t'}, "a\tb"},
		{"bytes that are not UTF-8 are escaped whatever is kept", "a\t\x9b", []rune{'\t'}, "a\t\\x9b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := vfs.EscapePath(c.in, c.keep...)
			assert.Equal(t, c.want, got)
			assert.Equal(t, got, vfs.EscapePath(got, c.keep...), "escaping twice changes nothing")
		})
	}
}
