// Comments and lone string statements are left out of fingerprints; a
// body of one statement is never a candidate.
package clones

func alpha(value int) int {
	// one statement and a comment: never a candidate
	return value + 1
}

func beta(item int) int {
	/* one statement and a comment: never a candidate */
	return item + 1
}

func gamma(value int) int { // want clone:"g1"
	// a line comment
	next := value + 1
	return next
}

func delta(item int) int { // want clone:"g1"
	/* a block comment */
	after := item + 1 // a trailing comment
	return after
}

func epsilon(item int) int { // want clone:"g1"
	"a string statement is dropped too"
	after := item + 1
	return after
}
