package scbcheck

import "github.com/scbcheck/scbcheck/internal/engine"

// Progress is one report of a run's progress (Options.Progress,
// Target.Progress): Done of the Total units of its Phase are done.
//
// For one run, the callback is called one call at a time (never
// concurrently), from the run's goroutines, and must return quickly: the
// run's workers wait for it. Each phase is reported in order: PhaseFiles
// first with Done 0, then once per file with Done 1, 2, ... up to Total
// (the number of files found); PhaseAstGrep with Done 0 of 1 when the
// scan starts and 1 of 1 when it has ended. The two phases run side by
// side, so their reports interleave in no fixed order. A run that ends
// without an error has reported every phase it ran up to its Total
// before it returns. What is reported never changes the report.
type Progress = engine.Progress

// Phase is a step of a run whose progress is reported: PhaseFiles or
// PhaseAstGrep.
type Phase = engine.Phase

// The phases Progress reports.
const (
	// PhaseFiles counts the files analysed, each once when done with:
	// measured, read back from the cache, or skipped.
	PhaseFiles = engine.PhaseFiles
	// PhaseAstGrep is the ast-grep scan, one unit (done 0 of 1 while it
	// runs); not reported when the run needs no ast-grep.
	PhaseAstGrep = engine.PhaseAstGrep
)
