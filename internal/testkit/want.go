package testkit

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/scbcheck/scbcheck/source"
)

// wantPrefix opens an annotation, right after the comment marker.
const wantPrefix = "want"

// Want is one annotation: the expectations stated on one line.
type Want struct {
	// File is the fixture path as given to ParseWants.
	File string
	// Line is the 1-based line the annotation sits on.
	Line int
	// Values holds the key:"value" pairs.
	Values map[string]string
	// IDs holds the bare quoted strings, in the order written.
	IDs []string
}

// Pos is the annotation's position, "file:line".
func (w *Want) Pos() string { return pos(w.File, w.Line) }

// Wants are the annotations of one fixture file, by line.
type Wants struct {
	File  string
	Lines map[int]*Want
}

func pos(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }

// ParseWants collects the want annotations of a parsed file. path names the
// file in messages. Every malformed annotation is reported, each naming its
// file:line; a file without annotations yields empty Wants.
func ParseWants(path string, tree *source.Tree) (Wants, error) {
	ws := Wants{File: path, Lines: map[int]*Want{}}
	marker := tree.Lang.LineComment
	var errs []error
	for i := range tree.Nodes {
		if !tree.Is(i, source.ClassComment) {
			continue
		}
		text, ok := strings.CutPrefix(tree.Text(i), marker)
		if !ok {
			continue // a block comment, or another comment form
		}
		body, ok := annotationBody(text)
		if !ok {
			continue
		}
		line := tree.StartLine(i)
		w, err := parseAnnotation(path, line, body)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if prev, dup := ws.Lines[line]; dup {
			errs = append(errs, fmt.Errorf("%s: second want annotation on the line (first at %s)", w.Pos(), prev.Pos()))
			continue
		}
		ws.Lines[line] = w
	}
	return ws, errors.Join(errs...)
}

// annotationBody returns the text after "want" when the comment text (the
// part after the marker) is an annotation.
func annotationBody(text string) (string, bool) {
	text = strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(text, wantPrefix)
	if !ok {
		return "", false
	}
	if rest == "" {
		return "", true // "want" alone: malformed, reported by the parser
	}
	if rest[0] != ' ' && rest[0] != '\t' {
		return "", false // "wanted", "wants": ordinary prose
	}
	return rest, true
}

func parseAnnotation(file string, line int, body string) (*Want, error) {
	w := &Want{File: file, Line: line, Values: map[string]string{}}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: malformed want annotation: %s", w.Pos(), fmt.Sprintf(format, args...))
	}
	rest := strings.TrimSpace(body)
	if rest == "" {
		return nil, fail("no expectations after %q", wantPrefix)
	}
	for rest != "" {
		if rest[0] == '"' || rest[0] == '`' {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fail("bad quoted string at %q", rest)
			}
			id, _ := strconv.Unquote(q)
			if id == "" {
				return nil, fail("empty quoted string")
			}
			w.IDs = append(w.IDs, id)
			rest = rest[len(q):]
		} else {
			key, after, ok := strings.Cut(rest, ":")
			if !ok || !validKey(key) {
				return nil, fail("expected key:\"value\" or \"id\" at %q", rest)
			}
			q, err := strconv.QuotedPrefix(after)
			if err != nil {
				return nil, fail("value of %q is not a quoted string at %q", key, after)
			}
			if _, dup := w.Values[key]; dup {
				return nil, fail("key %q given twice", key)
			}
			w.Values[key], _ = strconv.Unquote(q)
			rest = after[len(q):]
		}
		if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
			return nil, fail("expected a space before %q", rest)
		}
		rest = strings.TrimLeft(rest, " \t")
	}
	return w, nil
}

func validKey(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// CheckValues compares what an analysis produced, as key/value maps by
// line, with the key:"value" annotations. It fails the test, naming
// file:line, for a want without a matching actual, for an actual without a
// want, and for every key whose value differs or that only one side has.
// Bare ids of an annotation are not consulted (see CheckIDs).
func (ws Wants) CheckValues(t testing.TB, got map[int]map[string]string) {
	t.Helper()
	for _, line := range lines(ws.Lines, got) {
		w, g := ws.Lines[line], got[line]
		switch {
		case g == nil:
			if len(w.Values) > 0 {
				t.Errorf("%s: expected %s, found nothing", w.Pos(), formatValues(w.Values))
			}
		case w == nil || len(w.Values) == 0:
			t.Errorf("%s: unexpected %s", pos(ws.File, line), formatValues(g))
		default:
			for _, k := range unionKeys(w.Values, g) {
				wv, wok := w.Values[k]
				gv, gok := g[k]
				switch {
				case !gok:
					t.Errorf("%s: %s: expected %q, found no such value", w.Pos(), k, wv)
				case !wok:
					t.Errorf("%s: %s: found %q, not annotated", w.Pos(), k, gv)
				case wv != gv:
					t.Errorf("%s: %s: got %q, want %q", w.Pos(), k, gv, wv)
				}
			}
		}
	}
}

// CheckIDs compares the ids found per line (rule ids, say; repeats
// allowed) with the bare quoted strings of the annotations, as multisets.
// Missing and unexpected ids both fail the test with file:line.
func (ws Wants) CheckIDs(t testing.TB, got map[int][]string) {
	t.Helper()
	for _, line := range lines(ws.Lines, got) {
		var want []string
		if w := ws.Lines[line]; w != nil {
			want = w.IDs
		}
		missing, extra := diffMultiset(want, got[line])
		at := pos(ws.File, line)
		for _, id := range missing {
			t.Errorf("%s: expected %q, not found", at, id)
		}
		for _, id := range extra {
			t.Errorf("%s: unexpected %q", at, id)
		}
	}
}

func lines[A, B any](a map[int]A, b map[int]B) []int {
	seen := map[int]bool{}
	for l := range a {
		seen[l] = true
	}
	for l := range b {
		seen[l] = true
	}
	out := make([]int, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

func unionKeys(a, b map[string]string) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// formatValues prints a map in annotation syntax with sorted keys.
func formatValues(m map[string]string) string {
	keys := unionKeys(m, nil)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ":" + strconv.Quote(m[k])
	}
	return strings.Join(parts, " ")
}

func diffMultiset(want, got []string) (missing, extra []string) {
	count := map[string]int{}
	for _, id := range got {
		count[id]++
	}
	for _, id := range want {
		if count[id] > 0 {
			count[id]--
			continue
		}
		missing = append(missing, id)
	}
	for _, id := range got {
		if count[id] > 0 {
			count[id]--
			extra = append(extra, id)
		}
	}
	return missing, extra
}
