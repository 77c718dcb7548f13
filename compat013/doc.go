// Package compat013 is the 0.1.3 compatibility profile: the steps in which
// scb-check 0.1.3, the release SlopCodeBench pins, differs from today's
// tool, reproduced with its quirks (docs/compatibility.md, "0.1.3 §N" in
// the comments). Engine is its share of the per-file engine and the
// facade registers it with WriteJSON and Weighed; nothing below this
// package knows it.
//
//   - Discover: its discovery (§1): the .py files, no ignore file, its
//     pruned directory names, its exclude patterns matched segment by
//     segment (MatchSegments).
//   - PyText: its reading (§2): UTF-8 with replacement characters and
//     universal newlines.
//   - SLOC: its Python SLOC (§3): the lines Python 3.12's tokenize starts
//     tokens on (PyTokenLines, a Go scanner of them) minus owned plain
//     string statements (PlainString).
//   - VisitorCallables: its function visitor (§4).
//   - BlockCandidates: its block clone detector (§7): every function and
//     compound block of MinBlockSLOC lines or more, keyed by the MD5 of its
//     normalised subtree; the candidates group as clones' own do.
//   - TrivialWrappers: its trivial-wrapper rule (§8), its one structural
//     rule: each file's WrapperFacts (the file's profile slot in the
//     engine) joined under the files' module names (ModuleName); Collect
//     is the findings step around it.
//   - Weighed: its rule severities (§9); WriteJSON: its --report (§12).
//
// The package never prints, logs or exits.
package compat013
