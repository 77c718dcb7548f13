// Keywords inside strings and comments count for nothing; the inner lines
// of a raw string are SLOC (spec 5.2: they are plain lines).
package erosion

// if, for, switch, && in strings only: cc 1, cog 0
// sloc: func, three of the raw string's four lines (its `}` line is
// punctuation only, as any line), the return = 5; the comment line is not
func text() string { // want name:"text" cc:"1" cog:"0" sloc:"5" nesting:"0"
	// if x && y { for {} }
	s := `if a && b {
	for range c {}
}
`
	return s + "switch x { case 1: }" /* || */
}

// A const block and an import-like paren: `)` alone is not SLOC.
// sloc: func, const, two specs, return = 5
func consts() int { // want name:"consts" cc:"1" cog:"0" sloc:"5" nesting:"0"
	const (
		a = 1
		b = 2
	)
	return a + b
}
