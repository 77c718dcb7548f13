package main

import (
	"fmt"
	"io"
	"os"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/rules"
)

// ownOptions are the options a command adds to check's analysis options
// (trajectory, batch).
type ownOptions struct {
	// command names the command in messages.
	command string
	// values are the options taking a value, with their value names.
	values map[string]string
	// flags are the options taking none.
	flags map[string]bool
	// refused are check's options that mean nothing for the command.
	refused map[string]bool
}

// split takes the command's own options and its positional arguments out
// of args and parses the rest as check's options (a second scan, so that
// a mistake in the command's own options is the one reported first).
// Each own option is passed to set with its value ("" for a flag), in
// the order given.
func (o ownOptions) split(args []string, set func(name, value string) error) ([]string, *checkArgs, error) {
	positional, rest, err := scanArgs(args, optionTable{
		lookup: func(name string) (option, bool) {
			if metavar, ok := o.values[name]; ok {
				return option{metavar, set}, true
			}
			if o.flags[name] {
				return option{"", set}, true
			}
			return option{}, false
		},
		refuse: func(name string) error {
			if o.refused[name] {
				return usagef("error: '%s' is an option of check, not of %s", name, o.command)
			}
			return nil
		},
		passOn: checkValue,
	})
	if err != nil {
		return nil, nil, err
	}
	// rest holds options and their values only: no positional argument.
	a := &checkArgs{}
	table := a.options()
	table.names = o.names
	if _, _, err := scanArgs(rest, table); err != nil {
		return nil, nil, err
	}
	return positional, a, nil
}

// names are the options the command takes, for the suggestion a mistyped
// one gets: its own and check's, but those it refuses.
func (o ownOptions) names() []string {
	names := append(mapKeys(o.values), mapKeys(o.flags)...)
	for _, n := range checkOptionNames() {
		if !o.refused[n] {
			names = append(names, n)
		}
	}
	return names
}

// analysisOptions are the analysis settings of check's options, for
// check, dir and every snapshot trajectory and batch measure (Path is left
// for the command to set). Without a loaded catalog (nil cat: dir), the
// analysis loads it from the --catalog paths and the extra rule files.
func analysisOptions(a *checkArgs, cfg *config.Config, cwd string, cat *rules.Catalog) scbcheck.Options {
	opt := scbcheck.Options{
		Config: cfg, WorkDir: cwd, IncludeAll: a.includeAll, Compat: a.compat, Workers: a.jobs,
		DisableSG: a.disableSG, AstGrepTimeout: a.astGrepTimeout,
		CatalogPaths: catalogPaths(a.catalog), ExtraRuleFiles: append(extraRuleFiles(), a.rules...), MCFFile: a.mcfFile,
		ParseTimeout: a.parseTimeout, MaxFileSize: a.maxFileSize, Languages: a.languages,
		MaxConfigSize: a.maxConfigSize, Scope: a.scope,
		Catalog: cat, CacheDir: a.cache, CacheMaxSize: a.maxCacheSize,
	}
	if a.cache != "" {
		opt.CacheStats = &scbcheck.CacheStats{}
	}
	if !a.disableSG {
		opt.AstGrep = runningAstGrep(a.astGrep)
	}
	return opt
}

// reportCache says on stderr what the cache held and the damaged entries
// it passed over (with -v), and warns of entries that could not be
// written or read back; nothing without a cache.
func reportCache(stderr io.Writer, a *checkArgs, s *scbcheck.CacheStats) {
	if s == nil {
		return
	}
	if a.verbose >= 1 {
		fmt.Fprintf(stderr, "info cache dir=%s file_hits=%d file_misses=%d scan_hits=%d scan_misses=%d\n",
			a.cache, s.FileHits, s.FileMisses, s.ScanHits, s.ScanMisses)
	}
	if a.verbose >= 1 && s.Damaged > 0 {
		fmt.Fprintf(stderr, "warning: cache %s: %d damaged entries were passed over and recomputed (the report is not affected): %v\n",
			a.cache, s.Damaged, s.FirstDamage)
	}
	if s.Errors > 0 {
		fmt.Fprintf(stderr, "warning: cache %s: %d entries could not be written or read (the report is not affected): %v\n",
			a.cache, s.Errors, s.FirstError)
	}
}

// closeSession closes the session setupAnalysis opened, counting a
// failure to write its cache out with the cache's errors.
func closeSession(opt scbcheck.Options, s *scbcheck.Session) {
	opt.CacheStats.AddError(s.Close())
}

// setupAnalysis prepares the analysis of the snapshots of trajectory and
// batch (prepareAnalysis) and opens the session every snapshot runs in,
// its cache opened (with memory, held in memory when --cache is not
// given: a trajectory's snapshots share most files).
func setupAnalysis(a *checkArgs, withConfig, memory bool) (scbcheck.Options, *scbcheck.Session, error) {
	opt, err := prepareAnalysis(a, withConfig)
	if err != nil {
		return scbcheck.Options{}, nil, err
	}
	opt.MemoryCache = memory
	s, err := scbcheck.NewSession(opt)
	if err != nil {
		return scbcheck.Options{}, nil, err
	}
	// One cache for every snapshot: it keeps recent entries in memory,
	// which consecutive snapshots share.
	if err := s.OpenCache(); err != nil {
		return scbcheck.Options{}, nil, err
	}
	return opt, s, nil
}

// prepareAnalysis settles the analysis options of a command measuring
// several trees (trajectory, batch, diff): the working directory, the
// configuration found from it (only when withConfig: else each tree's own
// is used), the profile, the rule catalog and check's other analysis
// options.
func prepareAnalysis(a *checkArgs, withConfig bool) (scbcheck.Options, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return scbcheck.Options{}, fmt.Errorf("failed to determine current directory: %w", err)
	}
	var cfg *config.Config
	if withConfig {
		if cfg, err = a.loadConfig(cwd); err != nil {
			return scbcheck.Options{}, err
		}
	}
	if err := a.resolveCompat(cfg); err != nil {
		return scbcheck.Options{}, err
	}
	cat, err := loadCatalog(a.catalog, a.rules, a.configCap())
	if err != nil {
		return scbcheck.Options{}, err
	}
	return analysisOptions(a, cfg, cwd, cat), nil
}
