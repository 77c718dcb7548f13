package rules

import "github.com/scbcheck/scbcheck/source"

// Imports013 exposes imports013, over the tree's language's kinds, to the
// tests.
func Imports013(t *source.Tree) map[string]string { return imports013(t, t.Lang.Compat013) }

// FunctionNames013 returns the names of the functions NewWrapperFacts013
// reads from 0.1.3's finder (source.Tree.VisitorCallables), in order.
func FunctionNames013(t *source.Tree) []string {
	return NewWrapperFacts013(t, t.VisitorCallables(nil)).Functions
}
