package source_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// fuzzSeeds are small snippets of both languages; the erosion fixtures are
// added to them in FuzzParse.
var fuzzSeeds = []string{
	"",
	"value = 1\n",
	"def _identity(value):\n    return value\n",
	"def route(value, fallback=None):\n    if value and fallback:\n        return mk(value)\n    return fallback\n",
	"\"module docstring\"\nb\"payload\"\nf\"{value}\"\nr\"plain raw string\"\nvalue = 1\n",
	"@dec\nclass C[T]:\n    def m(self, *a, **k):\n        return [x for x in a if x] or {k: v for k, v in k.items()}\n",
	"x = \\\n    \\\n    'a'\n",
	"\ufeff\"\"\"doc\"\"\"\r\nx = 1\r\n",
	"def broken(:\n",
	"pub fn value() -> i32 { 1 }\n",
	"/// doc\nfn f(x: Option<i32>) -> i32 {\n    if let Some(v) = x { v } else if x.is_none() && true { 0 } else { 1 }\n}\n",
	"mod inner {\n    fn route(value: i32) -> i32 {\n        clean(value)\n    }\n}\n",
	"impl<T> Foo<T> {\n    fn m(&self) {\n        let f = || loop { break 1; };\n    }\n}\n",
	"macro_rules! m {\n    () => { fn hidden() {} };\n}\n",
	"fn broken( {\n",
	"/* a\n/* b */\n*/ const S: &str = \"x\n}\n\";\n",
}

// lineCount splits on \n with no empty line after a final newline (spec 5).
func lineCount(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// FuzzParse feeds arbitrary bytes to both parsers. Whatever parses must
// yield SLOC lines inside the file, callables with sane spans, and
// complexity counts, without panicking.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, spec := range lang.All() {
		paths, _ := filepath.Glob(filepath.Join("..", "testdata", spec.Name, "erosion", "*"))
		for _, path := range paths {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, spec := range lang.All() {
			checkInvariants(t, spec, src)
		}
	})
}

func checkInvariants(t *testing.T, spec *lang.Spec, src []byte) {
	p, err := source.NewParser(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	tree, err := p.Parse(src)
	if err != nil {
		return // a syntax error is a normal outcome
	}
	lines := lineCount(src)
	sloc := tree.SLOC()
	if !slices.IsSorted(sloc) || len(slices.Compact(slices.Clone(sloc))) != len(sloc) {
		t.Fatalf("%s: SLOC lines not strictly increasing: %v", spec.Name, sloc)
	}
	for _, l := range sloc {
		if l < 1 || l > lines {
			t.Fatalf("%s: SLOC line %d outside 1..%d", spec.Name, l, lines)
		}
	}
	fns := tree.Callables(sloc)
	for _, fn := range fns {
		if fn.StartLine < 1 || fn.StartLine > fn.EndLine {
			t.Fatalf("%s: %s spans %d..%d", spec.Name, fn.QualifiedName, fn.StartLine, fn.EndLine)
		}
		if fn.SLOC > fn.EndLine-fn.StartLine+1 {
			t.Fatalf("%s: %s has sloc %d in %d lines", spec.Name, fn.QualifiedName, fn.SLOC, fn.EndLine-fn.StartLine+1)
		}
	}
	for k, c := range erosion.Measure(tree, fns) {
		if c.CC < 1 || c.Cog < 0 || c.MaxNesting < 0 {
			t.Fatalf("%s: %s has complexity %+v", spec.Name, fns[k].QualifiedName, c)
		}
	}
}
