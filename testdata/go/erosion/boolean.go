// Boolean operators: each binary_expression with && or || adds one to cc
// and to cog (every node, as the reference counts, not gocognit's one per
// run of like operators); other binary operators add nothing.
package erosion

// Two && nodes in one run: cc 1 + 2 = 3, cog 2 (no flow break)
func inRange(x, lo, hi int) bool { // want name:"inRange" cc:"3" cog:"2" sloc:"2" nesting:"0"
	return lo <= x && x <= hi && lo < hi
}

// A mixed && / || condition in an if: cc 1 + if + 2 = 4; cog if 1 + 2 = 3
func valid(a, b, c bool) int { // want name:"valid" cc:"4" cog:"3" sloc:"4" nesting:"1"
	if a && b || c {
		return 1
	}
	return 0
}

// Arithmetic, comparison, bitwise and unary operators add nothing: cc 1, cog 0
func mix(a, b int) bool { // want name:"mix" cc:"1" cog:"0" sloc:"3" nesting:"0"
	c := (a + b) * (a - b) & 0xff
	return !(c == a|b) == (c^a != 0)
}
