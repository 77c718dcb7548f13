package main

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck/report"
)

// dirHelp is dir's help.
var dirHelp = helpText{
	head: `List the public symbols of a file or directory and who reuses them (DIR)

DIR is the share of the public symbols of standalone modules that other,
non-test modules reuse. Every symbol is listed with its status (used, unused,
same_module_only, test_only, import_only, maybe_used,
non_public_used_downstream), its place and the modules using it.

Usage: scb-check dir [OPTIONS] <PATH>

Arguments:
` + pathArgument() + `
Options:
`,
	column: 32,
	rows: [][]helpRow{{
		rowOutputFormat(dirFormats, ""), rowReport, rowListIncludeAll,
		rowCompat("Find the files as this scb-check release does"),
		rowConfig, rowMCFFile, rowListCatalog, rowListRules, rowParseTimeout, rowMaxFileSize,
		rowMaxConfigSize("configuration, ignore, manifest, rule and score"),
		rowLanguages(), rowScope(), rowListCache, rowNoCache, rowMaxCacheSize, rowJobs, rowListVerbose, rowQuiet, rowHelp,
	}},
	foot: `
Exit status: 0 when the listing was produced, 2 on an error.
`,
}.String()

// dirFormats are dir's output formats; check's option table reads the
// option, and dir refuses check's formats it does not write.
var dirFormats = formatChoice{
	option:  "'--output-format <OUTPUT_FORMAT>' of dir",
	formats: []outputFormat{{formatHuman, ""}, {formatJSON, "the full detail"}},
}

// dirOptions are dir's options: check's analysis options (its help lists
// them), none of its own. check's findings, gates, baselines and color
// mean nothing for dir's listing, nor do the options of the ast-grep run
// (dir runs none): they are refused, --disable-sg too, as functions
// refuses it, so that the two commands that run no ast-grep take the same
// options and no option is taken that does nothing.
var dirOptions = ownOptions{command: "dir", refused: checkOnlyAnd("--disable-sg", "--ast-grep", "--ast-grep-timeout")}

// parseDir parses dir's arguments.
func parseDir(args []string) (*checkArgs, error) {
	positional, a, err := dirOptions.split(args, nil)
	if err != nil || a.help {
		return a, err
	}
	a.path, err = onePath(positional, "dir")
	return a, err
}

// runDir analyses PATH without the ast-grep rules (DIR does not need
// them) and prints the DIR detail.
func runDir(c *cli, args []string) error {
	a, err := parseDir(args)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, dirHelp)
		return nil
	}
	if a.format != "" {
		if _, err := dirFormats.parse(a.format); err != nil {
			return err
		}
	}
	r, err := analyseWithoutAstGrep(context.Background(), c, a, false)
	if err != nil {
		return err
	}
	if a.format == formatJSON {
		return report.WriteDIRJSON(c.stdout, r)
	}
	return report.WriteDIRHuman(c.stdout, r)
}
