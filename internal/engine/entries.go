package engine

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// cacheFormat changes whenever what an entry holds, or what its key is
// made of, changes. 2: scan entries hold finding.Finding; 3: they are
// keyed by the active rules' identity (the catalog's identity and the
// lowest severity run); 4: callables hold their kind and start column;
// 5: a profile's per-file slot (ProfileData) in place of 0.1.3's wrapper
// facts.
const cacheFormat = "scbcheck-file-5"

// tool names the code that makes entries: the format, the version and
// the build (filecache.Build), so that a rebuilt binary never reads
// entries another build wrote.
func (s *Settings) tool() string {
	if tag := s.profile().CacheTag; tag != "" {
		return cacheFormat + "\n" + s.Version + "\n" + filecache.Build() + "\n" + tag
	}
	return cacheFormat + "\n" + s.Version + "\n" + filecache.Build()
}

// factsKey files a file's own analysis: it depends on the code, the
// language and the bytes only.
func factsKey(s *Settings, f source.SourceFile, k filecache.Key) cache.Key {
	var h cache.Hasher
	return h.Add("facts", s.tool(), f.Lang.Name).AddBytes(k.Content[:]).Key()
}

// scanKey files a file's ast-grep findings: they depend on the ast-grep
// executable (astGrep: its version, file and content), the active rules,
// the language, the bytes and, as rules may select files by path, the
// path inside the analysed tree.
func scanKey(s *Settings, f source.SourceFile, k filecache.Key, astGrep string) cache.Key {
	var h cache.Hasher
	return h.Add("scan", s.tool(), astGrep, s.Active.Identity(), f.Lang.Name, k.Rel).AddBytes(k.Content[:]).Key()
}

// CachedFile is what the cache keeps of a Result. The file's path is
// not kept (a moved or copied file hits the same entry); what depends on
// it, and what is derived from the rest, is rebuilt on load.
type CachedFile struct {
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
	// ProfileData is Result.ProfileData (absent when nil).
	ProfileData json.RawMessage `json:",omitempty"`
}

// cacheable reports whether a result may be stored: skipped files and
// files with directive problems are analysed again each time (what makes
// them so can depend on the run: a parse timeout, the rule ids).
func cacheable(res Result) bool {
	return len(res.Skipped) == 0 && res.IgnoreErr == nil
}

func storeFile(fc *filecache.View, key cache.Key, res Result) {
	e := CachedFile{
		Lines: res.Lines, Nodes: res.Nodes, SLOC: res.SLOC, Fns: res.Fns, Cx: res.Cx,
		Clones: make([]clones.Candidate, len(res.Clones)), Structure: res.Facts.Structure,
		Imports: res.Facts.Imports, Reuse: res.Reuse, Directives: res.Directives, ProfileData: res.ProfileData,
	}
	for i, cand := range res.Clones {
		cand.Path = ""
		e.Clones[i] = cand
	}
	fc.Keep(key, &e)
	fc.Put(key, e, "the analysis of "+res.File.Path)
}

// loadOrClaim returns the file's cached analysis, if there is one;
// otherwise it claims the key and returns the function that gives it up,
// to call once the analysis is stored (see filecache.View.LoadOrClaim).
func loadOrClaim(ctx context.Context, fc *filecache.View, key cache.Key, f source.SourceFile, ruleIDs []string) (Result, bool, func()) {
	var res Result
	hit, release := fc.LoadOrClaim(ctx, key, func() bool {
		var ok bool
		res, ok = loadFile(fc, key, f, ruleIDs)
		return ok
	})
	return res, hit, release
}

// loadFile returns the file's cached analysis, if there is one.
func loadFile(fc *filecache.View, key cache.Key, f source.SourceFile, ruleIDs []string) (Result, bool) {
	v, ok := fc.Remembered(key)
	e, _ := v.(*CachedFile)
	if !ok {
		e = &CachedFile{}
		if !fc.Get(key, e, f.Path) {
			return Result{}, false
		}
		if len(e.Cx) != len(e.Fns) {
			fc.Damaged(fmt.Errorf("%w %s for %s: %d functions, %d complexities", cache.ErrDamaged, key, f.Path, len(e.Fns), len(e.Cx)))
			return Result{}, false
		}
		fc.Keep(key, e)
	}
	// The entry may serve other files and runs: what is shared is only
	// read from here on, and what carries the path is copied.
	res := Result{
		File: f, Lines: e.Lines, Nodes: e.Nodes, SLOC: e.SLOC, Fns: e.Fns, Cx: e.Cx,
		Clones: slices.Clone(e.Clones), Reuse: e.Reuse, Directives: e.Directives, ProfileData: e.ProfileData,
	}
	for i := range res.Clones {
		res.Clones[i].Path = f.Path
	}
	res.Facts = rules.FileFacts{
		Path: f.Path, Lang: f.Lang, Callables: e.Fns, Structure: e.Structure,
		Metrics: functionMetrics(e.Cx), Imports: e.Imports,
	}
	res.IgnoreErr = source.JoinDirectiveErrors(nil, rules.ValidateIgnores(f.Path, res.Directives, ruleIDs))
	return res, true
}

// ScanEntry is one file's findings, its path left out.
type ScanEntry struct {
	Findings []finding.Finding
}

func loadScan(fc *filecache.View, key cache.Key, path string) ([]finding.Finding, bool) {
	v, ok := fc.Remembered(key)
	e, _ := v.(*ScanEntry)
	if !ok {
		e = &ScanEntry{}
		if !fc.Get(key, e, path) {
			return nil, false
		}
		fc.RememberLong(key, e)
	}
	found := slices.Clone(e.Findings)
	for i := range found {
		found[i].Path = path
	}
	return found, true
}

func storeScan(fc *filecache.View, key cache.Key, path string, findings []finding.Finding) {
	e := ScanEntry{Findings: make([]finding.Finding, len(findings))}
	for i, f := range findings {
		f.Path = ""
		e.Findings[i] = f
	}
	fc.RememberLong(key, &e)
	fc.Put(key, e, "the ast-grep findings of "+path)
}

// DataStrings returns reuse.DataStrings of a configuration file's text,
// remembered in fc's memory only (reading them is cheap, the files are
// few) when fc is not nil.
func DataStrings(s *Settings, fc *filecache.View, fsys vfs.FS, path string, text []byte) []string {
	if fc == nil {
		return reuse.DataStrings(text)
	}
	sum, known := filecache.KnownSHA256(fsys, path)
	if !known {
		sum = sha256.Sum256(text)
	}
	var h cache.Hasher
	key := h.Add("data", s.tool()).AddBytes(sum[:]).Key()
	if v, ok := fc.Remembered(key); ok {
		return v.([]string)
	}
	strs := reuse.DataStrings(text)
	fc.Remember(key, strs)
	return strs
}
