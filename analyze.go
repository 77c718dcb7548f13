package scbcheck

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/cache"
	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Options configures one analysis.
type Options struct {
	// Path is the file or directory to analyse.
	Path string
	// FS is the file tree Path, WorkDir and the configuration are read
	// from; the operating system's when nil. ast-grep reads files from
	// disk: with a tree held in memory (vfs.Mem), the files whose findings
	// the cache does not hold are written out under its root for the
	// scan, then removed.
	FS vfs.FS
	// Config is the configuration to use; when nil it is loaded with
	// config.Load from WorkDir and ConfigPath.
	Config *config.Config
	// ConfigPath is an explicit configuration file (the --config flag).
	ConfigPath string
	// WorkDir is the directory configuration is discovered from, as the
	// reference does from its working directory; os.Getwd when empty.
	WorkDir string
	// IncludeAll walks git-ignored files too (and, with the verbosity
	// rules, keeps every finding), as the reference's --include-all.
	IncludeAll bool
	// Workers is the number of files analysed in parallel, and ast-grep's
	// thread count; all cores when zero or negative. The report does not
	// depend on it.
	Workers int

	// DisableSG runs no ast-grep rules (the catalog is still loaded and
	// checked, as the reference does).
	DisableSG bool
	// AstGrep is the ast-grep executable, a path or a name looked up on
	// PATH; "ast-grep" when empty.
	AstGrep string
	// AstGrepTimeout bounds the ast-grep scan; DefaultAstGrepTimeout when
	// zero.
	AstGrepTimeout time.Duration
	// CatalogPaths are ast-grep rule files and directories whose rules
	// replace the bundled catalog (--catalog); none keeps the bundled one.
	CatalogPaths []string
	// ExtraRuleFiles are ast-grep rule files loaded after the catalog,
	// bundled or replaced (the reference's SCB_CHECK_EXTRA_SLOP_RULES).
	ExtraRuleFiles []string
	// Catalog is a preloaded rule catalog; when nil it is loaded from
	// CatalogPaths (else the bundled rules) and ExtraRuleFiles.
	Catalog *rules.Catalog
	// Languages names the languages to analyse besides the default ones
	// (Python and Rust), or "all"; when nil, the configuration's
	// languages key decides.
	Languages []string
	// MaxFileSize keeps files larger than this many bytes unread (skipped
	// with the reason); DefaultMaxFileSize when zero, no limit when
	// negative.
	MaxFileSize int64
	// MaxConfigSize caps each file other than sources that is read (the
	// configuration, ignore files, manifests and the data files DIR
	// reads, rule files, the MCF file): vfs.DefaultMaxRead when zero, no
	// cap when negative. A file over it is refused, naming it.
	MaxConfigSize int64
	// ParseTimeout bounds the parse of each file: a file whose parse takes
	// longer is skipped with the reason. DefaultParseTimeout when zero;
	// negative for no bound.
	ParseTimeout time.Duration
	// MCFFile names externally judged MCF scores (see reuse.LoadMCF); with
	// it the report carries MCF and IF50.
	MCFFile string

	// CacheDir, when set, is a cache directory (created when missing) of
	// each file's analysis and ast-grep findings, filed by the file's
	// content, this build of the code, the grammars, the ast-grep version,
	// the rules and the settings that shape them. A file met again (in
	// another run, another checkpoint, another copy of the tree) is then
	// read back instead of analysed. The report is the same with or
	// without it.
	CacheDir string
	// Cache is an open cache, for runs that share one (it also keeps
	// recent entries in memory); it takes the place of CacheDir.
	Cache *Cache
	// CacheStats, when set with CacheDir or Cache, has what the run found
	// in the cache added to it (so one value can total several runs).
	CacheStats *CacheStats
}

// DefaultMaxFileSize is the largest file read when Options sets no limit:
// 20 MB, some ten times the largest hand-written source file we know of.
// Larger ones are generated data; parsing one takes gigabytes.
const DefaultMaxFileSize = 20 << 20

// MaxCallableDepth is the deepest nesting of functions analysed: a file
// nesting them deeper (no hand-written code nests a tenth as deep) is
// skipped with the reason, as its analyses would grow with the square of
// the depth.
const MaxCallableDepth = 200

// DefaultParseTimeout bounds each file's parse when Options sets none. A
// clean 50 MB Python file parses in well under a minute here; what takes
// longer is tree-sitter lost in error recovery.
const DefaultParseTimeout = 2 * time.Minute

