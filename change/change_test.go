package change_test

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// fn is a callable named name (qualified the same) spanning lines
// line..end, with its mass worked out as the report does.
func fn(name string, line, end, cc, cog, sloc int, body string) report.Callable {
	return report.Callable{Name: name, QualifiedName: name, Kind: "function", StartLine: line, EndLine: end,
		CC: cc, Cog: cog, SLOC: sloc, CCMass: float64(cc) * math.Sqrt(float64(sloc)), Body: body}
}

// file is a parsed Python file of callables.
func file(path string, cs ...report.Callable) report.File {
	return report.File{Path: path, Language: "python", Callables: cs}
}

// tree is a report of files.
func tree(files ...report.File) *report.Report { return &report.Report{Files: files} }

// names are the matched pairs "head name@path -> base name@path" (or
// "-> none").
func names(base, head []change.Func, match []int) []string {
	var out []string
	for i, j := range match {
		s := head[i].Name + "@" + head[i].Path + " -> "
		if j < 0 {
			s += "none"
		} else {
			s += base[j].Name + "@" + base[j].Path
		}
		out = append(out, s)
	}
	return out
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		name       string
		base, head *report.Report
		renames    map[string]string
		want       []string
	}{
		{
			name: "same file and name match, whatever moved within the file",
			base: tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "F"), fn("g", 7, 9, 1, 0, 2, "G"))),
			head: tree(file("a.py", fn("g", 1, 3, 2, 0, 2, "G2"), fn("f", 5, 9, 1, 0, 4, "F"))),
			want: []string{"g@a.py -> g@a.py", "f@a.py -> f@a.py"},
		},
		{
			name: "the k-th definition of a repeated name matches the k-th; the third is new",
			base: tree(file("a.py", fn("f", 1, 2, 1, 0, 1, "A"), fn("f", 4, 5, 1, 0, 1, "B"))),
			head: tree(file("a.py", fn("f", 1, 2, 1, 0, 1, "X"), fn("f", 4, 5, 1, 0, 1, "Y"), fn("f", 7, 8, 1, 0, 1, "Z"))),
			want: []string{"f@a.py -> f@a.py", "f@a.py -> f@a.py", "f@a.py -> none"},
		},
		{
			name:    "a renamed file's functions match through the rename",
			base:    tree(file("old.py", fn("f", 1, 2, 1, 0, 1, ""))),
			head:    tree(file("new.py", fn("f", 1, 2, 1, 0, 1, ""))),
			renames: map[string]string{"new.py": "old.py"},
			want:    []string{"f@new.py -> f@old.py"},
		},
		{
			name: "without the rename a file of another path is another file",
			base: tree(file("old.py", fn("f", 1, 2, 1, 0, 1, ""))),
			head: tree(file("new.py", fn("f", 1, 2, 1, 0, 1, ""))),
			want: []string{"f@new.py -> none"},
		},
		{
			name: "a function renamed without other change matches by body",
			base: tree(file("a.py", fn("parse", 1, 5, 3, 2, 4, "P"))),
			head: tree(file("a.py", fn("parse_args", 1, 5, 3, 2, 4, "P"))),
			want: []string{"parse_args@a.py -> parse@a.py"},
		},
		{
			name: "a function moved to another file matches by body",
			base: tree(file("a.py", fn("f", 1, 5, 3, 2, 4, "P")), file("b.py")),
			head: tree(file("a.py"), file("b.py", fn("f", 10, 14, 3, 2, 4, "P"))),
			want: []string{"f@b.py -> f@a.py"},
		},
		{
			name: "a function without a body hash is not matched by body",
			base: tree(file("a.py", fn("f", 1, 1, 1, 0, 1, ""))),
			head: tree(file("a.py", fn("g", 1, 1, 1, 0, 1, ""))),
			want: []string{"g@a.py -> none"},
		},
		{
			name: "of equal bodies, the one in the same file is matched first",
			base: tree(file("a.py", fn("x", 1, 5, 1, 0, 4, "S")), file("b.py", fn("y", 1, 5, 1, 0, 4, "S"))),
			head: tree(file("a.py", fn("n1", 1, 5, 1, 0, 4, "S")), file("b.py", fn("n2", 1, 5, 1, 0, 4, "S"))),
			want: []string{"n1@a.py -> x@a.py", "n2@b.py -> y@b.py"},
		},
		{
			name: "the same-file pass runs before the cross-file one, so a nearer match is not taken away",
			base: tree(file("b.py", fn("y", 1, 5, 1, 0, 4, "S"))),
			head: tree(file("a.py", fn("n1", 1, 5, 1, 0, 4, "S")), file("b.py", fn("n2", 1, 5, 1, 0, 4, "S"))),
			want: []string{"n1@a.py -> none", "n2@b.py -> y@b.py"},
		},
		{
			name: "across files, equal bodies match in path order and the surplus is new",
			base: tree(file("b.py", fn("x", 1, 5, 1, 0, 4, "S")), file("a.py", fn("y", 1, 5, 1, 0, 4, "S"))),
			head: tree(file("d.py", fn("n2", 1, 5, 1, 0, 4, "S")), file("c.py", fn("n1", 1, 5, 1, 0, 4, "S")),
				file("e.py", fn("n3", 1, 5, 1, 0, 4, "S"))),
			want: []string{"n2@d.py -> x@b.py", "n1@c.py -> y@a.py", "n3@e.py -> none"},
		},
		{
			name: "a function matched by name is not matched again by body",
			base: tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "S"))),
			head: tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "S"), fn("copy", 7, 11, 1, 0, 4, "S"))),
			want: []string{"f@a.py -> f@a.py", "copy@a.py -> none"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, head := change.Funcs(tc.base), change.Funcs(tc.head)
			assert.Equal(t, tc.want, names(base, head, change.Match(base, head, tc.renames)))
		})
	}
}

