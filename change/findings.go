package change

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// side is one report with its functions and findings, indexed.
type side struct {
	r      *report.Report
	funcs  []Func
	issues []finding.Finding
	// byFile lists each file's functions (indexes into funcs) in order.
	byFile map[string][]int
}

func newSide(r *report.Report, minDup int) side {
	s := side{r: r, funcs: Funcs(r), issues: r.Issues(minDup), byFile: map[string][]int{}}
	for i, f := range s.funcs {
		s.byFile[f.Path] = append(s.byFile[f.Path], i)
	}
	return s
}

// owner is the innermost function of the file whose span holds line:
// of those holding it, the last to start (the later listed of two
// starting on one line, nested ones coming after their parent); -1 when
// none does.
func (s *side) owner(path string, line int) int {
	best := -1
	for _, i := range s.byFile[path] {
		f := s.funcs[i]
		if f.Line <= line && line <= f.EndLine && (best < 0 || f.Line >= s.funcs[best].Line) {
			best = i
		}
	}
	return best
}

// comparison is the state Compare works on.
type comparison struct {
	in         Input
	base, head side
	// match maps head functions to base ones (Match), headOf the reverse
	// (-1 for none).
	match, headOf []int
	// baseFile maps a head file to its base file; headFiles the reverse.
	headFiles map[string][]string
}

func newComparison(in Input) *comparison {
	c := &comparison{in: in, base: newSide(in.Base, in.MinDuplicateLines), head: newSide(in.Head, in.MinDuplicateLines)}
	c.match = Match(c.base.funcs, c.head.funcs, in.Renames)
	c.headOf = make([]int, len(c.base.funcs))
	for j := range c.headOf {
		c.headOf[j] = -1
	}
	for i, j := range c.match {
		if j >= 0 {
			c.headOf[j] = i
		}
	}
	c.headFiles = map[string][]string{}
	for _, f := range in.Head.Files {
		b := c.baseFile(f.Path)
		c.headFiles[b] = append(c.headFiles[b], f.Path)
	}
	return c
}

// baseFile is the base file of a head file: the one it was renamed
// from, else the same path.
func (c *comparison) baseFile(head string) string {
	if p, ok := c.in.Renames[head]; ok {
		return p
	}
	return head
}

// changed reports whether one of the lines from..to of a head file was
// added or changed.
func (c *comparison) changed(path string, from, to int) bool {
	lines := c.in.Changed[path]
	k, _ := slices.BinarySearch(lines, from)
	return k < len(lines) && lines[k] <= max(from, to)
}

// newFindings are the head's findings the change added, in the head's
// issue order (see Compare for the rules).
func (c *comparison) newFindings() []NewFinding {
	news := map[int]NewFinding{}
	c.ruleFindings(news)
	c.complexityFindings(news)
	c.cloneFindings(news)
	var out []NewFinding
	for k := range c.head.issues {
		if nf, ok := news[k]; ok {
			out = append(out, nf)
		}
	}
	return out
}

// ruleFinding reports whether a finding is an ast-grep or structural
// rule's.
func ruleFinding(f finding.Finding) bool {
	return f.Kind == finding.AstGrep || f.Kind == finding.Structural
}

