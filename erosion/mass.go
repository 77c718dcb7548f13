package erosion

import (
	"math"
	"sort"
)

// Threshold is the complexity above which (strictly) a callable counts as
// high; fixed, as in the reference.
const Threshold = 10

// Entry is one callable's contribution to the summary.
type Entry struct {
	Path      string
	StartLine int
	Name      string
	SLOC      int
	Complexity
}

// CCMass is cc times the square root of SLOC.
func (e Entry) CCMass() float64 { return mass(e.CC, e.SLOC) }

// CogMass is cognitive complexity times the square root of SLOC.
func (e Entry) CogMass() float64 { return mass(e.Cog, e.SLOC) }

func mass(c, sloc int) float64 {
	if sloc <= 0 {
		return 0
	}
	return float64(c) * math.Sqrt(float64(sloc))
}

// Summary is the erosion part of a report.
type Summary struct {
	TotalFunctions   int
	HighCCFunctions  int
	HighCogFunctions int
	TotalMass        float64
	HighCCMass       float64
	TotalCogMass     float64
	HighCogMass      float64
	// Erosion is HighCCMass / TotalMass, 0 when there is no mass.
	Erosion float64
	// CogErosion is HighCogMass / TotalCogMass, 0 when there is no mass.
	CogErosion float64
}

// Summarize sums the entries in the reference's order (path, start line,
// name) with compensated summation, so the result does not depend on the
// order the entries arrive in.
func Summarize(entries []Entry) Summary {
	sorted := append([]Entry(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.StartLine != b.StartLine {
			return a.StartLine < b.StartLine
		}
		return a.Name < b.Name
	})
	var total, highCC, totalCog, highCog neumaier
	s := Summary{TotalFunctions: len(sorted)}
	for _, e := range sorted {
		cm, gm := e.CCMass(), e.CogMass()
		total.add(cm)
		totalCog.add(gm)
		if e.CC > Threshold {
			s.HighCCFunctions++
			highCC.add(cm)
		}
		if e.Cog > Threshold {
			s.HighCogFunctions++
			highCog.add(gm)
		}
	}
	s.TotalMass, s.HighCCMass = total.sum(), highCC.sum()
	s.TotalCogMass, s.HighCogMass = totalCog.sum(), highCog.sum()
	s.Erosion = ratio(s.HighCCMass, s.TotalMass)
	s.CogErosion = ratio(s.HighCogMass, s.TotalCogMass)
	return s
}

func ratio(num, den float64) float64 {
	if den == 0 {
		return 0
	}
	return num / den
}

// neumaier is Kahan–Babuška compensated summation.
type neumaier struct{ total, comp float64 }

func (n *neumaier) add(v float64) {
	next := n.total + v
	if math.Abs(n.total) >= math.Abs(v) {
		n.comp += (n.total - next) + v
	} else {
		n.comp += (v - next) + n.total
	}
	n.total = next
}

func (n *neumaier) sum() float64 { return n.total + n.comp }