func TestStatusOf(t *testing.T) {
	n := func(cc, cog int) *change.Numbers { return &change.Numbers{CC: cc, Cog: cog} }
	for _, tc := range []struct {
		name string
		b, h *change.Numbers
		want change.Status
	}{
		{"only in the head: new", nil, n(1, 0), change.New},
		{"only in the base: removed", n(1, 0), nil, change.Removed},
		{"CC rose: regressed", n(3, 2), n(4, 2), change.Regressed},
		{"cognitive rose, CC fell: regressed", n(3, 2), n(2, 3), change.Regressed},
		{"CC fell, cognitive the same: improved", n(3, 2), n(2, 2), change.Improved},
		{"both fell: improved", n(3, 2), n(2, 1), change.Improved},
		{"both the same: unchanged", n(3, 2), n(3, 2), change.Unchanged},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, change.StatusOf(tc.b, tc.h)) })
	}
}

// statuses are the functions' "name status" in order.
func statuses(fns []change.Function) []string {
	var out []string
	for _, f := range fns {
		out = append(out, f.Name+" "+string(f.Status))
	}
	return out
}

func TestCompareFunctionsInOrder(t *testing.T) {
	// Masses are CC x sqrt(SLOC); SLOC 4 makes them 2 x CC.
	base := tree(file("a.py",
		fn("grew", 1, 10, 3, 1, 4, ""),       // 6 -> 16: +10
		fn("grew_less", 11, 20, 3, 1, 4, ""), // 6 -> 8: +2
		fn("better", 21, 30, 5, 5, 4, ""),    // 10 -> 8: -2
		fn("same", 31, 40, 2, 2, 4, ""),
		fn("gone", 41, 50, 4, 0, 4, ""), // 8 -> 0: -8
	))
	head := tree(file("a.py",
		fn("grew", 1, 10, 8, 1, 4, ""),
		fn("grew_less", 11, 20, 4, 1, 4, ""),
		fn("better", 21, 30, 4, 5, 4, ""),
		fn("same", 31, 40, 2, 2, 9, ""),  // SLOC and mass differ, complexity does not
		fn("fresh", 41, 50, 2, 0, 4, ""), // 0 -> 4: +4
	))
	d := change.Compare(change.Input{Base: base, Head: head})
	assert.Equal(t, []string{"grew regressed", "fresh new", "grew_less regressed", "better improved", "gone removed"}, statuses(d.Functions),
		"regressed and new first by mass change, then improved, then removed; unchanged left out")

	d = change.Compare(change.Input{Base: base, Head: head, AllFunctions: true})
	require.Len(t, d.Functions, 6)
	last := d.Functions[5]
	assert.Equal(t, "same unchanged", last.Name+" "+string(last.Status), "AllFunctions lists the unchanged ones last")
	assert.Equal(t, 4, last.Base.SLOC)
	assert.Equal(t, 9, last.Head.SLOC)
	gone := d.Functions[4]
	assert.Nil(t, gone.Head)
	assert.Equal(t, "a.py", gone.Path())
	assert.InDelta(t, -8, gone.MassChange(), 1e-12)
}

