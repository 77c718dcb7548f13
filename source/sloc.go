package source

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/lang"
)

// SLOC returns the file's source lines of code per the language's mode.
func (t *Tree) SLOC() Lines {
	if t.Lang.SLOC == lang.SLOCByLines {
		return t.slocByLines()
	}
	return t.slocByTokens()
}

// lineCount is the number of lines the source splits into on "\n", with
// no empty line after a final newline.
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

func (t *Tree) slocByTokens() Lines {
	marks := make([]bool, lineCount(t.Src)+2)
	mark := func(row uint32) {
		if int(row)+1 < len(marks) {
			marks[row+1] = true
		}
	}
	for i := 0; i < len(t.Nodes); {
		n := &t.Nodes[i]
		c := t.Grammar.ClassOf(n.Kind)
		switch {
		case c&ClassComment != 0:
			i = int(n.End)
		case c&ClassString != 0:
			// Inner lines of a multi-line string are not SLOC.
			mark(n.StartRow)
			i = int(n.End)
		case int(n.End) == i+1:
			if len(bytes.TrimFunc(t.Src[n.StartByte:n.EndByte], unicode.IsSpace)) > 0 {
				mark(n.StartRow)
			}
			i++
		default:
			i++
		}
	}
	for i := range t.Nodes {
		if t.Is(i, ClassPlainStatement) && t.isPlainStringStatement(i, true) && t.ownsLines(i) {
			for r := t.Nodes[i].StartRow; r <= t.Nodes[i].EndRow; r++ {
				if int(r)+1 < len(marks) {
					marks[r+1] = false
				}
			}
		}
	}
	return LinesFromMarks(marks)
}

// isPlainStringStatement reports whether statement i is a lone string (a
// docstring-like statement). With checkPrefix, strings prefixed with one of
// the language's kept prefixes (b"", f"") make it not plain.
func (t *Tree) isPlainStringStatement(i int, checkPrefix bool) bool {
	named := t.NamedChildren(i)
	lone := len(named) == 1 && t.Is(named[0], ClassString)
	if !lone {
		text := t.Bytes(i)
		lone = tripleQuoted(text, `"""`) || tripleQuoted(text, `'''`)
	}
	if !lone {
		return false
	}
	if !checkPrefix || t.Lang.StringPrefixesKeptInSLOC == "" {
		return true
	}
	for j := i + 1; j < int(t.Nodes[i].End); j++ {
		if !t.Is(j, ClassString) {
			continue
		}
		text := t.Bytes(j)
		q := bytes.IndexAny(text, `"'`)
		if q < 0 {
			q = len(text)
		}
		if strings.ContainsAny(strings.ToLower(string(text[:q])), t.Lang.StringPrefixesKeptInSLOC) {
			return false
		}
	}
	return true
}

func tripleQuoted(text []byte, q string) bool {
	return len(text) >= 2*len(q) && bytes.HasPrefix(text, []byte(q)) && bytes.HasSuffix(text, []byte(q))
}

// ownsLines reports whether node i has only whitespace before it on its
// first line and after it on its last line.
func (t *Tree) ownsLines(i int) bool {
	n := &t.Nodes[i]
	start := bytes.LastIndexByte(t.Src[:n.StartByte], '\n') + 1
	if !isBlank(t.Src[start:n.StartByte]) {
		return false
	}
	rest := t.Src[n.EndByte:]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		end = len(rest)
	}
	return isBlank(rest[:end])
}

func isBlank(b []byte) bool { return len(bytes.TrimFunc(b, unicode.IsSpace)) == 0 }

func (t *Tree) slocByLines() Lines {
	masked := t.withoutComments()
	marks := make([]bool, lineCount(t.Src)+2)
	line := 1
	for len(masked) > 0 {
		end := bytes.IndexByte(masked, '\n')
		var l []byte
		if end < 0 {
			l, masked = masked, nil
		} else {
			l, masked = masked[:end], masked[end+1:]
		}
		l = bytes.TrimSuffix(l, []byte{'\r'})
		if t.isCodeLine(l) {
			marks[line] = true
		}
		line++
	}
	return LinesFromMarks(marks)
}

// withoutComments returns a copy of the source with every comment byte
// replaced by a space (newlines kept, so line numbers stay).
func (t *Tree) withoutComments() []byte {
	out := append([]byte(nil), t.Src...)
	for i := 0; i < len(t.Nodes); {
		n := &t.Nodes[i]
		if t.Grammar.ClassOf(n.Kind)&ClassComment == 0 {
			i++
			continue
		}
		for b := n.StartByte; b < n.EndByte; b++ {
			if out[b] != '\n' {
				out[b] = ' '
			}
		}
		i = int(n.End)
	}
	return out
}

// isCodeLine reports whether a comment-free line holds anything besides
// whitespace and the language's punctuation-only characters.
func (t *Tree) isCodeLine(l []byte) bool {
	for len(l) > 0 {
		r, size := utf8.DecodeRune(l)
		l = l[size:]
		if unicode.IsSpace(r) || strings.ContainsRune(t.Lang.PunctuationOnly, r) {
			continue
		}
		return true
	}
	return false
}

// CodeLines returns the lines holding any non-whitespace outside comments,
// the lines an ignore directive can target.
func (t *Tree) CodeLines() Lines {
	masked := t.withoutComments()
	marks := make([]bool, lineCount(t.Src)+2)
	line := 1
	for _, l := range bytes.Split(masked, []byte{'\n'}) {
		if line < len(marks) && !isBlank(l) {
			marks[line] = true
		}
		line++
	}
	return LinesFromMarks(marks)
}
