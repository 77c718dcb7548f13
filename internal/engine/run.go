package engine

import (
	"context"
	"crypto/sha256"
	"sync"

	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Run is the per-file part of one run: the files' results, and the
// ast-grep scan started beside their analysis, both through the run's
// view of the cache (when there is one).
type Run struct {
	// Results are the files' results, in the files' order.
	Results []Result
	// Scan is the ast-grep scan; wait for it with Scan.Wait.
	Scan *Scan
	// Sums are the SHA-256 of the files' bytes as the run read them, by
	// path relative to the analysed directory (slash-separated), for the
	// files a run with a cache could read (none without a cache).
	Sums map[string][sha256.Size]byte

	cancel  context.CancelFunc
	fc      *filecache.View
	stats   *filecache.Stats
	closing sync.Once
}

// Start analyses the files found under path (a file or directory of
// fsys) with the cache c (nil for none), the ast-grep scan running
// beside the worker pool; what the run found in the cache is added to
// stats (when not nil) on Close. On an error the run is closed.
func Start(ctx context.Context, fsys vfs.FS, path string, files []source.SourceFile, s *Settings, c *filecache.Cache, stats *filecache.Stats) (*Run, error) {
	r := &Run{stats: stats}
	var keys []filecache.Key
	if c != nil {
		var err error
		if r.fc, err = c.StartRun(fsys, path); err != nil {
			return nil, err
		}
		keys = r.fc.Keys(files, s.Workers)
		r.Sums = make(map[string][sha256.Size]byte, len(keys))
		for _, k := range keys {
			if k.OK {
				r.Sums[k.Rel] = k.Content
			}
		}
	}
	ctx, r.cancel = context.WithCancel(ctx)
	r.Scan = StartScan(ctx, fsys, s, files, r.fc, keys)
	var err error
	if r.Results, err = Files(ctx, vfs.Or(fsys), files, s, r.fc, keys); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// StopScan stops the scan and waits for it: ast-grep has exited, its
// temporary files are gone, and it stores nothing more in the cache.
func (r *Run) StopScan() {
	r.cancel()
	_, _ = r.Scan.Wait()
}

// Close stops the scan, waits for the entries the run stored to be
// written and adds the run's counts to its stats. It may be called more
// than once.
func (r *Run) Close() {
	r.closing.Do(func() {
		r.StopScan()
		if r.fc != nil {
			r.fc.Wait()
			if r.stats != nil {
				r.stats.Add(r.fc.Stats())
			}
		}
	})
}

// DataStrings is DataStrings through the run's cache.
func (r *Run) DataStrings(s *Settings, fsys vfs.FS) func(path string, text []byte) []string {
	return func(path string, text []byte) []string { return DataStrings(s, r.fc, fsys, path, text) }
}
