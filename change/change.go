package change

import (
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
}

// Delta is the comparison of a base and a head.
type Delta struct {
	Base, Head *report.Report
	// Metrics holds, for every number of the report (its JSON key), the
	// head's value minus the base's; a number either side lacks (DIR
	// undefined) is left out.
	Metrics map[string]float64
	// Functions are the functions that are not unchanged, in a stable
	// order.
	Functions []Function
	// NewFindings are the head's findings the change added, in the
	// report's finding order.
	NewFindings []NewFinding
}

// Compare compares in.Base with in.Head.
func Compare(in Input) *Delta {
	d := &Delta{Base: in.Base, Head: in.Head, Metrics: map[string]float64{}}
	base, head := report.MetricsOf(in.Base), report.MetricsOf(in.Head)
	for k, h := range head {
		if b, ok := base[k]; ok {
			d.Metrics[k] = h - b
		}
	}
	// Function matching and new findings: being built (issue "Judge the
	// change").
	return d
}
