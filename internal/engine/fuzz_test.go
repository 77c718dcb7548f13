package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// measureSeeds are snippets that reach every per-file analysis of both
// languages; the fixture files under testdata are added to them.
var measureSeeds = []string{
	"",
	"def f(a, b=1):\n    if a and b:\n        return g(a)\n    return b\n\ndef g(x):\n    return x\n",
	"from .helpers import clean as c, tidy\nimport os.path\n__all__ = ['f']\n\ndef f(v):\n    return c(v)\n",
	"class C:\n    def m(self, *a):\n        for x in a:\n            while x:\n                try:\n                    x -= 1\n                except E:\n                    break\n",
	"if __name__ == '__main__':\n    main()\n# scbc ignore[trivial-wrapper]\ndef w(v):\n    return h(v)  # scbc boundary\n",
	"x = 1  # scbc ignore[*]\n# scbc ignore[]\n",
	"\"\"\"doc\"\"\"\r\ndef f():\r\n    '''doc'''\r\n    return getattr(mod, name)\r\n",
	"pub fn value(x: i32) -> i32 {\n    if x > 0 && x < 9 { helper(x) } else { 0 }\n}\nfn helper(x: i32) -> i32 { x }\n",
	"use crate::a::{b, c as d};\nmod inner {\n    pub fn route(v: i32) -> i32 { super::clean(v) }\n}\n#[cfg(test)]\nmod tests;\n",
	"impl S {\n    pub fn m(&self) -> u8 {\n        match self.x { 1 => loop { break 2; }, _ => 0 }\n    }\n}\n// scbc ignore[x]\n",
	"fn a() { fn b() { fn c() { if x { if y { if z {} } } } } }\n",
	"def f(a):\r\n    x = a\r\n    return x\r\n\r\ndef g(b):\r\n    y = b\r\n    return y\r\n",
	"fn f(a: i32) -> i32 {\r\n    let x = a;\r\n    x\r\n}\r\nfn g(b: i32) -> i32 {\r\n    let y = b;\r\n    y\r\n}\r\n",
}

// measureFixture is a fixture file and its language.
type measureFixture struct {
	spec *lang.Spec
	src  []byte
}

// measureFixtures returns the fixture source files of the default
// languages: erosion, clones, structural and reuse cases.
func measureFixtures(tb testing.TB) []measureFixture {
	tb.Helper()
	var out []measureFixture
	for _, root := range []string{"testdata/python", "testdata/rust", "testdata/reuse", "compat013/testdata"} {
		err := filepath.WalkDir(filepath.Join("..", "..", root), func(path string, d os.DirEntry, err error) error {
			spec := lang.ForPath(path)
			if err != nil || d.IsDir() || spec == nil {
				return err
			}
			src, err := os.ReadFile(path)
			out = append(out, measureFixture{spec, src})
			return err
		})
		require.NoError(tb, err)
	}
	require.Greater(tb, len(out), 50, "fixture seeds")
	return out
}

// measureSpec returns the language a fuzz input's first value selects:
// every byte selects one, so the fuzzer moves inputs between languages.
func measureSpec(k uint8) *lang.Spec {
	all := lang.All()
	return all[int(k)%len(all)]
}

// measureIndex is the selector of spec for measureSpec.
func measureIndex(spec *lang.Spec) uint8 {
	return uint8(slices.Index(lang.All(), spec))
}

