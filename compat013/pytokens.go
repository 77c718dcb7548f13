package compat013

import (
	"errors"
	"fmt"

	"github.com/scbcheck/scbcheck/source"
)

// ErrTokenize marks a source that Python 3.12's tokenize module rejects
// (scb-check 0.1.3 dies on such a file; a profile skips it with the
// reason). Errors of PyTokenLines wrap it.
var ErrTokenize = errors.New("python tokenize rejects the source")

// pyLine is one element of Python's str.splitlines over the source: the
// bytes [Start, End) without the terminator, and the terminator's length.
type pyLine struct {
	Start, End int
	Term       int
}

// pySplitLines splits src where Python's str.splitlines does: at \n, \r\n,
// \r, \v, \f, \x1c, \x1d, \x1e, U+0085, U+2028 and U+2029.
func pySplitLines(src []byte) []pyLine {
	var out []pyLine
	start := 0
	for i := 0; i < len(src); {
		c := src[i]
		term := 0
		switch {
		case c == '\n', c == '\v', c == '\f', c == 0x1c, c == 0x1d, c == 0x1e:
			term = 1
		case c == '\r':
			term = 1
			if i+1 < len(src) && src[i+1] == '\n' {
				term = 2
			}
		case c == 0xc2 && i+1 < len(src) && src[i+1] == 0x85:
			term = 2
		case c == 0xe2 && i+2 < len(src) && src[i+1] == 0x80 && (src[i+2] == 0xa8 || src[i+2] == 0xa9):
			term = 3
		}
		if term == 0 {
			i++
			continue
		}
		out = append(out, pyLine{Start: start, End: i, Term: term})
		i += term
		start = i
	}
	if start < len(src) {
		out = append(out, pyLine{Start: start, End: len(src)})
	}
	return out
}

// tokenizerInput is the text Python's C tokenizer sees when it reads the
// lines of source.splitlines(keepends=True) one by one: each line keeps a
// terminator other than \n, \r\n or \r as an ordinary character (a form
// feed is whitespace to it, the others are invalid outside strings and
// comments) and is then ended by a \n the reader appends. So line k of the
// result, split on \n only, is line k of tokenize's numbering.
func tokenizerInput(src []byte, lines []pyLine) []byte {
	buf := make([]byte, 0, len(src)+8)
	for _, l := range lines {
		buf = append(buf, src[l.Start:l.End]...)
		if l.Term > 0 && src[l.End] != '\n' && src[l.End] != '\r' {
			buf = append(buf, src[l.End:l.End+l.Term]...)
		}
		buf = append(buf, '\n')
	}
	return buf
}

// PyTokenLines returns the 1-based lines on which Python 3.12's
// tokenize.generate_tokens, fed source.splitlines(keepends=True), starts a
// token other than COMMENT, NL, NEWLINE, INDENT, DEDENT and ENDMARKER: the
// token half of scb-check 0.1.3's SLOC (0.1.3 §3). Lines are numbered as
// tokenize numbers them, so a \f, \v, \x1c-\x1e, U+0085, U+2028 or U+2029
// inside a line starts a new one. An error wrapping ErrTokenize reports a
// source tokenize rejects (unterminated strings, a character it does not
// accept, an inconsistent dedent, tabs mixed with spaces, NUL bytes).
//
// It is a scanner, not a tokenizer: only where a token starts matters, so
// names, numbers and operators are read a character at a time, while
// strings, comments, line continuations, brackets, indentation and the
// f-string modes of Python 3.12 (PEP 701) are followed as CPython's
// tokenizer follows them. Any non-ASCII character outside strings and
// comments reads as part of a name (tokenize does not check identifiers;
// a byte order mark is such a name). An f-string yields FSTRING_START, then
// alternates literal pieces (FSTRING_MIDDLE, split after every {{ or }}
// escape and after a \N{...} escape's closing brace) with the tokens of
// each replacement field (comments allowed), whose format spec is again a
// literal piece that may hold nested fields, and ends with FSTRING_END. A
// FSTRING_MIDDLE starts on the line where the previous token ended, even
// when its text begins with a newline; a format spec's piece is emitted
// even when empty.
//
// The tree-sitter tree cannot stand in for this: its string nodes do not
// say where tokenize splits literal pieces at escapes, nor where an empty
// format-spec piece starts, and its rows count \n only. What is not
// emulated: CPython's own crashes (a SystemError on some debug '=' fields
// spanning lines in nested f-strings) and its error recovery on invalid
// f-strings.
func PyTokenLines(src []byte) (source.Lines, error) {
	marks, err := pyTokenMarks(src, pySplitLines(src))
	if err != nil {
		return nil, err
	}
	return source.LinesFromMarks(marks), nil
}

