package main

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck/report"
)

const dirHelp = `List the public symbols of a file or directory and who reuses them (DIR)

DIR is the share of the public symbols of standalone modules that other,
non-test modules reuse. Every symbol is listed with its status (used, unused,
same_module_only, test_only, import_only, maybe_used,
non_public_used_downstream), its place and the modules using it.

Usage: scb-check dir [OPTIONS] <PATH>

Arguments:
  <PATH>  File or directory to analyze (.py, .pyw, .rs; more with --languages)

Options:
      --output-format <FORMAT>  human or json (the full detail) [default: human]
      --report                  Same as --output-format json
      --include-all             Also walk the files .gitignore and .ignore exclude
      --compat <VERSION>        Find the files as this scb-check release does: 0.2.0 (the
                                default) or 0.1.3, SlopCodeBench's: .py files only, its pruned
                                directories, no ignore files (else $SCB_CHECK_COMPAT, then the
                                configuration's compat key)
      --config <CONFIG>         Use this configuration file instead of discovering one
      --mcf-file <FILE>         Externally judged MCF scores (JSON); adds mcf and if50
      --catalog <PATH>          Replace the bundled rule catalog (for validating directives)
      --rules <FILE>            Also load this ast-grep rule file (for validating directives)
      --parse-timeout <DURATION>
                                Skip a file whose parse and analysis take longer (0: never)
                                [default: 2m]
      --max-file-size <SIZE>    Skip larger files, e.g. 50MB (0: no limit) [default: 20MB]
      --max-config-size <SIZE>  Refuse larger configuration, ignore, manifest, rule and score
                                files (0: no limit) [default: 1MB]
      --languages <LANGUAGES>   Also analyse these languages (comma-separated: go, javascript,
                                typescript, tsx, java, c, cpp, or all) [default: python, rust]
      --cache <DIR>             Keep each file's analysis in DIR, filed by content, for later runs
  -j, --jobs <N>                Files analyzed in parallel [default: all cores]
  -v, --verbose...              Log to stderr: -v info, -vv debug (--verbosity: the same)
  -q, --quiet                   Show no progress line (else shown on stderr when it is a
                                terminal and the run takes more than a second)
  -h, --help                    Print help

Exit status: 0 when the listing was produced, 2 on an error.
`

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
	if a.format != formatHuman && a.format != formatJSON && a.format != "" {
		return usagef("error: invalid value '%s' for '--output-format <OUTPUT_FORMAT>' of dir\n  [possible values: human, json]", a.format)
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
