package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Discovered is what a run's walk found.
type Discovered struct {
	// Files are the source files, Data the files of the extensions asked
	// for (what DIR reads besides the sources).
	Files []source.SourceFile
	Data  []string
	// Warnings are the configuration's own, then the configuration files
	// the walk passed over, each named once.
	Warnings []option.Text
}

// Discover walks path (a file or directory of fsys) for the sources of
// the run with the configuration cfg, and the files with the extensions
// data, as the run's profile discovers them. Each file is marked test
// code or not, and only those of s.Scope are kept (see inScope).
func Discover(path string, fsys vfs.FS, cfg *config.Config, s *Settings, data []string) (Discovered, error) {
	walk, err := s.profile().Discover(path, fsys, cfg, s, data)
	if err != nil {
		return walk, err
	}
	return inScope(path, fsys, cfg, s.Scope, walk)
}

// discover is 0.2.0's discovery. When cfg's excludes are what left
// nothing to analyse, the error says so.
func discover(path string, fsys vfs.FS, cfg *config.Config, s *Settings, data []string) (Discovered, error) {
	var out Discovered
	warned := map[string]bool{}
	for _, w := range cfg.Warnings {
		out.Warnings, warned[w.Path] = append(out.Warnings, w.Text()), true
	}
	discover := source.DiscoverOptions{
		BaseDir: cfg.BaseDir, Exclude: cfg.Exclude, NoIgnoreFiles: !s.IgnoreFiles, MaxFileSize: s.MaxFileSize,
		Languages: s.Languages, FS: fsys, MaxIgnoreSize: s.MaxConfigSize,
		Warn: func(path, reason string) {
			// A config file passed over is named once.
			if !warned[path] {
				out.Warnings = append(out.Warnings, option.Text{option.Lit(path + ": " + reason)})
			}
		},
	}
	var err error
	if out.Files, out.Data, err = source.DiscoverWithData(path, discover, data, s.MaxConfigSize); err != nil {
		return Discovered{}, explainNoFiles(err, path, fsys, cfg, discover)
	}
	return out, nil
}

// explainNoFiles adds to discovery's "no supported source files" error
// what the configuration file did when its exclude patterns are what left
// nothing to analyse: the file, and each pattern with the number of files
// it excluded. Any other error is returned as it is.
func explainNoFiles(err error, path string, fsys vfs.FS, cfg *config.Config, discover source.DiscoverOptions) error {
	if !errors.Is(err, source.ErrNoFiles) || cfg.Path == "" || len(cfg.Exclude) == 0 {
		return err
	}
	discover.Exclude, discover.Warn = nil, nil
	files, _, again := source.DiscoverWithData(path, discover, nil, 0)
	if again != nil || len(files) == 0 {
		return err
	}
	ex, cerr := source.CompileExcludes(cfg.Exclude)
	if cerr != nil {
		return err
	}
	base := cfg.BaseDir
	if real, rerr := vfs.Canonical(fsys, base); rerr == nil {
		base = real
	}
	counts := map[string]int{}
	var order []string
	for _, f := range files {
		p := ex.Match(base, f.Path)
		if p == "" {
			continue
		}
		if counts[p] == 0 {
			order = append(order, p)
		}
		counts[p]++
	}
	if len(order) == 0 {
		return err
	}
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = fmt.Sprintf("%q matches %d", p, counts[p])
	}
	return fmt.Errorf("%w: the configuration %s excludes all %d files found there (exclude pattern %s, relative to %s)",
		err, cfg.Path, len(files), strings.Join(parts, ", pattern "), base)
}
