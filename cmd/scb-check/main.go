package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// versionLine is what the lone --version prints: the version (the one
// string, scbcheck.Version) with the implementation named, so that this
// tool is not taken for the reference, whose --version prints the bare
// number.
var versionLine = "scb-check " + scbcheck.Version + " (scbcheck, Go)"

// sourceURL is where this version's sources, and so its documentation,
// are published: the repository at its tag (docs_test checks that the
// pages the help links exist).
var sourceURL = "https://github.com/scbcheck/scbcheck/blob/v" + scbcheck.Version + "/"

var mainHelp = `Measure how code erodes as it is extended (SlopCodeBench metrics)

Usage: scb-check <COMMAND>

Commands:
  check       Analyze a file or directory and report erosion and verbosity
  dir         List the public symbols of a file or directory and who reuses them (DIR)
  functions   List every function with its complexity, SLOC and mass
  rule        Print a rule of the catalog by id
  rules       List the rules of the catalog: id, language, severity, category and source
  trajectory  Measure a sequence of checkpoints or a git history, with deltas and slopes
  batch       Measure many snapshots listed in a manifest, one JSON line each (resumable, shardable)
  mcp         Serve check, functions, rule and diff to an agent as an MCP server over stdio
  diff        Compare two revisions or directories: metric deltas, changed functions, new findings
  hook        Judge an agent's edit against HEAD: an after-edit hook for Claude Code
  help        Print this help, or a command's (help COMMAND is COMMAND --help)

Options:
  -h, --help     Print help
      --version  Print the version (only as the sole argument)

Run 'scb-check <COMMAND> --help' for a command's options.
Documentation: ` + sourceURL + `README.md
Every option:  ` + sourceURL + `docs/command-line.md
`

