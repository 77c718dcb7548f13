package change

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// PatchFile is one file of a unified diff.
type PatchFile struct {
	// OldPath and NewPath are the file's names before and after the
	// change, slash-separated as the patch spells them, with git's a/ and
	// b/ prefixes removed; empty for /dev/null (a file added or deleted).
	OldPath, NewPath string
	// Added are the line numbers, in the new file, of the lines the patch
	// adds, in increasing order.
	Added []int
}

// Patch is a unified diff: its files in the order it lists them.
type Patch struct {
	Files []PatchFile
}

// Added maps each file the patch leaves in place (NewPath not empty) to
// its added lines; a file listed twice has its lines merged.
func (p *Patch) Added() map[string][]int {
	out := map[string][]int{}
	for _, f := range p.Files {
		if f.NewPath == "" {
			continue
		}
		out[f.NewPath] = mergeLines(out[f.NewPath], f.Added)
	}
	return out
}

// mergeLines is the sorted union of two increasing line lists.
func mergeLines(a, b []int) []int {
	if len(a) == 0 {
		return append([]int(nil), b...)
	}
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// PatchError is a malformed patch: the file and the line (1-based) where
// reading it failed, and why.
type PatchError struct {
	File string
	Line int
	Msg  string
}

func (e *PatchError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ParsePatch reads a unified diff, named name in its errors: git's format
// (a "diff --git" header, extended headers, renames and copies, quoted
// names, binary files) and the plain one of diff -u ("--- old" and "+++
// new" with optional timestamps after a tab). Text outside the files (a
// commit message, diff's "Only in" lines) is passed over; "\ No newline
// at end of file" markers are allowed after any line of a hunk, and an
// empty line inside a hunk is an empty context line (as git apply takes
// it). In git's format each name loses its first component (a/, b/, as
// git apply -p1 does); plain names are kept as written. A hunk whose
// lines do not match its header's counts, a malformed hunk header, a hunk
// outside a file or a bad quoted name is a *PatchError naming the line.
func ParsePatch(name string, data []byte) (*Patch, error) {
	p := &patchReader{name: name, lines: splitPatchLines(data)}
	if err := p.read(); err != nil {
		return nil, err
	}
	return &Patch{Files: p.files}, nil
}

// splitPatchLines splits data into lines without their line feeds; a
// last line without one is a line all the same.
func splitPatchLines(data []byte) []string {
	if len(data) == 0 {
		return nil
	}
	lines := strings.Split(string(data), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// patchReader reads a patch's lines in order.
type patchReader struct {
	name  string
	lines []string
	i     int // the index of the next line to read
	files []PatchFile
	// cur is the file whose headers or hunks are being read, nil before
	// the first; git says it is in git's format (p1 names), and
	// gitPending that its "---" and "+++" lines are still to come.
	cur             *PatchFile
	git, gitPending bool
}

func (p *patchReader) fail(line int, format string, a ...any) error {
	return &PatchError{File: p.name, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// header is a header line without a carriage return a CRLF patch leaves.
func header(line string) string { return strings.TrimSuffix(line, "\r") }

func (p *patchReader) read() error {
	for p.i < len(p.lines) {
		n, line := p.i+1, header(p.lines[p.i])
		p.i++
		switch {
		case strings.HasPrefix(line, "diff --git "):
			p.startGit(line)
		case strings.HasPrefix(line, "--- ") && p.i < len(p.lines) && strings.HasPrefix(p.lines[p.i], "+++ "):
			if err := p.names(n, line, header(p.lines[p.i])); err != nil {
				return err
			}
			p.i++
		case strings.HasPrefix(line, "@@ "):
			if p.cur == nil {
				return p.fail(n, "hunk outside a file: no '---' and '+++' lines before it")
			}
			if err := p.hunk(n, line); err != nil {
				return err
			}
		case p.git && p.cur != nil:
			if err := p.gitHeader(n, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// startGit starts a file of git's format. Its names are taken from the
// "---"/"+++" lines or the rename and copy headers that follow; the
// "diff --git" line's own names are used only when none follows (a mode
// change, a binary file) and both are the same name.
func (p *patchReader) startGit(line string) {
	p.files = append(p.files, PatchFile{})
	p.cur, p.git, p.gitPending = &p.files[len(p.files)-1], true, true
	rest := strings.TrimPrefix(line, "diff --git ")
	if a, b, ok := sameNames(rest); ok {
		p.cur.OldPath, p.cur.NewPath = a, b
	}
}

// sameNames splits the names of an unquoted "diff --git a/x b/x" line
// whose two names are the same file: its two halves, less a prefix each,
// are equal. Quoted names are unquoted when both parse.
func sameNames(rest string) (string, string, bool) {
	if strings.HasPrefix(rest, `"`) {
		a, tail, err := unquoteName(rest)
		if err != nil || !strings.HasPrefix(tail, " ") {
			return "", "", false
		}
		b := strings.TrimPrefix(tail, " ")
		if strings.HasPrefix(b, `"`) {
			if b, _, err = unquoteName(b); err != nil {
				return "", "", false
			}
		}
		return stripComponent(a), stripComponent(b), true
	}
	if len(rest)%2 == 0 {
		return "", "", false
	}
	half := len(rest) / 2
	a, b := rest[:half], rest[half+1:]
	if rest[half] != ' ' || stripComponent(a) != stripComponent(b) {
		return "", "", false
	}
	return stripComponent(a), stripComponent(b), true
}

// gitHeader reads one of git's extended header lines.
func (p *patchReader) gitHeader(n int, line string) error {
	for _, h := range []struct {
		prefix string
		field  *string
	}{
		{"rename from ", &p.cur.OldPath}, {"rename to ", &p.cur.NewPath},
		{"copy from ", &p.cur.OldPath}, {"copy to ", &p.cur.NewPath},
	} {
		if rest, ok := strings.CutPrefix(line, h.prefix); ok {
			name, err := patchName(rest, false)
			if err != nil {
				return p.fail(n, "%v", err)
			}
			*h.field = name
			return nil
		}
	}
	switch {
	case strings.HasPrefix(line, "deleted file mode "):
		p.cur.NewPath = ""
	case strings.HasPrefix(line, "new file mode "):
		p.cur.OldPath = ""
	case line == "GIT binary patch":
		p.skipBinary()
	}
	return nil
}

// skipBinary passes over a "GIT binary patch" body: its literal and delta
// blocks of encoded lines, each ended by an empty line.
func (p *patchReader) skipBinary() {
	for p.i < len(p.lines) {
		line := header(p.lines[p.i])
		if strings.HasPrefix(line, "diff --git ") || strings.HasPrefix(line, "--- ") {
			return
		}
		p.i++
	}
}

// names reads a file's "---" and "+++" lines (n is the first's number):
// in git's format they name the file the "diff --git" line started, else
// they start a plain file.
func (p *patchReader) names(n int, minus, plus string) error {
	oldName, err := patchName(strings.TrimPrefix(minus, "--- "), true)
	if err != nil {
		return p.fail(n, "%v", err)
	}
	newName, err := patchName(strings.TrimPrefix(plus, "+++ "), true)
	if err != nil {
		return p.fail(n+1, "%v", err)
	}
	if !p.gitPending {
		p.files = append(p.files, PatchFile{})
		p.cur, p.git = &p.files[len(p.files)-1], false
	}
	p.gitPending = false
	if p.git {
		oldName, newName = stripComponent(oldName), stripComponent(newName)
	}
	p.cur.OldPath, p.cur.NewPath = oldName, newName
	return nil
}

// devNull is the name a patch gives the missing side of an added or
// deleted file.
const devNull = "/dev/null"

// patchName reads a name of a patch line: a quoted name (git's and GNU
// diff's C-style quoting), else the text up to a tab (diff -u's
// timestamp follows one; git adds one after a name holding a space) when
// timestamped, else the whole text. /dev/null is "".
func patchName(s string, timestamped bool) (string, error) {
	var name string
	if strings.HasPrefix(s, `"`) {
		n, _, err := unquoteName(s)
		if err != nil {
			return "", err
		}
		name = n
	} else {
		name = s
		if timestamped {
			name, _, _ = strings.Cut(s, "\t")
		}
	}
	if name == devNull {
		return "", nil
	}
	return name, nil
}

// stripComponent removes a name's first component (git's a/ or b/); ""
// (/dev/null) stays "".
func stripComponent(name string) string {
	if _, rest, ok := strings.Cut(name, "/"); ok {
		return rest
	}
	return name
}

// unquoteName reads a C-style quoted name at the start of s (git's
// quoting: \a \b \t \n \v \f \r \" \\ and three octal digits for any
// byte) and returns it with the text after the closing quote.
func unquoteName(s string) (string, string, error) {
	var b bytes.Buffer
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			return b.String(), s[i+1:], nil
		case '\\':
			if i+1 >= len(s) {
				return "", "", fmt.Errorf("quoted name %s ends inside an escape", s)
			}
			i++
			if e := strings.IndexByte(`abtnvfr"\`, s[i]); e >= 0 {
				b.WriteByte("\a\b\t\n\v\f\r\"\\"[e])
				continue
			}
			if i+2 < len(s) && isOctal(s[i]) && isOctal(s[i+1]) && isOctal(s[i+2]) && s[i] <= '3' {
				b.WriteByte((s[i]-'0')<<6 | (s[i+1]-'0')<<3 | (s[i+2] - '0'))
				i += 2
				continue
			}
			return "", "", fmt.Errorf("quoted name %s has an unknown escape \\%c", s, s[i])
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("quoted name %s has no closing quote", s)
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

// hunk reads a hunk whose header "@@ -a,b +c,d @@" is on line n: exactly
// b lines of the old side (context and removed) and d of the new side
// (context and added), recording the added lines' numbers.
func (p *patchReader) hunk(n int, line string) error {
	oldCount, newStart, newCount, err := hunkHeader(line)
	if err != nil {
		return p.fail(n, "%v", err)
	}
	if p.cur.Added == nil {
		p.cur.Added = []int{}
	}
	next := newStart
	for oldCount > 0 || newCount > 0 {
		if p.i >= len(p.lines) {
			return p.fail(len(p.lines), "the hunk at line %d ends early: %d old and %d new lines missing", n, oldCount, newCount)
		}
		ln, body := p.i+1, p.lines[p.i]
		p.i++
		kind := byte(' ')
		if body != "" && body != "\r" {
			kind = body[0]
		}
		switch kind {
		case ' ':
			oldCount, newCount = oldCount-1, newCount-1
			next++
		case '-':
			oldCount--
		case '+':
			newCount--
			p.cur.Added = append(p.cur.Added, next)
			next++
		case '\\':
			continue
		default:
			return p.fail(ln, "the hunk at line %d expects %d more old and %d more new lines; this line starts with none of ' ', '-', '+'", n, max(oldCount, 0), max(newCount, 0))
		}
		if oldCount < 0 || newCount < 0 {
			return p.fail(ln, "the hunk at line %d has more lines than its header counts", n)
		}
	}
	// A marker after the hunk's last line belongs to it.
	for p.i < len(p.lines) && strings.HasPrefix(p.lines[p.i], `\`) {
		p.i++
	}
	return nil
}

// hunkHeader reads "@@ -a[,b] +c[,d] @@[ section]": the old count, the
// new start and the new count (a count left out is 1).
func hunkHeader(line string) (oldCount, newStart, newCount int, err error) {
	fields := strings.Fields(line)
	if len(fields) < 4 || fields[3] != "@@" || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q (expected \"@@ -a,b +c,d @@\")", line)
	}
	_, oldCount, err1 := hunkRange(fields[1][1:])
	newStart, newCount, err2 := hunkRange(fields[2][1:])
	if err1 != nil || err2 != nil {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q (expected \"@@ -a,b +c,d @@\")", line)
	}
	return oldCount, newStart, newCount, nil
}

// hunkRange reads "start[,count]".
func hunkRange(s string) (start, count int, err error) {
	first, second, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(first); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(second); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad range %q", s)
		}
	}
	return start, count, nil
}
