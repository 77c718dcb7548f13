// Loops: every form of for is one for_statement (three clauses, a
// condition only, none, a range clause); break, continue and goto are
// jumps (docs/languages.md, Go).
package erosion

// Three-clause loop: cc 2, cog 1; sloc: func, total, for, the statement in
// the loop, return = 5
func sum(xs []int) int { // want name:"sum" cc:"2" cog:"1" sloc:"5" nesting:"1"
	total := 0
	for i := 0; i < len(xs); i++ {
		total += xs[i]
	}
	return total
}

// A range loop is a for_statement holding a range_clause: cc 2, cog 1
func count(xs []string) int { // want name:"count" cc:"2" cog:"1" sloc:"5" nesting:"1"
	n := 0
	for range xs {
		n++
	}
	return n
}

// Condition-only and infinite loops, with break and continue.
// cc: 1 + 2 for + 2 if = 5
// cog: for 1 + for (1 + 1) + if (1 + 2) + continue 1 + if (1 + 2) + break 1 = 11
// sloc 11: the five lines of closing braces are not SLOC
func drain(ch chan int, limit int) int { // want name:"drain" cc:"5" cog:"11" sloc:"11" nesting:"3"
	seen := 0
	for seen < limit {
		for {
			v := <-ch
			if v < 0 {
				continue
			}
			seen += v
			if seen > limit {
				break
			}
		}
	}
	return seen
}

// A labelled loop with a goto and a labelled continue.
// cc: 1 + 2 for + 2 if = 5 (labels and jumps add nothing)
// cog: for 1 (a label is no nesting) + for (1 + 1) + if (1 + 2) + goto 1
// + if (1 + 2) + continue 1 = 11; sloc 11: label lines count, braces do not
func find(grid [][]int, want int) bool { // want name:"find" cc:"5" cog:"11" sloc:"11" nesting:"3"
outer:
	for _, row := range grid {
		for _, v := range row {
			if v == want {
				goto found
			}
			if v > want {
				continue outer
			}
		}
	}
	return false
found:
	return true
}
