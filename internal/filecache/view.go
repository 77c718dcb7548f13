package filecache

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// View is one run's view of its Cache: where the analysed tree is, and
// what the run found.
type View struct {
	*Cache
	// fs is the tree read; root is the analysed directory in it, the keys
	// of files carry the path relative to it.
	fs   vfs.FS
	root string
	// pin keeps the entries kept in memory until a run reads them (they
	// are made ahead of the runs).
	pin bool

	statsMu sync.Mutex
	stats   Stats

	// writers counts the puts under way; slots bounds them.
	writers sync.WaitGroup
	slots   chan struct{}
}

// maxWriters bounds the entries being encoded and written at once.
const maxWriters = 4

// StartRun starts a run analysing path (a file or directory of fsys) with
// the cache c: the entries no run used since the third run before are
// forgotten.
func (c *Cache) StartRun(fsys vfs.FS, path string) (*View, error) {
	v, err := c.At(fsys, path)
	if err != nil {
		return nil, err
	}
	c.rotate()
	return v, nil
}

// At is a view of c for the tree at path (a file's directory), for the
// keys of the files found there; it starts no run.
func (c *Cache) At(fsys vfs.FS, path string) (*View, error) {
	root, err := vfs.CanonicalDir(fsys, path)
	if err != nil {
		return nil, err
	}
	return &View{Cache: c, fs: vfs.Or(fsys), root: root, slots: make(chan struct{}, maxWriters)}, nil
}

// Ahead is a view of c for entries made ahead of the runs (a prescan):
// with pin, the entries it keeps stay in memory until a run reads them.
func (c *Cache) Ahead(pin bool) *View {
	return &View{Cache: c, slots: make(chan struct{}, maxWriters), pin: pin}
}

// Key is what the cache knows of one discovered file before it is
// analysed.
type Key struct {
	// OK is false when the file could not be read: it is analysed (and
	// fails) the usual way, and nothing is cached for it.
	OK bool
	// Content is the SHA-256 of the file's bytes.
	Content [sha256.Size]byte
	// Rel is the path relative to the analysed root, slash-separated.
	Rel string
}

// Keys reads every file once, on workers goroutines (all cores when not
// positive), and hashes its content.
func (v *View) Keys(files []source.SourceFile, workers int) []Key {
	out := make([]Key, len(files))
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = v.keyOf(files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func (v *View) keyOf(f source.SourceFile) Key {
	if len(f.Skip) > 0 {
		return Key{}
	}
	sum, known := KnownSHA256(v.fs, f.Path)
	if !known {
		b, err := v.fs.ReadFile(f.Path)
		if err != nil {
			return Key{}
		}
		sum = sha256.Sum256(b)
	}
	rel, err := filepath.Rel(v.root, f.Path)
	if err != nil {
		rel = f.Path
	}
	return Key{OK: true, Content: sum, Rel: filepath.ToSlash(rel)}
}

// KnownSHA256 is the SHA-256 of the file at path when fsys keeps it.
func KnownSHA256(fsys vfs.FS, path string) ([sha256.Size]byte, bool) {
	if h, ok := fsys.(vfs.Hasher); ok {
		return h.SHA256(path)
	}
	return [sha256.Size]byte{}, false
}

func (v *View) fail(err error) {
	v.statsMu.Lock()
	defer v.statsMu.Unlock()
	v.stats.Errors++
	if v.stats.FirstError == nil {
		v.stats.FirstError = err
	}
}

// Damaged counts an entry found damaged (err wraps cache.ErrDamaged).
func (v *View) Damaged(err error) {
	v.statsMu.Lock()
	defer v.statsMu.Unlock()
	v.stats.Damaged++
	if v.stats.FirstDamage == nil {
		v.stats.FirstDamage = err
	}
}

// Stats returns the counts so far.
func (v *View) Stats() Stats {
	v.statsMu.Lock()
	defer v.statsMu.Unlock()
	return v.stats
}

// FileHit counts a file whose analysis was read from the cache.
func (v *View) FileHit() { v.count(&v.stats.FileHits) }

// FileMiss counts a file analysed, its analysis not found.
func (v *View) FileMiss() { v.count(&v.stats.FileMisses) }

// ScanHit counts a file whose ast-grep findings were read from the cache.
func (v *View) ScanHit() { v.count(&v.stats.ScanHits) }

// ScanMiss counts a file given to ast-grep, its findings not found.
func (v *View) ScanMiss() { v.count(&v.stats.ScanMisses) }

func (v *View) count(field *int) {
	v.statsMu.Lock()
	*field++
	v.statsMu.Unlock()
}

// Keep keeps v in memory under k as the view's run's own entry, or, in
// a view made ahead of the runs with pin, until a run reads it.
func (v *View) Keep(k cache.Key, e any) {
	if v.pin {
		v.Cache.pin(k, e)
	} else {
		v.Remember(k, e)
	}
}

// Put stores e as JSON under key, in the background: encoding and writing
// overlap the analysis of the next files (what names the entry in an
// error). Wait waits for every put.
func (v *View) Put(key cache.Key, e any, what string) {
	if v.dir == nil {
		return
	}
	v.writers.Add(1)
	v.slots <- struct{}{}
	go func() {
		defer func() {
			<-v.slots
			v.writers.Done()
		}()
		b, err := json.Marshal(e)
		if err == nil {
			err = v.dir.Put(key, b)
		}
		if err != nil {
			v.fail(fmt.Errorf("storing %s: %w", what, err))
		}
	}()
}

// Wait returns when every entry put has been written (or has failed).
func (v *View) Wait() { v.writers.Wait() }

// Get reads the JSON entry under key into e (the file at path's); a
// damaged entry is counted and is a miss.
func (v *View) Get(key cache.Key, e any, path string) bool {
	if v.dir == nil {
		return false
	}
	b, ok, err := v.dir.Get(key)
	switch {
	case errors.Is(err, cache.ErrDamaged):
		v.Damaged(fmt.Errorf("%w (for %s)", err, path))
	case err != nil:
		v.fail(err)
	}
	if !ok {
		return false
	}
	if err := json.Unmarshal(b, e); err != nil {
		v.Damaged(fmt.Errorf("%w %s for %s: %v", cache.ErrDamaged, key, path, err))
		return false
	}
	return true
}

// LoadOrClaim calls load, which reports whether it found the entry under
// key; on a miss it claims the key and returns the function that gives it
// up, to call once the entry is stored. A key another run has claimed is
// waited for, then loaded again. On cancellation it returns a miss with a
// release that does nothing.
func (v *View) LoadOrClaim(ctx context.Context, key cache.Key, load func() bool) (hit bool, release func()) {
	for {
		if load() {
			return true, nil
		}
		release, busy := v.claim(key)
		if busy == nil {
			// Another run may have stored the entry and given up its
			// claim between the lookup above and this claim. A run stores
			// in memory before it gives up its claim, so memory is where
			// to look again (the disk was read above: a damaged entry is
			// not counted twice).
			if _, stored := v.Remembered(key); stored && load() {
				release()
				return true, nil
			}
			return false, release
		}
		select {
		case <-busy:
		case <-ctx.Done():
			return false, func() {}
		}
	}
}
