package engine

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Scan is an ast-grep run going on beside our own parsing.
type Scan struct {
	// Binary and Version are the ast-grep run (empty when none was
	// needed); Active is the number of rules it ran.
	Binary, Version string
	Active          int
	done            chan struct{}
	findings        []finding.Finding
	err             error
}

// StartScan starts the ast-grep scan of the run (one process, more for a
// file list past the OS argument limit) over every discovered file of a
// language with rules (with a cache, those whose findings it does not
// hold); findings in files that fail to parse are dropped later. Its
// start and its end are reported to s.Progress.
func StartScan(ctx context.Context, fsys vfs.FS, s *Settings, files []source.SourceFile, fc *filecache.View, keys []filecache.Key) *Scan {
	sc := &Scan{done: make(chan struct{})}
	paths := make([]string, 0, len(files))
	for _, f := range files {
		if len(f.Skip) == 0 {
			paths = append(paths, f.Path)
		}
	}
	// Without a rule to run on these files (none active, or none for their
	// languages: Rust files have none) there is nothing for ast-grep to
	// do: it is not needed, and the report names no version.
	active := 0
	if !s.DisableSG {
		active = s.Active.For(paths)
	}
	if active == 0 {
		close(sc.done)
		return sc
	}
	sc.Binary, sc.Active = s.AstGrep, active
	s.Progress.report(Progress{Phase: PhaseAstGrep, Total: 1})
	go func() {
		defer close(sc.done)
		// Reported before Wait returns: a finished run has seen the end.
		defer s.Progress.report(Progress{Phase: PhaseAstGrep, Done: 1, Total: 1})
		r := &scanner{Scanner: s.scanner(), fs: vfs.Or(fsys)}
		if fc == nil {
			if sc.Version, sc.err = r.Probe(ctx); sc.err != nil {
				return
			}
			sc.findings, sc.err = r.scan(ctx, s.Active, paths)
			return
		}
		id, err := fc.Probe(ctx, &r.Scanner)
		if sc.Version, sc.err = id.Version, err; sc.err != nil {
			return
		}
		if sc.err = fc.AwaitPrescans(ctx); sc.err != nil {
			return
		}
		sc.findings, sc.err = cachedScan(ctx, r, fc, s, files, keys, id.Key)
	}()
	return sc
}

// Wait waits for the scan to end and returns its findings.
func (sc *Scan) Wait() ([]finding.Finding, error) {
	<-sc.done
	return sc.findings, sc.err
}

// scanner runs ast-grep over files of a tree, written out first when
// the tree is not on disk.
type scanner struct {
	rules.Scanner
	fs vfs.FS
}

// scan runs ast-grep over paths; a tree not on disk is written out
// elsewhere first, and the findings in the copies are given the tree's
// paths back.
func (sc *scanner) scan(ctx context.Context, active *rules.ActiveRules, paths []string) ([]finding.Finding, error) {
	st, ok := sc.fs.(vfs.Stager)
	if !ok || len(paths) == 0 {
		return sc.Scan(ctx, active, paths)
	}
	staged, cleanup, err := st.Stage(paths)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	found, err := sc.Scan(ctx, active, staged)
	if err != nil {
		return nil, err
	}
	back := make(map[string]string, len(paths))
	for i, p := range staged {
		if _, seen := back[p]; !seen {
			back[p] = paths[i]
		}
	}
	for i := range found {
		p, ok := back[found[i].Path]
		if !ok {
			return nil, fmt.Errorf("ast-grep reported a finding in %s, which was not given to it", found[i].Path)
		}
		found[i].Path = p
	}
	// The copies' paths may sort otherwise than the tree's.
	return rules.SortFindings(found), nil
}

// cachedScan reads the findings of the files the cache holds and runs
// ast-grep over the others, storing theirs.
func cachedScan(ctx context.Context, sc *scanner, fc *filecache.View, s *Settings, files []source.SourceFile,
	keys []filecache.Key, astGrep string) ([]finding.Finding, error) {
	hasRules := map[*lang.Spec]bool{}
	var found, todo []string
	var pending []cache.Key
	var all []finding.Finding
	for i, f := range files {
		if len(f.Skip) > 0 {
			continue
		}
		has, seen := hasRules[f.Lang]
		if !seen {
			has = s.Active.For([]string{f.Path}) > 0
			hasRules[f.Lang] = has
		}
		if !has {
			continue
		}
		if !keys[i].OK {
			found = append(found, f.Path)
			continue
		}
		key := scanKey(s, f, keys[i], astGrep)
		if got, ok := loadScan(fc, key, f.Path); ok {
			fc.ScanHit()
			all = append(all, got...)
			continue
		}
		fc.ScanMiss()
		todo = append(todo, f.Path)
		pending = append(pending, key)
	}
	scanned, err := sc.scan(ctx, s.Active, append(todo, found...))
	if err != nil {
		return nil, err
	}
	byFile := map[string][]finding.Finding{}
	for _, f := range scanned {
		byFile[f.Path] = append(byFile[f.Path], f)
	}
	for k, p := range todo {
		storeScan(fc, pending[k], p, byFile[p])
	}
	return rules.SortFindings(append(all, scanned...)), nil
}