// at is an ast-grep finding of rule on line.
func at(path, rule string, line int) finding.Finding {
	return finding.Finding{Kind: finding.AstGrep, RuleID: rule, Severity: finding.Warning, Message: rule, Path: path, Line: line, EndLine: line}
}

// found are the new findings as "rule path:line".
func found(nfs []change.NewFinding) []string {
	var out []string
	for _, f := range nfs {
		out = append(out, f.RuleID+" "+f.Path+":"+strconv.Itoa(f.Line))
	}
	return out
}

func TestRuleFindings(t *testing.T) {
	withFindings := func(r *report.Report, fs ...finding.Finding) *report.Report {
		r.Findings = fs
		return r
	}
	for _, tc := range []struct {
		name       string
		base, head *report.Report
		renames    map[string]string
		changed    map[string][]int
		want       []string
	}{
		{
			name:    "the same findings moved within their function are not new",
			base:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3), at("a.py", "r", 5)),
			head:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 7), at("a.py", "r", 8)),
			changed: map[string][]int{"a.py": {7, 8}},
		},
		{
			name:    "a function moved below another keeps its findings",
			base:    withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, ""), fn("g", 6, 9, 1, 0, 4, ""))), at("a.py", "r", 3)),
			head:    withFindings(tree(file("a.py", fn("g", 1, 4, 1, 0, 4, ""), fn("f", 5, 9, 1, 0, 4, ""))), at("a.py", "r", 7)),
			changed: map[string][]int{"a.py": {1, 2, 3, 4, 5, 6, 7, 8, 9}},
		},
		{
			name:    "one more finding of a rule in a function is new, the one on a changed line",
			base:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3)),
			head:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3), at("a.py", "r", 6)),
			changed: map[string][]int{"a.py": {6}},
			want:    []string{"r a.py:6"},
		},
		{
			name: "without a changed line among them the surplus is the first findings by line",
			base: withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 2), at("a.py", "r", 3), at("a.py", "r", 8)),
			want: []string{"r a.py:2", "r a.py:3"},
		},
		{
			name: "findings are counted per rule",
			base: withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "s", 3)),
			want: []string{"s a.py:3"},
		},
		{
			name: "findings are counted per function: one leaving f for g is new in g",
			base: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, ""), fn("g", 6, 9, 1, 0, 4, ""))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, ""), fn("g", 6, 9, 1, 0, 4, ""))), at("a.py", "r", 7)),
			want: []string{"r a.py:7"},
		},
		{
			name: "a finding in a nested function belongs to the innermost",
			base: withFindings(tree(file("a.py", fn("outer", 1, 10, 1, 0, 9, ""), fn("outer.inner", 2, 4, 1, 0, 3, ""))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("outer", 1, 10, 1, 0, 9, ""), fn("outer.inner", 2, 4, 1, 0, 3, ""))), at("a.py", "r", 8)),
			want: []string{"r a.py:8"},
		},
		{
			name:    "module-level findings follow a renamed file",
			base:    withFindings(tree(file("old.py")), at("old.py", "r", 1)),
			head:    withFindings(tree(file("new.py")), at("new.py", "r", 4)),
			renames: map[string]string{"new.py": "old.py"},
		},
		{
			name: "module-level findings of another file are another file's",
			base: withFindings(tree(file("old.py")), at("old.py", "r", 1)),
			head: withFindings(tree(file("new.py")), at("new.py", "r", 4)),
			want: []string{"r new.py:4"},
		},
		{
			name: "a function renamed without other change keeps its findings",
			base: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "B"))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("g", 1, 5, 1, 0, 4, "B"))), at("a.py", "r", 3)),
		},
		{
			name: "a new function's findings are new",
			base: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "B"))), at("a.py", "r", 3)),
			head: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, "B"), fn("g", 7, 9, 1, 0, 2, "C"))), at("a.py", "r", 3), at("a.py", "r", 8)),
			want: []string{"r a.py:8"},
		},
		{
			name: "structural findings count as rule findings",
			base: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, ""))),
				finding.Finding{Kind: finding.Structural, RuleID: "trivial-wrapper", Path: "a.py", Line: 1, EndLine: 5, Subject: "f"}),
			head: withFindings(tree(file("a.py", fn("f", 1, 5, 1, 0, 4, ""), fn("g", 6, 8, 1, 0, 2, ""))),
				finding.Finding{Kind: finding.Structural, RuleID: "trivial-wrapper", Path: "a.py", Line: 1, EndLine: 5, Subject: "f"},
				finding.Finding{Kind: finding.Structural, RuleID: "trivial-wrapper", Path: "a.py", Line: 6, EndLine: 8, Subject: "g"}),
			want: []string{"trivial-wrapper a.py:6"},
		},
		{
			name:    "fewer findings than the base is no news",
			base:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 3), at("a.py", "r", 4)),
			head:    withFindings(tree(file("a.py", fn("f", 1, 10, 1, 0, 9, ""))), at("a.py", "r", 4)),
			changed: map[string][]int{"a.py": {4}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := change.Compare(change.Input{Base: tc.base, Head: tc.head, Renames: tc.renames, Changed: tc.changed})
			assert.Equal(t, tc.want, found(d.NewFindings))
		})
	}
}

