package engine

import (
	"context"
	"errors"
	"runtime"
	"slices"

	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// StartPrescan fills c, in the background, with the ast-grep findings of
// the files of fsys under each root of scan, taking each root as an
// analysed tree (findings are filed by the path inside it), in one
// ast-grep run, and, beside it, with the analyses of the files under the
// roots of analyse (kept in memory until a run reads them back). The
// runs sharing c wait for the scan to end before they look up their
// findings (and fail with its error if it failed), while they parse
// their files; they do not wait for the analyses (a file not analysed yet
// is analysed by the run). Files are found with every ignore file passed
// over and without excludes (a file no run analyses costs a little work,
// nothing else), in s.Languages; a root with no source file is passed
// over; nothing is scanned with s.DisableSG. wait waits for both, adds
// their counts to stats (when not nil) and returns their error; call it
// once, from the goroutine that owns stats.
func StartPrescan(ctx context.Context, c *filecache.Cache, fsys vfs.FS, s Settings, stats *filecache.Stats, scan, analyse []string) (wait func() error) {
	scanStats, analyseStats := &filecache.Stats{}, &filecache.Stats{}
	p := c.AddPending()
	analysed := make(chan error, 1)
	go func() {
		// One walk of every root for both.
		set, err := prescanFiles(c, fsys, &s, slices.Concat(scan, analyse))
		if err != nil {
			p.Finish(err)
			analysed <- err
			return
		}
		go func() {
			p.Finish(scanSet(ctx, c, fsys, &s, set.under(scan), scanStats))
		}()
		a := s
		// Half the workers: the first point and ast-grep run meanwhile.
		if a.Workers <= 0 {
			a.Workers = runtime.NumCPU()
		}
		a.Workers = max(1, a.Workers/2)
		analysed <- analyseSet(ctx, c, fsys, &a, set.under(analyse), analyseStats)
	}()
	return func() error {
		scanErr := p.Wait()
		err := <-analysed
		if stats != nil {
			stats.Add(*scanStats)
			stats.Add(*analyseStats)
		}
		if scanErr != nil && errors.Is(err, scanErr) {
			return err
		}
		return errors.Join(scanErr, err)
	}
}

// scanSet runs ast-grep over the files of set the cache holds no
// findings for (nothing with DisableSG), storing theirs.
func scanSet(ctx context.Context, c *filecache.Cache, fsys vfs.FS, s *Settings, set prescanSet, stats *filecache.Stats) error {
	if s.DisableSG {
		return nil
	}
	var paths []string
	for _, f := range set.files {
		if len(f.Skip) == 0 {
			paths = append(paths, f.Path)
		}
	}
	if len(paths) == 0 || s.Active.For(paths) == 0 {
		return nil
	}
	sc := &scanner{Scanner: s.scanner(), fs: vfs.Or(fsys)}
	id, err := c.Probe(ctx, &sc.Scanner)
	if err != nil {
		return err
	}
	fc := c.Ahead(false)
	_, err = cachedScan(ctx, sc, fc, s, set.files, set.keys, id.Key)
	fc.Wait()
	stats.Add(fc.Stats())
	return err
}

// analyseSet analyses the files of set into c, whose memory keeps them
// until a run reads them back.
func analyseSet(ctx context.Context, c *filecache.Cache, fsys vfs.FS, s *Settings, set prescanSet, stats *filecache.Stats) error {
	if len(set.files) == 0 {
		return nil
	}
	fc := c.Ahead(true)
	_, err := Files(ctx, vfs.Or(fsys), set.files, s, fc, set.keys)
	fc.Wait()
	stats.Add(fc.Stats())
	return err
}

// prescanSet is the files found under some roots, with their cache keys
// and the root each was found under.
type prescanSet struct {
	files []source.SourceFile
	keys  []filecache.Key
	roots []string
}

// under keeps the files found under one of roots.
func (s prescanSet) under(roots []string) prescanSet {
	var out prescanSet
	for i, r := range s.roots {
		if slices.Contains(roots, r) {
			out.files = append(out.files, s.files[i])
			out.keys = append(out.keys, s.keys[i])
			out.roots = append(out.roots, r)
		}
	}
	return out
}

// prescanFiles finds the files under roots (each root walked once) with
// their cache keys.
func prescanFiles(c *filecache.Cache, fsys vfs.FS, s *Settings, roots []string) (prescanSet, error) {
	discover := source.DiscoverOptions{NoIgnoreFiles: true, MaxFileSize: s.MaxFileSize, Languages: s.Languages, FS: fsys}
	var set prescanSet
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
		rootCache, err := c.At(fsys, root)
		if err != nil {
			return prescanSet{}, err
		}
		set.files = append(set.files, found...)
		set.keys = append(set.keys, rootCache.Keys(found, s.Workers)...)
		for range found {
			set.roots = append(set.roots, root)
		}
	}
	return set, nil
}
