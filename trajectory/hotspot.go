package trajectory

import (
	"cmp"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/report"
)

// Hotspot is a file of a git history's last measured point, with how
// often it changed and how much complexity it holds: a file that changes
// often and holds much mass in functions over the threshold is where a
// refactoring pays first.
type Hotspot struct {
	// Path is relative to the checkpoint root, with slashes.
	Path string
	// Commits is the number of commits of the range (first-parent, all
	// of them, not only those measured) that changed the file at this
	// path (a rename starts a new count).
	Commits int
	// HighMass is the file's complexity mass in functions with
	// cyclomatic complexity over the threshold (its part of
	// high_cc_mass) at the last measured point; Mass all of its mass.
	HighMass, Mass float64
}

// Score is Commits times HighMass.
func (h Hotspot) Score() float64 { return float64(h.Commits) * h.HighMass }

// changeCounts counts, for each path below prefix (a directory of the
// repository ending in "/", or "" for all of it), the commits that
// changed it; the paths are made relative to prefix.
func changeCounts(commits []gitrepo.Commit, prefix string) map[string]int {
	out := map[string]int{}
	for _, c := range commits {
		for _, f := range c.Files {
			if rel, ok := strings.CutPrefix(f, prefix); ok {
				out[rel]++
			}
		}
	}
	return out
}

// hotspots lists the files of the last measured point with their change
// counts and masses, by score, then commits, then path.
func hotspots(points []Point, changes map[string]int) []Hotspot {
	last := -1
	for i := range points {
		if points[i].Metrics != nil {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	byPath := map[string]*Hotspot{}
	var out []Hotspot
	var order []string
	for _, c := range points[last].callables {
		h := byPath[c.Path]
		if h == nil {
			h = &Hotspot{Path: c.Path, Commits: changes[c.Path]}
			byPath[c.Path] = h
			order = append(order, c.Path)
		}
		h.Mass += c.Mass
		if c.CC > report.HighComplexity {
			h.HighMass += c.Mass
		}
	}
	for _, p := range order {
		out = append(out, *byPath[p])
	}
	slices.SortStableFunc(out, func(a, b Hotspot) int {
		return cmp.Or(cmp.Compare(b.Score(), a.Score()), cmp.Compare(b.Commits, a.Commits), cmp.Compare(a.Path, b.Path))
	})
	return out
}
