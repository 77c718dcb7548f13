package scbcheck

import (
	"errors"
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// explainNoFiles adds to discovery's "no supported source files" error
// what the configuration file did when its exclude patterns are what left
// nothing to analyse: the file, and each pattern with the number of files
// it excluded. Any other error is returned as it is.
func explainNoFiles(err error, opt Options, cfg *config.Config, discover source.DiscoverOptions) error {
	if !errors.Is(err, source.ErrNoFiles) || cfg.Path == "" || len(cfg.Exclude) == 0 {
		return err
	}
	discover.Exclude, discover.Warn = nil, nil
	files, _, again := source.DiscoverWithData(opt.Path, discover, nil, 0)
	if again != nil || len(files) == 0 {
		return err
	}
	ex, cerr := source.CompileExcludes(cfg.Exclude)
	if cerr != nil {
		return err
	}
	base := cfg.BaseDir
	if real, rerr := vfs.Canonical(opt.FS, base); rerr == nil {
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
