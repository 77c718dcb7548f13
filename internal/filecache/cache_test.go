package filecache

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/cache"
)

func key(s string) cache.Key {
	var h cache.Hasher
	return h.Add(s).Key()
}

// Memory keeps what the last three runs used: an entry no run reads for
// three rotations is forgotten, one read again moves to the current run;
// long-lived entries stay; a pinned entry stays until a run reads it.
func TestMemoryGenerations(t *testing.T) {
	c := NewMemory()
	c.Remember(key("old"), "old")
	c.RememberLong(key("long"), "long")
	c.Ahead(true).Keep(key("pinned"), "pinned")
	c.rotate()
	c.rotate()
	v, ok := c.Remembered(key("old"))
	require.True(t, ok, "two rotations later")
	assert.Equal(t, "old", v)
	// Read again, it belongs to the current run: three more rotations
	// forget it.
	for range 3 {
		c.rotate()
	}
	_, ok = c.Remembered(key("old"))
	assert.False(t, ok, "unused for three runs")
	_, ok = c.Remembered(key("long"))
	assert.True(t, ok, "long-lived entries stay")
	_, ok = c.Remembered(key("pinned"))
	assert.True(t, ok, "a pinned entry stays until read")
	for range 3 {
		c.rotate()
	}
	_, ok = c.Remembered(key("pinned"))
	assert.False(t, ok, "once read, a pinned entry ages as any other")
}

// A run that misses a key another run has claimed waits for it and then
// finds what the other stored; the claim is given up by release.
func TestLoadOrClaimWaitsForTheClaimant(t *testing.T) {
	c := NewMemory()
	first, second := c.Ahead(false), c.Ahead(false)
	k := key("file")
	load := func(v *View) func() bool {
		return func() bool { _, ok := v.Remembered(k); return ok }
	}
	hit, release := first.LoadOrClaim(context.Background(), k, load(first))
	require.False(t, hit)
	var wg sync.WaitGroup
	var secondHit bool
	wg.Add(1)
	go func() {
		defer wg.Done()
		secondHit, _ = second.LoadOrClaim(context.Background(), k, load(second))
	}()
	time.Sleep(20 * time.Millisecond) // the second run is waiting by now
	first.Remember(k, "analysis")
	release()
	wg.Wait()
	assert.True(t, secondHit, "the waiting run reads the claimant's entry")
}

// Cancellation ends the wait for another run's claim with a miss.
func TestLoadOrClaimCancelled(t *testing.T) {
	c := NewMemory()
	k := key("file")
	never := func() bool { return false }
	_, release := c.Ahead(false).LoadOrClaim(context.Background(), k, never)
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hit, rel := c.Ahead(false).LoadOrClaim(ctx, k, never)
	assert.False(t, hit)
	rel() // does nothing, and must not panic
}

func TestStatsAdd(t *testing.T) {
	var s *Stats
	s.AddError(assert.AnError) // nil stats: nothing to count into
	total := Stats{FileHits: 1}
	total.Add(Stats{FileHits: 2, ScanMisses: 3, Errors: 1, FirstError: assert.AnError})
	total.AddError(context.Canceled)
	assert.Equal(t, Stats{FileHits: 3, ScanMisses: 3, Errors: 2, FirstError: assert.AnError}, total, "the first error is kept")
}
