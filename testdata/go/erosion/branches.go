// Branches: if, else if and else (docs/languages.md, Go). Lines holding only
// closing punctuation (`}`, `})`) are not SLOC in Go; `} else {` is.
package erosion

// cc 1, cog 0; sloc: the func line and the return
func straight(x int) int { // want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
	return x
}

// cc: 1 + if = 2; cog: if 1 (a plain else is free, as in Rust)
// nesting: the else block is a child of the if, one flow break deep
func ifElse(x int) int { // want name:"ifElse" cc:"2" cog:"1" sloc:"5" nesting:"1"
	if x > 0 {
		return 1
	} else {
		return 0
	}
}

// else if is an if_statement in the first one's alternative field.
// cc: 1 + 2 if = 3; cog: if 1 + else-if (1 + 1) = 3
func sign(x int) int { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
	if x > 0 {
		return 1
	} else if x < 0 {
		return -1
	} else {
		return 0
	}
}

// Every else if nests inside the previous one: cog 1 + 2 + 3 = 6; cc 1 + 3 = 4
// sloc: the func line, the if, two `} else if` lines, `} else {`, four returns
func grade(score int) rune { // want name:"grade" cc:"4" cog:"6" sloc:"9" nesting:"3"
	if score > 90 {
		return 'A'
	} else if score > 80 {
		return 'B'
	} else if score > 70 {
		return 'C'
	} else {
		return 'F'
	}
}

// An if with an initializer is one if_statement: cc 2, cog 1; sloc 4 (the
// func line, the if, two returns)
func lookup(m map[string]int, k string) int { // want name:"lookup" cc:"2" cog:"1" sloc:"4" nesting:"1"
	if v, ok := m[k]; ok {
		return v
	}
	return 0
}

// Three nested ifs: cc 1 + 3 = 4; cog 1 + 2 + 3 = 6
func nested(a, b, c bool) int { // want name:"nested" cc:"4" cog:"6" sloc:"6" nesting:"3"
	if a {
		if b {
			if c {
				return 3
			}
		}
	}
	return 0
}

// Twelve branches: cc 1 + 11 if + 1 && = 13 (above 10); cog: the k-th if of
// an else-if chain scores k: 1 + 2 + ... + 11 = 66, + && 1 = 67.
// sloc: func line, 11 if lines, 12 returns, `} else {` = 25
func manyBranches(code int, strict bool) rune { // want name:"manyBranches" cc:"13" cog:"67" sloc:"25" nesting:"11"
	if code == 0 {
		return 'a'
	} else if code == 1 {
		return 'b'
	} else if code == 2 {
		return 'c'
	} else if code == 3 {
		return 'd'
	} else if code == 4 {
		return 'e'
	} else if code == 5 {
		return 'f'
	} else if code == 6 {
		return 'g'
	} else if code == 7 {
		return 'h'
	} else if code == 8 {
		return 'i'
	} else if code == 9 {
		return 'j'
	} else if code == 10 && strict {
		return 'k'
	} else {
		return 'z'
	}
}
