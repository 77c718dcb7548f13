package compat013

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/source"
)

// SLOC returns the file's SLOC as scb-check 0.1.3 counts it (0.1.3 §3):
// the lines PyTokenLines gives, minus every line of each plain string
// statement that owns its lines. The tree must have been parsed from the
// text 0.1.3 analyses: the file decoded as UTF-8 with replacement
// characters and with universal newlines (\r\n and \r read as \n), since
// 0.1.3 reads files in text mode. An error wraps ErrTokenize when
// tokenize rejects the source. It is Python's rule: call it on Python trees.
//
// The subtraction keeps 0.1.3's quirks: a statement is plain when its only
// named child is a string node whose prefix (lowercased, up to the first
// quote) holds none of the language's kept prefixes (b, f), so a
// concatenated string is never removed; ownership is judged on
// source.splitlines() indexed by tree-sitter row, with tree-sitter's byte
// columns taken as character counts; and the removed lines are the string
// node's tree-sitter rows, applied to tokenize's line numbers. Where a \f,
// \v, \x1c-\x1e, U+0085, U+2028 or U+2029 splits a line the two numberings
// part, and 0.1.3's numbers follow.
func SLOC(t *source.Tree) (source.Lines, error) {
	lines := pySplitLines(t.Src)
	marks, err := pyTokenMarks(t.Src, lines)
	if err != nil {
		return nil, err
	}
	for i := range t.Nodes {
		s := ownedPlainString(t, i, lines)
		if s < 0 {
			continue
		}
		n := &t.Nodes[s]
		for r := int(n.StartRow) + 1; r <= int(n.EndRow)+1 && r < len(marks); r++ {
			marks[r] = false
		}
	}
	return source.LinesFromMarks(marks), nil
}

// PlainString reports whether node i is a plain string statement by
// scb-check 0.1.3's predicate (0.1.3 §3, §7, §8): an expression statement
// whose only named child is a string node with none of the language's kept
// prefixes (b, f) in its lowercased prefix. Unlike today's rule a
// concatenation of triple-quoted strings is not one. Ownership of lines is
// not checked (SLOC adds that).
func PlainString(t *source.Tree, i int) bool {
	if !t.Is(i, source.ClassPlainStatement) {
		return false
	}
	named := t.NamedChildren(i)
	return len(named) == 1 && t.Is(named[0], source.ClassString) && t.IsPlainStringStatement(i, true)
}

// ownedPlainString returns the string child of statement i when i is a
// plain string statement owning its lines by 0.1.3's test, else -1.
func ownedPlainString(t *source.Tree, i int, lines []pyLine) int {
	if !PlainString(t, i) {
		return -1
	}
	s := t.NamedChildren(i)[0]
	n := &t.Nodes[s]
	before := pyLineText(t, lines, int(n.StartRow))
	after := pyLineText(t, lines, int(n.EndRow))
	if !pyBlank(runePrefix(before, byteColumn(t.Src, n.StartByte))) {
		return -1
	}
	if !pyBlank(runeSuffix(after, byteColumn(t.Src, n.EndByte))) {
		return -1
	}
	return s
}

// byteColumn is tree-sitter's column of byte at: bytes since the last \n.
func byteColumn(src []byte, at uint32) int {
	return int(at) - (bytes.LastIndexByte(src[:at], '\n') + 1)
}

// pyLineText is line row (0-based) of source.splitlines(), "" past the end.
func pyLineText(t *source.Tree, lines []pyLine, row int) []byte {
	if row >= len(lines) {
		return nil
	}
	return t.Src[lines[row].Start:lines[row].End]
}

// runePrefix is Python's line[:n] on the decoded line.
func runePrefix(b []byte, n int) []byte {
	i := 0
	for k := 0; k < n && i < len(b); k++ {
		_, size := utf8.DecodeRune(b[i:])
		i += size
	}
	return b[:i]
}

// runeSuffix is Python's line[n:] on the decoded line.
func runeSuffix(b []byte, n int) []byte {
	return b[len(runePrefix(b, n)):]
}

// pyBlank reports whether Python's str.strip() leaves nothing: every rune
// is whitespace by str.isspace, which adds \x1c-\x1f to Unicode's set.
func pyBlank(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if !unicode.IsSpace(r) && (r < 0x1c || r > 0x1f) {
			return false
		}
	}
	return true
}