// DefaultAstGrepTimeout bounds an ast-grep scan when Options sets none.
const DefaultAstGrepTimeout = 10 * time.Minute

// ErrNoParsedFiles is returned when files were found but none parsed.
var ErrNoParsedFiles = errors.New("no supported source files could be parsed")

// Analyze measures every supported source file under opt.Path. On an
// error after the files were parsed (none parsed, ast-grep failed) it also
// returns the partial report, whose Skipped files explain the failure.
func Analyze(ctx context.Context, opt Options) (*report.Report, error) {
	cwd := opt.WorkDir
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("failed to determine current directory: %w", err)
		}
		cwd = wd
	}
	cfg := opt.Config
	if cfg == nil {
		var err error
		if cfg, err = config.LoadLimit(opt.FS, cwd, opt.ConfigPath, opt.maxConfigSize()); err != nil {
			return nil, err
		}
	}
	var mcf *reuse.MCF
	if opt.MCFFile != "" {
		var err error
		if mcf, err = reuse.LoadMCFLimit(opt.MCFFile, opt.maxConfigSize()); err != nil {
			return nil, err
		}
	}
	cat := opt.Catalog
	if cat == nil {
		var err error
		if cat, err = rules.Load(rules.CatalogOptions{Replace: opt.CatalogPaths, Extra: opt.ExtraRuleFiles, MaxFileSize: opt.MaxConfigSize}); err != nil {
			return nil, err
		}
	}
	maxSize := opt.MaxFileSize
	switch {
	case maxSize == 0:
		maxSize = DefaultMaxFileSize
	case maxSize < 0:
		maxSize = 0
	}
	names := opt.Languages
	if names == nil {
		names = cfg.Languages
	}
	languages, err := lang.Resolve(names)
	if err != nil {
		return nil, fmt.Errorf("--languages: %w", err)
	}
	var warnings []string
	warned := map[string]bool{}
	for _, w := range cfg.Warnings {
		warnings, warned[w.Path] = append(warnings, w.String()), true
	}
	discover := source.DiscoverOptions{
		BaseDir: cfg.BaseDir, Exclude: cfg.Exclude, IncludeAll: opt.IncludeAll, MaxFileSize: maxSize,
		Languages: languages, FS: opt.FS, MaxIgnoreSize: opt.MaxConfigSize,
		Warn: func(path, reason string) {
			// A config file passed over is named once.
			if !warned[path] {
				warnings = append(warnings, path+": "+reason)
			}
		},
	}
	files, data, err := source.DiscoverWithData(opt.Path, discover, reuse.ReadExtensions(), opt.maxConfigSize())
	if err != nil {
		return nil, explainNoFiles(err, opt, cfg, discover)
	}
	var fc *fileCache
	var keys []fileKey
	if opt.Cache == nil && opt.CacheDir != "" {
		if opt.Cache, err = OpenCache(opt.CacheDir); err != nil {
			return nil, err
		}
		c := opt.Cache
		defer func() { opt.CacheStats.AddError(c.Close()) }()
	}
	if opt.Cache != nil {
		if fc, err = openFileCache(opt.Cache, opt.FS, opt.Path); err != nil {
			return nil, err
		}
		keys = fc.keys(files, opt.Workers)
		defer func() {
			fc.wait()
			if opt.CacheStats != nil {
				opt.CacheStats.Add(fc.snapshot())
			}
		}()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	scan := startScan(ctx, opt, cat, files, fc, keys)
	// However Analyze returns, the scan is stopped and waited for: ast-grep
	// has exited and its temporary files are gone (a signal's cleanup).
	defer func() { cancel(); _, _ = scan.wait() }()
	results, err := analyzeFiles(ctx, vfs.Or(opt.FS), files, opt.Workers, opt.parseTimeout(), cat.IDs(), fc, keys)
	if err != nil {
		return nil, err
	}
	for _, res := range results {
		if res.ignoreErr != nil {
			return nil, res.ignoreErr
		}
	}
	r := assemble(results)
	r.FilesDiscovered = len(files)
	r.Warnings = warnings
	r.DIR = computeDIR(vfs.Or(opt.FS), opt.Path, results, data, fc, opt.maxConfigSize())
	r.MCF = mcf
	r.IF50 = reuse.IF50(mcf, r.DIR.Dir)
	if r.FilesScanned == 0 {
		// The scan is stopped and waited for: it must not store findings
		// in a cache this run has let go of.
		cancel()
		_, _ = scan.wait()
		return r, fmt.Errorf("%w at %s", ErrNoParsedFiles, opt.Path)
	}
	found, err := scan.wait()
	if err != nil {
		// The partial report lets the caller still show the skipped files.
		return r, err
	}
	r.AstGrep = report.AstGrepRun{Disabled: opt.DisableSG, Binary: scan.binary, Version: scan.version}
	r.Catalog = report.Catalog{
		Name: cat.Name(Version), Bundled: cat.Bundled, Rules: len(cat.Rules), Active: scan.active,
		Files: cat.CatalogFiles, ExtraFiles: cat.ExtraFiles,
	}
	if err := addVerbosity(r, results, cat, found, opt, cfg); err != nil {
		return nil, err
	}
	return r, nil
}

