package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

// functionsHelp is functions's help.
var functionsHelp = helpText{
	head: `List every function the report counts, with its complexity, SLOC and mass

Every callable the check's report counts (total_functions of them), whatever
its complexity: where it is, its kind (function, method, closure or lambda),
cyclomatic and cognitive complexity, SLOC, and mass (cc × √SLOC) and cog_mass
(cog × √SLOC), which sum to the report's total_mass and total_cog_mass.
Functions are listed by path, then by position in the file; with --sort, by
the key, largest first, ties in that order. No ast-grep rule runs.

Usage: scb-check functions [OPTIONS] <PATH>

Arguments:
` + pathArgument() + `
Options:
`,
	column: 32,
	rows: [][]helpRow{{
		rowOutputFormat(functionsFormats, ""), rowReport,
		{"--sort <KEY>", "Largest first by cc, cog, sloc or mass"},
		{"--top <N>", "List only the first N functions (after --sort and --min-cc)"},
		{"--min-cc <N>", "List only the functions with cyclomatic complexity >= N"},
		rowListIncludeAll,
		rowCompat("Find the files and functions as this scb-check release does"),
		rowConfig, rowListCatalog, rowListRules, rowParseTimeout, rowMaxFileSize,
		rowMaxConfigSize("configuration, ignore, manifest and rule"),
		rowLanguages(), rowScope(), rowListCache, rowNoCache, rowMaxCacheSize, rowJobs, rowListVerbose, rowQuiet, rowHelp,
	}},
	foot: `
Paths are relative to PATH (to its directory when PATH is a file).

Exit status: 0 when the listing was produced, 2 on an error, 130 or 143 when
stopped by SIGINT or SIGTERM.
`,
}.String()

// functionsFormats are functions' output formats.
var functionsFormats = formatChoice{
	option: "'--output-format <FORMAT>' of functions",
	formats: []outputFormat{
		{formatHuman, "aligned columns"},
		{formatJSON, "one object per line: path, name, qualified_name, kind, language, start_line, end_line, " +
			"start_col, cc, cog, sloc, mass, cog_mass"},
		{formatCSV, "the same columns, with a header row"},
	},
}

// functionsArgs are the parsed arguments of `scb-check functions`.
type functionsArgs struct {
	check  *checkArgs
	format string
	// sort is the key listed largest first; "" keeps the report's order.
	sort string
	// top is how many functions are listed at most; 0 for all.
	top int
	// minCC is the lowest cyclomatic complexity listed; 0 for all.
	minCC int
}

// functionsOptions are functions' options besides check's; check's
// options that only shape the check's findings, its exit code or the
// ast-grep run (functions runs none) are refused.
var functionsOptions = ownOptions{
	command: "functions",
	values:  map[string]string{"--output-format": "<FORMAT>", "--sort": "<KEY>", "--top": "<N>", "--min-cc": "<N>"},
	flags:   map[string]bool{"--report": true},
	refused: checkOnlyAnd("--disable-sg", "--ast-grep", "--ast-grep-timeout", "--mcf-file"),
}

// checkOnlyAnd are check's options that mean nothing for a command that
// prints no findings (checkOnlyFlags) and the options named.
func checkOnlyAnd(names ...string) map[string]bool {
	m := map[string]bool{}
	for name := range checkOnlyFlags {
		m[name] = true
	}
	for _, name := range names {
		m[name] = true
	}
	return m
}

// parseFunctions takes functions' own options out of args and leaves the
// analysis options to check's table.
func parseFunctions(args []string) (*functionsArgs, error) {
	f := &functionsArgs{format: formatHuman}
	positional, a, err := functionsOptions.split(args, f.set)
	if err != nil {
		return nil, err
	}
	f.check = a
	if a.help {
		return f, nil
	}
	if a.path, err = onePath(positional, "functions"); err != nil {
		return nil, err
	}
	return f, nil
}

// onePath is the one PATH argument of command.
func onePath(positional []string, command string) (string, error) {
	switch len(positional) {
	case 0:
		return "", usagef("error: the following required arguments were not provided:\n  <PATH>\n\nUsage: scb-check %s [OPTIONS] <PATH>", command)
	case 1:
		return positional[0], nil
	default:
		return "", usagef("error: unexpected argument '%s' found", positional[1])
	}
}

// set records one of functions' own options.
func (f *functionsArgs) set(name, value string) error {
	switch name {
	case "--output-format":
		format, err := functionsFormats.parse(value)
		if err != nil {
			return err
		}
		f.format = format
	case "--report":
		f.format = formatJSON
	case "--sort":
		if !slices.Contains(report.FunctionSortKeys, value) {
			return usagef("error: invalid value '%s' for '--sort <KEY>'\n  [possible values: cc, cog, sloc, mass]", value)
		}
		f.sort = value
	case "--top", "--min-cc":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || name == "--top" && n == 0 {
			least := map[string]string{"--top": "1", "--min-cc": "0"}[name]
			return usagef("error: invalid value '%s' for '%s <N>': expected a whole number >= %s", value, name, least)
		}
		if name == "--top" {
			f.top = n
		} else {
			f.minCC = n
		}
	}
	return nil
}

// selectFunctions keeps the functions with cc >= minCC, sorts them by the
// key, largest first (ties keep the report's order, by path then
// position), and keeps the first top (report.SelectFunctions).
func (f *functionsArgs) selectFunctions(fns []report.Function) ([]report.Function, error) {
	return report.SelectFunctions(fns, f.sort, f.minCC, f.top)
}

// runFunctions analyses PATH without the ast-grep rules (no function's
// numbers depend on them) and lists its functions.
func runFunctions(ctx context.Context, c *cli, args []string) error {
	f, err := parseFunctions(args)
	if err != nil {
		return err
	}
	a := f.check
	if a.help {
		fmt.Fprint(c.stdout, functionsHelp)
		return nil
	}
	r, err := analyseWithoutAstGrep(ctx, c, a, true)
	if err != nil {
		return err
	}
	fns, err := f.selectFunctions(r.Functions())
	if err != nil {
		return err
	}
	switch f.format {
	case formatJSON:
		return report.WriteFunctionsJSON(c.stdout, fns)
	case formatCSV:
		return report.WriteFunctionsCSV(c.stdout, fns)
	}
	return report.WriteFunctionsHuman(c.stdout, fns)
}

// analyseWithoutAstGrep runs check's analysis of a.path, with the
// configuration found from the working directory, but no ast-grep rule
// (dir, functions: what they list does not depend on them; the catalog,
// which only validates directives then, is loaded by the analysis). It
// logs the files as check does and, with cacheReport, what the cache
// held.
func analyseWithoutAstGrep(ctx context.Context, c *cli, a *checkArgs, cacheReport bool) (*report.Report, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("failed to determine current directory: %v", err)
	}
	cfg, err := a.loadConfig(cwd)
	if err != nil {
		return nil, err
	}
	// The profile as check settles it: DIR and the function list are
	// over the files (and functions) the profile's check analyses.
	if err := a.resolveCompat(cfg); err != nil {
		return nil, err
	}
	a.disableSG = true
	opt := analysisOptions(a, cfg, cwd, nil)
	opt.Path = a.path
	progress := startProgress(c, a.quiet)
	defer progress.stop()
	opt.Progress = progress.analysis()
	if cacheReport {
		c.atEnd(func() { reportCache(c.stderr, a, opt.CacheStats) })
	}
	r, err := scbcheck.Analyze(ctx, opt)
	progress.stop()
	if err != nil && ctx.Err() != nil {
		return nil, errors.New("interrupted")
	}
	logRun(c.stderr, r, err, a)
	return r, err
}