// FuzzMeasure runs the tool's per-file analysis (analyzeFile: read,
// parse, SLOC, callables, complexity, clone candidates, structural facts,
// DIR facts, directives) on arbitrary bytes as a file of the language the
// first value selects (any registered one), then the whole-run steps a
// single file feeds (clone groups, structural rules, DIR, the JSON
// report). Nothing may panic; a reused parser and a fresh one must give
// the same result; and every line, span and count must lie inside the
// file and agree with the others.
func FuzzMeasure(f *testing.F) {
	for _, s := range measureSeeds {
		for _, spec := range lang.All() {
			f.Add(measureIndex(spec), []byte(s))
		}
	}
	for _, fx := range measureFixtures(f) {
		f.Add(measureIndex(fx.spec), fx.src)
	}
	cat, err := rules.LoadCatalog(nil)
	require.NoError(f, err)
	ids := cat.IDs()
	dir, err := filepath.EvalSymlinks(f.TempDir())
	require.NoError(f, err)
	reused := map[*lang.Spec]*source.Parser{}
	for _, spec := range lang.All() {
		p, err := source.NewParser(spec)
		require.NoError(f, err)
		reused[spec] = p
	}
	f.Fuzz(func(t *testing.T, k uint8, src []byte) {
		spec := measureSpec(k)
		file := source.SourceFile{Path: filepath.Join(dir, "input."+spec.Extensions[0]), Lang: spec}
		require.NoError(t, os.WriteFile(file.Path, src, 0o644))
		res, err := analyzeFile(context.Background(), reused[spec], vfs.OS, file, &Settings{RuleIDs: ids})
		require.NoError(t, err)
		fresh, err := source.NewParser(spec)
		require.NoError(t, err)
		again, err := analyzeFile(context.Background(), fresh, vfs.OS, file, &Settings{RuleIDs: ids})
		require.NoError(t, err)
		fresh.Close()
		requireSameResult(t, res, again)
		if len(res.Skipped) > 0 {
			checkSkipped(t, spec, src, res.Skipped.String())
			return
		}
		tree, err := reused[spec].Parse(src)
		require.NoError(t, err, "%s: parsed once, not twice", spec.Name)
		checkResult(t, tree, res)
		checkRun(t, dir, res)
	})
}

