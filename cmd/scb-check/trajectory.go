package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/safefile"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/trajectory"
	"github.com/scbcheck/scbcheck/vfs"
)

// trendedList names the metrics a trajectory follows (metric.Trended).
var trendedList = joinWords(metric.Keys(metric.Trended()), "and")

// trajectoryHelp is trajectory's help; the metrics it names come from the
// metric table.
var trajectoryHelp = helpText{
	head: `Measure a sequence of checkpoints or a git history, with deltas and slopes

Each checkpoint is analysed as 'scb-check check --report' would analyse it;
the output adds the change of ` + trendedList + ` since
the previous checkpoint, and a summary: first, last, mean, least-squares slope
per checkpoint, whether each rose, and the callables whose complexity grew
most (matched by file and qualified name, or, renamed or moved without other
change, by body).

Under --compat 0.1.3 each point's report is 0.1.3's JSON, byte for byte as
its check --report prints it; the deltas, the summary and the CSV and human
tables stay this command's.

Usage: scb-check trajectory [OPTIONS] <PATH>...
       scb-check trajectory [OPTIONS] --git <REPO>

Arguments:
  <PATH>...  Checkpoints (directories or files), in order

Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			{"--git <REPO>", "Measure the first-parent history of this repository (or of a directory inside one), " +
				"oldest commit first; each commit's tree is read from git into memory, never into the work tree"},
			{"--rev-range <RANGE>", "Commits to measure: A..B, or B for its whole history [default: HEAD]"},
			{"--max-commits <N>", "Measure at most N commits, sampled evenly over the range (first and last kept) " +
				"[default: no limit]"},
			{"--only-source-commits", "Keep only commits that change a file of an analysed language"},
			rowGitTimeout, rowOutsideGitDir,
			rowOutputFormat(trajectoryFormats, ""),
			rowReport,
			{"--chart <FILE>", "Also draw " + trendedList + " against the checkpoint index as an SVG file"},
		},
		analysisRows(),
		{
			{"--config <CONFIG>", "Use this configuration file for every checkpoint (without it, directories use " +
				"the one discovered from the working directory, commits the one each commit holds)"},
			rowMCFFile, rowJobs,
			{"-v, --verbose...", "Log each checkpoint to stderr (--verbosity: the same)"},
			rowQuiet, rowHelp,
		},
	},
	foot: `
A checkpoint with nothing to measure (no source file, none that parses, a bad
suppression directive) is listed with the reason and left out of the summary.

Exit status: 0 when the trajectory was produced, 2 on an error, 130 or 143 when
stopped by SIGINT or SIGTERM (ast-grep stopped, temporary files removed).
`,
}.String()

// Rows of trajectory's and batch's help.
var (
	rowGitTimeout = helpRow{"--git-timeout <DURATION>", "Give up on a git process (or on one read of files " +
		"from git) after this long [default: 10m]"}
	rowOutsideGitDir = helpRow{"--allow-outside-git-dir", "Measure a repository whose git directory lies outside " +
		"its work tree (a linked worktree, a submodule): refused by default, since a tree's .git file could name any repository"}
)

// trajectoryFormats are trajectory's output formats.
var trajectoryFormats = formatChoice{
	option: "'--output-format <OUTPUT_FORMAT>' of trajectory",
	formats: []outputFormat{{formatHuman, ""}, {formatJSON, ""}, {formatCSV, ""},
		{formatHTML, "one self-contained page: trends, checkpoints, grown callables, hotspots"}},
}

// trajectoryArgs are the parsed arguments of `scb-check trajectory`.
type trajectoryArgs struct {
	check      *checkArgs
	paths      []string
	git        string
	gitSet     bool
	revRange   string
	maxCommits int
	onlySource bool
	chart      string
	format     string
	gitTimeout time.Duration
	// outsideGitDir is --allow-outside-git-dir.
	outsideGitDir bool
}

// trajectoryValueFlags are trajectory's own options taking a value.
var trajectoryValueFlags = map[string]string{
	"--git":           "<REPO>",
	"--rev-range":     "<RANGE>",
	"--max-commits":   "<N>",
	"--chart":         "<FILE>",
	"--output-format": "<FORMAT>",
	"--git-timeout":   "<DURATION>",
}

// checkOnlyFlags are check's options that mean nothing for a trajectory:
// among them every gate flag (metric.Gates).
var checkOnlyFlags = withGateFlags(map[string]bool{
	"--min-duplicate-lines": true, "--exit-zero": true, "--baseline": true, "--write-baseline": true, "--color": true,
	flagNewFromRev: true, flagNewFromMergeBase: true, flagNewFromPatch: true, flagStaged: true,
	"--html-source":   true,
	flagWriteMarkdown: true,
	"--gate-scope":    true,
})

// withGateFlags adds every gate flag to flags.
func withGateFlags(flags map[string]bool) map[string]bool {
	for name := range gateOptions() {
		flags[name] = true
	}
	return flags
}

// trajectoryOptions are trajectory's options besides check's.
var trajectoryOptions = ownOptions{
	command: "trajectory",
	values:  trajectoryValueFlags,
	flags:   map[string]bool{"--only-source-commits": true, "--report": true, "--allow-outside-git-dir": true},
	refused: checkOnlyFlags,
}

// parseTrajectory takes trajectory's own options and the checkpoints out
// of args and leaves the analysis options to parseCheck.
func parseTrajectory(args []string) (*trajectoryArgs, error) {
	t := &trajectoryArgs{format: formatHuman}
	paths, a, err := trajectoryOptions.split(args, t.set)
	if err != nil {
		return nil, err
	}
	t.paths = paths
	t.check = a
	if a.help {
		return t, nil
	}
	switch {
	case t.gitSet && len(t.paths) > 0:
		return nil, usagef("error: the argument '--git <REPO>' cannot be used with checkpoint paths ('%s')", t.paths[0])
	case t.gitSet && t.git == "":
		return nil, usagef("error: invalid value '' for '--git <REPO>': expected a repository path")
	case !t.gitSet && len(t.paths) == 0:
		return nil, usagef("error: the following required arguments were not provided:\n  <PATH>... or --git <REPO>\n\nUsage: scb-check trajectory [OPTIONS] <PATH>...")
	case !t.gitSet && t.revRange != "":
		return nil, usagef("error: '--rev-range' needs '--git <REPO>'")
	case !t.gitSet && t.maxCommits > 0:
		return nil, usagef("error: '--max-commits' needs '--git <REPO>'")
	case !t.gitSet && t.onlySource:
		return nil, usagef("error: '--only-source-commits' needs '--git <REPO>'")
	}
	return t, nil
}

// set records one of trajectory's own options.
func (t *trajectoryArgs) set(name, value string) error {
	switch name {
	case "--git":
		t.git, t.gitSet = value, true
	case "--rev-range":
		if value == "" {
			return usagef("error: invalid value '' for '--rev-range <RANGE>': expected A..B or a revision")
		}
		t.revRange = value
	case "--max-commits":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			return usagef("error: invalid value '%s' for '--max-commits <N>': expected a whole number >= 1", value)
		}
		t.maxCommits = n
	case "--chart":
		t.chart = value
	case "--output-format":
		format, err := trajectoryFormats.parse(value)
		if err != nil {
			return err
		}
		t.format = format
	case "--git-timeout":
		d, err := parseGitTimeout(value)
		if err != nil {
			return err
		}
		t.gitTimeout = d
	case "--only-source-commits":
		t.onlySource = true
	case "--allow-outside-git-dir":
		t.outsideGitDir = true
	case "--report":
		t.format = formatJSON
	}
	return nil
}

// parseGitTimeout reads the value of --git-timeout.
func parseGitTimeout(value string) (time.Duration, error) {
	d, err := time.ParseDuration(value)
	if err != nil || d <= 0 {
		return 0, usagef("error: invalid value '%s' for '--git-timeout <DURATION>': expected a positive duration such as 90s or 10m", value)
	}
	return d, nil
}

func runTrajectory(ctx context.Context, c *cli, args []string) error {
	t, err := parseTrajectory(args)
	if err != nil {
		return err
	}
	a := t.check
	if a.help {
		fmt.Fprint(c.stdout, trajectoryHelp)
		return nil
	}
	progress := startProgress(c, a.quiet)
	defer progress.stop()
	// Directories use the configuration check would use from here; commits
	// their own unless --config names one.
	analysis, sess, err := setupAnalysis(a, !t.gitSet || a.configPath != "", true)
	if err != nil {
		return err
	}
	c.atEnd(func() { reportCache(c.stderr, a, analysis.CacheStats) })
	c.atEnd(func() { closeSession(analysis, sess) })
	opt := trajectory.Options{Analysis: analysis, Session: sess}
	if a.verbose >= 1 || progress != nil {
		opt.Progress = func(i, n int, cp trajectory.Checkpoint) {
			progress.total("checkpoints", n)
			if a.verbose >= 1 {
				fmt.Fprintf(c.stderr, "info checkpoint %d/%d %s\n", i+1, n, vfs.EscapePath(cp.Label))
			}
		}
	}
	if progress != nil {
		// Not the files of each run: a history measures two at once.
		opt.Measured = func(done, _ int) { progress.measured(done) }
	}
	var tr *trajectory.Trajectory
	if t.gitSet {
		tr, err = trajectory.Git(ctx, trajectory.GitOptions{
			Repo: t.git, RevRange: t.revRange, MaxCommits: t.maxCommits, OnlySourceCommits: t.onlySource,
			Timeout: t.gitTimeout, OutsideGitDir: t.outsideGitDir,
		}, opt)
	} else {
		tr, err = trajectory.Directories(ctx, t.paths, opt)
	}
	progress.stop()
	if err != nil && ctx.Err() != nil {
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	tr.Words = flagWords{}
	logPointWarnings(c.stderr, tr)
	if t.chart != "" {
		if err := writeChartFile(t.chart, tr); err != nil {
			return fmt.Errorf("--chart %s: %v", t.chart, err)
		}
	}
	switch t.format {
	case formatJSON:
		return trajectory.WriteJSON(c.stdout, tr)
	case formatCSV:
		return trajectory.WriteCSV(c.stdout, tr)
	case formatHTML:
		return trajectory.WriteHTML(c.stdout, tr, trajectory.HTMLOptions{Generator: "scb-check " + scbcheck.Version})
	}
	return trajectory.WriteHuman(c.stdout, tr)
}

// logPointWarnings prints, as check does, the inputs other than sources
// each point passed over, in point order, each named by the point (its
// index and label, as an error of the point is).
func logPointWarnings(stderr io.Writer, tr *trajectory.Trajectory) {
	for _, p := range tr.Points {
		for _, w := range p.Warnings {
			// Escaped: one warning is one line, whatever the names.
			fmt.Fprintf(stderr, "warning: checkpoint %d (%s): %s\n", p.Index, vfs.EscapePath(p.Checkpoint.Label), vfs.EscapePath(w.Spell(tr.Words)))
		}
	}
}

// writeChartFile draws the trajectory's chart into path (SVG), whole or
// not at all (a temporary file renamed into place; a link at path is
// replaced).
func writeChartFile(path string, tr *trajectory.Trajectory) error {
	return safefile.Write(path, 0o644, func(w io.Writer) error { return trajectory.WriteChart(w, tr) })
}