// maxConfigSize is the cap on each file other than sources, as
// vfs.ReadRegular takes it (0: none).
func (opt Options) maxConfigSize() int64 { return vfs.MaxRead(opt.MaxConfigSize) }

// parseTimeout is the bound on each file's parse: ParseTimeout, its
// default, or none (0).
func (opt Options) parseTimeout() time.Duration {
	switch {
	case opt.ParseTimeout == 0:
		return DefaultParseTimeout
	case opt.ParseTimeout < 0:
		return 0
	}
	return opt.ParseTimeout
}

// scan is an ast-grep run going on beside our own parsing.
type scan struct {
	binary, version string
	active          int
	done            chan struct{}
	findings        []finding.Finding
	err             error
}

// startScan starts the ast-grep scan of the run (one process, more for a
// file list past the OS argument limit) over every discovered file of a
// language with rules (with a cache, those whose findings it does not
// hold); findings in files that fail to parse are dropped later.
func startScan(ctx context.Context, opt Options, cat *rules.Catalog, files []source.SourceFile, fc *fileCache, keys []fileKey) *scan {
	s := &scan{done: make(chan struct{})}
	paths := make([]string, 0, len(files))
	for _, f := range files {
		if f.Skip == "" {
			paths = append(paths, f.Path)
		}
	}
	// Without a rule to run on these files (none active, or none for their
	// languages: Rust files have none) there is nothing for ast-grep to
	// do: it is not needed, and the report names no version.
	if opt.DisableSG || cat.ActiveFor(opt.IncludeAll, paths) == 0 {
		close(s.done)
		return s
	}
	s.binary = opt.AstGrep
	if s.binary == "" {
		s.binary = "ast-grep"
	}
	s.active = cat.ActiveFor(opt.IncludeAll, paths)
	timeout := opt.AstGrepTimeout
	if timeout == 0 {
		timeout = DefaultAstGrepTimeout
	}
	go func() {
		defer close(s.done)
		sc := &scanner{Scanner: rules.Scanner{Binary: s.binary, Timeout: timeout, Threads: opt.Workers}, fs: vfs.Or(opt.FS)}
		if fc == nil {
			if s.version, s.err = sc.Probe(ctx); s.err != nil {
				return
			}
			s.findings, s.err = sc.scan(ctx, cat, paths, opt.IncludeAll)
			return
		}
		id, err := fc.probe(ctx, &sc.Scanner)
		if s.version, s.err = id.version, err; s.err != nil {
			return
		}
		if s.err = fc.awaitPrescans(ctx); s.err != nil {
			return
		}
		s.findings, s.err = cachedScan(ctx, sc, fc, cat, files, keys, id.key, opt.IncludeAll)
	}()
	return s
}

// scanner runs ast-grep over files of a tree, written out first when
// the tree is not on disk.
type scanner struct {
	rules.Scanner
	fs vfs.FS
}

func (sc *scanner) scan(ctx context.Context, cat *rules.Catalog, paths []string, includeAll bool) ([]finding.Finding, error) {
	if st, ok := sc.fs.(vfs.Stager); ok && len(paths) > 0 {
		cleanup, err := st.Stage(paths)
		if err != nil {
			return nil, err
		}
		defer cleanup()
	}
	return sc.Scan(ctx, cat, paths, includeAll)
}

