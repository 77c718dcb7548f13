package rules

import (
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/source"
)

// Directive issue messages that need the rule catalog or the callables.
const (
	// MsgUnknownRuleID prefixes an ignore id found in no rule.
	MsgUnknownRuleID = "unknown rule id: "
	// MsgBoundaryOutside reports a boundary outside every function body.
	MsgBoundaryOutside = "scbc boundary must be inside a function body"
)

// BoundarySpan is the span of the function a boundary directive lies in.
type BoundarySpan struct{ StartLine, EndLine int }

// ValidateIgnores reports, as a *source.DirectiveError naming path, every
// ignore id that is not in knownIDs (the ast-grep, structural and metric
// ids: Catalog.IDs) once its alias is resolved (CanonicalID), in
// directive then id order; nil when all are known. Merge it with
// the error of Tree.Directives through source.JoinDirectiveErrors: both are
// ignore problems, which the reference reports per file as it goes.
func ValidateIgnores(path string, ds []source.Directive, knownIDs []string) error {
	var issues []source.DirectiveIssue
	var known map[string]bool
	for _, d := range ds {
		if d.Kind != source.DirectiveIgnore {
			continue
		}
		if known == nil {
			// Most files have no ignore: the set is built only for those
			// that do.
			known = make(map[string]bool, len(knownIDs))
			for _, id := range knownIDs {
				known[id] = true
			}
		}
		for _, id := range d.IDs {
			if !known[CanonicalID(id)] {
				issues = append(issues, source.DirectiveIssue{Line: d.Line, Message: MsgUnknownRuleID + id})
			}
		}
	}
	if len(issues) == 0 {
		return nil
	}
	return &source.DirectiveError{Path: path, Issues: issues}
}

// Boundaries returns, for each boundary directive in order, the function
// whose body holds it: the innermost (smallest end line; the first in
// source order on a tie) among fns with start line < directive line <=
// end line. Boundaries outside every body are reported, as a
// *source.DirectiveError naming path, and have no span.
func Boundaries(path string, ds []source.Directive, fns []source.Callable) ([]BoundarySpan, error) {
	var spans []BoundarySpan
	var issues []source.DirectiveIssue
	for _, d := range ds {
		if d.Kind != source.DirectiveBoundary {
			continue
		}
		best := -1
		for k, fn := range fns {
			if d.Line > fn.StartLine && d.Line <= fn.EndLine && (best < 0 || fn.EndLine < fns[best].EndLine) {
				best = k
			}
		}
		if best < 0 {
			issues = append(issues, source.DirectiveIssue{Line: d.Line, Message: MsgBoundaryOutside})
			continue
		}
		spans = append(spans, BoundarySpan{StartLine: fns[best].StartLine, EndLine: fns[best].EndLine})
	}
	if len(issues) > 0 {
		return spans, &source.DirectiveError{Path: path, Issues: issues}
	}
	return spans, nil
}

// ValidateDirectives checks a file's directives against the rule ids and
// its callables: unknown ignore ids and misplaced boundaries, every issue
// as one "<path>:<line>: <message>" line, ordered by line. The reference
// reports ignore problems while reading each file and boundary problems
// after all files are read; callers that keep that order use
// ValidateIgnores and Boundaries instead.
func ValidateDirectives(path string, ds []source.Directive, knownIDs []string, fns []source.Callable) error {
	_, berr := Boundaries(path, ds, fns)
	return source.JoinDirectiveErrors(ValidateIgnores(path, ds, knownIDs), berr)
}

// DirectiveFilter holds the ignores and boundaries of every file.
type DirectiveFilter struct {
	files map[string]*fileDirectives
}

type fileDirectives struct {
	// ignores maps a target line to the rule ids ignored on it.
	ignores map[int]map[string]bool
	bounds  []BoundarySpan
}

// NewDirectiveFilter returns a filter with no directives.
func NewDirectiveFilter() *DirectiveFilter {
	return &DirectiveFilter{files: map[string]*fileDirectives{}}
}

// Add records a file's directives and the spans Boundaries found for them.
// path must be spelt as the findings spell it. An alias of a metric rule
// is recorded as the rule's id (CanonicalID).
func (f *DirectiveFilter) Add(path string, ds []source.Directive, bounds []BoundarySpan) {
	fd := f.files[path]
	if fd == nil {
		fd = &fileDirectives{ignores: map[int]map[string]bool{}}
		f.files[path] = fd
	}
	for _, d := range ds {
		if d.Kind != source.DirectiveIgnore || d.TargetLine == 0 {
			continue
		}
		if fd.ignores[d.TargetLine] == nil {
			fd.ignores[d.TargetLine] = map[string]bool{}
		}
		for _, id := range d.IDs {
			fd.ignores[d.TargetLine][CanonicalID(id)] = true
		}
	}
	fd.bounds = append(fd.bounds, bounds...)
}

// Ignored reports whether an ignore directive of the finding's file
// targets its start line and lists its rule (see finding.Ignores).
func (f *DirectiveFilter) Ignored(x finding.Finding) bool {
	fd := f.files[x.Path]
	return fd != nil && fd.ignores[x.Line][x.RuleID]
}

// Bounded reports whether the finding's start line lies in a boundary
// function of its file (the whole span, def line and nested functions
// included; see finding.Boundaries).
func (f *DirectiveFilter) Bounded(x finding.Finding) bool {
	fd := f.files[x.Path]
	if fd == nil {
		return false
	}
	for _, b := range fd.bounds {
		if x.Line >= b.StartLine && x.Line <= b.EndLine {
			return true
		}
	}
	return false
}
