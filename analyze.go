package scbcheck

import (
	"context"
	"time"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
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
	// WorkDir is the directory configuration is discovered from (as the
	// reference does from its working directory) and a relative
	// ConfigPath is taken from. When empty, it is the analysed tree's
	// root: Path, or a file's directory; the process's working directory
	// is never read for it. The command passes its own working directory.
	WorkDir string
	// IncludeAll chooses the profile's IncludeAll policy over its Default
	// (IncludeAllPolicy over DefaultPolicy for 0.2.0), as the reference's
	// --include-all: every file walked, every rule run, every finding kept.
	IncludeAll bool
	// Compat names the compatibility profile (see ProfileNamed: "0.2.0"
	// or "0.1.3"); when empty, each run's configuration's compat key
	// decides, else the default, 0.2.0.
	Compat string
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
	// Scope is the part of the tree measured (lang.Scope): "all" (the
	// whole tree, the reference's numbers), "production" (the files that
	// are not test code, as if the test files were not in the tree:
	// clones, call sites and DIR too) or "tests" (the test files alone).
	// Which file is test code is its language's convention
	// (lang.Spec.IsTest), overridden by the configuration's tests and
	// production globs. Empty is "all"; every report also holds both
	// scopes' numbers (report.Report.Scopes), but the 0.1.3 profile's
	// JSON writes them only when Scope is set.
	Scope string
	// MaxFileSize keeps files larger than this many bytes unread (skipped
	// with the reason); DefaultMaxFileSize when zero, no limit when
	// negative.
	MaxFileSize int64
	// MaxConfigSize caps each file other than sources that is read (the
	// configuration, ignore files, manifests and the data files DIR
	// reads, rule files, the MCF file): vfs.DefaultMaxRead when zero, no
	// cap when negative. A file over it is refused, naming it.
	MaxConfigSize int64
	// ParseTimeout bounds the parse and analysis of each file, counted
	// from the start of its parse: a file that takes longer is skipped
	// with the reason. DefaultParseTimeout when zero; negative for no
	// bound.
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
	// CacheMaxSize bounds CacheDir's size in bytes: when a Session closes
	// the cache and its entries take more, those used least recently go
	// until they fit (see docs/security.md's limits).
	// DefaultCacheMaxSize when zero; vfs.NoLimit (any negative) for no
	// bound.
	CacheMaxSize int64
	// MemoryCache, without CacheDir, keeps a cache in memory only: the
	// runs of one Session (the checkpoints of a trajectory) then share
	// what they analysed. A cache directory is kept in memory too.
	MemoryCache bool
	// CacheStats, when set with a cache, has what the run found in the
	// cache added to it (so one value can total several runs).
	CacheStats *CacheStats
	// Progress, when set, is told of the run's progress as it goes (see
	// Progress for when and from where it is called). Analyze passes it
	// to its run; a Session's runs each take their Target's.
	Progress func(Progress)
}

// DefaultMaxFileSize is the largest file read when Options sets no limit:
// 20 MB, some ten times the largest hand-written source file we know of.
// Larger ones are generated data; parsing one takes gigabytes.
const DefaultMaxFileSize = 20 << 20

// DefaultCacheMaxSize bounds a cache directory when Options sets no
// bound: 1 GiB.
const DefaultCacheMaxSize = 1 << 30

// cacheLimit is the bound on the cache directory's size as
// cache.OpenLimit takes it: 0 for none.
func (opt Options) cacheLimit() int64 {
	switch {
	case opt.CacheMaxSize == 0:
		return DefaultCacheMaxSize
	case opt.CacheMaxSize < 0:
		return 0
	}
	return opt.CacheMaxSize
}

// MaxCallableDepth is the deepest nesting of functions analysed: a file
// nesting them deeper is skipped with the reason.
const MaxCallableDepth = engine.MaxCallableDepth

// DefaultParseTimeout bounds each file's parse and analysis when Options
// sets none. A clean 50 MB Python file parses in well under a minute
// here, and its analysis is linear; what takes longer is tree-sitter lost
// in error recovery.
const DefaultParseTimeout = 2 * time.Minute

// DefaultAstGrepTimeout bounds an ast-grep scan when Options sets none.
const DefaultAstGrepTimeout = 10 * time.Minute

// Analyze measures every supported source file under opt.Path: one run
// of a Session opened from opt. It returns a report or an error, never
// both: a run that fails gives no number. When the files were read but
// none parsed, or the ast-grep scan failed, the error is a *RunError
// (errors.As) whose Skipped files explain the failure. The report's
// paths are relative to its Root, the analysed directory (a file's
// directory), and slash-separated; Report.Abs joins them back.
//
// Its errors can be told apart with errors.Is: ErrNoFiles (nothing to
// analyse), ErrNoParsedFiles (nothing parsed), ErrAstGrepNotFound and
// ErrAstGrepFailed (the ast-grep run; errors.As finds the
// *rules.AstGrepError with its Remedy), ErrConfig (the configuration,
// Options.Compat, Options.Languages or Options.Scope), ErrCatalog (the rule files), ErrDirectives (a
// file's scbc directives), ErrPathNotFound (opt.Path does not exist or is empty),
// and context.Canceled or context.DeadlineExceeded when ctx ended the
// run. Other errors (an unreadable directory, the cache, the MCF file)
// name what failed; fs.ErrNotExist matches every missing file, opt.Path
// and the MCF file included. No message names a command-line option.
func Analyze(ctx context.Context, opt Options) (*report.Report, error) {
	s, err := NewSession(opt)
	if err != nil {
		return nil, err
	}
	defer func() { opt.CacheStats.AddError(s.Close()) }()
	return s.Run(ctx, Target{Path: opt.Path, FS: opt.FS, WorkDir: opt.WorkDir, Config: opt.Config, CacheStats: opt.CacheStats, Progress: opt.Progress})
}
