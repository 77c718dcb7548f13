package trajectory

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// Checkpoint is one snapshot of a trajectory.
type Checkpoint struct {
	// Label names the checkpoint in the output: the path as given, or the
	// commit's abbreviated hash.
	Label string
	// Path is the file or directory analysed (directory checkpoints).
	Path string
	// Commit is a git checkpoint's full hash; Time its committer date
	// (RFC 3339) and Subject the first line of its message.
	Commit, Time, Subject string
}

// Skipped is a file of a checkpoint left out of its analysis.
type Skipped struct {
	// Path is relative to the checkpoint's root, with slashes.
	Path string
	// Reason may name an option (report.Skipped.Reason).
	Reason option.Text
}

// Point is one measured checkpoint.
type Point struct {
	Index      int
	Checkpoint Checkpoint
	// Metrics are the point's numbers by metric key (those of `check
	// --report`, and dir when the checkpoint exports a public symbol);
	// nil when the checkpoint could not be measured (Err).
	Metrics report.Metrics
	// Report is the checkpoint's `check --report` JSON object, byte for
	// byte without the final newline; nil with Err.
	Report []byte
	// Skipped are the files that could not be read or parsed.
	Skipped []Skipped
	// Warnings are the inputs other than sources the analysis passed over
	// (report.Report.Warnings: an ignore or configuration file that is not
	// a regular file, a link out of the tree), in the order met, each
	// once; a path inside the checkpoint's tree is shown relative to the
	// checkpoint's root, so no temporary snapshot's path appears.
	Warnings []option.Text
	// Functions are the checkpoint's functions with their measurements,
	// as report.Report.Functions lists them (paths relative to the
	// checkpoint's root, slash-separated); kept only with
	// Options.Functions, nil without numbers (Err).
	Functions []report.Function
	// Err says why the checkpoint has no numbers: nothing to analyse (an
	// empty checkpoint, or no file that parses), or a problem in its
	// sources such as a bad suppression directive. It may name an
	// option; nil when the point has numbers.
	Err option.Text

	// callables are the point's functions (change.Funcs), which the
	// summary follows across points.
	callables []change.Func
}

// Trajectory is every point, in checkpoint order, and their summary.
type Trajectory struct {
	Points  []Point
	Summary Summary
	// Words are the words the writers name options in (the points'
	// errors, skipped files and warnings may); nil is the library's.
	Words option.Words
	// Hotspots are, for a git history, the files of the last measured
	// point ranked by how often they changed times their high-complexity
	// mass (see Hotspot); nil for directory checkpoints.
	Hotspots []Hotspot
	// Scope is the part of each checkpoint measured (the session's
	// scbcheck.Settings.Scope): its numbers, and so the summary's, are
	// the production code's or the test code's alone unless it is
	// lang.ScopeAll (or empty).
	Scope lang.Scope
}

// Options configures a trajectory run.
type Options struct {
	// Analysis is the analysis of every checkpoint, as for `check`; Path
	// (and, for git checkpoints, WorkDir and, unless it is set, Config) is
	// set per checkpoint. A directory checkpoint with WorkDir empty finds
	// its configuration from its own root (see scbcheck.Options.WorkDir).
	// Its Progress is each checkpoint's run's: Git runs two at once, which
	// then call it side by side.
	Analysis scbcheck.Options
	// Session is the session the checkpoints run in (its settings and its
	// cache); when nil, Git and Directories open one from Analysis (with
	// a cache held in memory when Analysis names no cache directory) and
	// Measure one for the snapshot.
	Session *scbcheck.Session
	// Progress, when set, is called before each checkpoint is analysed,
	// with its index and the number of checkpoints.
	Progress func(i, n int, cp Checkpoint)
	// Measured, when set, is called each time a checkpoint has been
	// measured (or found to have the previous one's report), with the
	// number measured so far and the number of checkpoints: 1, 2, ... up
	// to n for a trajectory that completes. Git measures checkpoints side
	// by side; the calls still come one at a time, in that order.
	Measured func(done, n int)
	// TopCallables is the number of grown callables the summary lists;
	// DefaultTopCallables when zero.
	TopCallables int
	// Functions keeps each point's functions (Point.Functions), so that a
	// caller can tell which functions a change of erosion comes from.
	Functions bool
}

// DefaultTopCallables is how many grown callables a summary lists unless
// told otherwise.
const DefaultTopCallables = 10

// session returns the session to run the checkpoints in and the
// function that closes it: o.Session (closed by its owner), or one opened
// from o.Analysis, with a cache held in memory when memory is set and
// Analysis names no cache directory, so that the entries of one
// checkpoint stay in memory for the next and a file met again is never
// analysed again. Call done once the checkpoints are measured.
func (o *Options) session(memory bool) (s *scbcheck.Session, done func(), err error) {
	if o.Session != nil {
		return o.Session, func() {}, nil
	}
	a := o.Analysis
	a.MemoryCache = a.MemoryCache || memory && a.CacheDir == ""
	if s, err = scbcheck.NewSession(a); err != nil {
		return nil, nil, err
	}
	if memory {
		// The checkpoints all need it: a directory that cannot be opened
		// fails before the first.
		if err := s.OpenCache(); err != nil {
			return nil, nil, err
		}
	}
	stats := a.CacheStats
	return s, func() { stats.AddError(s.Close()) }, nil
}

