// Package testkit holds the helpers shared by scbcheck's tests: a parser
// for `want` annotations written in fixture comments, a checker that
// matches what an analysis produced against those annotations, and the
// golden helper of the end-to-end cases (GoldenSections: expected output
// held as sections of a txtar archive, rewritten by `go test -update`).
//
// A fixture states its expectations next to the code, in the language's
// own line-comment syntax, on the line the expectation is about:
//
//	def route(value, fallback=None):  # want name:"route" cc:"3" cog:"2"
//	    x = items[0]  # want "for-range-len"
//
// Annotations are found through the parse tree (comment nodes only), so
// `want` text inside a string literal is never an annotation. Values are
// Go-quoted strings; bare quoted strings are identifiers such as rule ids.
//
// The package is imported by tests only.
package testkit
