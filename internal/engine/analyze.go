package engine

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// MaxCallableDepth is the deepest nesting of functions analysed: a file
// nesting them deeper (no hand-written code nests a tenth as deep) is
// skipped with the reason, as its analyses would grow with the square of
// the depth.
const MaxCallableDepth = 200

// Files analyses the files on s.Workers goroutines, reading what it can
// from fc (when not nil; keys are the files' keys in it) and storing the
// rest there. Each file done is reported to s.Progress, after a first
// report of none done.
func Files(ctx context.Context, fsys vfs.FS, files []source.SourceFile, s *Settings, fc *filecache.View, keys []filecache.Key) ([]Result, error) {
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if workers > len(files) {
		workers = len(files)
	}
	if ids := s.profile().DirectiveIDs; ids != nil {
		run := *s
		run.RuleIDs = ids(s.Catalog)
		s = &run
	}
	results := make([]Result, len(files))
	s.Progress.report(Progress{Phase: PhaseFiles, Total: len(files)})
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
				if fc != nil && keys[i].OK {
					key = factsKey(s, f, keys[i])
					res, ok, rel := loadOrClaim(ctx, fc, key, f, s.RuleIDs)
					if ok {
						fc.FileHit()
						results[i] = res
						s.Progress.fileDone(len(files))
						continue
					}
					fc.FileMiss()
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
				results[i], errs[w] = analyzeFile(ctx, p, fsys, f, s)
				parseGate.release(weight)
				if errs[w] != nil {
					release()
					continue
				}
				if fc != nil && keys[i].OK && cacheable(results[i]) {
					storeFile(fc, key, results[i])
				}
				release()
				s.Progress.fileDone(len(files))
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

// analyzeFile analyses one file with the steps of the run's profile,
// within s.ParseTimeout from the start of its parse: a file that takes
// longer is skipped with a TimeoutError. Its error is ctx's only: the run
// was cancelled.
func analyzeFile(ctx context.Context, p *source.Parser, fsys vfs.FS, f source.SourceFile, s *Settings) (Result, error) {
	profile := s.profile()
	res := Result{File: f}
	if len(f.Skip) > 0 {
		res.Skipped = f.Skip
		return res, nil
	}
	src, err := fsys.ReadFile(f.Path)
	if err != nil {
		res.Skipped = option.TextOf(err, nil)
		return res, nil
	}
	src, skip := profile.Decode(src)
	if skip != "" {
		res.Skipped = option.Text{option.Lit(skip)}
		return res, nil
	}
	// One bound for the parse and every analysis of the file; the tree
	// follows it, and the loops over a whole file give up when it ends.
	fileCtx, cancel := context.WithCancel(ctx)
	if s.ParseTimeout > 0 {
		fileCtx, cancel = context.WithTimeout(ctx, s.ParseTimeout)
	}
	defer cancel()
	// stopped is the outcome of a file whose work was given up: the
	// run's cancellation, else the file's time bound.
	stopped := func(parsing bool) (Result, error) {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		res = Result{File: f, Skipped: (&source.TimeoutError{Lang: f.Lang.Name, After: s.ParseTimeout, Analysis: !parsing}).OptionText()}
		return res, nil
	}
	tree, err := p.ParseContext(fileCtx, src)
	if err != nil {
		if fileCtx.Err() != nil {
			return stopped(true)
		}
		res.Skipped = option.TextOf(err, nil)
		return res, nil
	}
	if d := tree.CallableDepth(); d > MaxCallableDepth {
		// Nested callables count in every parent, and the structural
		// rules keep each one's enclosing scopes: work and memory grow
		// with the square of the depth.
		res.Skipped = option.Text{option.Lit(fmt.Sprintf("functions nested %d deep, over the limit of %d; not analysed", d, MaxCallableDepth))}
		return res, nil
	}
	res.Lines = tree.LineCount()
	res.Nodes = len(tree.Nodes)
	// Each step's loops give up once the tree is stopped; what a
	// stopped step returned is incomplete and dropped with the file.
	steps := []func() error{
		func() (err error) { res.SLOC, err = profile.SLOC(tree); return err },
		func() error { res.Fns = profile.Functions(tree, res.SLOC); return nil },
		func() error { res.Cx = erosion.Measure(tree, res.Fns); return nil },
		func() error { res.Clones = profile.Clones(f.Path, tree, res.Fns, res.SLOC); return nil },
		func() error {
			if profile.StructuralFacts != nil {
				res.Facts = profile.StructuralFacts(f.Path, tree, res.Fns, res.Cx)
			}
			return nil
		},
		func() error { res.Reuse = reuse.Extract(tree); return nil },
		func() error {
			if profile.FileData != nil {
				res.ProfileData = profile.FileData(tree, res.Fns)
			}
			return nil
		},
		func() error {
			var err1 error
			res.Directives, err1 = tree.Directives(f.Path)
			res.IgnoreErr = source.JoinDirectiveErrors(err1, rules.ValidateIgnores(f.Path, res.Directives, s.RuleIDs))
			return nil
		},
	}
	for _, step := range steps {
		if tree.Stopped() {
			return stopped(false)
		}
		if err := step(); err != nil && !tree.Stopped() {
			res.Skipped = option.TextOf(err, nil)
			return res, nil
		}
	}
	if tree.Stopped() {
		return stopped(false)
	}
	return res, nil
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
