package vfs

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// EscapePath returns s as it is shown to a person on a terminal; s is a
// path or any other text that comes from the analysed tree (a function
// name, a message quoting source, a source line, a commit subject, an
// error naming a rule id). It is s itself when every character is valid
// UTF-8 and graphic (letters, marks, numbers, punctuation, symbols and
// spaces), else s with each byte that is not UTF-8 written as \xNN and
// each other character (control characters such as a newline, a tab, ESC,
// BEL or a C1 control like U+009B, format characters such as
// bidirectional overrides, line and paragraph separators) written as Go
// writes it in a quoted string (\n, \t, \x1b, \a, \u009b, \u202e). The
// characters in keep are left as they are: the layout of a multi-line
// text (its newlines) or of a source line (its tabs); nothing else a
// terminal would act on, or that would hide text, is kept. The rest is
// kept, backslashes included, so a path's valid prefix (its root) is
// unchanged, escaping twice changes nothing, and a shown text holds no
// line break (unless kept) and no terminal escape.
func EscapePath(s string, keep ...rune) string {
	if !needsEscape(s, keep) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&0xf, 16))
		case strconv.IsGraphic(r) || slices.Contains(keep, r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// NeedsEscape reports whether EscapePath changes p (keeping nothing): p
// is not valid UTF-8 or holds a character that is not graphic.
func NeedsEscape(p string) bool { return needsEscape(p, nil) }

func needsEscape(s string, keep []rune) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if !strconv.IsGraphic(r) && !slices.Contains(keep, r) {
			return true
		}
	}
	return false
}
