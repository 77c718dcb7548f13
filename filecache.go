package scbcheck

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/scbcheck/scbcheck/cache"
	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// CacheStats says what a run with Options.CacheDir found in its cache.
type CacheStats struct {
	// FileHits and FileMisses count the files whose analysis was read
	// from the cache and those analysed (and then stored).
	FileHits, FileMisses int
	// ScanHits and ScanMisses count the files whose ast-grep findings
	// were read from the cache and those given to ast-grep.
	ScanHits, ScanMisses int
	// Errors counts entries that could not be written or read back (a
	// damaged entry is a miss, recomputed and written again); FirstError
	// is the first of them. They never change the report.
	Errors     int
	FirstError error
}

// add adds o's counts to s, keeping s's first error if it has one.
func (s *CacheStats) add(o CacheStats) {
	s.FileHits += o.FileHits
	s.FileMisses += o.FileMisses
	s.ScanHits += o.ScanHits
	s.ScanMisses += o.ScanMisses
	s.Errors += o.Errors
	if s.FirstError == nil {
		s.FirstError = o.FirstError
	}
}

// fileCache is a run's view of its cache directory: which tool, grammars,
// rules and settings its entries were made with.
type fileCache struct {
	dir *cache.Dir
	// root is the analysed directory; scan entries are keyed by the path
	// relative to it.
	root string

	mu    sync.Mutex
	stats CacheStats
}

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
const cacheFormat = "scbcheck-file-1"

func openFileCache(dir, path string) (*fileCache, error) {
	d, err := cache.Open(dir)
	if err != nil {
		return nil, err
	}
	root, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("failed to resolve %s: %w", path, err)
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	if info, err := os.Stat(root); err == nil && !info.IsDir() {
		root = filepath.Dir(root)
	}
	return &fileCache{dir: d, root: root}, nil
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
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stats.Errors++
	if c.stats.FirstError == nil {
		c.stats.FirstError = err
	}
}

// snapshot returns the counts so far.
func (c *fileCache) snapshot() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

func (c *fileCache) count(field *int) {
	c.mu.Lock()
	*field++
	c.mu.Unlock()
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
	b, err := os.ReadFile(f.Path)
	if err != nil {
		return fileKey{}
	}
	rel, err := filepath.Rel(c.root, f.Path)
	if err != nil {
		rel = f.Path
	}
	return fileKey{ok: true, content: sha256.Sum256(b), rel: filepath.ToSlash(rel)}
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
	c.put(key, e, "the analysis of "+res.file.Path)
}

// put stores v as JSON under key; what says what it is, for the error.
func (c *fileCache) put(key cache.Key, v any, what string) {
	b, err := json.Marshal(v)
	if err == nil {
		err = c.dir.Put(key, b)
	}
	if err != nil {
		c.fail(fmt.Errorf("storing %s: %w", what, err))
	}
}

// get reads the JSON entry under key into v; a damaged entry is counted
// and is a miss.
func (c *fileCache) get(key cache.Key, v any, path string) bool {
	b, ok, err := c.dir.Get(key)
	if err != nil {
		c.fail(err)
	}
	if !ok {
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		c.fail(fmt.Errorf("damaged cache entry %s for %s", key, path))
		return false
	}
	return true
}

// loadFile returns the file's cached analysis, if there is one.
func (c *fileCache) loadFile(key cache.Key, f source.SourceFile, ruleIDs []string) (fileResult, bool) {
	var e cachedFile
	if !c.get(key, &e, f.Path) {
		return fileResult{}, false
	}
	if len(e.Cx) != len(e.Fns) {
		c.fail(fmt.Errorf("damaged cache entry %s for %s", key, f.Path))
		return fileResult{}, false
	}
	res := fileResult{
		file: f, lines: e.Lines, nodes: e.Nodes, sloc: e.SLOC, fns: e.Fns, cx: e.Cx,
		clones: e.Clones, reuse: e.Reuse, directives: e.Directives,
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

// catalogDigest identifies the rules a scan runs by their text.
func catalogDigest(cat *rules.Catalog) string {
	var h cache.Hasher
	for _, r := range cat.Rules {
		h.Add(r.ID, r.Language, r.Severity, strconv.Itoa(r.MinFileCount), r.Doc)
	}
	return h.Key().String()
}

// scanKey files a file's ast-grep findings: they depend on the ast-grep
// build, the rules, which rules are active, the language, the bytes and,
// as rules may select files by path, the path inside the analysed tree.
func (c *fileCache) scanKey(f source.SourceFile, k fileKey, astGrepVersion, catalog string, includeAll bool) cache.Key {
	var h cache.Hasher
	return h.Add("scan", toolIdentity(), astGrepVersion, catalog, strconv.FormatBool(includeAll), f.Lang.Name, k.rel).
		AddBytes(k.content[:]).Key()
}

// scanEntry is one file's findings, its path left out.
type scanEntry struct {
	Findings []rules.Finding
}

func (c *fileCache) loadScan(key cache.Key, path string) ([]rules.Finding, bool) {
	var e scanEntry
	if !c.get(key, &e, path) {
		return nil, false
	}
	for i := range e.Findings {
		e.Findings[i].File = path
	}
	return e.Findings, true
}

func (c *fileCache) storeScan(key cache.Key, path string, findings []rules.Finding) {
	e := scanEntry{Findings: make([]rules.Finding, len(findings))}
	for i, f := range findings {
		f.File = ""
		e.Findings[i] = f
	}
	c.put(key, e, "the ast-grep findings of "+path)
}
