package change

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// NewBaseline records r as a baseline of findings (report.BaselineVersion)
// written by toolVersion with settings: its metrics (report.NewBaseline),
// its files, every function with its numbers and body hash (Funcs), and
// every finding (Report.AllFindings) with the function it is in, so that
// CompareBaseline can tell the findings a later run adds as Compare tells
// those a change adds.
func NewBaseline(r *report.Report, toolVersion string, settings map[string]string) *report.Baseline {
	b := report.NewBaseline(r, toolVersion, settings)
	b.SchemaVersion = report.BaselineVersion
	// A link in the tree to a file in it is a second file of the same
	// path: the baseline lists the path once, the functions of both.
	b.Files = make([]string, 0, len(r.Files))
	listed := map[string]bool{}
	for _, f := range r.Files {
		if !listed[f.Path] {
			listed[f.Path] = true
			b.Files = append(b.Files, f.Path)
		}
	}
	slices.Sort(b.Files)
	s := newSide(r, 0)
	b.Functions = make([]report.BaselineFunction, 0, len(s.funcs))
	for _, f := range s.funcs {
		b.Functions = append(b.Functions, report.BaselineFunction{
			Path: f.Path, Name: f.Name, Kind: f.Kind, Line: f.Line, EndLine: f.EndLine,
			CC: f.CC, Cog: f.Cog, SLOC: f.SLOC, Mass: f.Mass, Body: f.Body,
		})
	}
	type span struct {
		path      string
		line, end int
	}
	groups := map[span]string{}
	for _, c := range r.CloneBlocks {
		groups[span{c.Path, c.StartLine, c.EndLine}] = c.Group
	}
	b.Findings = []report.BaselineFinding{}
	for _, f := range r.AllFindings() {
		e := report.BaselineFinding{Rule: f.RuleID, Path: f.Path, Line: f.Line, EndLine: f.EndLine, Callable: s.callableName(f)}
		if f.Kind == finding.Clone {
			e.Group = groups[span{f.Path, f.Line, f.EndLine}]
		}
		if f.Kind == finding.AstGrep {
			e.Match = matchHash(f.Text)
		}
		b.Findings = append(b.Findings, e)
	}
	report.SortBaselineFindings(b.Findings)
	return b
}

// callableName is the qualified name of the function a finding is in
// (report.BaselineFinding.Callable): for a complexity or clone finding
// the function of its exact span (the later listed of several), else, or
// when none has it, the innermost holding its first line (owner); "" for
// none.
func (s *side) callableName(f finding.Finding) string {
	i := -1
	if f.Kind == finding.Clone || f.Kind == finding.Cyclomatic || f.Kind == finding.Cognitive {
		for _, j := range s.byFile[f.Path] {
			if fn := s.funcs[j]; fn.Line == f.Line && fn.EndLine == f.EndLine {
				i = j
			}
		}
	}
	if i < 0 {
		i = s.owner(f.Path, f.Line)
	}
	if i < 0 {
		return ""
	}
	return s.funcs[i].Name
}

// BaselineDelta is a run compared with a baseline of findings.
type BaselineDelta struct {
	// Delta is the comparison of the baseline's report (its Base, see
	// report.Baseline.Report) with the run's (its Head): its NewFindings
	// are the run's findings the baseline does not hold.
	*Delta
	// Hidden is the number of the run's findings that are not new: those
	// the baseline holds, which the output leaves out.
	Hidden int
	// Stale is the number of the baseline's findings the run no longer
	// holds as recorded (the findings Compare finds new when the run is
	// the base and the baseline the head): gone, or for a complexity
	// finding, on a function whose complexity fell.
	Stale int
}

