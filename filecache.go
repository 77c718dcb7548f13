package scbcheck

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/scbcheck/scbcheck/cache"
	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// CacheStats says what a run with a cache (Options.CacheDir or
// Options.Cache) found in it.
type CacheStats struct {
	// FileHits and FileMisses count the files whose analysis was read
	// from the cache and those analysed (and then stored).
	FileHits, FileMisses int
	// ScanHits and ScanMisses count the files whose ast-grep findings
	// were read from the cache and those given to ast-grep.
	ScanHits, ScanMisses int
	// Errors counts entries that could not be written or read back;
	// FirstError is the first of them. They never change the report.
	Errors     int
	FirstError error
	// Damaged counts the entries found damaged (a checksum mismatch, a
	// record cut short or misplaced, bytes that do not decode): each is a
	// miss, recomputed and written again, so the report is the one made
	// without the cache. FirstDamage says which was first and how.
	Damaged     int
	FirstDamage error
}

// AddError counts err (when not nil) as an entry that could not be
// written or read; s may be nil.
func (s *CacheStats) AddError(err error) {
	if s != nil && err != nil {
		s.Add(CacheStats{Errors: 1, FirstError: err})
	}
}

// Add adds o's counts to s, keeping s's first error if it has one.
func (s *CacheStats) Add(o CacheStats) {
	s.FileHits += o.FileHits
	s.FileMisses += o.FileMisses
	s.ScanHits += o.ScanHits
	s.ScanMisses += o.ScanMisses
	s.Errors += o.Errors
	if s.FirstError == nil {
		s.FirstError = o.FirstError
	}
	s.Damaged += o.Damaged
	if s.FirstDamage == nil {
		s.FirstDamage = o.FirstDamage
	}
}

// Cache is an open cache directory (see Options.CacheDir) that also keeps
// in memory the entries its last three runs read or wrote (two may run at
// once), so that the checkpoints of a trajectory, which share most of
// their files, decode each file's entry once. Pass one Cache to every run
// through Options.Cache. It is safe for concurrent use; memory holds the
// analyses three runs used, the analyses StartPrescan made until a run
// reads them, and every ast-grep finding met (a few bytes per file).
type Cache struct {
	// dir is nil for a cache held in memory only.
	dir *cache.Dir

	mu sync.Mutex
	// cur holds the entries read or written since the last run started,
	// older the entries of the two periods before; each run rotates them
	// as it starts.
	cur   map[cache.Key]any
	older [2]map[cache.Key]any
	// scans keeps every file's ast-grep findings (a few bytes each) for
	// the Cache's life: StartPrescan's are read back many runs later.
	scans map[cache.Key]any
	// astGreps are the ast-grep executables probed, by path as given.
	astGreps map[string]astGrepID
	// digests are catalogDigest's results, by catalog.
	digests map[*rules.Catalog]string
	// pending are the prescans started on the cache (StartPrescan).
	pending []*pendingScan
	// claims are the analyses under way, by key: a run that misses a file
	// another run is analysing waits for it instead of analysing it too.
	claims map[cache.Key]chan struct{}
	// pinned are the analyses StartPrescan made ahead of the runs, kept
	// until a run reads them (then they live as the run's own).
	pinned map[cache.Key]any
}

// digest returns catalogDigest(cat), computed once per catalog.
func (c *Cache) digest(cat *rules.Catalog) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.digests[cat]
	if !ok {
		d = catalogDigest(cat)
		c.digests[cat] = d
	}
	return d
}

// astGrepID is what a Cache knows of an ast-grep executable: the version
// it prints, and the identity its findings are filed under: that version,
// the file that runs (symbolic links resolved) and its SHA-256, so that
// findings of one binary are never read back for another.
type astGrepID struct {
	version, key string
}

// probe returns the ast-grep executable's version and identity, asking
// and hashing it once per Cache: the runs of a trajectory share one
// executable.
func (c *Cache) probe(ctx context.Context, sc *rules.Scanner) (astGrepID, error) {
	c.mu.Lock()
	id, ok := c.astGreps[sc.Binary]
	c.mu.Unlock()
	if ok {
		return id, nil
	}
	v, err := sc.Probe(ctx)
	if err != nil {
		return astGrepID{}, err
	}
	file, err := rules.IdentifyAstGrep(sc.Binary)
	if err != nil {
		return astGrepID{}, fmt.Errorf("%w: its findings cannot be cached (run without --cache, or with --disable-sg)", err)
	}
	id = astGrepID{version: v, key: v + "\n" + file}
	c.mu.Lock()
	c.astGreps[sc.Binary] = id
	c.mu.Unlock()
	return id, nil
}

