// Command phases breaks scb-check's own analysis (the ast-grep rules off)
// down by phase, to show what each costs and in particular what clone
// detection adds.
//
// It discovers the files of each DIR as `scb-check check --include-all`
// does (source.Discover: the same pruned directory names, no ignore files)
// and runs the library's per-file pipeline on them one file at a time, on
// one goroutine, step by step:
//
//	read        os.ReadFile and the UTF-8 check
//	parse       Parser.Parse: tree-sitter parse and flatten
//	sloc        Tree.SLOC
//	callables   Tree.Callables
//	complexity  erosion.Measure
//	clones      clones.Candidates: fingerprint and hash every callable
//	facts       rules.NewFileFacts: structure, calls, imports
//	directives  Tree.Directives and rules.ValidateIgnores
//	dir facts   reuse.Extract: definitions, imports, references for DIR
//
// and, once over all files, the whole-run steps:
//
//	discover    source.Discover
//	structural  rules.Structural (call graph, structural rules)
//	clone groups clones.Detect over every file's candidates
//	dir         reuse.Compute: module tree, resolution, statuses
//
// Each phase is timed with monotonic clock deltas and summed over the
// files; single-threaded, wall time is CPU time (garbage collection falls
// on whichever phase allocates). It prints a table of phase, seconds and
// share of the total, then the clone share: (clones + clone groups) /
// total. Report assembly and output are not counted.
//
// Usage:
//
//	phases DIR...
//
// A benchmark program run by hand (see bench/README.md), outside the
// library's layers: it calls the packages below the facade (lang, source,
// config, erosion, clones, rules, reuse) directly.
package main
