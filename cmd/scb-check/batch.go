package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/scbcheck/scbcheck/batch"
	"github.com/scbcheck/scbcheck/trajectory"
	"github.com/scbcheck/scbcheck/vfs"
)

// batchHelp is batch's help.
var batchHelp = helpText{
	head: `Measure many snapshots, one JSON line each; resumable, and shardable over many machines

Each snapshot is analysed as 'scb-check check --report' would analyse it,
and gets one line: {"snapshot": the entry as written, "index": its position
among the entries (from 0), "status": "ok" or "error", "commit", "time" and
"subject" for a commit, "skipped": the files left out, then the keys of the
check report, or "error": why the snapshot has no numbers}.
Under --compat 0.1.3 the report's keys are written as 0.1.3's check --report
prints them: its 17 keys, its ", " and ": " separators, its floats.

Usage: scb-check batch [OPTIONS] <MANIFEST>

Arguments:
  <MANIFEST>  One snapshot per line ('-' reads standard input): a directory or file, or
              REPO@REV, a commit of a git repository named by any revision git understands.
              Blank lines and lines starting with '#' are ignored. Relative paths are relative
              to the manifest's directory (to the working directory for '-')

Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			{"--output <FILE>", "Append the lines to FILE, skipping the snapshots it already holds: run the " +
				"same command again to resume [default: stdout]. A second run on FILE exits 2, naming the first (FILE.lock)"},
			{"--shard <I/N>", "Measure only entry k with k mod N = I, shards numbered from 0 (pass the " +
				"scheduler's index, e.g. \"$SLURM_ARRAY_TASK_ID/8\")"},
			{"--exit-zero", "Exit 0 when every snapshot has its line, error lines included"},
			rowGitTimeout, rowOutsideGitDir,
		},
		analysisRows(),
		{
			{"--config <CONFIG>", "Use this configuration file for every snapshot (without it, directories use " +
				"the one discovered from the working directory, commits the one each commit holds)"},
			rowJobs,
			{"-v, --verbose...", "Log each snapshot to stderr (--verbosity: the same)"},
			rowQuiet, rowHelp,
		},
	},
	foot: `
A snapshot that cannot be measured (a missing path, an unknown revision, no
source file, none that parses) gets an error line and the batch goes on.

Exit status: 0 when every snapshot of the shard has an ok line, 1 when some
have error lines (0 with --exit-zero), 2 on an error: usage, the manifest,
the output file, or a failure that would hit every snapshot (ast-grep or git
missing), 130 or 143 when stopped by SIGINT or SIGTERM. The lines written before
an error or an interruption are kept: the same command resumes.
`,
}.String()

// batchArgs are the parsed arguments of `scb-check batch`.
type batchArgs struct {
	check    *checkArgs
	manifest string
	output   string
	shard    batch.Shard
	exitZero bool
	// gitTimeout bounds each git process; 0 for the default.
	gitTimeout time.Duration
	// outsideGitDir is --allow-outside-git-dir.
	outsideGitDir bool
}

// batchOptions are batch's options besides check's.
var batchOptions = ownOptions{
	command: "batch",
	values:  map[string]string{"--output": "<FILE>", "--shard": "<I/N>", "--git-timeout": "<DURATION>"},
	flags:   map[string]bool{"--exit-zero": true, "--allow-outside-git-dir": true},
	refused: batchRefused,
}

// batchRefused are check's options that mean nothing for a batch: its
// output is always JSON lines, and MCF scores judge a single snapshot.
var batchRefused = func() map[string]bool {
	m := map[string]bool{"--report": true, "--output-format": true, "--mcf-file": true}
	for k := range checkOnlyFlags {
		if k != "--exit-zero" {
			m[k] = true
		}
	}
	return m
}()

// set records one of batch's own options.
func (b *batchArgs) set(name, value string) error {
	switch name {
	case "--output":
		if value == "" {
			return usagef("error: invalid value '' for '--output <FILE>': expected a file")
		}
		b.output = value
	case "--shard":
		s, err := batch.ParseShard(value)
		if err != nil {
			return usagef("error: invalid value '%s' for '--shard <I/N>': %v", value, err)
		}
		b.shard = s
	case "--exit-zero":
		b.exitZero = true
	case "--allow-outside-git-dir":
		b.outsideGitDir = true
	case "--git-timeout":
		d, err := parseGitTimeout(value)
		if err != nil {
			return err
		}
		b.gitTimeout = d
	}
	return nil
}

func parseBatch(args []string) (*batchArgs, error) {
	b := &batchArgs{}
	positional, a, err := batchOptions.split(args, b.set)
	if err != nil {
		return nil, err
	}
	b.check = a
	if a.help {
		return b, nil
	}
	switch len(positional) {
	case 0:
		return nil, usagef("error: the following required arguments were not provided:\n  <MANIFEST>\n\nUsage: scb-check batch [OPTIONS] <MANIFEST>")
	case 1:
		b.manifest = positional[0]
	default:
		return nil, usagef("error: unexpected argument '%s' found", positional[1])
	}
	return b, nil
}

func runBatch(ctx context.Context, c *cli, args []string) error {
	b, err := parseBatch(args)
	if err != nil {
		return err
	}
	a := b.check
	if a.help {
		fmt.Fprint(c.stdout, batchHelp)
		return nil
	}
	progress := startProgress(c, a.quiet)
	defer progress.stop()
	analysis, sess, err := setupAnalysis(a, true, false)
	if err != nil {
		return err
	}
	c.atEnd(func() { reportCache(c.stderr, a, analysis.CacheStats) })
	c.atEnd(func() { closeSession(analysis, sess) })
	var m *batch.Manifest
	if b.manifest == "-" {
		m, err = batch.ParseManifest(c.stdin, "stdin", analysis.WorkDir)
	} else {
		m, err = batch.ReadManifest(b.manifest, b.check.configCap())
	}
	if err != nil {
		return err
	}
	opt := batch.Options{
		Measure:          trajectory.Options{Analysis: analysis, Session: sess},
		CommitsOwnConfig: a.configPath == "",
		Shard:            b.shard,
		GitTimeout:       b.gitTimeout,
		OutsideGitDir:    b.outsideGitDir,
		Words:            flagWords{},
	}
	opt.Warn = func(e batch.Entry, w string) {
		// Named as an error of the snapshot is; escaped, one line.
		fmt.Fprintf(c.stderr, "warning: %s:%d: %s: %s\n", vfs.EscapePath(m.Name), e.Line, vfs.EscapePath(e.Text), vfs.EscapePath(w))
	}
	opt.Measure.Analysis.Progress = progress.analysis()
	if a.verbose >= 1 || progress != nil {
		opt.Progress = func(i, n int, e batch.Entry) {
			progress.total("snapshots", n)
			progress.measured(i)
			progress.nextSnapshot()
			if a.verbose >= 1 {
				fmt.Fprintf(c.stderr, "info snapshot %d/%d %s (line %d)\n", i+1, n, vfs.EscapePath(e.Text), e.Line)
			}
		}
	}
	// The lines may go to the terminal the progress line is on.
	out := batch.NewOutput(progress.writer(c.stdout))
	outName := "stdout"
	if b.output != "" {
		if out, err = batch.OpenOutput(b.output); err != nil {
			return err
		}
		outName = b.output
		if out.Replaced {
			fmt.Fprintf(c.stderr, "warning: %s was a symbolic link: replaced by a new file (the link's target was neither read nor written)\n", b.output)
		}
		if out.Dropped > 0 {
			fmt.Fprintf(c.stderr, "warning: %s: dropped an incomplete last line (%d bytes) left by an interrupted run\n", b.output, out.Dropped)
		}
		if out.Duplicates > 0 {
			fmt.Fprintf(c.stderr, "warning: %s: removed %d duplicate lines, each the copy of an earlier line (two runs wrote the file at once)\n", b.output, out.Duplicates)
		}
	}
	res, runErr := batch.Run(ctx, m, out, opt)
	progress.stop()
	if err := out.Close(); err != nil && runErr == nil {
		runErr = err
	}
	interrupted := errors.Is(runErr, context.Canceled)
	// The summary follows the run's error, if any.
	c.atEnd(func() {
		if res.Foreign > 0 {
			fmt.Fprintf(c.stderr, "warning: %s holds %d lines of snapshots that are not in shard %s of %s (kept, not measured)\n",
				outName, res.Foreign, b.shard, m.Name)
		}
		fmt.Fprintf(c.stderr, "batch manifest=%s shard=%s snapshots=%d resumed=%d measured=%d errors=%d output=%s\n",
			m.Name, b.shard, res.Entries, res.Resumed, res.Measured, res.Errors, outName)
		if interrupted {
			fmt.Fprintln(c.stderr, "interrupted; run the same command again to resume")
		}
	})
	switch {
	case interrupted:
		// Told by the summary's last line.
		return &quietError{runErr}
	case runErr != nil:
		return runErr
	case res.Errors > 0 && !b.exitZero:
		return errFindings
	}
	return nil
}