// OpenCache opens (creating it when missing) the cache directory path.
func OpenCache(path string) (*Cache, error) {
	d, err := cache.Open(path)
	if err != nil {
		return nil, err
	}
	c := NewMemoryCache()
	c.dir = d
	return c, nil
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

// NewMemoryCache returns a Cache held in memory only, for the runs of
// one process (the checkpoints of a trajectory): nothing is written to
// disk, and memory holds what it holds in a Cache with a directory.
func NewMemoryCache() *Cache {
	return &Cache{cur: map[cache.Key]any{}, scans: map[cache.Key]any{}, astGreps: map[string]astGrepID{}, digests: map[*rules.Catalog]string{}}
}

// rotate starts a run: what was not used since the third run before is
// forgotten.
func (c *Cache) rotate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.older[1], c.older[0], c.cur = c.older[0], c.cur, map[cache.Key]any{}
}

func (c *Cache) remembered(k cache.Key) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		return v, true
	}
	if v, ok := c.scans[k]; ok {
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

func (c *Cache) remember(k cache.Key, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, scan := v.(*scanEntry); scan {
		c.scans[k] = v
		return
	}
	c.cur[k] = v
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

// fileCache is a run's view of its cache: where the analysed tree is, and
// what the run found.
type fileCache struct {
	*Cache
	// fs is the tree read; root is the analysed directory in it, scan
	// entries are keyed by the path relative to it.
	fs   vfs.FS
	root string
	// pin keeps the analyses stored in memory until a run reads them
	// (they are made ahead of the runs).
	pin bool

	statsMu sync.Mutex
	stats   CacheStats

	// writers counts the puts under way; slots bounds them.
	writers sync.WaitGroup
	slots   chan struct{}
}

// maxWriters bounds the entries being encoded and written at once.
const maxWriters = 4

// fileKey is what the cache knows of one discovered file before it is
// analysed.
type fileKey struct {
	// ok is false when the file could not be read: it is analysed (and
	// fails) the usual way, and nothing is cached for it.
	ok bool
	// content is the SHA-256 of the file's bytes.
	content [sha256.Size]byte
	// rel is the path relative to the analysed root, slash-separated.
	rel string
}

// cacheFormat changes whenever what an entry holds changes shape.
const cacheFormat = "scbcheck-file-2"

// openFileCache starts a run analysing path with the cache c.
func openFileCache(c *Cache, fsys vfs.FS, path string) (*fileCache, error) {
	fc, err := fileCacheAt(c, fsys, path)
	if err != nil {
		return nil, err
	}
	c.rotate()
	return fc, nil
}

// fileCacheAt is a view of c for the tree at path (a file's directory).
func fileCacheAt(c *Cache, fsys vfs.FS, path string) (*fileCache, error) {
	root, err := vfs.CanonicalDir(fsys, path)
	if err != nil {
		return nil, err
	}
	return &fileCache{Cache: c, fs: vfs.Or(fsys), root: root, slots: make(chan struct{}, maxWriters)}, nil
}

var (
	toolOnce sync.Once
	toolID   string
)

// toolIdentity names the code that makes entries: the version, the
// tree-sitter modules linked in and the running executable's SHA-256, so
// that a rebuilt binary (any change to the analyses) never reads entries
// another build wrote.
func toolIdentity() string {
	toolOnce.Do(func() {
		parts := []string{cacheFormat, Version}
		if bi, ok := debug.ReadBuildInfo(); ok {
			for _, d := range bi.Deps {
				if strings.HasPrefix(d.Path, "github.com/tree-sitter/") {
					parts = append(parts, d.Path+"@"+d.Version)
				}
			}
		}
		if exe, err := os.Executable(); err == nil {
			if sum, err := fileSHA256(exe); err == nil {
				parts = append(parts, "exe:"+sum)
			}
		}
		toolID = strings.Join(parts, "\n")
	})
	return toolID
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func (c *fileCache) fail(err error) {
	c.statsMu.Lock()
	defer c.statsMu.Unlock()
	c.stats.Errors++
	if c.stats.FirstError == nil {
		c.stats.FirstError = err
	}
}

// damaged counts an entry found damaged (err wraps cache.ErrDamaged).
func (c *fileCache) damaged(err error) {
	c.statsMu.Lock()
	defer c.statsMu.Unlock()
	c.stats.Damaged++
	if c.stats.FirstDamage == nil {
		c.stats.FirstDamage = err
	}
}

// snapshot returns the counts so far.
func (c *fileCache) snapshot() CacheStats {
	c.statsMu.Lock()
	defer c.statsMu.Unlock()
	return c.stats
}

func (c *fileCache) count(field *int) {
	c.statsMu.Lock()
	*field++
	c.statsMu.Unlock()
}

// keys reads every file once, in parallel, and hashes its content.
func (c *fileCache) keys(files []source.SourceFile, workers int) []fileKey {
	out := make([]fileKey, len(files))
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
				out[i] = c.keyOf(files[i])
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

func (c *fileCache) keyOf(f source.SourceFile) fileKey {
	if f.Skip != "" {
		return fileKey{}
	}
	sum, known := knownSHA256(c.fs, f.Path)
	if !known {
		b, err := c.fs.ReadFile(f.Path)
		if err != nil {
			return fileKey{}
		}
		sum = sha256.Sum256(b)
	}
	rel, err := filepath.Rel(c.root, f.Path)
	if err != nil {
		rel = f.Path
	}
	return fileKey{ok: true, content: sum, rel: filepath.ToSlash(rel)}
}

// factsKey files a file's own analysis: it depends on the code, the
// language and the bytes only.
func (c *fileCache) factsKey(f source.SourceFile, k fileKey) cache.Key {
	var h cache.Hasher
	return h.Add("facts", toolIdentity(), f.Lang.Name).AddBytes(k.content[:]).Key()
}

// cachedFile is what the cache keeps of a fileResult. The file's path is
// not kept (a moved or copied file hits the same entry); what depends on
// it, and what is derived from the rest, is rebuilt on load.
type cachedFile struct {
	Lines      int
	Nodes      int
	SLOC       source.Lines
	Fns        []source.Callable
	Cx         []erosion.Complexity
	Clones     []clones.Candidate
	Structure  []source.Structure
	Imports    []source.ImportBinding
	Reuse      *reuse.Facts
	Directives []source.Directive
}

// cacheable reports whether a result may be stored: skipped files and
// files with directive problems are analysed again each time (what makes
// them so can depend on the run: a parse timeout, the rule ids).
func cacheable(res fileResult) bool {
	return res.skipped == "" && res.ignoreErr == nil
}

func (c *fileCache) storeFile(key cache.Key, res fileResult) {
	e := cachedFile{
		Lines: res.lines, Nodes: res.nodes, SLOC: res.sloc, Fns: res.fns, Cx: res.cx,
		Clones: make([]clones.Candidate, len(res.clones)), Structure: res.facts.Structure,
		Imports: res.facts.Imports, Reuse: res.reuse, Directives: res.directives,
	}
	for i, cand := range res.clones {
		cand.Path = ""
		e.Clones[i] = cand
	}
	if c.pin {
		c.Cache.pin(key, &e)
	} else {
		c.remember(key, &e)
	}
	c.put(key, e, "the analysis of "+res.file.Path)
}

// put stores v as JSON under key, in the background: encoding and writing
// overlap the analysis of the next files. wait waits for every put.
func (c *fileCache) put(key cache.Key, v any, what string) {
	if c.dir == nil {
		return
	}
	c.writers.Add(1)
	c.slots <- struct{}{}
	go func() {
		defer func() {
			<-c.slots
			c.writers.Done()
		}()
		b, err := json.Marshal(v)
		if err == nil {
			err = c.dir.Put(key, b)
		}
		if err != nil {
			c.fail(fmt.Errorf("storing %s: %w", what, err))
		}
	}()
}

// wait returns when every entry put has been written (or has failed).
func (c *fileCache) wait() { c.writers.Wait() }

// get reads the JSON entry under key into v; a damaged entry is counted
// and is a miss.
func (c *fileCache) get(key cache.Key, v any, path string) bool {
	if c.dir == nil {
		return false
	}
	b, ok, err := c.dir.Get(key)
	switch {
	case errors.Is(err, cache.ErrDamaged):
		c.damaged(fmt.Errorf("%w (for %s)", err, path))
	case err != nil:
		c.fail(err)
	}
	if !ok {
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		c.damaged(fmt.Errorf("%w %s for %s: %v", cache.ErrDamaged, key, path, err))
		return false
	}
	return true
}

// loadOrClaim returns the file's cached analysis, if there is one;
// otherwise it claims the key and returns the function that gives it up,
// to call once the analysis is stored. A key another run has claimed is
// waited for, then looked up again.
func (c *fileCache) loadOrClaim(ctx context.Context, key cache.Key, f source.SourceFile, ruleIDs []string) (fileResult, bool, func()) {
	for {
		if res, ok := c.loadFile(key, f, ruleIDs); ok {
			return res, true, nil
		}
		c.mu.Lock()
		ch, busy := c.claims[key]
		if !busy {
			if c.claims == nil {
				c.claims = map[cache.Key]chan struct{}{}
			}
			ch = make(chan struct{})
			c.claims[key] = ch
			c.mu.Unlock()
			release := func() {
				c.mu.Lock()
				delete(c.claims, key)
				c.mu.Unlock()
				close(ch)
			}
			// Another run may have stored the analysis and given up its
			// claim between the lookup above and this claim. A run stores
			// in memory before it gives up its claim, so memory is where
			// to look again (the disk was read above: a damaged entry is
			// not counted twice).
			if _, stored := c.remembered(key); stored {
				if res, ok := c.loadFile(key, f, ruleIDs); ok {
					release()
					return res, true, nil
				}
			}
			return fileResult{}, false, release
		}
		c.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fileResult{}, false, func() {}
		}
	}
}

// loadFile returns the file's cached analysis, if there is one.
func (c *fileCache) loadFile(key cache.Key, f source.SourceFile, ruleIDs []string) (fileResult, bool) {
	v, ok := c.remembered(key)
	e, _ := v.(*cachedFile)
	if !ok {
		e = &cachedFile{}
		if !c.get(key, e, f.Path) {
			return fileResult{}, false
		}
		if len(e.Cx) != len(e.Fns) {
			c.damaged(fmt.Errorf("%w %s for %s: %d functions, %d complexities", cache.ErrDamaged, key, f.Path, len(e.Fns), len(e.Cx)))
			return fileResult{}, false
		}
		if c.pin {
			c.Cache.pin(key, e)
		} else {
			c.remember(key, e)
		}
	}
	// The entry may serve other files and runs: what is shared is only
	// read from here on, and what carries the path is copied.
	res := fileResult{
		file: f, lines: e.Lines, nodes: e.Nodes, sloc: e.SLOC, fns: e.Fns, cx: e.Cx,
		clones: slices.Clone(e.Clones), reuse: e.Reuse, directives: e.Directives,
	}
	for i := range res.clones {
		res.clones[i].Path = f.Path
	}
	res.facts = rules.FileFacts{
		Path: f.Path, Lang: f.Lang, Callables: e.Fns, Structure: e.Structure,
		Metrics: functionMetrics(e.Cx), Imports: e.Imports,
	}
	res.ignoreErr = source.JoinDirectiveErrors(nil, rules.ValidateIgnores(f.Path, res.directives, ruleIDs))
	return res, true
}

// knownSHA256 is the SHA-256 of the file at path when fsys keeps it.
func knownSHA256(fsys vfs.FS, path string) ([sha256.Size]byte, bool) {
	if h, ok := fsys.(vfs.Hasher); ok {
		return h.SHA256(path)
	}
	return [sha256.Size]byte{}, false
}

// dataStrings returns reuse.DataStrings of a configuration file's text,
// remembered (in memory only: reading them is cheap, the files are few)
// when c is not nil.
func (c *fileCache) dataStrings(fsys vfs.FS, path string, text []byte) []string {
	if c == nil {
		return reuse.DataStrings(text)
	}
	sum, known := knownSHA256(fsys, path)
	if !known {
		sum = sha256.Sum256(text)
	}
	var h cache.Hasher
	key := h.Add("data", toolIdentity()).AddBytes(sum[:]).Key()
	if v, ok := c.remembered(key); ok {
		return v.([]string)
	}
	strs := reuse.DataStrings(text)
	c.remember(key, strs)
	return strs
}

// catalogDigest identifies the rules a scan runs by their text.
func catalogDigest(cat *rules.Catalog) string {
	var h cache.Hasher
	for _, r := range cat.Rules {
		h.Add(r.ID, r.Language, r.Severity, strconv.Itoa(r.MinFileCount), r.Doc)
	}
	return h.Key().String()
}

// scanKey files a file's ast-grep findings: they depend on the ast-grep
// executable (astGrep: its version, file and content), the rules, which
// rules are active, the language, the bytes and, as rules may select
// files by path, the path inside the analysed tree.
func (c *fileCache) scanKey(f source.SourceFile, k fileKey, astGrep, catalog string, includeAll bool) cache.Key {
	var h cache.Hasher
	return h.Add("scan", toolIdentity(), astGrep, catalog, strconv.FormatBool(includeAll), f.Lang.Name, k.rel).
		AddBytes(k.content[:]).Key()
}

// scanEntry is one file's findings, its path left out.
type scanEntry struct {
	Findings []finding.Finding
}

func (c *fileCache) loadScan(key cache.Key, path string) ([]finding.Finding, bool) {
	v, ok := c.remembered(key)
	e, _ := v.(*scanEntry)
	if !ok {
		e = &scanEntry{}
		if !c.get(key, e, path) {
			return nil, false
		}
		c.remember(key, e)
	}
	found := slices.Clone(e.Findings)
	for i := range found {
		found[i].Path = path
	}
	return found, true
}

func (c *fileCache) storeScan(key cache.Key, path string, findings []finding.Finding) {
	e := scanEntry{Findings: make([]finding.Finding, len(findings))}
	for i, f := range findings {
		f.Path = ""
		e.Findings[i] = f
	}
	c.remember(key, &e)
	c.put(key, e, "the ast-grep findings of "+path)
}
