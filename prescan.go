package scbcheck

import (
	"context"
	"errors"
	"fmt"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// Prescan fills opt.Cache with the ast-grep findings of the files under
// each root, taking each root as an analysed tree (findings are filed by
// the path inside it), in one ast-grep run. A sequence of snapshots that
// share most files (a git history) can so put every file version new to
// it under one root each and pay for one ast-grep process instead of one
// per snapshot; the runs that follow find the findings in the cache.
//
// It does nothing without opt.Cache or with DisableSG. Files are found
// with every ignore file passed over and without excludes (a file no run
// analyses costs a little scanning, nothing else); the languages are
// opt.Languages, or all. A root with no source file is passed over.
func Prescan(ctx context.Context, opt Options, roots []string) error {
	if opt.Cache == nil || opt.DisableSG || len(roots) == 0 {
		return nil
	}
	cat := opt.Catalog
	if cat == nil {
		var err error
		if cat, err = rules.Load(rules.CatalogOptions{Replace: opt.CatalogPaths, Extra: opt.ExtraRuleFiles}); err != nil {
			return err
		}
	}
	names := opt.Languages
	if names == nil {
		names = []string{"all"}
	}
	languages, err := lang.Resolve(names)
	if err != nil {
		return fmt.Errorf("--languages: %w", err)
	}
	maxSize := opt.MaxFileSize
	if maxSize == 0 {
		maxSize = DefaultMaxFileSize
	}
	discover := source.DiscoverOptions{IncludeAll: true, MaxFileSize: maxSize, Languages: languages}
	fc := &fileCache{Cache: opt.Cache, slots: make(chan struct{}, maxWriters)}
	var files []source.SourceFile
	var keys []fileKey
	for _, root := range roots {
		found, err := source.Discover(root, discover)
		if errors.Is(err, source.ErrNoFiles) {
			continue
		}
		if err != nil {
			return err
		}
		rootCache, err := fileCacheAt(opt.Cache, root)
		if err != nil {
			return err
		}
		files = append(files, found...)
		keys = append(keys, rootCache.keys(found, opt.Workers)...)
	}
	var paths []string
	for _, f := range files {
		if f.Skip == "" {
			paths = append(paths, f.Path)
		}
	}
	if len(paths) == 0 || cat.ActiveFor(opt.IncludeAll, paths) == 0 {
		return nil
	}
	binary := opt.AstGrep
	if binary == "" {
		binary = "ast-grep"
	}
	version, err := opt.Cache.probe(ctx, binary)
	if err != nil {
		return err
	}
	timeout := opt.AstGrepTimeout
	if timeout == 0 {
		timeout = DefaultAstGrepTimeout
	}
	sc := &rules.Scanner{Binary: binary, Timeout: timeout, Threads: opt.Workers}
	_, err = cachedScan(ctx, sc, fc, cat, files, keys, version, opt.IncludeAll)
	fc.wait()
	if opt.CacheStats != nil {
		opt.CacheStats.add(fc.snapshot())
	}
	return err
}