// cachedScan reads the findings of the files the cache holds and runs
// ast-grep over the others, storing theirs.
func cachedScan(ctx context.Context, sc *scanner, fc *fileCache, cat *rules.Catalog, files []source.SourceFile,
	keys []fileKey, astGrep string, includeAll bool) ([]finding.Finding, error) {
	digest := fc.digest(cat)
	hasRules := map[*lang.Spec]bool{}
	var found, todo []string
	var pending []cache.Key
	var all []finding.Finding
	for i, f := range files {
		if f.Skip != "" {
			continue
		}
		has, seen := hasRules[f.Lang]
		if !seen {
			has = cat.ActiveFor(includeAll, []string{f.Path}) > 0
			hasRules[f.Lang] = has
		}
		if !has {
			continue
		}
		if !keys[i].ok {
			found = append(found, f.Path)
			continue
		}
		key := fc.scanKey(f, keys[i], astGrep, digest, includeAll)
		if got, ok := fc.loadScan(key, f.Path); ok {
			fc.count(&fc.stats.ScanHits)
			all = append(all, got...)
			continue
		}
		fc.count(&fc.stats.ScanMisses)
		todo = append(todo, f.Path)
		pending = append(pending, key)
	}
	scanned, err := sc.scan(ctx, cat, append(todo, found...), includeAll)
	if err != nil {
		return nil, err
	}
	byFile := map[string][]finding.Finding{}
	for _, f := range scanned {
		byFile[f.Path] = append(byFile[f.Path], f)
	}
	for k, p := range todo {
		fc.storeScan(pending[k], p, byFile[p])
	}
	return rules.SortFindings(append(all, scanned...)), nil
}

func (s *scan) wait() ([]finding.Finding, error) {
	<-s.done
	return s.findings, s.err
}

// fileResult is what one file contributes; the tree is gone by then.
type fileResult struct {
	file    source.SourceFile
	skipped string
	lines   int
	nodes   int
	sloc    source.Lines
	fns     []source.Callable
	cx      []erosion.Complexity
	clones  []clones.Candidate
	facts   rules.FileFacts
	reuse   *reuse.Facts
	// directives are the file's scbc directives; ignoreErr is the first
	// problem with them found while parsing (unknown ids, no target...),
	// which stops the run as in the reference.
	directives []source.Directive
	ignoreErr  error
}

