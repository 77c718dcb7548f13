package scbcheck

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// StartPrescan fills opt.Cache, in the background, with the ast-grep
// findings of the files under each root of scan, taking each root as an
// analysed tree (findings are filed by the path inside it), in one
// ast-grep run, and, beside it, with the analyses of the files under the
// roots of analyse (kept in memory until a run reads them back). A
// sequence of snapshots that share most files (a git history) can so put
// every file version new to it under a root each and pay for one
// ast-grep process instead of one per snapshot.
//
// The runs sharing opt.Cache wait for the scan to end before they look up
// their findings (and fail with its error if it failed), while they parse
// their files; they do not wait for the analyses (a file not analysed yet
// is analysed by the run). Files are found with every ignore file passed
// over and without excludes (a file no run analyses costs a little work,
// nothing else); the languages are opt.Languages, or all; a root with no
// source file is passed over; nothing is scanned with DisableSG. wait
// waits for both, adds their counts to opt.CacheStats and returns their
// error; call it once, from the goroutine that owns opt.CacheStats.
func StartPrescan(ctx context.Context, opt Options, scan, analyse []string) (wait func() error) {
	if opt.Cache == nil {
		return func() error { return nil }
	}
	stats := opt.CacheStats
	scanStats, analyseStats := &CacheStats{}, &CacheStats{}
	done := make(chan struct{})
	p := &pendingScan{done: done}
	opt.Cache.mu.Lock()
	opt.Cache.pending = append(opt.Cache.pending, p)
	opt.Cache.mu.Unlock()
	analysed := make(chan error, 1)
	go func() {
		// One walk of every root for both.
		set, err := prescanFiles(opt, slices.Concat(scan, analyse))
		if err != nil {
			p.err = err
			close(done)
			analysed <- err
			return
		}
		go func() {
			defer close(done)
			o := opt
			o.CacheStats = scanStats
			p.err = scanSet(ctx, o, set.under(scan))
		}()
		o := opt
		o.CacheStats = analyseStats
		// Half the workers: the first point and ast-grep run meanwhile.
		if o.Workers <= 0 {
			o.Workers = runtime.NumCPU()
		}
		o.Workers = max(1, o.Workers/2)
		analysed <- analyseSet(ctx, o, set.under(analyse))
	}()
	return func() error {
		<-done
		err := <-analysed
		if stats != nil {
			stats.Add(*scanStats)
			stats.Add(*analyseStats)
		}
		if p.err != nil && errors.Is(err, p.err) {
			return err
		}
		return errors.Join(p.err, err)
	}
}

// pendingScan is a prescan under way; err is set when done is closed.
type pendingScan struct {
	done chan struct{}
	err  error
}

// awaitPrescans waits for the prescans started on c and returns the
// first one's error.
func (c *Cache) awaitPrescans(ctx context.Context) error {
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

// scanSet runs ast-grep over the files of set the cache holds no
// findings for (nothing with DisableSG), storing theirs.
func scanSet(ctx context.Context, opt Options, set prescanSet) error {
	if opt.DisableSG {
		return nil
	}
	var paths []string
	for _, f := range set.files {
		if f.Skip == "" {
			paths = append(paths, f.Path)
		}
	}
	if len(paths) == 0 || set.cat.ActiveFor(opt.IncludeAll, paths) == 0 {
		return nil
	}
	binary := opt.AstGrep
	if binary == "" {
		binary = "ast-grep"
	}
	timeout := opt.AstGrepTimeout
	if timeout == 0 {
		timeout = DefaultAstGrepTimeout
	}
	sc := &scanner{Scanner: rules.Scanner{Binary: binary, Timeout: timeout, Threads: opt.Workers}, fs: vfs.Or(opt.FS)}
	id, err := opt.Cache.probe(ctx, &sc.Scanner)
	if err != nil {
		return err
	}
	fc := &fileCache{Cache: opt.Cache, slots: make(chan struct{}, maxWriters)}
	_, err = cachedScan(ctx, sc, fc, set.cat, set.files, set.keys, id.key, opt.IncludeAll)
	fc.wait()
	if opt.CacheStats != nil {
		opt.CacheStats.Add(fc.snapshot())
	}
	return err
}

// analyseSet analyses the files of set into opt.Cache, whose memory
// keeps them until a run reads them back.
func analyseSet(ctx context.Context, opt Options, set prescanSet) error {
	if len(set.files) == 0 {
		return nil
	}
	fc := &fileCache{Cache: opt.Cache, slots: make(chan struct{}, maxWriters), pin: true}
	_, err := analyzeFiles(ctx, vfs.Or(opt.FS), set.files, opt.Workers, opt.parseTimeout(), set.cat.IDs(), fc, set.keys)
	fc.wait()
	if opt.CacheStats != nil {
		opt.CacheStats.Add(fc.snapshot())
	}
	return err
}

// prescanSet is the files found under some roots, with their cache keys
// and the root each was found under.
type prescanSet struct {
	cat   *rules.Catalog
	files []source.SourceFile
	keys  []fileKey
	roots []string
}

// under keeps the files found under one of roots.
func (s prescanSet) under(roots []string) prescanSet {
	out := prescanSet{cat: s.cat}
	for i, r := range s.roots {
		if slices.Contains(roots, r) {
			out.files = append(out.files, s.files[i])
			out.keys = append(out.keys, s.keys[i])
			out.roots = append(out.roots, r)
		}
	}
	return out
}

// prescanFiles loads the catalog and finds the files under roots (each
// root walked once) with their cache keys.
func prescanFiles(opt Options, roots []string) (prescanSet, error) {
	cat := opt.Catalog
	if cat == nil {
		var err error
		if cat, err = rules.Load(rules.CatalogOptions{Replace: opt.CatalogPaths, Extra: opt.ExtraRuleFiles, MaxFileSize: opt.MaxConfigSize}); err != nil {
			return prescanSet{}, err
		}
	}
	names := opt.Languages
	if names == nil {
		names = []string{"all"}
	}
	languages, err := lang.Resolve(names)
	if err != nil {
		return prescanSet{}, fmt.Errorf("--languages: %w", err)
	}
	maxSize := opt.MaxFileSize
	if maxSize == 0 {
		maxSize = DefaultMaxFileSize
	}
	discover := source.DiscoverOptions{IncludeAll: true, MaxFileSize: maxSize, Languages: languages, FS: opt.FS}
	set := prescanSet{cat: cat}
	seen := map[string]bool{}
	for _, root := range roots {
		if seen[root] {
			continue
		}
		seen[root] = true
		found, err := source.Discover(root, discover)
		if errors.Is(err, source.ErrNoFiles) {
			continue
		}
		if err != nil {
			return prescanSet{}, err
		}
		rootCache, err := fileCacheAt(opt.Cache, opt.FS, root)
		if err != nil {
			return prescanSet{}, err
		}
		set.files = append(set.files, found...)
		set.keys = append(set.keys, rootCache.keys(found, opt.Workers)...)
		for range found {
			set.roots = append(set.roots, root)
		}
	}
	return set, nil
}
