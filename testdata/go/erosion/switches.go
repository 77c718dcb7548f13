// Switches and select: each case of an expression or type switch and each
// communication case of a select adds one to cc (default adds nothing),
// as gocyclo counts; for cog a switch or select is one flow break, like
// Rust's match (docs/languages.md, Go).
package erosion

// Three cases, one of them with two values, and a default:
// cc 1 + 3 case = 4; cog: switch 1; the case bodies sit one level deep
// sloc: func, switch, 4 labels, 4 returns = 10
func name(n int) string { // want name:"name" cc:"4" cog:"1" sloc:"10" nesting:"1"
	switch n {
	case 0:
		return "zero"
	case 1, 2:
		return "few"
	case 3:
		return "three"
	default:
		return "many"
	}
}

// A tagless switch with an initializer, fallthrough (adds nothing) and no
// default: cc 1 + 2 case = 3; cog 1
func classify(x int) string { // want name:"classify" cc:"3" cog:"1" sloc:"7" nesting:"1"
	switch y := x * 2; {
	case y > 10:
		fallthrough
	case y > 5:
		return "big"
	}
	return "small"
}

// A type switch: cc 1 + 2 type_case + if = 4; the if inside a case scores
// one level deeper: cog switch 1 + if (1 + 1) = 3; sloc 10
func kind(v any) string { // want name:"kind" cc:"4" cog:"3" sloc:"10" nesting:"2"
	switch t := v.(type) {
	case int, int64:
		if t == 0 {
			return "zero"
		}
		return "int"
	case string:
		return "string"
	default:
		return "other"
	}
}

// A select with two communication cases and a default, in a loop:
// cc 1 + for + 2 communication_case = 4; cog: for 1 + select (1 + 1) = 3;
// sloc 8 (`default:` counts, closing braces do not)
func pump(in <-chan int, out chan<- int, done <-chan struct{}) { // want name:"pump" cc:"4" cog:"3" sloc:"8" nesting:"2"
	for {
		select {
		case v := <-in:
			out <- v
		case <-done:
			return
		default:
		}
	}
}

// A switch in a switch case: cc 1 + 2 + 2 = 5; cog 1 + (1 + 1) = 3
func pair(a, b int) int { // want name:"pair" cc:"5" cog:"3" sloc:"12" nesting:"2"
	switch a {
	case 0:
		switch b {
		case 0:
			return 0
		case 1:
			return 1
		}
		return 2
	case 1:
		return 3
	}
	return 4
}
