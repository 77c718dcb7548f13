package engine

import "sync"

// Phase is a step of a run whose progress is reported (Progress).
type Phase int

// The phases of a run.
const (
	// PhaseFiles counts the files the run analyses, each once when done
	// with: measured, read back from the cache, or skipped (unreadable,
	// unparsable, too large).
	PhaseFiles Phase = iota + 1
	// PhaseAstGrep is the ast-grep scan, one unit: done 0 of 1 when it
	// starts, 1 of 1 when it has ended, with or without an error. A run
	// that needs no ast-grep (disabled, no active rule for its files)
	// reports nothing of it.
	PhaseAstGrep
)

// String names the phase: "files" or "ast-grep".
func (p Phase) String() string {
	switch p {
	case PhaseFiles:
		return "files"
	case PhaseAstGrep:
		return "ast-grep"
	}
	return "unknown"
}

// Progress is one report of a run's progress: Done of the Total units of
// the Phase are done.
type Progress struct {
	Phase Phase
	Done  int
	Total int
}

// Reporter passes the progress of one run to a callback, one call at a
// time: a run's goroutines (the file workers, the scan) report through
// it, so that the callback is never called concurrently for the run and
// sees each phase's counts in order. A nil Reporter reports nothing.
type Reporter struct {
	mu    sync.Mutex
	fn    func(Progress)
	files int
}

// NewReporter returns the reporter of a run calling fn; nil when fn is.
func NewReporter(fn func(Progress)) *Reporter {
	if fn == nil {
		return nil
	}
	return &Reporter{fn: fn}
}

func (r *Reporter) report(p Progress) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fn(p)
}

// fileDone counts one more file done of total.
func (r *Reporter) fileDone(total int) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.files++
	r.fn(Progress{Phase: PhaseFiles, Done: r.files, Total: total})
}
