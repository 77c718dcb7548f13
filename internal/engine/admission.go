package engine

import (
	"runtime/debug"
	"sync"

	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/vfs"
)

// parseBudget is how many bytes of source the process parses at once, over
// all its worker pools (prescans included). Parsing and analysing a file
// takes about 130 times its size at its peak (2.5 GB for a dense 19 MB
// Python file), so the budget keeps the peak near 1 GB whatever the worker
// count; a file at or over the budget is parsed alone. Ordinary source
// files (well under a megabyte) never wait on it.
const parseBudget = 8 << 20

// parseGate admits files to their parse within parseBudget.
var parseGate = newAdmission(parseBudget, debug.FreeOSMemory)

// admission is a weighted semaphore served in arrival order: a request
// waits until every earlier one is admitted and its weight fits what the
// admitted ones leave of the budget. A weight over the budget counts as
// the whole budget, so such a request is admitted alone, once everything
// before it is done; arrival order keeps smaller requests from starving
// it.
type admission struct {
	mu     sync.Mutex
	cond   *sync.Cond
	budget int64
	used   int64
	// next is the ticket of the next request, serving the ticket of the
	// one admitted next.
	next, serving uint64
	// large is the weight from which a file counts as large; dirty says
	// a large one finished since the last reclaim. Before the next large
	// one starts, reclaim (a garbage collection that hands freed memory
	// back to the system) runs: otherwise the heap the last one left
	// stays resident beside the parser's memory for the next, and the
	// peak grows with the number of large files, not their size.
	large   int64
	dirty   bool
	reclaim func()
}

func newAdmission(budget int64, reclaim func()) *admission {
	a := &admission{budget: budget, large: budget / 4, reclaim: reclaim}
	a.cond = sync.NewCond(&a.mu)
	return a
}

// acquire waits until weight is admitted and returns what to release.
func (a *admission) acquire(weight int64) int64 {
	weight = max(0, min(weight, a.budget))
	if weight == 0 {
		return 0 // takes nothing: no need to wait for a turn
	}
	a.mu.Lock()
	ticket := a.next
	a.next++
	for ticket != a.serving || a.used+weight > a.budget {
		a.cond.Wait()
	}
	a.serving++
	a.used += weight
	reclaim := weight >= a.large && a.dirty
	if reclaim {
		a.dirty = false
	}
	a.mu.Unlock()
	// The next in line may fit too.
	a.cond.Broadcast()
	if reclaim && a.reclaim != nil {
		a.reclaim()
	}
	return weight
}

// release returns weight, as acquire returned it, to the budget.
func (a *admission) release(weight int64) {
	if weight == 0 {
		return
	}
	a.mu.Lock()
	a.used -= weight
	if weight >= a.large {
		a.dirty = true
	}
	a.mu.Unlock()
	a.cond.Broadcast()
}

// sourceWeight is what parsing the file at path weighs: its size, or
// nothing when it is skipped unread or cannot be examined (its read then
// fails and says why).
func sourceWeight(fsys vfs.FS, path string, skip option.Text) int64 {
	if len(skip) > 0 {
		return 0
	}
	info, err := fsys.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	return info.Size()
}
