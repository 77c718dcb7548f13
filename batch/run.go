package batch

import (
	"context"
	"fmt"
	"time"

	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/trajectory"
)

// Options configures a batch run.
type Options struct {
	// Measure is the analysis of every snapshot (see trajectory.Measure).
	Measure trajectory.Options
	// CommitsOwnConfig analyses each commit with the configuration it
	// holds, as `check` run at its root would, rather than with
	// Measure.Analysis.Config (which directories use).
	CommitsOwnConfig bool
	// Shard is the part of the manifest to measure; the zero Shard is all
	// of it.
	Shard Shard
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// GitTimeout bounds each git process (trajectory.DefaultGitTimeout
	// when not positive).
	GitTimeout time.Duration
	// OutsideGitDir: see trajectory.GitOptions.OutsideGitDir.
	OutsideGitDir bool
	// Progress, when set, is called before each snapshot is measured, with
	// its position among those to measure in this run and their number.
	Progress func(i, n int, e Entry)
	// Warn, when set, is told of each input other than sources that the
	// analysis of a snapshot measured by this run passed over
	// (trajectory.Point.Warnings), in order, once its line is written.
	Warn func(e Entry, warning string)
	// Words are the words a snapshot's messages (its error, its skipped
	// files' reasons, its warnings) name options in; nil is the
	// library's.
	Words option.Words
}

// Result counts what a run did with the entries of its shard.
type Result struct {
	// Entries is the number of entries of the shard.
	Entries int
	// Resumed is how many of them the output already held.
	Resumed int
	// Measured is how many were measured and written by this run.
	Measured int
	// Errors is how many of the shard's entries have an error line in the
	// output, written by this run or an earlier one.
	Errors int
	// Foreign is the number of snapshots the output held that are no
	// entry of this shard (another shard's, or of another manifest).
	Foreign int
}

// Run measures the shard's entries that the output does not hold yet, in
// manifest order, and appends one line for each. A snapshot that cannot
// be measured is an error line and the run goes on; a failure that would
// hit every snapshot (see trajectory.Measure) stops it with the lines
// written so far kept, so that running again resumes.
func Run(ctx context.Context, m *Manifest, out *Output, opt Options) (Result, error) {
	var res Result
	var todo []Entry
	own := map[string]bool{}
	for _, e := range m.Entries {
		if !opt.Shard.Owns(e.Index) {
			continue
		}
		res.Entries++
		own[e.Text] = true
		status, done := out.done[e.Text]
		switch {
		case !done:
			todo = append(todo, e)
		case status == StatusError:
			res.Resumed++
			res.Errors++
		default:
			res.Resumed++
		}
	}
	for key := range out.done {
		if !own[key] {
			res.Foreign++
		}
	}
	// One measurer for the run: consecutive commits of a repository are
	// written as what changed between them.
	var ms trajectory.Measurer
	defer ms.Close()
	for i, e := range todo {
		if opt.Progress != nil {
			opt.Progress(i, len(todo), e)
		}
		line, warnings, failed, err := measureEntry(ctx, &ms, m, e, opt)
		if err != nil {
			return res, fmt.Errorf("%s:%d: %s: %w", m.Name, e.Line, e.Text, err)
		}
		if err := out.write(line); err != nil {
			return res, fmt.Errorf("writing the line of %s: %w", e.Text, err)
		}
		if opt.Warn != nil {
			for _, w := range warnings {
				opt.Warn(e, w)
			}
		}
		res.Measured++
		out.done[e.Text] = StatusOK
		if failed {
			out.done[e.Text] = StatusError
			res.Errors++
		}
	}
	return res, nil
}

// measureEntry measures one entry and returns its line, the warnings of
// its analysis and whether it is an error line.
func measureEntry(ctx context.Context, ms *trajectory.Measurer, m *Manifest, e Entry, opt Options) ([]byte, []string, bool, error) {
	snap, err := m.snapshot(e, opt.Git)
	snap.GitTimeout, snap.OutsideGitDir = opt.GitTimeout, opt.OutsideGitDir
	var p trajectory.Point
	if err != nil {
		p = trajectory.Point{Checkpoint: trajectory.Checkpoint{Label: e.Text}, Err: option.TextOf(err, nil)}
	} else {
		mo := opt.Measure
		if snap.Rev != "" && opt.CommitsOwnConfig {
			mo.Analysis.Config = nil
		}
		if p, err = ms.Measure(ctx, snap, mo); err != nil {
			return nil, nil, false, err
		}
	}
	line, err := encodeLine(e, p, opt.Words)
	warnings := make([]string, len(p.Warnings))
	for i, w := range p.Warnings {
		warnings[i] = w.Spell(opt.Words)
	}
	return line, warnings, p.Report == nil, err
}