// Directories measures each path (a directory or a file) in the order
// given. A path that does not exist is an error before anything runs.
func Directories(ctx context.Context, paths []string, opt Options) (*Trajectory, error) {
	if len(paths) == 0 {
		return nil, errors.New("no checkpoints given")
	}
	sess, closeSession, err := opt.session(true)
	if err != nil {
		return nil, err
	}
	defer closeSession()
	cps := make([]Checkpoint, len(paths))
	for i, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("checkpoint %d: path does not exist: %s", i, p)
		}
		cps[i] = Checkpoint{Label: p, Path: p}
	}
	t := &Trajectory{Points: make([]Point, len(cps)), Scope: sess.Settings().Scope()}
	measured := newMeasuredCounter(opt.Measured, len(cps))
	for i, cp := range cps {
		if opt.Progress != nil {
			opt.Progress(i, len(cps), cp)
		}
		a := opt.Analysis
		a.Path = cp.Path
		p, err := measure(ctx, sess, a, cp, "", opt.Functions)
		if err != nil {
			return nil, fmt.Errorf("checkpoint %d (%s): %w", i, cp.Label, err)
		}
		p.Index = i
		t.Points[i] = p
		measured.add()
	}
	t.Summary = summarize(t.Points, opt.TopCallables)
	return t, nil
}

// measure analyses one checkpoint (a's Path, FS, WorkDir, Config and
// CacheStats) in the session s. Problems of the checkpoint's own
// sources become the point's Err; a failure that would hit every
// checkpoint alike (ast-grep, cancellation) is returned. scratch is the
// temporary directory holding a commit's tree, "" for a checkpoint on
// disk: no path inside it is shown (see scratchPaths). With functions
// the point keeps its functions.
func measure(ctx context.Context, s *scbcheck.Session, opt scbcheck.Options, cp Checkpoint, scratch string, functions bool) (Point, error) {
	p := Point{Checkpoint: cp}
	root, err := vfs.CanonicalDir(opt.FS, opt.Path)
	if err != nil {
		return p, err
	}
	r, err := s.Run(ctx, scbcheck.Target{Path: opt.Path, FS: opt.FS, WorkDir: opt.WorkDir, Config: opt.Config, CacheStats: opt.CacheStats, Progress: opt.Progress})
	if ctxErr := ctx.Err(); ctxErr != nil {
		return p, ctxErr
	}
	if err != nil {
		var runErr *scbcheck.RunError
		if errors.As(err, &runErr) {
			if !errors.Is(err, scbcheck.ErrNoParsedFiles) {
				// The files were read, the scan failed: not the
				// checkpoint's doing, it would fail every one.
				return p, err
			}
			p.Skipped = skippedOf(runErr.Skipped, root, scratch)
			p.Warnings = warningsOf(runErr.Warnings, root, scratch, cp.Label)
		}
		p.Err = option.TextOf(err, nil).Map(func(s string) string { return scratchPaths(relativeMessage(s, root, cp.Label), root, scratch) })
		return p, nil
	}
	p.Skipped = skippedOf(r.Skipped, root, scratch)
	p.Warnings = warningsOf(r.Warnings, root, scratch, cp.Label)
	var b bytes.Buffer
	// The report of the run's profile: under 0.1.3, 0.1.3's.
	if err := scbcheck.WriteReportJSON(&b, r); err != nil {
		return p, err
	}
	p.Report = bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	p.Metrics = report.MetricsOf(r)
	p.callables = change.Funcs(r)
	if functions {
		p.Functions = r.Functions()
	}
	return p, nil
}

// relativeMessage replaces the checkpoint's root in an error message by
// its label, so that messages about temporary snapshots stay readable and
// do not depend on where the snapshot was written.
func relativeMessage(msg, root, label string) string {
	msg = strings.ReplaceAll(msg, root+string(filepath.Separator), label+":")
	return strings.ReplaceAll(msg, root, label)
}

func skippedOf(skipped []report.Skipped, root, scratch string) []Skipped {
	var out []Skipped
	for _, s := range skipped {
		out = append(out, Skipped{Path: s.Path, Reason: s.Reason.Map(func(m string) string { return scratchPaths(relativeMessage(m, root, "."), root, scratch) })})
	}
	return out
}

// warningsOf is a run's warnings, each once, with the paths below root (the
// analysed directory) relative to it and root itself shown as label, as
// in the point's error, and no path inside scratch (see scratchPaths).
func warningsOf(warnings []option.Text, root, scratch, label string) []option.Text {
	var out []option.Text
	seen := map[string]bool{}
	for _, w := range warnings {
		w = w.Map(func(s string) string { return scratchPaths(vfs.RelocatePaths(s, root, "", label), root, scratch) })
		if key := w.String(); !seen[key] {
			seen[key] = true
			out = append(out, w)
		}
	}
	return out
}

// scratchPaths rewrites, in msg, the paths inside scratch (the temporary
// directory holding the commit's tree whose directory root is analysed;
// nothing when scratch is "") but not below root relative to root:
// "../pyproject.toml" for a configuration file above the analysed
// directory, "../host.txt" for where a relative link out of the tree
// leads. Those paths exist on no disk, and a temporary directory's name
// would make the output differ from run to run.
func scratchPaths(msg, root, scratch string) string {
	if scratch == "" {
		return msg
	}
	// From root's parent up to scratch, nearest first: a path below a
	// nearer ancestor is rewritten before a farther one can match it.
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		rel, err := filepath.Rel(scratch, dir)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return msg
		}
		up, err := filepath.Rel(root, dir)
		if err != nil {
			return msg
		}
		up = filepath.ToSlash(up)
		msg = vfs.RelocatePaths(msg, dir, up+"/", up)
		if rel == "." {
			return msg
		}
	}
}
