// Command callables prints every callable of the source files under each
// DIR, one per line, for cross-checks against other tools:
//
//	path<TAB>start line<TAB>qualified name<TAB>cc<TAB>cog<TAB>end line<TAB>decisions
//
// decisions breaks cc - 1 down by the decision points' node kinds, each
// with the kind of the callable's child holding it: for instance
// `catch_clause@compound_statement:2,conditional_expression@field_initializer_list:1`
// (sorted; nested callables' decisions included, as in cc).
// Files are found as `scb-check check --include-all --languages all`
// finds them; files that do not parse are left out.
//
//	go run ./bench/callables DIR...
//
// A benchmark program run by hand (see bench/README.md), outside the
// library's layers: it uses lang, source and erosion directly.
package main