func pyTokenMarks(src []byte, lines []pyLine) ([]bool, error) {
	s := &pyScanner{buf: tokenizerInput(src, lines), line: 1, atLineStart: true, indents: []indent{{}}}
	s.marks = make([]bool, len(lines)+2)
	if err := s.run(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %s", ErrTokenize, s.errLine, err.Error())
	}
	return s.marks, nil
}

// fstringMode is one f-string being scanned, CPython's tokenizer_mode.
type fstringMode struct {
	quote     byte
	quoteSize int
	raw       bool
	// inExpr is true while the scanner reads a replacement field's tokens
	// (regular mode), false while it reads literal text (f-string mode).
	inExpr bool
	// depth counts the brackets open inside this f-string (field braces
	// included); exprStart is the depth at which the innermost open field
	// started, -1 outside any field.
	depth, exprStart int
}

type indent struct{ col, alt int }

type pyScanner struct {
	buf         []byte
	pos         int
	line        int
	marks       []bool
	modes       []fstringMode
	level       int
	atLineStart bool
	contLine    bool
	indents     []indent
	errLine     int
}

type scanError string

func (e scanError) Error() string { return string(e) }

func (s *pyScanner) fail(msg string) error {
	s.errLine = s.line
	return scanError(msg)
}

func (s *pyScanner) mark() {
	if s.line < len(s.marks) {
		s.marks[s.line] = true
	}
}

// next returns the next byte, or -1 at the end; a \n advances the line.
func (s *pyScanner) next() int {
	if s.pos >= len(s.buf) {
		s.pos++ // so that back() after an end is symmetric
		return -1
	}
	c := s.buf[s.pos]
	s.pos++
	if c == '\n' {
		s.line++
	}
	return int(c)
}

// back undoes next.
func (s *pyScanner) back() {
	s.pos--
	if s.pos < len(s.buf) && s.buf[s.pos] == '\n' {
		s.line--
	}
}

func (s *pyScanner) peek() int {
	if s.pos >= len(s.buf) {
		return -1
	}
	return int(s.buf[s.pos])
}

func (s *pyScanner) run() error {
	for s.pos < len(s.buf) {
		var err error
		if n := len(s.modes); n > 0 && !s.modes[n-1].inExpr {
			err = s.fstringStep()
		} else {
			err = s.regularStep()
		}
		if err != nil {
			return err
		}
	}
	if len(s.modes) > 0 {
		return s.fail("unterminated f-string literal")
	}
	if s.level > 0 || s.contLine {
		return s.fail("unexpected EOF in multi-line statement")
	}
	return nil
}