func TestComplexityFindings(t *testing.T) {
	one := func(c report.Callable) *report.Report { return tree(file("a.py", c)) }
	ignored := fn("f", 1, 30, 14, 3, 25, "")
	ignored.Ignored = []string{"cyclomatic-complexity"}
	for _, tc := range []struct {
		name       string
		base, head *report.Report
		want       []string
		// message and was are the one new finding's message and base
		// value (-1: no base measure).
		message string
		was     int
	}{
		{
			name: "a new function over the threshold is new, with its own message",
			base: tree(file("a.py")),
			head: one(fn("f", 1, 30, 15, 3, 25, "")),
			want: []string{"cyclomatic-complexity a.py:1"}, was: -1,
			message: "function `f` exceeds complexity threshold (complexity 15 > 10, sloc 25)",
		},
		{
			name: "a function that crossed the threshold names both numbers",
			base: one(fn("f", 1, 30, 9, 3, 25, "")),
			head: one(fn("f", 1, 30, 14, 3, 26, "")),
			want: []string{"cyclomatic-complexity a.py:1"}, was: 9,
			message: "function `f` exceeds complexity threshold (complexity 9 -> 14 > 10, sloc 26)",
		},
		{
			name: "a function over the threshold that got worse is new",
			base: one(fn("f", 1, 30, 12, 3, 25, "")),
			head: one(fn("f", 1, 30, 14, 3, 25, "")),
			want: []string{"cyclomatic-complexity a.py:1"}, was: 12,
			message: "function `f` exceeds complexity threshold (complexity 12 -> 14 > 10, sloc 25)",
		},
		{
			name: "a function over the threshold that did not change is not new",
			base: one(fn("f", 1, 30, 12, 3, 25, "")),
			head: one(fn("f", 5, 34, 12, 3, 25, "")),
		},
		{
			name: "a function over the threshold that improved is not new",
			base: one(fn("f", 1, 30, 14, 3, 25, "")),
			head: one(fn("f", 1, 30, 12, 3, 20, "")),
		},
		{
			name: "regressed by its cognitive complexity, its cyclomatic finding is new too (the status decides)",
			base: one(fn("f", 1, 30, 12, 3, 25, "")),
			head: one(fn("f", 1, 30, 12, 4, 25, "")),
			want: []string{"cyclomatic-complexity a.py:1"}, was: 12,
			message: "function `f` exceeds complexity threshold (complexity 12 -> 12 > 10, sloc 25)",
		},
		{
			name: "a finding an ignore directive hid in the base is new once shown",
			base: one(ignored),
			head: one(fn("f", 1, 30, 14, 3, 25, "")),
			want: []string{"cyclomatic-complexity a.py:1"}, was: 14,
			message: "function `f` exceeds complexity threshold (complexity 14 -> 14 > 10, sloc 25)",
		},
		{
			name: "a hidden head finding is never new",
			base: one(fn("f", 1, 30, 9, 3, 25, "")),
			head: one(ignored),
		},
		{
			name: "cognitive complexity follows the same rule",
			base: one(fn("f", 1, 30, 5, 8, 25, "")),
			head: one(fn("f", 1, 30, 5, 12, 25, "")),
			want: []string{"cognitive-complexity a.py:1"}, was: 8,
			message: "function `f` exceeds cognitive complexity threshold (cognitive complexity 8 -> 12 > 10, sloc 25)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := change.Compare(change.Input{Base: tc.base, Head: tc.head})
			assert.Equal(t, tc.want, found(d.NewFindings))
			if len(tc.want) != 1 || len(d.NewFindings) != 1 {
				return
			}
			nf := d.NewFindings[0]
			assert.Equal(t, tc.message, nf.Message)
			if tc.was < 0 {
				assert.Nil(t, nf.BaseMeasure)
			} else if assert.NotNil(t, nf.BaseMeasure) {
				assert.Equal(t, tc.was, nf.BaseMeasure.Value)
				assert.Equal(t, 10, nf.BaseMeasure.Limit)
			}
		})
	}
}

