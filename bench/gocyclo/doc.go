// Command compare matches the cyclomatic complexity scb-check gives each
// Go function with what gocyclo printed for it, by file and line, and
// prints the share that agree and the disagreements grouped by cause.
//
//	compare GOCYCLO_OUTPUT ROOT
//
// GOCYCLO_OUTPUT holds `gocyclo -over 0 ROOT` lines ("complexity package
// function file:line:col"). The Go files are those gocyclo reads: every
// *.go file under ROOT outside testdata, vendor and directories whose name
// starts with "." or "_". scb-check's side is the library scb-check runs
// (source.Parser, Tree.Callables, erosion.Measure): the same numbers its
// report sums. Files whose tree holds an ERROR or MISSING node, which
// scb-check skips, are counted and left out of the comparison.
//
// A cause is the set of decision kinds whose counts differ, counted once
// with go/ast the way gocyclo counts them and once with tree-sitter the way
// lang/golang.go counts them.
//
// A benchmark program run by hand by bench/gocyclo.sh (see
// bench/README.md), in a module of its own outside the library's layers:
// it uses lang, source and erosion directly.
package main
