package scbcheck

import (
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// CacheStats says what a run with a cache (Options.CacheDir or
// Options.MemoryCache) found in it.
type CacheStats = filecache.Stats

// Session is a sequence of runs with the same settings (resolved once
// from Options, see Settings) and one cache, opened once: the checkpoints
// of a trajectory, the entries of a batch. It is safe for concurrent
// use; Close it once its runs are done.
type Session struct {
	opt      Options
	settings Settings
	// cacheOnce opens the cache (cacheErr when it cannot be).
	cacheOnce sync.Once
	cache     *filecache.Cache
	cacheErr  error
	// mcfOnce reads the MCF scores for the first run.
	mcfOnce sync.Once
	mcf     *reuse.MCF
	mcfErr  error
	// derived marks a session made by Derive: the cache is its parent's,
	// which closes it.
	derived bool
}

// Target is what one run of a Session analyses.
type Target struct {
	// Path is the file or directory to analyse.
	Path string
	// FS is the tree Path, WorkDir and the configuration are read from
	// (see Options.FS); the operating system's when nil.
	FS vfs.FS
	// WorkDir is the directory configuration is discovered from (and a
	// relative ConfigPath taken from); when empty, the analysed tree's
	// root: Path, or a file's directory. The process's working directory
	// is never read for it.
	WorkDir string
	// Config is the configuration to use; loaded from WorkDir (and the
	// session's ConfigPath) when nil.
	Config *config.Config
	// CacheStats, when set, has what the run found in the cache added to
	// it.
	CacheStats *CacheStats
	// Progress, when set, is told of the run's progress (see Progress).
	// Runs of one Session going at once call their own callbacks side by
	// side: one shared by them must be safe for concurrent use.
	Progress func(Progress)
}

// NewSession resolves opt's settings. The fields of opt that name what
// to analyse (Path, FS, WorkDir, Config, CacheStats, Progress) are the
// target of a run given the zero Target: NewSession(opt) then
// Run(ctx, Target{}) is Analyze(ctx, opt). A Target that sets any field
// is taken as it is, none of them from opt. The cache is opened by
// OpenCache, or by the first run once its files are found.
func NewSession(opt Options) (*Session, error) {
	settings, err := resolve(opt)
	if err != nil {
		return nil, err
	}
	return &Session{opt: opt, settings: settings}, nil
}

// OpenCache opens the session's cache now (Options.CacheDir; nothing
// to open without it), so that a cache directory that cannot be opened is
// an error before any run.
func (s *Session) OpenCache() error {
	if err := s.opened(); err != nil {
		return err
	}
	_, err := s.openCache()
	return err
}

// errNotOpened is the error of a method called on a Session that
// NewSession did not return (nil, or a zero Session).
var errNotOpened = errors.New("scbcheck: the Session was not opened by NewSession")

// opened is nil for a session NewSession returned, else errNotOpened:
// its settings were never resolved.
func (s *Session) opened() error {
	if s == nil || s.settings.Profile == nil {
		return errNotOpened
	}
	return nil
}

// openCache opens the session's cache the first time it is called: the
// cache directory, a cache held in memory, or none (nil).
func (s *Session) openCache() (*filecache.Cache, error) {
	s.cacheOnce.Do(func() {
		switch {
		case s.opt.CacheDir != "":
			s.cache, s.cacheErr = filecache.Open(s.opt.CacheDir, s.opt.cacheLimit())
		case s.opt.MemoryCache:
			s.cache = filecache.NewMemory()
		}
	})
	return s.cache, s.cacheErr
}

// Derive returns a session with opt's settings whose runs share s's
// cache (opened now if it is not yet): a front end whose requests each
// choose some settings (languages, the profile, the ast-grep rules) keeps
// one cache for all of them. The cache's entries are keyed by the
// settings they depend on, so the runs of sessions with different
// settings never read each other's entries where those settings matter,
// and share those where they do not (a file's measurements). The cache
// fields of opt (CacheDir, MemoryCache) are not used. Closing the derived
// session does nothing; close s once the derived sessions' runs are done.
func (s *Session) Derive(opt Options) (*Session, error) {
	c, err := s.openCache()
	if err != nil {
		return nil, err
	}
	settings, err := resolve(opt)
	if err != nil {
		return nil, err
	}
	d := &Session{opt: opt, settings: settings, cache: c, derived: true}
	d.cacheOnce.Do(func() {})
	return d, nil
}

// Close writes out the cache the runs stored into and closes it; the
// Session must not be used after.
func (s *Session) Close() error {
	if s == nil || s.cache == nil || s.derived {
		return nil
	}
	return s.cache.Close()
}

// Settings returns the settings the session resolved from its Options;
// the zero Settings for a session NewSession did not return.
func (s *Session) Settings() Settings {
	if s == nil {
		return Settings{}
	}
	return s.settings
}

// MayAffect reports whether a file named path can change what a run
// reports for a tree that holds it: a source file of any language, a file
// DIR reads (configuration data, manifests), a configuration file or an
// ignore file. A change to other files (documentation, images) leaves the
// report as it was, whatever the settings.
func (s *Session) MayAffect(path string) bool {
	base := filepath.Base(path)
	return lang.ForPath(base) != nil || base == ".gitignore" || base == ".ignore" || reuse.Reads(base)
}

// Run analyses one target: t, or the session's Options' target when t
// is the zero Target (see NewSession). A run that fails returns no
// report, only the error: no number is given that the failure would make
// wrong. When the files were read but none parsed, or the ast-grep scan
// failed, the error is a *RunError holding what the run read (its
// skipped files and why); errors.Is and errors.As find its cause through
// it (see Analyze for the errors). The report's paths are relative to its
// Root, the target's directory (see report.Report).
func (s *Session) Run(ctx context.Context, t Target) (*report.Report, error) {
	r, _, err := s.measure(ctx, t)
	return r, err
}

// measure is Run, also returning the SHA-256 of the bytes of the files
// the run read, by their path in the report (see engine.Run.Sums).
func (s *Session) measure(ctx context.Context, t Target) (*report.Report, map[string][sha256.Size]byte, error) {
	if err := s.opened(); err != nil {
		return nil, nil, err
	}
	if t.zero() {
		t = Target{Path: s.opt.Path, FS: s.opt.FS, WorkDir: s.opt.WorkDir, Config: s.opt.Config, CacheStats: s.opt.CacheStats, Progress: s.opt.Progress}
	}
	if t.Path == "" {
		return nil, nil, mark(ErrPathNotFound, errNoPath)
	}
	if _, err := vfs.Or(t.FS).Stat(t.Path); err != nil {
		return nil, nil, pathNotFound(t.Path, err)
	}
	root, err := vfs.CanonicalDir(t.FS, t.Path)
	if err != nil {
		return nil, nil, err
	}
	if t.WorkDir == "" {
		t.WorkDir = root
	}
	r, sums, err := s.run(ctx, t)
	if r == nil {
		return nil, nil, err
	}
	r.Relativize(root)
	if err != nil {
		return nil, nil, runError(r, err)
	}
	return r, sums, nil
}

// zero reports whether t sets no field.
func (t Target) zero() bool {
	return t.Path == "" && t.FS == nil && t.WorkDir == "" && t.Config == nil && t.CacheStats == nil && t.Progress == nil
}

// run is Run with the paths of the report as the analysis found them and
// t.WorkDir set, and the sums of measure. When no file parsed or the scan
// failed it returns the partial report with the error; Run keeps only
// what explains it.
func (s *Session) run(ctx context.Context, t Target) (*report.Report, map[string][sha256.Size]byte, error) {
	cfg := t.Config
	if cfg == nil {
		var err error
		if cfg, err = config.LoadDiscovering(t.FS, t.WorkDir, s.opt.ConfigPath, s.settings.engine.MaxConfigSize, s.settings.Profile.ConfigDiscovery); err != nil {
			return nil, nil, mark(ErrConfig, err)
		}
	}
	mcf, err := s.readMCF()
	if err != nil {
		return nil, nil, err
	}
	set, err := s.settings.forRun(cfg)
	if err != nil {
		return nil, nil, mark(ErrConfig, err)
	}
	if err := engine.CheckScopeGlobs(cfg); err != nil {
		return nil, nil, mark(ErrConfig, err)
	}
	set.engine.Progress = engine.NewReporter(t.Progress)
	walk, err := engine.Discover(t.Path, t.FS, cfg, &set.engine, reuse.ReadExtensions())
	if err != nil {
		if _, statErr := vfs.Or(t.FS).Stat(t.Path); errors.Is(statErr, fs.ErrNotExist) {
			return nil, nil, mark(ErrPathNotFound, err)
		}
		return nil, nil, err
	}
	c, err := s.openCache()
	if err != nil {
		return nil, nil, err
	}
	run, err := engine.Start(ctx, t.FS, t.Path, walk.Files, &set.engine, c, t.CacheStats)
	if err != nil {
		return nil, nil, err
	}
	// However Run returns, the scan is stopped and waited for (a signal's
	// cleanup: ast-grep has exited and its temporary files are gone) and
	// the cache entries stored are written.
	defer run.Close()
	r, err := run.Report(ctx, t.FS, t.Path, &set.engine, engine.ReportInputs{
		Walk: walk, NoDirectiveChecks: set.Policy.NoDirectiveChecks, MCF: mcf, Profile: set.Profile.Name,
		LowUse: cfg.LowUse, Findings: set.findings,
	})
	if errors.As(err, new(*source.DirectiveError)) {
		return nil, nil, mark(ErrDirectives, err)
	}
	if r != nil && s.settings.scopeSet {
		r.Scope = set.engine.Scope
	}
	return r, run.Sums, err
}

// readMCF reads the session's MCF scores (Options.MCFFile) once.
func (s *Session) readMCF() (*reuse.MCF, error) {
	s.mcfOnce.Do(func() {
		if s.opt.MCFFile != "" {
			s.mcf, s.mcfErr = reuse.LoadMCFLimit(s.opt.MCFFile, s.settings.engine.MaxConfigSize)
		}
	})
	return s.mcf, s.mcfErr
}

// Prescan fills the session's cache, in the background, with the
// ast-grep findings of the files of fsys under each root of scan (each
// root taken as an analysed tree, in one ast-grep run) and the analyses
// of those under the roots of analyse (kept in memory until a run reads
// them): a sequence of snapshots that share most files (a git history)
// can so put every file version new to it under a root each and pay for
// one ast-grep process instead of one per snapshot. The runs wait for the
// scan before they look up their findings (and fail with its error), not
// for the analyses. Files are found in languages (names as
// Options.Languages; every language when nil), with no ignore file and no
// exclude. Without a cache it does nothing; the cache is opened first if
// it is not yet. wait waits for the prescan, adds its counts to stats
// (when not nil) and returns its error; call it once, from the goroutine
// that owns stats.
func (s *Session) Prescan(ctx context.Context, fsys vfs.FS, languages []string, scan, analyse []string, stats *CacheStats) (wait func() error) {
	if err := s.opened(); err != nil {
		return func() error { return err }
	}
	c, err := s.openCache()
	if err != nil || c == nil {
		return func() error { return err }
	}
	set := s.settings.engine
	if languages == nil {
		languages = []string{"all"}
	}
	if set.Languages, err = resolveLanguages(languages); err != nil {
		return func() error { return err }
	}
	return engine.StartPrescan(ctx, c, fsys, set, stats, scan, analyse)
}
