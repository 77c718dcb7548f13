package rules

import "github.com/scbcheck/scbcheck/source"

// Imports013 exposes imports013 to the tests.
var Imports013 = imports013

// FunctionNames013 returns the names of the functions functions013 finds,
// in order.
func FunctionNames013(t *source.Tree) []string {
	var names []string
	for _, fn := range functions013(t) {
		names = append(names, fn.name)
	}
	return names
}
