package compat013

import "github.com/scbcheck/scbcheck/source"

// Imports013 exposes imports013, over the tree's language's kinds, to the
// tests.
func Imports013(t *source.Tree) map[string]string { return imports013(t, LanguageOf(t.Lang)) }

// FunctionNames013 returns the names of the functions NewWrapperFacts
// reads from 0.1.3's finder (VisitorCallables), in order.
func FunctionNames013(t *source.Tree) []string {
	return NewWrapperFacts(t, VisitorCallables(t, nil)).Functions
}

// Serialize exposes the normalised text that block candidates hash.
var Serialize = serialize013

// Excludes exposes excludes, the exclude patterns 0.1.3 reads of a
// configuration.
var Excludes = excludes
