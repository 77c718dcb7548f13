package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/mcpserver"
)

// mcpHelp is mcp's help.
var mcpHelp = helpText{
	head: `Serve check, functions, rule and diff to an agent: an MCP server over stdio

A Model Context Protocol server on stdin and stdout (nothing else is written
to stdout). Its tools: check (path; include_all, compat, languages,
disable_sg, limit), functions (path; sort, limit, min_cc; include_all,
compat, languages), rule (id) and diff (path; base, head; include_all,
compat, languages, disable_sg, limit). A call's path is relative to the
working directory and must lie under it, a --root directory or a root the
client announces (links resolved); for diff, so must the top of the git
repository holding it. The analysis options below are the defaults of
every call; configuration is discovered from the working directory, as
check run there discovers it. Calls share one cache (in memory, or --cache;
a diff call has its own in memory, and shares --cache's).

Usage: scb-check mcp [OPTIONS]

Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			{"--root <DIR>", "Also let the tools read under DIR (repeatable)"},
			{"--max-answer-chars <N>", "Bound each answer's text (and its structured content) to about N characters, " +
				"saying how much was left out [default: " + strconv.Itoa(mcpserver.DefaultMaxText) + "]"},
		},
		analysisRows(),
		{
			rowConfig, rowJobs,
			{"-v, --verbose...", "Log each call, its run and its cache use to stderr (without it the server logs nothing)"},
			rowHelp,
		},
	},
	foot: `
Exit status: 0 when the client closed the connection, 2 on an error in the
options, 130 or 143 when stopped by SIGINT or SIGTERM.
`,
}.String()

// mcpOptions are mcp's options besides check's analysis options; those
// that shape check's output, exit status or progress line are refused.
var mcpOptions = ownOptions{
	command: "mcp",
	values:  map[string]string{"--root": "<DIR>", "--max-answer-chars": "<N>"},
	refused: checkOnlyAnd("--output-format", "--report", "--mcf-file", "--quiet", "-q"),
}

// mcpArgs are the parsed arguments of `scb-check mcp`.
type mcpArgs struct {
	check    *checkArgs
	roots    []string
	maxChars int
}

// set records one of mcp's own options.
func (m *mcpArgs) set(name, value string) error {
	switch name {
	case "--root":
		if value == "" {
			return usagef("error: invalid value '' for '--root <DIR>': expected a directory")
		}
		m.roots = append(m.roots, value)
	case "--max-answer-chars":
		n, err := strconv.Atoi(value)
		if err != nil || n < 2000 {
			return usagef("error: invalid value '%s' for '--max-answer-chars <N>': expected a whole number >= 2000", value)
		}
		m.maxChars = n
	}
	return nil
}

// runMCP serves the MCP tools on stdin and stdout until the client
// closes stdin or a signal comes.
func runMCP(ctx context.Context, c *cli, args []string) error {
	m := &mcpArgs{}
	positional, a, err := mcpOptions.split(args, m.set)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, mcpHelp)
		return nil
	}
	if len(positional) > 0 {
		return usagef("error: unexpected argument '%s' found\n\nUsage: scb-check mcp [OPTIONS]", positional[0])
	}
	m.check = a
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("failed to determine current directory: %w", err)
	}
	if _, err := a.knownProfile(); err != nil {
		return err
	}
	cat, err := loadCatalog(a.catalog, a.rules, a.configCap())
	if err != nil {
		return err
	}
	opt := analysisOptions(a, nil, cwd, cat)
	opt.CacheStats = nil
	var logTo io.Writer
	if a.verbose >= 1 {
		logTo = c.stderr
	}
	return mcpserver.Serve(ctx, mcpserver.Config{
		Options: opt, WorkDir: cwd, Roots: m.roots, MaxText: m.maxChars,
		Install: runningInstallAdvice(), Log: logTo, Version: scbcheck.Version,
	}, io.NopCloser(c.stdin), nopWriteCloser{c.stdout})
}

// nopWriteCloser is a writer the server may close without closing it.
type nopWriteCloser struct{ io.Writer }

// Close does nothing.
func (nopWriteCloser) Close() error { return nil }