// ruleFindings adds to news the surplus of the ast-grep and structural
// findings per rule and owner.
func (c *comparison) ruleFindings(news map[int]NewFinding) {
	// An owner is a head function ("f" and its index) or a head file
	// ("m" and its path): the base's owners are mapped onto the head's.
	type owned struct{ rule, owner string }
	baseCount := map[owned]int{}
	for _, f := range c.base.issues {
		if !ruleFinding(f) {
			continue
		}
		if j := c.base.owner(f.Path, f.Line); j >= 0 {
			if i := c.headOf[j]; i >= 0 {
				baseCount[owned{f.RuleID, fmt.Sprint("f", i)}]++
			}
			continue
		}
		for _, p := range c.headFiles[f.Path] {
			baseCount[owned{f.RuleID, "m" + p}]++
		}
	}
	headFindings := map[owned][]int{}
	var order []owned
	for k, f := range c.head.issues {
		if !ruleFinding(f) {
			continue
		}
		o := owned{f.RuleID, "m" + f.Path}
		if i := c.head.owner(f.Path, f.Line); i >= 0 {
			o.owner = fmt.Sprint("f", i)
		}
		if headFindings[o] == nil {
			order = append(order, o)
		}
		headFindings[o] = append(headFindings[o], k)
	}
	for _, o := range order {
		ks := headFindings[o]
		surplus := len(ks) - baseCount[o]
		if surplus <= 0 {
			continue
		}
		slices.SortStableFunc(ks, func(a, b int) int {
			fa, fb := c.head.issues[a], c.head.issues[b]
			ca, cb := c.changed(fa.Path, fa.Line, fa.EndLine), c.changed(fb.Path, fb.Line, fb.EndLine)
			if ca != cb {
				if ca {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(fa.Line, fb.Line), cmp.Compare(fa.Col, fb.Col), cmp.Compare(fa.EndLine, fb.EndLine),
				cmp.Compare(fa.EndCol, fb.EndCol), cmp.Compare(fa.Message, fb.Message), cmp.Compare(fa.Text, fb.Text))
		})
		for _, k := range ks[:surplus] {
			news[k] = NewFinding{Finding: c.head.issues[k]}
		}
	}
}

// complexityFinding reports whether a finding is a complexity rule's.
func complexityFinding(f finding.Finding) bool {
	return (f.Kind == finding.Cyclomatic || f.Kind == finding.Cognitive) && f.Measure != nil
}

// measured is a function's measure of a complexity finding's kind.
func measured(f Func, kind finding.Kind) int {
	if kind == finding.Cyclomatic {
		return f.CC
	}
	return f.Cog
}

// complexityOwners maps each complexity finding of s (by index in
// s.issues) to its function: the k-th finding of a rule with a span and
// value is the k-th function of that file with that span and value (the
// report lists both in the same order); -1 when none is.
func complexityOwners(s *side) map[int]int {
	type spot struct {
		path               string
		kind               finding.Kind
		line, end, measure int
	}
	funcs := map[spot][]int{}
	for _, kind := range []finding.Kind{finding.Cyclomatic, finding.Cognitive} {
		for i, f := range s.funcs {
			k := spot{f.Path, kind, f.Line, f.EndLine, measured(f, kind)}
			funcs[k] = append(funcs[k], i)
		}
	}
	out := map[int]int{}
	for k, f := range s.issues {
		if !complexityFinding(f) {
			continue
		}
		key := spot{f.Path, f.Kind, f.Line, f.EndLine, f.Measure.Value}
		out[k] = -1
		if q := funcs[key]; len(q) > 0 {
			out[k], funcs[key] = q[0], q[1:]
		}
	}
	return out
}

// complexityFindings adds to news the complexity findings of the head
// on functions that are new, that the base did not flag for that rule,
// or that regressed; the message of one on a function the base has names
// both numbers.
func (c *comparison) complexityFindings(news map[int]NewFinding) {
	type flagged struct {
		kind finding.Kind
		fn   int
	}
	baseFlagged := map[flagged]bool{}
	for k, j := range complexityOwners(&c.base) {
		if j >= 0 {
			baseFlagged[flagged{c.base.issues[k].Kind, j}] = true
		}
	}
	for k, i := range complexityOwners(&c.head) {
		f := c.head.issues[k]
		if i < 0 {
			// Not traced to a function: a head finding nothing proves old.
			news[k] = NewFinding{Finding: f}
			continue
		}
		j := c.match[i]
		if j < 0 {
			news[k] = NewFinding{Finding: f}
			continue
		}
		b, h := c.base.funcs[j], c.head.funcs[i]
		if baseFlagged[flagged{f.Kind, j}] && StatusOf(&b.Numbers, &h.Numbers) != Regressed {
			continue
		}
		was := *f.Measure
		was.Value, was.SLOC = measured(b, f.Kind), b.SLOC
		f.Message = fmt.Sprintf("function `%s` exceeds %s threshold (%s %d -> %d > %d, sloc %d)",
			f.Subject, f.Measure.Metric, f.Measure.Metric, was.Value, f.Measure.Value, f.Measure.Limit, f.Measure.SLOC)
		news[k] = NewFinding{Finding: f, BaseMeasure: &was}
	}
}

// cloneFindings adds to news the clone findings at the changed instances
// of each group that has one, naming the unchanged instances as
// counterparts.
func (c *comparison) cloneFindings(news map[int]NewFinding) {
	type blockKey struct {
		path      string
		line, end int
	}
	hashes := map[blockKey]string{}
	for _, b := range c.head.r.CloneBlocks {
		hashes[blockKey{b.Path, b.StartLine, b.EndLine}] = b.Group
	}
	changed := map[blockKey]bool{}
	for k, f := range c.head.issues {
		if f.Kind != finding.Clone || f.Self < 0 || f.Self >= len(f.Group) {
			continue
		}
		var counterparts []finding.Place
		self := false
		for n, p := range f.Group {
			key := blockKey{p.Path, p.Line, p.EndLine}
			ch, ok := changed[key]
			if !ok {
				ch = c.changedInstance(p, hashes[key])
				changed[key] = ch
			}
			if n == f.Self {
				self = ch
			} else if !ch {
				counterparts = append(counterparts, p)
			}
		}
		if self {
			news[k] = NewFinding{Finding: f, Counterparts: counterparts}
		}
	}
}

// changedInstance reports whether a head clone instance (a place of
// group hash) is changed code. Its function is the head function of its
// exact span (of two, the one whose body hash is the group's), else the
// innermost holding its first line (a block instance, 0.1.3's). It is
// changed when that function is new, or, when the function has a body
// hash, when its base counterpart's differs. Without a body hash (0.1.3's
// reports, or callables sharing a span) the instance is unchanged when
// its base counterpart (the matched function, or for an instance outside
// every function its base file) holds a clone instance of the same group
// hash, and otherwise changed when one of its lines changed.
func (c *comparison) changedInstance(p finding.Place, hash string) bool {
	fn := -1
	for _, i := range c.head.byFile[p.Path] {
		if f := c.head.funcs[i]; f.Line == p.Line && f.EndLine == p.EndLine && (fn < 0 || f.Body == hash) {
			fn = i
		}
	}
	if fn < 0 {
		fn = c.head.owner(p.Path, p.Line)
	}
	basePath, from, to := c.baseFile(p.Path), 0, int(^uint(0)>>1)
	if fn >= 0 {
		j := c.match[fn]
		if j < 0 {
			return true
		}
		h, b := c.head.funcs[fn], c.base.funcs[j]
		if h.Body != "" {
			return h.Body != b.Body
		}
		basePath, from, to = b.Path, b.Line, b.EndLine
	}
	for _, b := range c.base.r.CloneBlocks {
		if b.Path == basePath && b.Group == hash && hash != "" && from <= b.StartLine && b.EndLine <= to {
			return false
		}
	}
	return c.changed(p.Path, p.Line, p.EndLine)
}