// requireSameResult compares two analyses of the same file; errors are
// compared by text.
func requireSameResult(t *testing.T, a, b Result) {
	t.Helper()
	require.Equal(t, errString(a.IgnoreErr), errString(b.IgnoreErr), "directive errors of a reused and a fresh parser")
	a.IgnoreErr, b.IgnoreErr = nil, nil
	require.Equal(t, a, b, "results of a reused and a fresh parser")
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// checkSkipped requires the skip reason the input deserves: invalid UTF-8,
// else a syntax error.
func checkSkipped(t *testing.T, spec *lang.Spec, src []byte, reason string) {
	t.Helper()
	if !utf8.Valid(src) {
		require.Equal(t, "stream did not contain valid UTF-8", reason)
		return
	}
	require.Equal(t, (&source.SyntaxError{Lang: spec.Name}).Error(), reason)
}

func checkResult(t *testing.T, tree *source.Tree, res Result) {
	t.Helper()
	name := tree.Lang.Name
	lines := tree.LineCount()
	require.Equal(t, lines, res.Lines, "%s: lines", name)
	require.Equal(t, len(tree.Nodes), res.Nodes, "%s: nodes", name)
	inFile := func(what string, line int) {
		if line < 1 || line > max(lines, 1) {
			t.Fatalf("%s: %s on line %d of %d", name, what, line, lines)
		}
	}
	for k, l := range res.SLOC {
		inFile("SLOC line", l)
		if k > 0 && res.SLOC[k-1] >= l {
			t.Fatalf("%s: SLOC lines %v not increasing", name, res.SLOC)
		}
	}
	checkComplexity(t, tree, res.Fns, res.Cx)
	checkClones(t, tree, res)
	checkFacts(t, tree, res, inFile)
	checkReuse(t, tree, res.Reuse, inFile)
	for _, d := range res.Directives {
		inFile("directive", d.Line)
		if d.TargetLine != 0 {
			inFile("directive target", d.TargetLine)
		}
	}
	if res.IgnoreErr != nil {
		var de *source.DirectiveError
		require.True(t, errors.As(res.IgnoreErr, &de), "%s: %v is a *DirectiveError", name, res.IgnoreErr)
		require.Equal(t, res.File.Path, de.Path, "%s: directive error path", name)
		for k, is := range de.Issues {
			inFile("directive issue", is.Line)
			if k > 0 && de.Issues[k-1].Line > is.Line {
				t.Fatalf("%s: directive issues out of order: %v", name, de.Issues)
			}
		}
	}
}

// checkComplexity requires counts that make sense per callable, that do
// not depend on the other callables measured, and that never shrink from
// a callable to the callable enclosing it (its whole subtree counts).
func checkComplexity(t *testing.T, tree *source.Tree, fns []source.Callable, cx []erosion.Complexity) {
	t.Helper()
	name := tree.Lang.Name
	require.Len(t, cx, len(fns), "%s: one complexity per callable", name)
	for k, fn := range fns {
		c := cx[k]
		size := int(tree.Nodes[fn.Node].End) - fn.Node
		if c.CC < 1 || c.CC > size || c.Cog < 0 || c.MaxNesting < 0 || c.MaxNesting >= size {
			t.Fatalf("%s: %s (%d nodes) has complexity %+v", name, fn.QualifiedName, size, c)
		}
		if alone := erosion.Measure(tree, fns[k:k+1])[0]; alone != c {
			t.Fatalf("%s: %s measures %+v alone, %+v among the others", name, fn.QualifiedName, alone, c)
		}
		for j := k + 1; j < len(fns) && fns[j].Node < int(tree.Nodes[fn.Node].End); j++ {
			if cx[j].CC > c.CC || cx[j].MaxNesting > c.MaxNesting {
				t.Fatalf("%s: %s %+v encloses %s %+v", name, fn.QualifiedName, c, fns[j].QualifiedName, cx[j])
			}
		}
	}
}

// checkClones requires each candidate to be one of the callables with
// SLOC, in order, showing the first lines of its span as written.
func checkClones(t *testing.T, tree *source.Tree, res Result) {
	t.Helper()
	name := tree.Lang.Name
	srcLines := strings.Split(string(tree.Src), "\n")
	k := 0
	for _, c := range res.Clones {
		for k < len(res.Fns) && (res.Fns[k].StartLine != c.StartLine || res.Fns[k].EndLine != c.EndLine) {
			k++
		}
		if k == len(res.Fns) {
			t.Fatalf("%s: clone candidate %d-%d is no callable, or out of order", name, c.StartLine, c.EndLine)
		}
		fn := res.Fns[k]
		k++
		if c.Path != res.File.Path || c.SLOC != fn.SLOC || c.SLOC < 1 || len(c.Hash) != 64 || strings.Trim(c.Hash, "0123456789abcdef") != "" {
			t.Fatalf("%s: clone candidate %+v of %s", name, c, fn.QualifiedName)
		}
		want := min(3, fn.EndLine-fn.StartLine+1)
		if len(c.FirstLines) != want {
			t.Fatalf("%s: %s shows %d first lines, want %d", name, fn.QualifiedName, len(c.FirstLines), want)
		}
		for i, l := range c.FirstLines {
			if l != strings.TrimSuffix(srcLines[fn.StartLine-1+i], "\r") {
				t.Fatalf("%s: %s line %d shown as %q", name, fn.QualifiedName, fn.StartLine+i, l)
			}
		}
	}
}

// checkFacts requires the structural facts to be parallel to the
// callables, with calls inside their callable and indexes that exist.
func checkFacts(t *testing.T, tree *source.Tree, res Result, inFile func(string, int)) {
	t.Helper()
	name := tree.Lang.Name
	facts := res.Facts
	require.Equal(t, res.File.Path, facts.Path, "%s: facts path", name)
	require.Equal(t, tree.Lang, facts.Lang, "%s: facts language", name)
	require.Equal(t, res.Fns, facts.Callables, "%s: facts callables", name)
	require.Len(t, facts.Structure, len(res.Fns), "%s: one structure per callable", name)
	require.Len(t, facts.Metrics, len(res.Fns), "%s: one metric per callable", name)
	for k, fn := range res.Fns {
		m, c := facts.Metrics[k], res.Cx[k]
		require.Equal(t, rules.FunctionMetrics{CC: c.CC, Cog: c.Cog, MaxNesting: c.MaxNesting}, m, "%s: metrics", name)
		st := facts.Structure[k]
		last := 0
		for _, call := range st.Calls {
			if call.Name == "" || call.Line < max(fn.StartLine, last) || call.Line > fn.EndLine || call.Nesting < 0 {
				t.Fatalf("%s: %s (%d-%d) calls %+v after line %d", name, fn.QualifiedName, fn.StartLine, fn.EndLine, call, last)
			}
			last = call.Line
		}
		params := len(fn.Params)
		if st.Body.Kind == source.ShapeParam && (st.Body.Param < 0 || st.Body.Param >= params) {
			t.Fatalf("%s: %s returns parameter %d of %d", name, fn.QualifiedName, st.Body.Param, params)
		}
		for _, a := range st.Body.Args {
			if a.Kind == source.ArgParam && (a.Param < 0 || a.Param >= params || fn.Params[a.Param] != a.Text) {
				t.Fatalf("%s: %s passes parameter %d (%q) of %q", name, fn.QualifiedName, a.Param, a.Text, fn.Params)
			}
		}
	}
	for _, imp := range facts.Imports {
		inFile("import", imp.Line)
		if imp.Local == "" || imp.Target == "" || len(imp.Suffixes) == 0 {
			t.Fatalf("%s: import binding %+v", name, imp)
		}
	}
}

// checkReuse requires DIR facts for every tree of a language that takes
// part in DIR, lines inside the file and the sorted, distinct lists the
// type promises.
func checkReuse(t *testing.T, tree *source.Tree, facts *reuse.Facts, inFile func(string, int)) {
	t.Helper()
	name := tree.Lang.Name
	if tree.Lang.Exports.System == nil {
		require.Nil(t, facts, "%s takes no part in DIR", name)
		return
	}
	require.NotNil(t, facts, "%s: DIR facts", name)
	require.NotEmpty(t, facts.Modules, "%s: the file's own module", name)
	require.Empty(t, facts.Modules[0].Inline, "%s: the file's own module comes first", name)
	if facts.MainGuard != 0 {
		inFile("main guard", facts.MainGuard)
	}
	for _, w := range facts.Warnings {
		inFile("DIR warning", w.Line)
	}
	for _, m := range facts.Modules {
		for _, d := range m.Defs {
			inFile("definition", d.Line)
			if d.Name == "" || d.Kind == "" {
				t.Fatalf("%s: definition %+v", name, d)
			}
		}
		for _, imp := range m.Imports {
			inFile("import", imp.Line)
		}
		for k, r := range m.Refs {
			inFile("reference", r.Line)
			if len(r.Segs) == 0 || (k > 0 && slices.Compare(m.Refs[k-1].Segs, r.Segs) >= 0) {
				t.Fatalf("%s: references not sorted and distinct at %q", name, r.Segs)
			}
		}
		for _, list := range [][]string{m.Strings, m.Dynamic} {
			for k := 1; k < len(list); k++ {
				if list[k-1] >= list[k] {
					t.Fatalf("%s: list not sorted and distinct: %q", name, list)
				}
			}
		}
	}
}

// checkRun feeds the one file to the whole-run steps: clone groups,
// structural rules (low-use-short-function on), DIR and the JSON report.
// Findings must lie in the file, DIR must be a share, and the report must
// be one line of valid JSON agreeing with the file's counts.
func checkRun(t *testing.T, dir string, res Result) {
	t.Helper()
	lines := max(res.Lines, 1)
	for _, b := range clones.Detect(res.Clones) {
		if b.Path != res.File.Path || b.StartLine < 1 || b.EndLine > lines || b.Instances < 2 {
			t.Fatalf("clone block %+v", b)
		}
	}
	low := config.Default(dir).LowUse
	low.Enabled = true
	for _, fd := range rules.Structural([]rules.FileFacts{res.Facts}, low) {
		if fd.Path != res.File.Path || fd.Line < 1 || fd.Line > fd.EndLine || fd.EndLine > lines {
			t.Fatalf("structural finding %+v", fd)
		}
	}
	r := Assemble([]Result{res})
	r.DIR = reuse.Compute([]reuse.File{{Path: filepath.Base(res.File.Path), Lang: res.File.Lang, Facts: res.Reuse}},
		reuse.Options{RootName: filepath.Base(dir)})
	for _, v := range []*float64{r.DIR.Dir, r.DIR.WithTests, r.DIR.Reachable, r.DIR.Lenient, r.DIR.Macro} {
		if v != nil && !(*v >= 0 && *v <= 1) {
			t.Fatalf("DIR share %v in %+v", *v, r.DIR)
		}
	}
	require.LessOrEqual(t, r.DIR.Used, r.DIR.Exported, "DIR used symbols")
	require.Equal(t, 1, r.FilesScanned)
	require.Equal(t, len(res.SLOC), r.TotalLOC)
	require.Equal(t, len(res.Fns), r.TotalFunctions)
	var out bytes.Buffer
	require.NoError(t, report.WriteJSON(&out, r))
	require.True(t, json.Valid(out.Bytes()) && bytes.Count(out.Bytes(), []byte{'\n'}) == 1, "report %q", out.String())
}
