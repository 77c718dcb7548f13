package report

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/rules"
)

// BaselineFunction is one function of a baseline: what the change engine
// matches a function by (path, qualified name, body hash) and its
// numbers.
type BaselineFunction struct {
	// Path is the function's file, relative to the report's root.
	Path string `json:"path"`
	// Name is the qualified name (the plain name when there is none).
	Name string `json:"name"`
	// Kind is function, method, closure or lambda.
	Kind    string `json:"kind"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	CC      int    `json:"cc"`
	Cog     int    `json:"cog"`
	SLOC    int    `json:"sloc"`
	// Mass is CC times the square root of SLOC.
	Mass float64 `json:"mass"`
	// Body is the hash of the body's clone fingerprint (Callable.Body),
	// which tells a function moved or renamed; empty when it has none.
	Body string `json:"body,omitempty"`
}

// BaselineFinding is one finding of a baseline: its rule, where it is and
// the function it is in, which is what the change engine counts findings
// by.
type BaselineFinding struct {
	Rule    string `json:"rule"`
	Path    string `json:"path"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	// Callable is the qualified name of the function the finding is in:
	// for a complexity or clone finding the function of its span, for
	// another the innermost function holding its first line; empty
	// outside every function.
	Callable string `json:"callable,omitempty"`
	// Group is, on a clone finding (duplicate-structure), the hash of its
	// group: the body fingerprint its instances share.
	Group string `json:"group,omitempty"`
	// Match is, on an ast-grep finding, a short hash of the source text
	// the rule matched, which tells an old match from a new one of the
	// same rule in the same function.
	Match string `json:"match,omitempty"`
}

// Kind is the kind of finding the entry's rule makes.
func (e BaselineFinding) Kind() finding.Kind {
	switch e.Rule {
	case rules.DuplicateStructureID:
		return finding.Clone
	case rules.CyclomaticComplexityID:
		return finding.Cyclomatic
	case rules.CognitiveComplexityID:
		return finding.Cognitive
	}
	if rules.StructuralFinding(e.Rule) != nil {
		return finding.Structural
	}
	return finding.AstGrep
}

// SortBaselineFindings sorts entries by path, line, end line, rule,
// callable, group and match: the order a baseline lists them in.
func SortBaselineFindings(entries []BaselineFinding) {
	slices.SortFunc(entries, func(a, b BaselineFinding) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.EndLine, b.EndLine),
			cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Callable, b.Callable), cmp.Compare(a.Group, b.Group), cmp.Compare(a.Match, b.Match))
	})
}

// Report is the report a version 2 baseline records, for comparing a run
// with it (package change): its metrics, its files (without their
// numbers), every function as a callable of its file with its numbers and
// body hash, the clone findings as clone blocks (group hash and span;
// no SLOC or first lines), the other rule findings (rule, span and the
// callable as their subject), and, for a function over a complexity
// threshold that the baseline records no finding of, the ignore
// directive that hid it (Callable.Ignored). Its Root is empty: its paths
// are the baseline's.
//
// It is an error, naming the entry, when an entry is not one a run
// writes: a function or finding in no file of Files, a span that does not
// start at line 1 or later or ends before it starts, an empty rule, a
// clone finding without its group, or a complexity finding on no function
// of its span over the threshold.
func (b *Baseline) Report() (*Report, error) {
	if !b.HasFindings() {
		return nil, fmt.Errorf("schema version %d records no functions or findings", b.SchemaVersion)
	}
	r := &Report{Files: make([]File, len(b.Files))}
	for _, d := range metric.Reference() {
		v, ok := b.Metrics[d.Key]
		if !ok {
			continue
		}
		switch p := r.number(d.Key).(type) {
		case *int:
			*p = int(v)
		case *float64:
			*p = v
		}
	}
	file := make(map[string]int, len(b.Files))
	for i, p := range b.Files {
		if _, dup := file[p]; dup || p == "" {
			return nil, fmt.Errorf("files[%d]: %q is empty or listed twice", i, p)
		}
		file[p] = i
		r.Files[i].Path = p
	}
	spanError := func(what string, i int, path string, line, end int) error {
		if _, ok := file[path]; !ok {
			return fmt.Errorf("%s[%d]: %q is not among the files", what, i, path)
		}
		if line < 1 || end < line {
			return fmt.Errorf("%s[%d]: lines %d-%d of %s are no span", what, i, line, end, path)
		}
		return nil
	}
	for i, f := range b.Functions {
		if err := spanError("functions", i, f.Path, f.Line, f.EndLine); err != nil {
			return nil, err
		}
		rf := &r.Files[file[f.Path]]
		rf.Callables = append(rf.Callables, Callable{
			Name: f.Name, QualifiedName: f.Name, Kind: f.Kind, StartLine: f.Line, EndLine: f.EndLine,
			SLOC: f.SLOC, CC: f.CC, Cog: f.Cog, CCMass: f.Mass, Body: f.Body,
		})
	}
	// The complexity findings recorded, by file, rule and span: each
	// is a function's over the threshold; one without a finding was
	// hidden.
	type spot struct {
		path, rule string
		line, end  int
	}
	complexity := map[spot]int{}
	groups := map[string]int{}
	for i, e := range b.Findings {
		if err := spanError("findings", i, e.Path, e.Line, e.EndLine); err != nil {
			return nil, err
		}
		switch kind := e.Kind(); {
		case e.Rule == "":
			return nil, fmt.Errorf("findings[%d]: no rule", i)
		case kind == finding.Clone:
			if e.Group == "" {
				return nil, fmt.Errorf("findings[%d]: a %s finding without its group", i, e.Rule)
			}
			groups[e.Group]++
			r.CloneBlocks = append(r.CloneBlocks, CloneBlock{Path: e.Path, StartLine: e.Line, EndLine: e.EndLine, Group: e.Group})
		case kind == finding.Cyclomatic || kind == finding.Cognitive:
			complexity[spot{e.Path, e.Rule, e.Line, e.EndLine}]++
		default:
			r.Findings = append(r.Findings, finding.Finding{Kind: kind, RuleID: e.Rule, Path: e.Path, Line: e.Line, EndLine: e.EndLine, Subject: e.Callable})
		}
	}
	for i := range r.CloneBlocks {
		r.CloneBlocks[i].Instances = groups[r.CloneBlocks[i].Group]
	}
	for i := range r.Files {
		f := &r.Files[i]
		for j := range f.Callables {
			c := &f.Callables[j]
			for _, m := range []struct {
				rule  string
				value int
			}{{rules.CyclomaticComplexityID, c.CC}, {rules.CognitiveComplexityID, c.Cog}} {
				if m.value <= HighComplexity {
					continue
				}
				k := spot{f.Path, m.rule, c.StartLine, c.EndLine}
				if complexity[k] > 0 {
					complexity[k]--
				} else {
					c.Ignored = append(c.Ignored, m.rule)
				}
			}
		}
	}
	for i, e := range b.Findings {
		if k := (spot{e.Path, e.Rule, e.Line, e.EndLine}); complexity[k] > 0 {
			return nil, fmt.Errorf("findings[%d]: %s at lines %d-%d of %s: no function of that span is over the threshold", i, e.Rule, e.Line, e.EndLine, e.Path)
		}
	}
	return r, nil
}
