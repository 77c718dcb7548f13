// Command scb-check measures how code erodes as it is extended (the
// SlopCodeBench metrics: erosion, verbosity, complexity, clones, DIR) and
// prints the reference scb-check report, human text, text lines or SARIF.
//
// Its subcommands are check (analyse a file or directory), dir (public
// symbols and their reuse), rule and rules (the catalog), trajectory (a
// sequence of checkpoints or a git history) and batch (many snapshots
// from a manifest, one JSON line each).
//
// It is the top layer and holds only the command line: flags and
// environment, reading the configuration, catalog and baseline, the
// gates, writing the output and exit codes, and the progress line a long
// run shows on a terminal (progress.go: drawn from the reports the
// library's Options.Progress gets). Every argument goes through
// one scanner (scanArgs, scan.go); every subcommand returns an error,
// which cli.finish prints and exitCode (exitcode.go) alone maps to the
// exit status. The analysis itself is the scbcheck facade's,
// trajectory's and batch's; nothing imports this package.
package main
