package erosion

import "github.com/scbcheck/scbcheck/source"

// Complexity holds one callable's counts.
type Complexity struct {
	// CC is the cyclomatic complexity: 1 plus every branch and boolean
	// operator node in the callable's whole subtree, leaving out the
	// compile-time conditions (C's `#if` lines).
	CC int
	// Cog is the cognitive complexity: flow breaks score 1 plus their
	// nesting, boolean operators and jumps score 1.
	Cog int
	// MaxNesting is the deepest flow-break nesting in the subtree.
	MaxNesting int
}

// Measure returns the complexity of each callable, in the same order.
// It walks the flattened tree with loops only, so arbitrarily deep nesting
// cannot exhaust the Go stack.
func Measure(t *source.Tree, fns []source.Callable) []Complexity {
	out := make([]Complexity, len(fns))
	var depth []int
	for k, fn := range fns {
		if t.Stopped() {
			break
		}
		out[k], depth = measure(t, fn.Node, depth)
	}
	return out
}

// measure scores the subtree of callable node f. depth is scratch space
// reused across calls: depth[j-f] is the number of flow-break nodes
// strictly between f and node j.
func measure(t *source.Tree, f int, depth []int) (Complexity, []int) {
	end := int(t.Nodes[f].End)
	if cap(depth) < end-f {
		depth = make([]int, end-f)
	}
	depth = depth[:end-f]
	depth[0] = 0
	c := Complexity{CC: 1}
	skipCog := -1 // cognitive skips the children of jumps up to this index
	for j := f + 1; j < end; j++ {
		n := &t.Nodes[j]
		p := int(n.Parent)
		if compileTime(t, j) {
			j = int(n.End) - 1 // no node in it counts
			continue
		}
		d := depth[p-f]
		if t.Is(p, source.ClassFlowBreak) {
			d++
		}
		depth[j-f] = d
		if d > c.MaxNesting {
			c.MaxNesting = d
		}
		class := t.Grammar.ClassOf(n.Kind)
		decides, boolOp := decision(t, j, class)
		if decides {
			c.CC++
		}
		if j < skipCog {
			continue
		}
		switch {
		case boolOp:
			c.Cog++
		case class&source.ClassJump != 0:
			c.Cog++
			skipCog = int(n.End)
		case class&source.ClassFlowBreak != 0:
			c.Cog += 1 + d
		}
	}
	return c, depth
}

// DecisionPoints returns the nodes that add one each to the cyclomatic
// complexity of callable node f, in tree order: its CC is one more than
// their number. Cross-checks against other tools read their kinds.
func DecisionPoints(t *source.Tree, f int) []int {
	var out []int
	for j := f + 1; j < int(t.Nodes[f].End); j++ {
		if compileTime(t, j) {
			j = int(t.Nodes[j].End) - 1
			continue
		}
		if decides, _ := decision(t, j, t.Grammar.ClassOf(t.Nodes[j].Kind)); decides {
			out = append(out, j)
		}
	}
	return out
}

// decision reports whether node j, of the given classes, adds one to
// cyclomatic complexity, and whether it does as a boolean operator.
func decision(t *source.Tree, j int, class source.Class) (decides, boolOp bool) {
	boolOp = class&source.ClassBoolOp != 0 && isBooleanOperator(t, j)
	return boolOp || class&source.ClassBranch != 0 && t.BranchCounts(j), boolOp
}

// compileTime reports whether node j is the condition of a compile-time
// conditional (C's `#if`), which is no decision of the function.
func compileTime(t *source.Tree, j int) bool {
	n := &t.Nodes[j]
	return n.Field != 0 && n.Field == t.Grammar.FieldCondition && n.Parent >= 0 && t.Is(int(n.Parent), source.ClassCompileTime)
}

// isBooleanOperator reports whether boolean-operator node i qualifies:
// always when the language names no operator tokens, else when a direct
// child is one of them (Rust binary_expression with && or ||).
func isBooleanOperator(t *source.Tree, i int) bool {
	if len(t.Lang.BooleanOperatorTokens) == 0 {
		return true
	}
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.Is(c, source.ClassBoolToken) {
			return true
		}
	}
	return false
}