// CompareBaseline compares the run head with the baseline b (which must
// record findings, report.Baseline.HasFindings): Compare with the
// baseline's report as the base and head as the head, no file renamed, a
// file the baseline does not list changed on every line, the others
// changed on none (the baseline holds no source to compare lines with).
// So a finding is new by Compare's rules: one more finding of a rule in
// a function or file, a complexity finding on a function that is new,
// was not flagged or regressed, a clone instance in a function that is
// new or whose body changed (a verbatim copy of a baselined function into
// a new file is new; editing inside a flagged region is not).
//
// It is an error when the baseline is not consistent (report.Baseline.Report),
// or when a finding's callable is not the function the finding is in.
func CompareBaseline(b *report.Baseline, head *report.Report) (*BaselineDelta, error) {
	base, err := b.Report()
	if err != nil {
		return nil, err
	}
	s := newSide(base, 0)
	for i, e := range b.Findings {
		f := finding.Finding{Kind: e.Kind(), Path: e.Path, Line: e.Line, EndLine: e.EndLine}
		if got := s.callableName(f); got != e.Callable {
			return nil, fmt.Errorf("findings[%d]: %s at line %d of %s is in %s, not in %s",
				i, e.Rule, e.Line, e.Path, callableText(got), callableText(e.Callable))
		}
	}
	changed := filesNotIn(head, base)
	markNewMatches(changed, b, head)
	d := Compare(Input{Base: base, Head: head, Changed: changed})
	back := Compare(Input{Base: head, Head: base, Changed: filesNotIn(base, head)})
	stale := len(back.NewFindings) + goneClones(b, head, back.NewFindings)
	return &BaselineDelta{Delta: d, Hidden: len(head.Issues(0)) - len(d.NewFindings), Stale: stale}, nil
}

// goneClones counts the baseline's clone entries whose file holds no
// instance of their group in the run and that counted (the reverse
// Compare's findings) does not already hold. The reverse Compare judges a
// clone instance by its function's body alone, so the unchanged copy of a
// pair whose other copy was deleted would otherwise count as still there.
func goneClones(b *report.Baseline, head *report.Report, counted []NewFinding) int {
	type place struct {
		path, group string
		line, end   int
	}
	held := map[place]bool{}
	for _, c := range head.CloneBlocks {
		held[place{path: c.Path, group: c.Group}] = true
	}
	seen := map[place]bool{}
	for _, f := range counted {
		if f.Kind == finding.Clone {
			seen[place{path: f.Path, line: f.Line, end: f.EndLine}] = true
		}
	}
	n := 0
	for _, e := range b.Findings {
		if e.Kind() == finding.Clone && !held[place{path: e.Path, group: e.Group}] && !seen[place{path: e.Path, line: e.Line, end: e.EndLine}] {
			n++
		}
	}
	return n
}

// callableText names a finding's callable in an error: `name`, or "no
// function".
func callableText(name string) string {
	if name == "" {
		return "no function"
	}
	return "`" + name + "`"
}

// filesNotIn maps each file of r that other does not hold to all its
// lines: its physical lines, or, in a report without them (a baseline's),
// up to the last line a function or finding of it spans.
func filesNotIn(r, other *report.Report) map[string][]int {
	known := map[string]bool{}
	for _, f := range other.Files {
		known[f.Path] = true
	}
	last := map[string]int{}
	for _, f := range r.Files {
		if known[f.Path] {
			continue
		}
		last[f.Path] = max(last[f.Path], f.Lines)
		for _, c := range f.Callables {
			last[f.Path] = max(last[f.Path], c.EndLine)
		}
	}
	for _, f := range r.Issues(0) {
		if n, ok := last[f.Path]; ok {
			last[f.Path] = max(n, f.EndLine)
		}
	}
	out := map[string][]int{}
	for p, n := range last {
		lines := make([]int, n)
		for k := range lines {
			lines[k] = k + 1
		}
		out[p] = lines
	}
	return out
}

// matchHash is report.BaselineFinding.Match of an ast-grep finding's
// text: the first 8 bytes of its SHA-256, in hex.
func matchHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// markNewMatches adds to changed the first line of each ast-grep finding
// of head whose text the baseline records for no finding of that rule in
// that file (each recorded match accounts for one finding, in head's
// order): of an owner's findings of a rule, Compare then takes those as
// the new ones, rather than the first by line.
func markNewMatches(changed map[string][]int, b *report.Baseline, head *report.Report) {
	type match struct{ path, rule, hash string }
	recorded := map[match]int{}
	for _, e := range b.Findings {
		if e.Match != "" {
			recorded[match{e.Path, e.Rule, e.Match}]++
		}
	}
	for _, f := range head.Findings {
		if f.Kind != finding.AstGrep {
			continue
		}
		k := match{f.Path, f.RuleID, matchHash(f.Text)}
		if recorded[k] > 0 {
			recorded[k]--
			continue
		}
		changed[f.Path] = append(changed[f.Path], f.Line)
	}
	for p, lines := range changed {
		slices.Sort(lines)
		changed[p] = slices.Compact(lines)
	}
}
