package change

import (
	"cmp"
	"math"
	"slices"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// Status is what became of a function between the base and the head.
type Status string

// The statuses of a function, decided from its cyclomatic and cognitive
// complexity.
const (
	// New is a function of the head matched by none of the base.
	New Status = "new"
	// Removed is a function of the base matched by none of the head.
	Removed Status = "removed"
	// Regressed is a matched function whose cyclomatic or cognitive
	// complexity rose.
	Regressed Status = "regressed"
	// Improved is a matched function of which neither rose and one fell.
	Improved Status = "improved"
	// Unchanged is a matched function whose two complexities are the
	// same (its SLOC and mass may differ).
	Unchanged Status = "unchanged"
)

// Numbers are one function's numbers on one side.
type Numbers struct {
	// Path is the file, relative to that side's report root, with slashes.
	Path string
	// Line and EndLine are the function's span.
	Line, EndLine int
	CC, Cog, SLOC int
	// Mass is CC times the square root of SLOC.
	Mass float64
}

// Function is one function matched across the two trees (or found on one
// side only).
type Function struct {
	// Name is the qualified name (as the functions command prints it), in
	// the head (in the base for a removed function).
	Name string
	// Kind is function, method, closure or lambda.
	Kind   string
	Status Status
	// Base and Head are its numbers on each side; nil on the side it is
	// missing from.
	Base, Head *Numbers
}

// NewFinding is a finding of the head that the change added.
type NewFinding struct {
	finding.Finding
	// Counterparts are, for a clone, the instances of its group in code
	// the change left alone (the function it copies).
	Counterparts []finding.Place
	// BaseMeasure is, on a complexity finding of a function the base has
	// too, the function's measure in the base (its Value may be at or
	// under the Limit); nil otherwise. The finding's Message then names
	// both numbers ("complexity 9 -> 14 > 10").
	BaseMeasure *finding.Measure
}

// Input is what Compare compares.
type Input struct {
	// Base and Head are the two reports, each with paths relative to its
	// own root.
	Base, Head *report.Report
	// Renames maps a file of the head to the file of the base it was
	// renamed (or moved) from, when the path differs.
	Renames map[string]string
	// Changed maps each head file whose content differs from its base
	// counterpart (or that has none) to its lines added or changed, in
	// increasing order. A head file not in it is unchanged.
	Changed map[string][]int
	// AllFunctions lists the unchanged functions in Delta.Functions too.
	AllFunctions bool
	// MinDuplicateLines leaves out the clone groups whose first instance
	// has fewer SLOC lines, on both sides, as the writers' option of that
	// name does.
	MinDuplicateLines int
}

// Delta is the comparison of a base and a head.
type Delta struct {
	Base, Head *report.Report
	// Metrics holds, for every number of the JSON report object (see
	// MetricDeltas), the head's value minus the base's.
	Metrics map[string]float64
	// Functions are the functions whose status is not Unchanged (all of
	// them with Input.AllFunctions), in the order of SortFunctions.
	Functions []Function
	// NewFindings are the head's findings the change added (see Compare),
	// in the order Report.Issues lists the head's findings.
	NewFindings []NewFinding
	// ReadHead, when set, reads a source file of the head by its full
	// path as Head names it (report.Report.Abs): the bytes measured, for
	// a head that is not the disk's (the index, a revision). The writers
	// take it for their excerpts, columns and fingerprints; nil means the
	// head is on disk (os.ReadFile).
	ReadHead func(path string) ([]byte, error)
}

// Compare compares in.Base with in.Head: the metric deltas
// (MetricDeltas), the functions matched across the two trees (Match) with
// their status, and the findings the change added.
//
// A function's status is decided from its cyclomatic (CC) and cognitive
// (Cog) complexity: New without a base counterpart, Removed without a
// head one, Regressed when either rose, Improved when neither rose and
// one fell, Unchanged otherwise.
//
// A head finding is new (never "on a changed line" alone: that would
// report moved code) by its kind:
//
//   - ast-grep and structural rules: findings are counted per rule and per
//     owner, the innermost function whose span holds the finding's first
//     line (the function matched across the trees), or, outside every
//     function, the file (its base file through Renames). When the head
//     holds more findings of a rule in an owner than the base, the surplus
//     is new: the head's findings of that owner on changed lines
//     (Input.Changed) first, then by line, column, end and message.
//     Editing, moving or shrinking an already flagged region is no news;
//     one more instance is.
//   - complexity (cyclomatic-complexity, cognitive-complexity): the head
//     holds the finding on a function that is New, or whose base
//     counterpart did not hold a finding of that rule (it was under the
//     threshold, or an ignore directive hid it), or that Regressed. Its
//     message names the base and head numbers (NewFinding.BaseMeasure).
//   - clones (duplicate-structure): a group is new when one of its
//     instances is changed code: it lies in a New function or in one whose
//     body hash differs from its base counterpart's (see changedInstance
//     for reports without body hashes). The group's findings at those
//     instances are new, each naming the group's other instances as
//     Counterparts.
//
// The findings are those of the reports as they are (each run's
// severity policy, directives and thresholds applied): a finding the
// head does not hold is never new.
func Compare(in Input) *Delta {
	d := &Delta{Base: in.Base, Head: in.Head, Metrics: MetricDeltas(in.Base, in.Head)}
	c := newComparison(in)
	for i, h := range c.head.funcs {
		var b *Func
		if j := c.match[i]; j >= 0 {
			b = &c.base.funcs[j]
		}
		d.Functions = append(d.Functions, function(b, &h))
	}
	for j := range c.base.funcs {
		if c.headOf[j] < 0 {
			d.Functions = append(d.Functions, function(&c.base.funcs[j], nil))
		}
	}
	if !in.AllFunctions {
		d.Functions = slices.DeleteFunc(d.Functions, func(f Function) bool { return f.Status == Unchanged })
	}
	SortFunctions(d.Functions)
	d.NewFindings = c.newFindings()
	return d
}

// function is the Function of b and h (either nil on the side it is
// missing from), named as on the head's side when it has one.
func function(b, h *Func) Function {
	f := Function{}
	named := h
	if h == nil {
		named = b
	}
	f.Name, f.Kind = named.Name, named.Kind
	if b != nil {
		n := b.Numbers
		f.Base = &n
	}
	if h != nil {
		n := h.Numbers
		f.Head = &n
	}
	f.Status = StatusOf(f.Base, f.Head)
	return f
}

// StatusOf is the status of a function with numbers b in the base and h
// in the head, either nil on the side it is missing from.
func StatusOf(b, h *Numbers) Status {
	switch {
	case b == nil:
		return New
	case h == nil:
		return Removed
	case h.CC > b.CC || h.Cog > b.Cog:
		return Regressed
	case h.CC < b.CC || h.Cog < b.Cog:
		return Improved
	}
	return Unchanged
}

// MassChange is the function's mass in the head minus its mass in the
// base, a missing side counting 0.
func (f Function) MassChange() float64 {
	var m float64
	if f.Head != nil {
		m += f.Head.Mass
	}
	if f.Base != nil {
		m -= f.Base.Mass
	}
	return m
}

// Path is the function's file: in the head, in the base for a removed
// function.
func (f Function) Path() string {
	if f.Head != nil {
		return f.Head.Path
	}
	return f.Base.Path
}

// line is the function's start line, on the side Path names.
func (f Function) line() int {
	if f.Head != nil {
		return f.Head.Line
	}
	return f.Base.Line
}

// statusRank orders statuses: those that got worse (regressed, new)
// first, then improved, removed and unchanged.
var statusRank = map[Status]int{Regressed: 0, New: 0, Improved: 1, Removed: 2, Unchanged: 3}

// SortFunctions sorts fns in the delta's order: regressed and new
// functions first, then improved, removed and unchanged ones; within
// each, the largest mass change (in absolute value) first, then by path,
// qualified name, start line and status.
func SortFunctions(fns []Function) {
	slices.SortStableFunc(fns, func(a, b Function) int {
		return cmp.Or(cmp.Compare(statusRank[a.Status], statusRank[b.Status]),
			cmp.Compare(math.Abs(b.MassChange()), math.Abs(a.MassChange())),
			cmp.Compare(a.Path(), b.Path()), cmp.Compare(a.Name, b.Name), cmp.Compare(a.line(), b.line()),
			cmp.Compare(a.Status, b.Status))
	})
}