// checkHelp is check's help; the gate rows come from the metric table.
var checkHelp = helpText{
	head: `Analyze a file or directory and report erosion and verbosity

Usage: scb-check check [OPTIONS] <PATH>

Arguments:
` + pathArgument() + `
Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			rowOutputFormat(checkFormats, "; the last of this and --report wins"),
			{"--report", "Print the JSON report (same as --output-format json)"},
			{"--color <WHEN>", "Color the human and text output: auto (when stdout is a terminal, NO_COLOR is " +
				"unset or empty and TERM is not dumb), always or never; JSON and SARIF are never colored [default: auto]"},
			{"--html-source <WHICH>", "HTML output: the source shown for the files with findings: flagged (the flagged " +
				"lines and each finding's first line, with the configured context lines around them), all (each such file " +
				"whole) or none (the findings listed); at most " + htmlSourceCap + " source lines in all [default: flagged]"},
		},
		analysisRows(),
		{
			rowConfig,
			{"--min-duplicate-lines <N>", "Human, text, SARIF and HTML output: hide clone groups whose first instance " +
				"has fewer than N SLOC (the JSON report keeps them all)"},
			rowMCFFile,
			{"--exit-zero", "Exit 0 whenever a report was produced, whatever the findings and the gates"},
		},
		gateRows(),
		changeRows(),
		{
			rowJobs,
			{"-v, --verbose...", "Log to stderr: -v info, -vv debug (--verbosity: the same, the reference's spelling)"},
			rowQuiet, rowHelp,
		},
	},
	foot: `
Exit status: 0 no findings, 1 findings, 2 error. With any gate set (flags, the config's
[gates] or --baseline), 0 when every gate passes and 1 when one fails, findings or not.
With --compat 0.1.3, findings do not fail the check (0 after any successful check), as in 0.1.3.
With --compat 0.1.3, --report together with --output-format human is an error (2), as in 0.1.3.
With --new-from-rev, --new-from-merge-base, --new-from-patch or --staged, 1 when the change
adds a finding (not under --compat 0.1.3) or a gate fails; the increase limits compare with the
base, no --baseline needed.
130 or 143 when stopped by SIGINT or SIGTERM (ast-grep stopped, temporary files removed).
`,
}.String()

func main() {
	ctx, in := notifyInterrupts(context.Background())
	err := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	in.stop()
	os.Exit(exitCode(err, in.received()))
}

// run runs the command line with no signal handling (tests in process)
// and returns its exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return exitCode(runContext(context.Background(), args, stdout, stderr), nil)
}

// command is a subcommand: it returns nil when it ran clean, errFindings
// when it found what makes it fail, else the error, printed by cli.finish.
type command func(ctx context.Context, c *cli, args []string) error

// commands are the subcommands by name. dir and the catalog commands are
// not stopped by a signal (the exit code still says it came).
var commands = map[string]command{
	"check":      runCheck,
	"rule":       func(_ context.Context, c *cli, args []string) error { return runRule(c, args) },
	"rules":      func(_ context.Context, c *cli, args []string) error { return runRules(c, args) },
	"dir":        func(_ context.Context, c *cli, args []string) error { return runDir(c, args) },
	"trajectory": runTrajectory,
	"batch":      runBatch,
	"functions":  runFunctions,
	"mcp":        runMCP,
	"diff":       runDiff,
	"hook":       runHook,
}

// runContext runs the command line, prints its error and returns it;
// cancelling ctx (a signal) stops check, trajectory and batch.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := &cli{stdin: os.Stdin, stdout: stdout, stderr: stderr}
	err := dispatch(ctx, c, args)
	c.finish(err)
	return err
}

// dispatch runs the subcommand args name, or prints the version or help.
func dispatch(ctx context.Context, c *cli, args []string) error {
	if len(args) == 0 {
		// As ruff and clap's required subcommand do: the usage on
		// stderr, exit 2 (the reference printed "missing command", exit 2).
		return &usageError{msg: strings.TrimSuffix(mainHelp, "\n")}
	}
	if len(args) == 1 && args[0] == "--version" {
		fmt.Fprintln(c.stdout, versionLine)
		return nil
	}
	switch args[0] {
	case "help":
		// As cargo and git do: help COMMAND is COMMAND --help.
		if len(args) > 1 && args[1] != "help" {
			if _, ok := commands[args[1]]; !ok {
				return usagef("error: unrecognized subcommand '%s'%s\n\nUsage: scb-check help [COMMAND]", args[1], didYouMean(args[1], mapKeys(commands)))
			}
			return commands[args[1]](ctx, c, []string{"--help"})
		}
		fmt.Fprint(c.stdout, mainHelp)
		return nil
	case "-h", "--help":
		fmt.Fprint(c.stdout, mainHelp)
		return nil
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(ctx, c, args[1:])
	}
	return usagef("error: unrecognized subcommand '%s'%s\n\nUsage: scb-check <COMMAND>", args[0], didYouMean(args[0], append(mapKeys(commands), "--help", "--version")))
}

func runCheck(ctx context.Context, c *cli, args []string) error {
	a, err := parseCheck(args)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, checkHelp)
		return nil
	}
	progress := startProgress(c, a.quiet)
	defer progress.stop()
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("failed to determine current directory: %v", err)
	}
	cfg, err := a.loadConfig(cwd)
	if err != nil {
		return err
	}
	if a.verbose >= 2 {
		fmt.Fprintf(c.stderr, "debug config_loaded base_dir=%s exclude_count=%d context_lines=%d low_use_short_function_enabled=%t\n",
			cfg.BaseDir, len(cfg.Exclude), cfg.Context, cfg.LowUse.Enabled)
	}
	if err := a.resolveCompat(cfg); err != nil {
		return err
	}
	if err := a.checkFormat(); err != nil {
		return err
	}
	cat, err := loadCatalog(a.catalog, a.rules, a.configCap())
	if err != nil {
		return err
	}
	warnEmptyCatalog(c.stderr, cat)
	var baseline *report.Baseline
	if a.gates.baseline != "" {
		if baseline, err = report.ReadBaselineLimit(a.gates.baseline, a.baselineCap()); err != nil {
			return err
		}
	}
	if a.change.on() {
		a.defaultCache(c.stderr, os.Getenv)
		return checkChange(ctx, c, a, checkRun{args: a, cfg: cfg, cwd: cwd, baseline: baseline}, cat, progress)
	}
	opt := analysisOptions(a, cfg, cwd, cat)
	c.atEnd(func() { reportCache(c.stderr, a, opt.CacheStats) })
	sess, err := scbcheck.NewSession(opt)
	if err != nil {
		return err
	}
	r, err := sess.Run(ctx, scbcheck.Target{Path: a.path, Config: cfg, WorkDir: cwd, CacheStats: opt.CacheStats, Progress: progress.analysis()})
	opt.CacheStats.AddError(sess.Close())
	// Erased before anything else is written: the output may go to the
	// same terminal.
	progress.stop()
	if err != nil && ctx.Err() != nil {
		return errors.New("interrupted")
	}
	logRun(c.stderr, r, err, a)
	if err != nil {
		return err
	}
	warnAstGrepVersion(c.stderr, r)
	if a.verbose >= 1 {
		fmt.Fprintf(c.stderr, "info analysis_complete files_scanned=%d total_loc=%d has_findings=%t\n",
			r.FilesScanned, r.TotalLOC, r.HasFindings())
	}
	return finishCheck(c.stdout, c.stderr, checkRun{args: a, cfg: cfg, settings: sess.Settings(), cwd: cwd, baseline: baseline, report: r})
}

// logRun prints what a run read (logFiles): from its report r, or from
// its error when the run read files but failed (a *scbcheck.RunError);
// nothing for a run that failed before.
func logRun(stderr io.Writer, r *report.Report, err error, a *checkArgs) {
	var runErr *scbcheck.RunError
	switch {
	case r != nil:
		read := &scbcheck.RunError{Root: r.Root, FilesDiscovered: r.FilesDiscovered, Skipped: r.Skipped, Warnings: r.Warnings}
		for _, f := range r.Files {
			read.Parsed = append(read.Parsed, scbcheck.ParsedFile{Path: f.Path, Language: f.Language})
		}
		logFiles(stderr, read, a)
	case errors.As(err, &runErr):
		logFiles(stderr, runErr, a)
	}
}

// warnAstGrepVersion warns when the report's ast-grep is not the pinned
// version, whose findings the reference's are.
func warnAstGrepVersion(stderr io.Writer, r *report.Report) {
	if r.AstGrep.Version != "" && r.AstGrep.Version != rules.PinnedAstGrep {
		fmt.Fprintf(stderr, "warning: ast-grep %s at %s differs from the pinned %s; findings may differ from the reference's\n",
			r.AstGrep.Version, r.AstGrep.Binary, rules.PinnedAstGrep)
	}
}

// logFiles prints the discovery log, the per-file debug lines and a
// warning for every skipped file, in path order, of what run read.
func logFiles(stderr io.Writer, r *scbcheck.RunError, a *checkArgs) {
	if a.verbose >= 1 {
		fmt.Fprintf(stderr, "info files_discovered count=%d path=%s\n", r.FilesDiscovered, a.path)
	}
	type line struct{ path, text string }
	var lines []line
	// The files are named by their full paths, as the reference names
	// them.
	if a.verbose >= 2 {
		for _, f := range r.Parsed {
			path := r.Abs(f.Path)
			lines = append(lines, line{path, fmt.Sprintf("debug source_file language=%s path=%s", f.Language, vfs.EscapePath(path))})
		}
	}
	for _, s := range r.Skipped {
		path := r.Abs(s.Path)
		if a.verbose >= 2 {
			lines = append(lines, line{path, fmt.Sprintf("debug source_file language=%s path=%s", s.Language, vfs.EscapePath(path))})
		}
		// Escaped: one warning is one line, whatever the file's name.
		lines = append(lines, line{path, fmt.Sprintf("failed to parse file: %s: %s", vfs.EscapePath(path), vfs.EscapePath(s.Reason.Spell(flagWords{})))})
	}
	for _, w := range r.Warnings {
		// Escaped as the skipped files are: a path holding a newline
		// or an escape character cannot break the line.
		fmt.Fprintln(stderr, "warning: "+vfs.EscapePath(w.Spell(flagWords{})))
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].path < lines[j].path })
	for _, l := range lines {
		fmt.Fprintln(stderr, l.text)
	}
}