// analyzeFiles analyses the files on workers goroutines, reading what it
// can from fc (when not nil) and storing the rest there.
func analyzeFiles(ctx context.Context, fsys vfs.FS, files []source.SourceFile, workers int, parseTimeout time.Duration, ruleIDs []string,
	fc *fileCache, keys []fileKey) ([]fileResult, error) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if workers > len(files) {
		workers = len(files)
	}
	results := make([]fileResult, len(files))
	jobs := make(chan int)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			parsers := map[*lang.Spec]*source.Parser{}
			defer func() {
				for _, p := range parsers {
					p.Close()
				}
			}()
			for i := range jobs {
				if errs[w] != nil {
					continue
				}
				f := files[i]
				var key cache.Key
				release := func() {}
				if fc != nil && keys[i].ok {
					key = fc.factsKey(f, keys[i])
					res, ok, rel := fc.loadOrClaim(ctx, key, f, ruleIDs)
					if ok {
						fc.count(&fc.stats.FileHits)
						results[i] = res
						continue
					}
					fc.count(&fc.stats.FileMisses)
					release = rel
				}
				p := parsers[f.Lang]
				if p == nil {
					var err error
					if p, err = source.NewParser(f.Lang); err != nil {
						errs[w] = err
						release()
						continue
					}
					p.Timeout = parseTimeout
					parsers[f.Lang] = p
				}
				// Admitted by size: however many workers, the files
				// parsed at once stay within parseBudget bytes.
				weight := parseGate.acquire(sourceWeight(fsys, f.Path, f.Skip))
				if err := ctx.Err(); err != nil {
					// Cancelled while waiting for its turn.
					parseGate.release(weight)
					errs[w] = err
					release()
					continue
				}
				results[i] = analyzeFile(p, fsys, f, ruleIDs)
				parseGate.release(weight)
				if fc != nil && keys[i].ok && cacheable(results[i]) {
					fc.storeFile(key, results[i])
				}
				release()
			}
		}(w)
	}
	var cancelled error
	for i := range files {
		if err := ctx.Err(); err != nil {
			cancelled = err
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if cancelled != nil {
		return nil, cancelled
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

func analyzeFile(p *source.Parser, fsys vfs.FS, f source.SourceFile, ruleIDs []string) fileResult {
	res := fileResult{file: f}
	if f.Skip != "" {
		res.skipped = f.Skip
		return res
	}
	src, err := fsys.ReadFile(f.Path)
	if err != nil {
		res.skipped = err.Error()
		return res
	}
	if !utf8.Valid(src) {
		res.skipped = "stream did not contain valid UTF-8"
		return res
	}
	tree, err := p.Parse(src)
	if err != nil {
		res.skipped = err.Error()
		return res
	}
	if d := tree.CallableDepth(); d > MaxCallableDepth {
		// Nested callables count in every parent, and the structural
		// rules keep each one's enclosing scopes: work and memory grow
		// with the square of the depth.
		res.skipped = fmt.Sprintf("functions nested %d deep, over the limit of %d; not analysed", d, MaxCallableDepth)
		return res
	}
	res.lines = tree.LineCount()
	res.nodes = len(tree.Nodes)
	res.sloc = tree.SLOC()
	res.fns = tree.Callables(res.sloc)
	res.cx = erosion.Measure(tree, res.fns)
	res.clones = clones.Candidates(f.Path, tree, res.fns)
	res.facts = rules.NewFileFacts(f.Path, tree, res.fns, functionMetrics(res.cx))
	res.reuse = reuse.Extract(tree)
	var err1 error
	res.directives, err1 = tree.Directives(f.Path)
	res.ignoreErr = source.JoinDirectiveErrors(err1, rules.ValidateIgnores(f.Path, res.directives, ruleIDs))
	return res
}

// functionMetrics is what the structural rules read of each callable's
// complexity.
func functionMetrics(cx []erosion.Complexity) []rules.FunctionMetrics {
	metrics := make([]rules.FunctionMetrics, len(cx))
	for k, c := range cx {
		metrics[k] = rules.FunctionMetrics{CC: c.CC, Cog: c.Cog, MaxNesting: c.MaxNesting}
	}
	return metrics
}

func assemble(results []fileResult) *report.Report {
	r := &report.Report{}
	type syntax struct{ trees, nodes int }
	byLang := map[*lang.Spec]*syntax{}
	var entries []erosion.Entry
	for _, res := range results {
		if res.skipped != "" {
			r.Skipped = append(r.Skipped, report.Skipped{Path: res.file.Path, Language: res.file.Lang.Name, Reason: res.skipped})
			continue
		}
		r.FilesScanned++
		r.TotalLOC += res.sloc.Len()
		s := byLang[res.file.Lang]
		if s == nil {
			s = &syntax{}
			byLang[res.file.Lang] = s
		}
		s.trees++
		s.nodes += res.nodes
		rf := report.File{Path: res.file.Path, Language: res.file.Lang.Name, Lines: res.lines, SLOC: res.sloc.Len(), Nodes: res.nodes}
		for k, fn := range res.fns {
			e := erosion.Entry{Path: res.file.Path, StartLine: fn.StartLine, Name: fn.Name, SLOC: fn.SLOC, Complexity: res.cx[k]}
			entries = append(entries, e)
			rf.Callables = append(rf.Callables, report.Callable{
				Name: fn.Name, QualifiedName: fn.QualifiedName, StartLine: fn.StartLine, EndLine: fn.EndLine,
				Public: fn.Public, Params: fn.Params, SLOC: fn.SLOC,
				CC: e.CC, Cog: e.Cog, MaxNesting: e.MaxNesting, CCMass: e.CCMass(), CogMass: e.CogMass(),
			})
		}
		r.Files = append(r.Files, rf)
	}
	sum := erosion.Summarize(entries)
	r.TotalFunctions, r.HighCCFunctions, r.HighCogFunctions = sum.TotalFunctions, sum.HighCCFunctions, sum.HighCogFunctions
	r.TotalMass, r.HighCCMass, r.TotalCogMass, r.HighCogMass = sum.TotalMass, sum.HighCCMass, sum.TotalCogMass, sum.HighCogMass
	r.Erosion, r.CogErosion = sum.Erosion, sum.CogErosion
	for _, l := range lang.All() {
		if s := byLang[l]; s != nil {
			r.SyntaxByLanguage = append(r.SyntaxByLanguage, report.LanguageSyntax{Language: l.Name, TreeCount: s.trees, NodeCount: s.nodes})
			r.SyntaxTreeCount += s.trees
			r.SyntaxNodeCount += s.nodes
		}
	}
	return r
}
