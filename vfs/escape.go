package vfs

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// EscapePath returns p as it is shown to a person: p itself when every
// character is valid UTF-8 and graphic (letters, marks, numbers,
// punctuation, symbols and spaces), else p with each byte that is not
// UTF-8 written as \xNN and each other character (control characters such
// as a newline or tab, format characters such as bidirectional overrides,
// line and paragraph separators) written as Go writes it in a quoted
// string (\n, \t, \x1b, \u202e). The rest is kept, backslashes included,
// so a path's valid prefix (its root) is unchanged, and a shown path holds
// no line break and no terminal escape.
func EscapePath(p string) string {
	if !NeedsEscape(p) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(p[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(p[i])&0xf, 16))
		case strconv.IsGraphic(r):
			b.WriteString(p[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// NeedsEscape reports whether EscapePath changes p: p is not valid UTF-8
// or holds a character that is not graphic.
func NeedsEscape(p string) bool {
	if !utf8.ValidString(p) {
		return true
	}
	for _, r := range p {
		if !strconv.IsGraphic(r) {
			return true
		}
	}
	return false
}
