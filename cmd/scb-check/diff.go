package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// diffHelp is diff's help.
var diffHelp = helpText{
	head: `Compare two trees: the metric deltas, the functions that changed and the findings the change adds

BASE and HEAD are revisions of the git repository holding --path (HEAD, when
not given, is its working tree), or two directories (two checkpoints of a run,
compared file by file by path). An argument naming an existing directory is a
directory; spell a revision that is also a directory's name so that it is not
one (main^{commit}). Each tree is measured as 'scb-check check' measures it; a
revision is read from git's objects, never checked out, and nothing the
repository configures is run.

A function is new, removed, regressed (its complexity or cognitive complexity
rose), improved (neither rose, one fell) or unchanged. A finding is new when
the change added it: one more match of a rule in a function than the base had,
a function that went over a complexity threshold or got worse over it, a copy
of existing code; editing, moving or shrinking flagged code is not news.

Usage: scb-check diff [OPTIONS] <BASE> [<HEAD>]

Arguments:
  <BASE>  The tree before the change: a revision, or a directory
  <HEAD>  The tree after it: a revision, or a directory when BASE is one [default: the working tree]

Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			{"--path <PATH>", "The file or directory compared, in each revision's tree (not with directories) [default: .]"},
			rowOutputFormat(diffFormats, ""), rowReport,
			{"--all-functions", "Human output: list the unchanged functions too"},
			{"--fail-on-new", "Exit 1 when the change adds findings (else 0 whatever it finds)"},
			{"--color <WHEN>", "Color the human output: auto (when stdout is a terminal, NO_COLOR is unset or empty " +
				"and TERM is not dumb), always or never [default: auto]"},
			rowGitTimeout, rowOutsideGitDir,
		},
		analysisRows(),
		{rowConfig, rowMCFFile, rowJobs, rowListVerbose, rowQuiet, rowHelp},
	},
	foot: `
Exit status: 0 when the comparison was produced (with --fail-on-new, only when
the change adds no finding: 1 when it does), 2 on an error (a bad revision, a
path in no git repository, a missing directory), 130 or 143 when stopped by
SIGINT or SIGTERM.
`,
}.String()

// diffFormats are diff's output formats.
var diffFormats = formatChoice{
	option: "'--output-format <FORMAT>' of diff",
	formats: []outputFormat{
		{formatHuman, "the metric table, the functions that changed, the new findings"},
		{formatJSON, "one object: base, head, delta, functions, new_findings"},
		{formatMarkdown, "a pull-request comment"},
	},
}

// formatMarkdown is the Markdown output format's name.
const formatMarkdown = "markdown"

// diffArgs are the parsed arguments of `scb-check diff`.
type diffArgs struct {
	check *checkArgs
	// base and head are the trees' arguments; head is "" when not given.
	base, head   string
	path         string
	format       string
	allFunctions bool
	failOnNew    bool
	gitTimeout   time.Duration
	// outsideGitDir is --allow-outside-git-dir.
	outsideGitDir bool
}

// diffOptions are diff's options besides check's: check's options that
// shape its findings' display, its exit code or its gates are refused;
// --color is taken, for the human output.
var diffOptions = ownOptions{
	command: "diff",
	values:  map[string]string{"--path": "<PATH>", "--output-format": "<FORMAT>", "--git-timeout": "<DURATION>"},
	flags:   map[string]bool{"--report": true, "--all-functions": true, "--fail-on-new": true, "--allow-outside-git-dir": true},
	refused: diffRefused(),
}

// diffRefused are check's options that mean nothing for diff: those of
// trajectory (checkOnlyFlags) but --color.
func diffRefused() map[string]bool {
	m := checkOnlyAnd()
	delete(m, "--color")
	return m
}

// parseDiff takes diff's own options and its trees out of args and leaves
// the analysis options to check's table.
func parseDiff(args []string) (*diffArgs, error) {
	d := &diffArgs{format: formatHuman}
	positional, a, err := diffOptions.split(args, d.set)
	if err != nil {
		return nil, err
	}
	d.check = a
	if a.help {
		return d, nil
	}
	switch len(positional) {
	case 0:
		return nil, usagef("error: the following required arguments were not provided:\n  <BASE>\n\nUsage: scb-check diff [OPTIONS] <BASE> [<HEAD>]")
	case 1, 2:
		d.base = positional[0]
		if len(positional) == 2 {
			d.head = positional[1]
		}
	default:
		return nil, usagef("error: unexpected argument '%s' found", positional[2])
	}
	if d.allFunctions && d.format != formatHuman {
		return nil, usagef("error: '--all-functions' applies to the human output, not to --output-format %s", d.format)
	}
	return d, nil
}

// set records one of diff's own options.
func (d *diffArgs) set(name, value string) error {
	switch name {
	case "--path":
		if value == "" {
			return usagef("error: invalid value '' for '--path <PATH>': expected a file or directory")
		}
		d.path = value
	case "--output-format":
		format, err := diffFormats.parse(value)
		if err != nil {
			return err
		}
		d.format = format
	case "--report":
		d.format = formatJSON
	case "--all-functions":
		d.allFunctions = true
	case "--fail-on-new":
		d.failOnNew = true
	case "--git-timeout":
		t, err := parseGitTimeout(value)
		if err != nil {
			return err
		}
		d.gitTimeout = t
	case "--allow-outside-git-dir":
		d.outsideGitDir = true
	}
	return nil
}

// isDir reports whether path names an existing directory (a link to one
// included).
func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// trees are the two trees the arguments name: BASE is a directory when
// one of that name exists, and then HEAD must be one too; else both are
// revisions, HEAD the working tree when not given.
func (d *diffArgs) trees() (base, head scbcheck.Tree, err error) {
	if isDir(d.base) {
		switch {
		case d.head == "":
			return base, head, usagef("error: BASE '%s' is a directory: give HEAD, the directory to compare it with", d.base)
		case !isDir(d.head):
			return base, head, usagef("error: HEAD '%s' is not a directory (BASE '%s' is one): no such directory", d.head, d.base)
		case d.path != "":
			return base, head, usagef("error: '--path' applies to revisions, not to directories ('%s', '%s')", d.base, d.head)
		}
		return scbcheck.Tree{Kind: scbcheck.Directory, Dir: d.base}, scbcheck.Tree{Kind: scbcheck.Directory, Dir: d.head}, nil
	}
	base = scbcheck.Tree{Kind: scbcheck.Revision, Rev: d.base}
	switch {
	case d.head == "":
		head = scbcheck.Tree{Kind: scbcheck.WorkTree}
	case isDir(d.head):
		return base, head, usagef("error: HEAD '%s' is a directory but BASE '%s' is not: compare two directories or two revisions", d.head, d.base)
	default:
		head = scbcheck.Tree{Kind: scbcheck.Revision, Rev: d.head}
	}
	return base, head, nil
}

// diffWords name diff's operands in messages by what they were given as:
// BASE 'v1.2', HEAD 'main', HEAD (the working tree); the other options by
// their flags.
func diffWords(base, head string) flagWords {
	h := "HEAD '" + head + "'"
	if head == "" {
		h = "HEAD (the working tree)"
	}
	return flagWords{own: map[libopt.Option]string{libopt.DiffBase: "BASE '" + base + "'", libopt.DiffHead: h}}
}

// logSides prints, as check does, each file a side skipped and each
// input other than sources it passed over, named by the side (BASE 'v1',
// HEAD (the working tree)): a file that counts in no number is never
// left out silently.
func logSides(stderr io.Writer, words flagWords, d *change.Delta) {
	for _, side := range []struct {
		o libopt.Option
		r *report.Report
	}{{libopt.DiffBase, d.Base}, {libopt.DiffHead, d.Head}} {
		name := vfs.EscapePath(words.Name(side.o))
		for _, s := range side.r.Skipped {
			fmt.Fprintf(stderr, "%s: failed to parse file: %s: %s\n", name, vfs.EscapePath(s.Path), vfs.EscapePath(s.Reason.Spell(words)))
		}
		for _, w := range side.r.Warnings {
			fmt.Fprintf(stderr, "warning: %s: %s\n", name, vfs.EscapePath(w.Spell(words)))
		}
	}
}

// runDiff measures the two trees and writes their comparison.
func runDiff(ctx context.Context, c *cli, args []string) error {
	d, err := parseDiff(args)
	if err != nil {
		return err
	}
	a := d.check
	if a.help {
		fmt.Fprint(c.stdout, diffHelp)
		return nil
	}
	base, head, err := d.trees()
	if err != nil {
		return err
	}
	// Each tree is measured with the configuration check would find for
	// it (Diff finds it), unless --config names one for both.
	opt, err := prepareAnalysis(a, a.configPath != "")
	if err != nil {
		return err
	}
	warnEmptyCatalog(c.stderr, opt.Catalog)
	opt.Path = d.path
	if opt.Path == "" {
		opt.Path = "."
	}
	progress := startProgress(c, a.quiet)
	defer progress.stop()
	opt.Progress = progress.analysis()
	c.atEnd(func() { reportCache(c.stderr, a, opt.CacheStats) })
	words := diffWords(d.base, d.head)
	c.words = words
	delta, err := scbcheck.Diff(ctx, scbcheck.DiffOptions{
		Options: opt, Base: base, Head: head, GitTimeout: d.gitTimeout, OutsideGitDir: d.outsideGitDir,
		AllFunctions: d.allFunctions,
	})
	progress.stop()
	if err != nil && ctx.Err() != nil {
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	logSides(c.stderr, words, delta)
	warnAstGrepVersion(c.stderr, delta.Head)
	switch d.format {
	case formatJSON:
		err = scbcheck.WriteDeltaJSON(c.stdout, delta)
	case formatMarkdown:
		err = change.WriteMarkdown(c.stdout, delta, change.MarkdownOptions{})
	default:
		err = change.WriteHuman(c.stdout, delta, change.HumanOptions{
			Color: useColor(a.color, c.stdout, os.Getenv), Unchanged: d.allFunctions,
		})
	}
	if err != nil {
		return err
	}
	if d.failOnNew && len(delta.NewFindings) > 0 {
		return errFindings
	}
	return nil
}
