package filecache

import (
	"context"
	"maps"
	"sync"

	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/rules"
)

// Cache is an open cache directory that also keeps in memory the entries
// its last three runs read or wrote (two may run at once), so that the
// checkpoints of a trajectory, which share most of their files, decode
// each file's entry once. It is safe for concurrent use; memory holds the
// entries three runs used, the entries pinned ahead of the runs until a
// run reads them, and every long-lived entry (ast-grep findings, a few
// bytes per file).
type Cache struct {
	// dir is nil for a cache held in memory only.
	dir *cache.Dir

	mu sync.Mutex
	// cur holds the entries read or written since the last run started,
	// older the entries of the two periods before; each run rotates them
	// as it starts.
	cur   map[cache.Key]any
	older [2]map[cache.Key]any
	// long keeps entries for the Cache's life (ast-grep findings, a few
	// bytes each: a prescan's are read back many runs later).
	long map[cache.Key]any
	// astGreps are the ast-grep executables probed, by path as given.
	astGreps map[string]AstGrepID
	// pending are the prescans started on the cache.
	pending []*Pending
	// claims are the entries being made, by key: a run that misses a file
	// another run is analysing waits for it instead of analysing it too.
	claims map[cache.Key]chan struct{}
	// pinned are the entries made ahead of the runs, kept until a run
	// reads them (then they live as the run's own).
	pinned map[cache.Key]any
}

// Open opens (creating it when missing) the cache directory path, its
// size bounded by maxBytes when positive (see cache.OpenLimit).
func Open(path string, maxBytes int64) (*Cache, error) {
	d, err := cache.OpenLimit(path, maxBytes)
	if err != nil {
		return nil, err
	}
	c := NewMemory()
	c.dir = d
	return c, nil
}

// NewMemory returns a Cache held in memory only, for the runs of one
// process: nothing is written to disk, and memory holds what it holds in
// a Cache with a directory.
func NewMemory() *Cache {
	return &Cache{cur: map[cache.Key]any{}, long: map[cache.Key]any{}, astGreps: map[string]AstGrepID{}}
}

// Close writes out what the runs stored (until then only this Cache reads
// it back) and closes the directory; the Cache must not be used after.
// A Cache held in memory only has nothing to close.
func (c *Cache) Close() error {
	if c.dir == nil {
		return nil
	}
	return c.dir.Close()
}

// rotate starts a run: what was not used since the third run before is
// forgotten.
func (c *Cache) rotate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.older[1], c.older[0], c.cur = c.older[0], c.cur, map[cache.Key]any{}
}

// Remembered returns the entry memory holds under k, if any.
func (c *Cache) Remembered(k cache.Key) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		return v, true
	}
	if v, ok := c.long[k]; ok {
		return v, true
	}
	if v, ok := c.pinned[k]; ok {
		delete(c.pinned, k)
		c.cur[k] = v
		return v, true
	}
	for _, m := range c.older {
		if v, ok := m[k]; ok {
			c.cur[k] = v
			return v, true
		}
	}
	return nil, false
}

// Remember keeps v in memory under k as an entry of the current run.
func (c *Cache) Remember(k cache.Key, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur[k] = v
}

// RememberLong keeps v in memory under k for the Cache's life.
func (c *Cache) RememberLong(k cache.Key, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.long[k] = v
}

// pin keeps v in memory until a run reads it.
func (c *Cache) pin(k cache.Key, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pinned == nil {
		c.pinned = map[cache.Key]any{}
	}
	c.pinned[k] = v
}

// Memory returns a copy of the entries memory holds for the current run
// and for the Cache's life, by key: what the next run reads first.
func (c *Cache) Memory() map[cache.Key]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := maps.Clone(c.cur)
	maps.Copy(out, c.long)
	return out
}

// Stored returns the bytes the directory holds under k (false for a Cache
// held in memory only).
func (c *Cache) Stored(k cache.Key) ([]byte, bool, error) {
	if c.dir == nil {
		return nil, false, nil
	}
	return c.dir.Get(k)
}

// AstGrepID is what a Cache knows of an ast-grep executable: the version
// it prints, and the identity its findings are filed under: that version,
// the file that runs (symbolic links resolved) and its SHA-256, so that
// findings of one binary are never read back for another.
type AstGrepID struct {
	Version, Key string
}

// Probe returns the ast-grep executable's version and identity, asking
// and hashing it once per Cache: the runs of a trajectory share one
// executable.
func (c *Cache) Probe(ctx context.Context, sc *rules.Scanner) (AstGrepID, error) {
	c.mu.Lock()
	id, ok := c.astGreps[sc.Binary]
	c.mu.Unlock()
	if ok {
		return id, nil
	}
	v, err := sc.Probe(ctx)
	if err != nil {
		return AstGrepID{}, err
	}
	file, err := rules.IdentifyAstGrep(sc.Binary)
	if err != nil {
		return AstGrepID{}, &option.Error{Err: err, Text: option.Text{option.Cause(), option.Lit(": its findings cannot be cached (run without "),
			option.Name(option.CacheDir), option.Lit(", or with "), option.Name(option.DisableSG), option.Lit(")")}}
	}
	id = AstGrepID{Version: v, Key: v + "\n" + file}
	c.mu.Lock()
	c.astGreps[sc.Binary] = id
	c.mu.Unlock()
	return id, nil
}

// Pending is a prescan under way on a Cache: the runs' scans wait for it
// to finish before they look up their findings.
type Pending struct {
	done chan struct{}
	err  error
}

// AddPending registers a prescan under way; call Finish once it ends.
func (c *Cache) AddPending() *Pending {
	p := &Pending{done: make(chan struct{})}
	c.mu.Lock()
	c.pending = append(c.pending, p)
	c.mu.Unlock()
	return p
}

// Finish ends the prescan with its error (nil when it succeeded).
func (p *Pending) Finish(err error) {
	p.err = err
	close(p.done)
}

// Wait waits for the prescan to finish and returns its error.
func (p *Pending) Wait() error {
	<-p.done
	return p.err
}

// AwaitPrescans waits for the prescans started on c and returns the
// first one's error.
func (c *Cache) AwaitPrescans(ctx context.Context) error {
	c.mu.Lock()
	pending := c.pending
	c.mu.Unlock()
	for _, p := range pending {
		select {
		case <-p.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if p.err != nil {
			return p.err
		}
	}
	return nil
}

// claim claims k unless another run has: it returns the function that
// gives the claim up, or the channel closed when the other run gives up
// its own.
func (c *Cache) claim(k cache.Key) (release func(), busy chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ch, ok := c.claims[k]; ok {
		return nil, ch
	}
	if c.claims == nil {
		c.claims = map[cache.Key]chan struct{}{}
	}
	ch := make(chan struct{})
	c.claims[k] = ch
	return func() {
		c.mu.Lock()
		delete(c.claims, k)
		c.mu.Unlock()
		close(ch)
	}, nil
}
