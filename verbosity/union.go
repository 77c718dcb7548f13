package verbosity

import (
	"sort"

	"github.com/scbcheck/scbcheck/source"
)

// Span is the line range of one finding in one file, 1-based, inclusive.
type Span struct {
	Path       string
	Start, End int
}

// Result is the verbosity part of a report.
type Result struct {
	// CloneLOC, AstGrepLOC and StructuralLOC count each source's lines on
	// its own; their sum may exceed FlaggedLOC.
	CloneLOC      int
	AstGrepLOC    int
	StructuralLOC int
	// FlaggedLOC is the size of the union of the three.
	FlaggedLOC int
	// TotalLOC is the SLOC of all files.
	TotalLOC int
	// Verbosity is FlaggedLOC / TotalLOC, 0 without SLOC.
	Verbosity float64
	// Flagged lists every flagged SLOC line per file, sorted by path.
	Flagged []FileLines
}

// FileLines is one file's flagged lines.
type FileLines struct {
	Path  string
	Lines source.Lines
}

// Union projects every span onto its file's SLOC lines and counts the
// separate and combined unions. Spans in files without SLOC add nothing.
func Union(sloc map[string]source.Lines, clones, astGrep, structural []Span) Result {
	var r Result
	for _, l := range sloc {
		r.TotalLOC += l.Len()
	}
	all := map[string]map[int]bool{}
	count := func(spans []Span) int {
		own := map[string]map[int]bool{}
		n := 0
		for _, s := range spans {
			for _, line := range sloc[s.Path].Within(s.Start, s.End) {
				if own[s.Path] == nil {
					own[s.Path] = map[int]bool{}
				}
				if !own[s.Path][line] {
					own[s.Path][line] = true
					n++
				}
				if all[s.Path] == nil {
					all[s.Path] = map[int]bool{}
				}
				all[s.Path][line] = true
			}
		}
		return n
	}
	r.CloneLOC = count(clones)
	r.AstGrepLOC = count(astGrep)
	r.StructuralLOC = count(structural)
	paths := make([]string, 0, len(all))
	for p := range all {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		lines := make(source.Lines, 0, len(all[p]))
		for l := range all[p] {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		r.FlaggedLOC += len(lines)
		r.Flagged = append(r.Flagged, FileLines{Path: p, Lines: lines})
	}
	if r.TotalLOC > 0 {
		r.Verbosity = float64(r.FlaggedLOC) / float64(r.TotalLOC)
	}
	return r
}
