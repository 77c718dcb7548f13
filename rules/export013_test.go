package rules

import "github.com/scbcheck/scbcheck/source"

// Imports013 exposes imports013 to the tests.
var Imports013 = imports013

// FunctionNames013 returns the names of the functions NewWrapperFacts013
// reads from 0.1.3's finder (source.Tree.VisitorCallables), in order.
func FunctionNames013(t *source.Tree) []string {
	return NewWrapperFacts013(t, t.VisitorCallables(nil)).Functions
}