// lineIndent reads the indentation at the start of a line and checks it
// against the stack as CPython does; blank and comment-only lines do not
// count.
func (s *pyScanner) lineIndent() error {
	col, alt := 0, 0
	i := s.pos
	for ; i < len(s.buf); i++ {
		switch s.buf[i] {
		case ' ':
			col++
			alt++
			continue
		case '\t':
			col = (col/8 + 1) * 8
			alt++
			continue
		case '\f':
			col, alt = 0, 0
			continue
		}
		break
	}
	if i >= len(s.buf) || s.buf[i] == '#' || s.buf[i] == '\n' {
		return nil
	}
	top := s.indents[len(s.indents)-1]
	switch {
	case col == top.col:
		if alt != top.alt {
			return s.fail("inconsistent use of tabs and spaces in indentation")
		}
	case col > top.col:
		if alt <= top.alt {
			return s.fail("inconsistent use of tabs and spaces in indentation")
		}
		s.indents = append(s.indents, indent{col, alt})
	default:
		for len(s.indents) > 1 && col < s.indents[len(s.indents)-1].col {
			s.indents = s.indents[:len(s.indents)-1]
		}
		top = s.indents[len(s.indents)-1]
		if col != top.col {
			return s.fail("unindent does not match any outer indentation level")
		}
		if alt != top.alt {
			return s.fail("inconsistent use of tabs and spaces in indentation")
		}
	}
	return nil
}

// regularStep reads one token (or skips blanks, a comment, a newline or a
// line continuation) outside f-string literal text.
func (s *pyScanner) regularStep() error {
	if s.atLineStart {
		s.atLineStart = false
		if s.level == 0 && !s.contLine {
			if err := s.lineIndent(); err != nil {
				return err
			}
		}
		s.contLine = false
	}
	c := s.next()
	switch {
	case c == ' ' || c == '\t' || c == '\f':
		return nil
	case c == '\n':
		s.atLineStart = true
		return nil
	case c == '#':
		for p := s.peek(); p != '\n' && p != -1; p = s.peek() {
			s.pos++
		}
		return nil
	case c == '\\':
		if s.next() != '\n' {
			return s.fail("unexpected character after line continuation character")
		}
		s.atLineStart = true
		s.contLine = true
		return nil
	case c == 0:
		return s.fail("source code cannot contain null bytes")
	}
	s.mark()
	switch {
	case c == '"' || c == '\'':
		return s.stringBody(byte(c), false, false)
	case isNameStart(c):
		return s.name(c)
	case c >= '0' && c <= '9' || c == '.':
		for p := s.peek(); p == '.' || p == '_' || isASCIIAlnum(p); p = s.peek() {
			s.pos++
		}
		return nil
	}
	return s.operator(c)
}

