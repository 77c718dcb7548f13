// Package finding is the one model of what scb-check reports at a place in
// the source: an ast-grep rule's match, a structural rule's function, one
// instance of a clone group, or a function over a complexity threshold.
// Every producer (the ast-grep runner, the structural rules, the report's
// issue list) makes a Finding and every writer (human, text, SARIF) reads
// Findings.
//
// Between the rules and the report, findings flow through an ordered list
// of small Processors, as in golangci-lint: each keeps, drops or reorders
// findings and nothing else. Processors builds a run's list from the run's
// facts (which files parsed, the ignore and boundary directives, the rules'
// min_file_count thresholds) and a Policy of plain values (whether
// suppressions apply, whether thresholds apply, the lowest severity kept).
//
// The package is a leaf: it imports nothing of this module, so that rules,
// verbosity and report can all use it.
package finding
