package trajectory

import "sync"

// measuredCounter counts the checkpoints measured for Options.Measured,
// one call at a time; a nil counter counts nothing.
type measuredCounter struct {
	mu      sync.Mutex
	fn      func(done, n int)
	done, n int
}

func newMeasuredCounter(fn func(done, n int), n int) *measuredCounter {
	if fn == nil {
		return nil
	}
	return &measuredCounter{fn: fn, n: n}
}

// add counts one more checkpoint measured.
func (c *measuredCounter) add() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done++
	c.fn(c.done, c.n)
}