func isASCIIAlnum(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isNameStart(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// name reads an identifier, or a string prefix and its string.
func (s *pyScanner) name(c int) error {
	start := s.pos - 1
	for {
		p := s.peek()
		if !(isNameStart(p) || p >= '0' && p <= '9') {
			break
		}
		s.pos++
	}
	word := s.buf[start:s.pos]
	if q := s.peek(); q == '"' || q == '\'' {
		if raw, f, ok := stringPrefix(word); ok {
			s.pos++
			return s.stringBody(byte(q), raw, f)
		}
	}
	return nil
}

// stringPrefix reports whether word is a Python 3.12 string prefix, and
// whether it makes a raw string and an f-string.
func stringPrefix(word []byte) (raw, f, ok bool) {
	if len(word) > 2 {
		return false, false, false
	}
	var seen [3]bool // r, b or u, f
	for _, c := range word {
		switch c | 0x20 {
		case 'r':
			if raw {
				return false, false, false
			}
			raw = true
		case 'b', 'u', 'f':
			k := 1
			if c|0x20 == 'f' {
				k = 2
			}
			if seen[1] || seen[2] {
				return false, false, false
			}
			seen[k] = true
		default:
			return false, false, false
		}
	}
	// u combines with nothing.
	if len(word) == 2 && (word[0]|0x20 == 'u' || word[1]|0x20 == 'u') {
		return false, false, false
	}
	return raw, seen[2], true
}

// operator reads one operator character, following brackets and the
// replacement-field structure of an enclosing f-string.
func (s *pyScanner) operator(c int) error {
	var m *fstringMode
	if n := len(s.modes); n > 0 {
		m = &s.modes[n-1]
	}
	if m != nil && c == ':' && m.exprStart >= 0 && m.depth-1 == m.exprStart {
		m.inExpr = false // a format spec follows
		return nil
	}
	switch c {
	case '(', '[', '{':
		s.level++
		if m != nil {
			m.depth++
		}
	case ')', ']', '}':
		if m != nil && m.depth == 0 && c == '}' {
			return s.fail("f-string: single '}' is not allowed")
		}
		if s.level > 0 {
			s.level--
		}
		if m != nil {
			m.depth--
			if c == '}' && m.depth == m.exprStart {
				m.exprStart--
				m.inExpr = false
			}
		}
	default:
		if c < 0x20 || c == 0x7f {
			return s.fail(fmt.Sprintf("invalid non-printable character U+%04X", c))
		}
	}
	return nil
}

// stringBody reads a string after its opening quote. An f-string pushes a
// mode and returns at once; its body is read by fstringStep.
func (s *pyScanner) stringBody(q byte, raw, f bool) error {
	size := 1
	if s.peek() == int(q) && s.pos+1 < len(s.buf) && s.buf[s.pos+1] == q {
		s.pos += 2
		size = 3
	}
	if f {
		s.modes = append(s.modes, fstringMode{quote: q, quoteSize: size, raw: raw, exprStart: -1})
		return nil
	}
	startLine := s.line
	run := 0
	for {
		c := s.next()
		switch {
		case c == -1 || size == 1 && c == '\n':
			s.line = startLine
			if size == 3 {
				return s.fail("unterminated triple-quoted string literal")
			}
			return s.fail("unterminated string literal")
		case c == int(q):
			run++
			if run == size {
				return nil
			}
			continue
		case c == '\\':
			s.next()
		}
		run = 0
	}
}

// fstringStep reads what follows in an f-string's literal text: the start
// of a replacement field, the closing quotes, or one literal piece
// (FSTRING_MIDDLE), as CPython's f-string mode does.
func (s *pyScanner) fstringStep() error {
	m := &s.modes[len(s.modes)-1]
	inSpec := m.exprStart >= 0
	startLine := s.line
	if c := s.next(); c == '{' {
		p := s.next()
		s.back()
		s.back()
		if p != '{' {
			m.exprStart++
			m.inExpr = true
			return nil
		}
	} else {
		s.back()
	}
	closing := true
	for i := 0; i < m.quoteSize; i++ {
		if s.next() != int(m.quote) {
			s.back()
			for j := 0; j < i; j++ {
				s.back()
			}
			closing = false
			break
		}
	}
	s.mark()
	if closing {
		s.modes = s.modes[:len(s.modes)-1]
		return nil
	}
	unicodeEscape := false
	run := 0
	for run != m.quoteSize {
		c := s.next()
		if c == -1 || m.quoteSize == 1 && c == '\n' {
			if inSpec && c == '\n' {
				s.back()
				m.inExpr = true
				return nil
			}
			s.line = startLine
			return s.fail("unterminated f-string literal")
		}
		if c == int(m.quote) {
			run++
			continue
		}
		run = 0
		switch c {
		case '{':
			if p := s.next(); p != '{' || inSpec {
				s.back()
				s.back()
				m.exprStart++
				m.inExpr = true
			}
			return nil
		case '}':
			if unicodeEscape {
				return nil
			}
			if p := s.next(); p != '}' || inSpec {
				s.back()
				s.back()
				m.inExpr = true
			}
			return nil
		case '\\':
			p := s.next()
			if p == '{' || p == '}' {
				s.back()
				continue
			}
			if !m.raw && p == 'N' {
				if s.next() == '{' {
					unicodeEscape = true
				} else {
					s.back()
				}
			}
		}
	}
	for i := 0; i < m.quoteSize; i++ {
		s.back()
	}
	return nil
}
