package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/config"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// checkChange is check judging a change (a.change.on()): the base and the
// head measured and compared (scbcheck.Diff), or, with --new-from-patch,
// the tree measured as check measures it and its findings kept on the
// patch's added lines. The output and the outcome are finishCheck's, on
// the delta.
func checkChange(ctx context.Context, c *cli, a *checkArgs, run checkRun, cat *rules.Catalog, progress *progressLine) error {
	cfg, cwd := run.cfg, run.cwd
	// An error of either side is the change option's doing.
	c.words = flagWords{own: map[libopt.Option]string{libopt.DiffBase: a.change.flag, libopt.DiffHead: a.change.flag}}
	opt := analysisOptions(a, cfg, cwd, cat)
	opt.Path = a.path
	// Each tree reads its own configuration, unless --config names one.
	opt.Config, opt.ConfigPath = nil, a.configPath
	c.atEnd(func() { reportCache(c.stderr, a, opt.CacheStats) })
	sess, err := scbcheck.NewSession(opt)
	if err != nil {
		return err
	}
	run.settings = sess.Settings()
	var d *change.Delta
	if a.change.flag == flagNewFromPatch {
		d, err = patchDelta(ctx, sess, a, cfg, cwd, opt.CacheStats, progress)
		opt.CacheStats.AddError(sess.Close())
	} else {
		opt.CacheStats.AddError(sess.Close())
		base, head := a.change.trees(os.Getenv)
		opt.Progress = progress.analysis()
		d, err = scbcheck.Diff(ctx, scbcheck.DiffOptions{Options: opt, Base: base, Head: head})
	}
	progress.stop()
	if err != nil && ctx.Err() != nil {
		return errors.New("interrupted")
	}
	var head *report.Report
	if d != nil {
		head = d.Head
	}
	logRun(c.stderr, head, err, a)
	if err != nil {
		return err
	}
	if v := d.Head.AstGrep.Version; v != "" && v != rules.PinnedAstGrep {
		fmt.Fprintf(c.stderr, "warning: ast-grep %s at %s differs from the pinned %s; findings may differ from the reference's\n",
			v, d.Head.AstGrep.Binary, rules.PinnedAstGrep)
	}
	run.report, run.delta = d.Head, d
	return finishCheck(c.stdout, c.stderr, run)
}

// patchDelta measures the tree as check does and keeps, as the new
// findings, those whose first line the patch of --new-from-patch adds.
// The patch's names are relative to the repository holding the analysed
// path (the nearest directory with a .git above it), else to the working
// directory.
func patchDelta(ctx context.Context, sess *scbcheck.Session, a *checkArgs, cfg *config.Config, cwd string, stats *scbcheck.CacheStats, progress *progressLine) (*change.Delta, error) {
	data, err := os.ReadFile(a.change.value)
	if err != nil {
		return nil, fmt.Errorf("%s: failed to read the patch: %w", a.change.value, err)
	}
	p, err := change.ParsePatch(a.change.value, data)
	if err != nil {
		return nil, err
	}
	r, err := sess.Run(ctx, scbcheck.Target{Path: a.path, Config: cfg, WorkDir: cwd, CacheStats: stats, Progress: progress.analysis()})
	if err != nil {
		if r != nil {
			return &change.Delta{Head: r}, err
		}
		return nil, err
	}
	return &change.Delta{Head: r, NewFindings: change.OnLines(r, patchLines(p, r, repoRoot(a.path, cwd)))}, nil
}

// patchLines are the patch's added lines by the head report's path: each
// name the patch gives is joined to root and made relative to the
// report's Root; a file outside it is left out (nothing of it is
// analysed).
func patchLines(p *change.Patch, r *report.Report, root string) map[string][]int {
	out := map[string][]int{}
	for name, lines := range p.Added() {
		rel, err := filepath.Rel(r.Root, filepath.Join(root, filepath.FromSlash(name)))
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		key := filepath.ToSlash(rel)
		out[key] = slices.Concat(out[key], lines)
	}
	return out
}

// changeOutput is what the writers show of the delta d instead of the
// whole report: its new findings, the base and the functions made worse.
func changeOutput(d *change.Delta) *report.Change {
	out := &report.Change{Base: d.Base}
	for _, f := range d.NewFindings {
		out.Findings = append(out.Findings, f.Finding)
	}
	for _, f := range change.Worse(d) {
		out.Worse = append(out.Worse, change.WorseLine(f))
	}
	return out
}
