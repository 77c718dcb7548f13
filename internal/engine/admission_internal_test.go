package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Requests of every weight from many goroutines, each holding its weight
// a while: the weight admitted at once never exceeds the budget, one over
// the budget is admitted alone, and every request is admitted (none
// starves).
func TestAdmissionStaysWithinBudget(t *testing.T) {
	const budget = 100
	a := newAdmission(budget, nil)
	var mu sync.Mutex
	var inFlight int64
	holders, admitted := 0, 0
	var violations []string
	weights := []int64{1, 30, 99, 100, 250, 0, 60, 45, 7, 1000}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				w := weights[(g*7+k)%len(weights)]
				got := a.acquire(w)
				if got == 0 {
					continue // takes nothing
				}
				mu.Lock()
				inFlight += got
				holders++
				if inFlight > budget && len(violations) < 5 {
					violations = append(violations, fmt.Sprintf("%d in flight", inFlight))
				}
				mu.Unlock()
				runtime.Gosched() // let others run while this one holds
				mu.Lock()
				if w >= budget && holders > 1 && len(violations) < 5 {
					violations = append(violations, fmt.Sprintf("weight %d held beside %d others", w, holders-1))
				}
				holders--
				inFlight -= got
				admitted++
				mu.Unlock()
				a.release(got)
			}
		}(g)
	}
	wg.Wait()
	assert.Empty(t, violations)
	assert.Equal(t, 8*200*9/10, admitted, "every request with a weight")
	assert.Zero(t, a.used, "everything released")
}

// A request over the budget waits for every earlier one to be released,
// and later ones wait for it (arrival order).
func TestAdmissionOversizedWaitsAlone(t *testing.T) {
	a := newAdmission(10, nil)
	small := a.acquire(4)
	done := make(chan int64)
	go func() { done <- a.acquire(50) }()
	// The big request holds the next ticket once it waits; a later small
	// request queues behind it even though 4+4 would fit.
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.next == 2 })
	later := make(chan int64)
	go func() { later <- a.acquire(4) }()
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.next == 3 })
	a.mu.Lock()
	assert.Equal(t, uint64(1), a.serving, "neither the big nor the later request is admitted while 4 are held")
	a.mu.Unlock()
	a.release(small)
	big := <-done
	assert.Equal(t, int64(10), big, "an oversized weight takes the whole budget")
	a.mu.Lock()
	assert.Equal(t, int64(10), a.used)
	a.mu.Unlock()
	a.release(big)
	assert.Equal(t, int64(4), <-later)
}

// waitFor polls cond until it holds (a state reached by another
// goroutine; no time is asserted).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		runtime.Gosched()
	}
}

// Reclaiming runs before a large file when a large file finished since
// the last reclaim, never for small ones, never before the first.
func TestAdmissionReclaimsBetweenLargeFiles(t *testing.T) {
	reclaims := 0
	a := newAdmission(100, func() { reclaims++ })
	for _, w := range []int64{10, 10} {
		a.release(a.acquire(w))
	}
	assert.Equal(t, 0, reclaims, "small files never reclaim")
	a.release(a.acquire(80))
	assert.Equal(t, 0, reclaims, "nothing large before the first large file")
	a.release(a.acquire(10))
	assert.Equal(t, 0, reclaims, "a small file after a large one does not reclaim")
	a.release(a.acquire(500))
	assert.Equal(t, 1, reclaims, "a large file after a large one reclaims first")
	a.release(a.acquire(30))
	assert.Equal(t, 2, reclaims)
}

// gateFS records, at each read, the weight the parse gate holds.
type gateFS struct {
	vfs.FS
	gate *admission
	mu   sync.Mutex
	held map[string]int64
}

func (g *gateFS) ReadFile(name string) ([]byte, error) {
	g.gate.mu.Lock()
	used := g.gate.used
	g.gate.mu.Unlock()
	g.mu.Lock()
	g.held[name] = used
	g.mu.Unlock()
	return g.FS.ReadFile(name)
}

// The worker pool reads a file only once the gate has admitted it: with
// every file over the budget, each read sees the whole budget held (its
// own admission, nobody else's), whatever the worker count.
func TestAnalyzeFilesAdmitsBySize(t *testing.T) {
	dir := t.TempDir()
	var files []source.SourceFile
	for i := 0; i < 12; i++ {
		p := filepath.Join(dir, fmt.Sprintf("m%02d.py", i))
		src := fmt.Sprintf("def f%d(a, b):\n    return a + b\n", i) + strings.Repeat("# padding\n", 10)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		files = append(files, source.SourceFile{Path: p, Lang: lang.Python})
	}
	saved := parseGate
	t.Cleanup(func() { parseGate = saved })
	const budget = 64 // every file is larger
	parseGate = newAdmission(budget, nil)
	fsys := &gateFS{FS: vfs.OS, gate: parseGate, held: map[string]int64{}}
	results, err := Files(context.Background(), fsys, files, &Settings{Workers: 4}, nil, nil)
	require.NoError(t, err)
	require.Len(t, results, len(files))
	for _, f := range files {
		assert.Equal(t, int64(budget), fsys.held[f.Path], "%s read with the gate holding only it", f.Path)
	}
	for _, r := range results {
		assert.Empty(t, r.Skipped)
	}
	assert.Zero(t, parseGate.used)
}
