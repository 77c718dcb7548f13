package source

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/lang"
)

// DirectiveKind tells the source directives apart.
type DirectiveKind int

const (
	// DirectiveIgnore is `scbc ignore[id, ...] reason`: findings of the
	// listed rules starting on the target line are dropped.
	DirectiveIgnore DirectiveKind = iota + 1
	// DirectiveBoundary is `scbc boundary[: reason]`: ast-grep findings in
	// the enclosing function are dropped.
	DirectiveBoundary
)

// Directive is one source directive, read from a comment node.
type Directive struct {
	Kind DirectiveKind
	// Line is the 1-based line the comment starts on.
	Line int
	// TargetLine is the line an ignore applies to: the directive's own line
	// when code precedes the comment on it, else the next line holding
	// code outside comments; 0 when there is none (an error).
	TargetLine int
	// IDs are the rule ids of an ignore, in the order written, without
	// repeats, empties or wildcards.
	IDs []string
}

// Directive issue messages that need no rule catalog.
const (
	MsgWildcardIgnore = "wildcard ignores are not supported"
	MsgIgnoreNoIDs    = "scbc ignore requires at least one rule id"
	MsgIgnoreNoTarget = "scbc ignore has no target code line"
)

// DirectiveIssue is one problem with a directive.
type DirectiveIssue struct {
	Line    int
	Message string
}

// DirectiveError holds every directive problem of one file; its text is
// one "<path>:<line>: <message>" line per issue.
type DirectiveError struct {
	Path   string
	Issues []DirectiveIssue
}

func (e *DirectiveError) Error() string {
	lines := make([]string, len(e.Issues))
	for i, is := range e.Issues {
		lines[i] = fmt.Sprintf("%s:%d: %s", e.Path, is.Line, is.Message)
	}
	return strings.Join(lines, "\n")
}

// JoinDirectiveErrors merges the *DirectiveError values of one file into
// one, issues ordered by line (stable, so earlier errors come first within
// a line); nil errors are skipped, and nil is returned when none remain.
// Errors of other types or of different paths are joined with errors.Join.
func JoinDirectiveErrors(errs ...error) error {
	var merged *DirectiveError
	var others []error
	for _, err := range errs {
		if err == nil {
			continue
		}
		var de *DirectiveError
		if !errors.As(err, &de) || (merged != nil && de.Path != merged.Path) {
			others = append(others, err)
			continue
		}
		if merged == nil {
			merged = &DirectiveError{Path: de.Path}
		}
		merged.Issues = append(merged.Issues, de.Issues...)
	}
	if merged != nil {
		sort.SliceStable(merged.Issues, func(i, j int) bool { return merged.Issues[i].Line < merged.Issues[j].Line })
		if len(others) == 0 {
			return merged
		}
		others = append([]error{merged}, others...)
	}
	return errors.Join(others...)
}

const (
	directivePrefix = "scbc"
	ignorePrefix    = "scbc ignore["
	boundaryPrefix  = "scbc boundary"
)

// Directives returns the file's source directives in source order, read
// from comment nodes only (text in strings is inert). Problems that need
// no rule catalog (wildcards, an ignore without ids, an ignore without a
// target line) are returned as a *DirectiveError naming path; the
// directives are returned in any case. Text starting with "scbc" that is
// neither directive (`scbc ignore [x]`, say) is silently skipped.
func (t *Tree) Directives(path string) ([]Directive, error) {
	var out []Directive
	var issues []DirectiveIssue
	var code Lines
	codeDone := false
	for i := 0; i < len(t.Nodes); i++ {
		if !t.Is(i, ClassComment) {
			continue
		}
		if t.Stopped() {
			break
		}
		text := DirectiveText(t.Lang, t.Text(i))
		line := t.StartLine(i)
		j := i
		i = int(t.Nodes[i].End) - 1
		if !strings.HasPrefix(text, directivePrefix) {
			continue
		}
		if rest, ok := strings.CutPrefix(text, ignorePrefix); ok {
			d := Directive{Kind: DirectiveIgnore, Line: line}
			ids, wildcard := parseIgnoreIDs(rest)
			d.IDs = ids
			if wildcard {
				issues = append(issues, DirectiveIssue{line, MsgWildcardIgnore})
			}
			if len(ids) == 0 && !wildcard {
				issues = append(issues, DirectiveIssue{line, MsgIgnoreNoIDs})
			}
			if t.codeBefore(j) {
				d.TargetLine = line
			} else {
				if !codeDone {
					code, codeDone = t.CodeLines(), true
				}
				d.TargetLine = nextLine(code, line)
				if d.TargetLine == 0 {
					issues = append(issues, DirectiveIssue{line, MsgIgnoreNoTarget})
				}
			}
			out = append(out, d)
			continue
		}
		if rest, ok := strings.CutPrefix(text, boundaryPrefix); ok {
			r, _ := utf8.DecodeRuneInString(rest)
			if rest == "" || r == ':' || unicode.IsSpace(r) {
				out = append(out, Directive{Kind: DirectiveBoundary, Line: line})
			}
		}
	}
	if len(issues) > 0 {
		return out, &DirectiveError{Path: path, Issues: issues}
	}
	return out, nil
}

// DirectiveText returns the text a comment holds for directive purposes:
// trimmed, without its line-comment marker, or for a block comment the
// trimmed inside with one leading margin character removed, trimmed again.
// A Rust doc comment `/// scbc` so reads "/ scbc", which is no directive.
func DirectiveText(spec *lang.Spec, comment string) string {
	text := strings.TrimSpace(comment)
	if spec.LineComment != "" {
		if rest, ok := strings.CutPrefix(text, spec.LineComment); ok {
			return strings.TrimSpace(rest)
		}
	}
	d := spec.Directives
	if d.BlockOpen != "" {
		if rest, ok := strings.CutPrefix(text, d.BlockOpen); ok {
			rest = strings.TrimSpace(strings.TrimSuffix(rest, d.BlockClose))
			if d.BlockMargin != "" {
				rest = strings.TrimPrefix(rest, d.BlockMargin)
			}
			return strings.TrimSpace(rest)
		}
	}
	return text
}

// parseIgnoreIDs reads the ids of `scbc ignore[` up to the first `]` (or
// the end): comma separated, trimmed, empties and repeats skipped. The
// wildcard is reported apart and left out.
func parseIgnoreIDs(rest string) (ids []string, wildcard bool) {
	inner, _, _ := strings.Cut(rest, "]")
	seen := map[string]bool{}
	for _, id := range strings.Split(inner, ",") {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		if id == "*" {
			wildcard = true
			continue
		}
		ids = append(ids, id)
	}
	return ids, wildcard
}

// codeBefore reports whether non-whitespace text precedes node i on its
// first line.
func (t *Tree) codeBefore(i int) bool {
	start := t.Nodes[i].StartByte
	lineStart := uint32(bytes.LastIndexByte(t.Src[:start], '\n') + 1)
	return !isBlank(t.Src[lineStart:start])
}

// nextLine returns the first line of the set after line, or 0.
func nextLine(set Lines, line int) int {
	k := sort.SearchInts(set, line+1)
	if k < len(set) {
		return set[k]
	}
	return 0
}