// clones adds to r one clone group of hash h with an instance at each
// (path, line, end) given as triples.
func clones(r *report.Report, h string, sloc int, at ...any) *report.Report {
	for k := 0; k < len(at); k += 3 {
		r.CloneBlocks = append(r.CloneBlocks, report.CloneBlock{Path: at[k].(string), StartLine: at[k+1].(int), EndLine: at[k+2].(int),
			SLOC: sloc, Group: h, Instances: len(at) / 3})
	}
	return r
}

// counterparts are the new findings' counterparts, "path:line" each.
func counterparts(nfs []change.NewFinding) [][]string {
	var out [][]string
	for _, f := range nfs {
		var cs []string
		for _, p := range f.Counterparts {
			cs = append(cs, p.Path+":"+strconv.Itoa(p.Line))
		}
		out = append(out, cs)
	}
	return out
}

func TestCloneFindings(t *testing.T) {
	for _, tc := range []struct {
		name       string
		base, head *report.Report
		renames    map[string]string
		changed    map[string][]int
		minDup     int
		want       []string
		counter    [][]string
	}{
		{
			name: "a copy of an existing function is new at the copy, naming the original",
			base: tree(file("cli.py", fn("parse_args", 40, 50, 3, 2, 10, "H"))),
			head: clones(tree(file("cli.py", fn("parse_args", 40, 50, 3, 2, 10, "H"), fn("parse2", 52, 62, 3, 2, 10, "H"))),
				"H", 10, "cli.py", 40, 50, "cli.py", 52, 62),
			changed: map[string][]int{"cli.py": {52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62}},
			want:    []string{"duplicate-structure cli.py:52"},
			counter: [][]string{{"cli.py:40"}},
		},
		{
			name: "an old group whose instances moved is not new",
			base: clones(tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "H")), file("b.py", fn("g", 1, 10, 3, 2, 9, "H"))),
				"H", 9, "a.py", 1, 10, "b.py", 1, 10),
			head: clones(tree(file("a.py", fn("f", 21, 30, 3, 2, 9, "H")), file("c.py", fn("g", 5, 14, 3, 2, 9, "H"))),
				"H", 9, "a.py", 21, 30, "c.py", 5, 14),
			renames: map[string]string{"c.py": "b.py"},
			changed: map[string][]int{"a.py": {21, 22, 23, 24, 25, 26, 27, 28, 29, 30}, "c.py": {1, 2, 3, 4}},
		},
		{
			name: "a function whose body changed into a copy of another is new, the other its counterpart",
			base: tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "H"), fn("g", 11, 20, 3, 2, 9, "G"))),
			head: clones(tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "H"), fn("g", 11, 20, 3, 2, 9, "H"))),
				"H", 9, "a.py", 1, 10, "a.py", 11, 20),
			want:    []string{"duplicate-structure a.py:11"},
			counter: [][]string{{"a.py:1"}},
		},
		{
			name: "two new copies are both new, with no counterpart in unchanged code",
			base: tree(file("a.py")),
			head: clones(tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "H"), fn("g", 11, 20, 3, 2, 9, "H"))),
				"H", 9, "a.py", 1, 10, "a.py", 11, 20),
			want:    []string{"duplicate-structure a.py:1", "duplicate-structure a.py:11"},
			counter: [][]string{nil, nil},
		},
		{
			name: "a group under the minimum of duplicate lines is no finding at all",
			base: tree(file("a.py")),
			head: clones(tree(file("a.py", fn("f", 1, 3, 3, 2, 2, "H"), fn("g", 11, 13, 3, 2, 2, "H"))),
				"H", 2, "a.py", 1, 3, "a.py", 11, 13),
			minDup: 3,
		},
		{
			name: "without body hashes, a block instance already a clone in the base function is not new",
			base: clones(tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "")), file("b.py", fn("g", 1, 10, 3, 2, 9, ""))),
				"K", 5, "a.py", 3, 8, "b.py", 3, 8),
			head: clones(tree(file("a.py", fn("f", 11, 20, 3, 2, 9, "")), file("b.py", fn("g", 1, 10, 3, 2, 9, ""))),
				"K", 5, "a.py", 13, 18, "b.py", 3, 8),
			changed: map[string][]int{"a.py": {11, 12, 13, 14, 15, 16, 17, 18, 19, 20}},
		},
		{
			name: "without body hashes, a block that became a clone on changed lines is new",
			base: tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "")), file("b.py", fn("g", 1, 10, 3, 2, 9, ""))),
			head: clones(tree(file("a.py", fn("f", 1, 10, 3, 2, 9, "")), file("b.py", fn("g", 1, 10, 3, 2, 9, ""))),
				"K", 5, "a.py", 3, 8, "b.py", 3, 8),
			changed: map[string][]int{"b.py": {5}},
			want:    []string{"duplicate-structure b.py:3"},
			counter: [][]string{{"a.py:3"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := change.Compare(change.Input{Base: tc.base, Head: tc.head, Renames: tc.renames, Changed: tc.changed, MinDuplicateLines: tc.minDup})
			assert.Equal(t, tc.want, found(d.NewFindings))
			if tc.counter != nil {
				assert.Equal(t, tc.counter, counterparts(d.NewFindings))
			}
		})
	}
}
