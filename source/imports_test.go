package source_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func TestImports(t *testing.T) {
	py := func(mod string) []string { return []string{mod + ".py", mod + "/__init__.py"} }
	rs := func(mod string) []string { return []string{mod + ".rs", mod + "/mod.rs"} }
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want []source.ImportBinding
	}{
		{"python from import binds the name", lang.Python, "from helpers import _clean\n",
			[]source.ImportBinding{{Local: "_clean", Target: "_clean", Suffixes: py("helpers"), Line: 1}}},
		{"python dotted module, alias and a second name", lang.Python, "from pkg.sub import a as b, c\n",
			[]source.ImportBinding{
				{Local: "b", Target: "a", Suffixes: py("pkg/sub"), Line: 1},
				{Local: "c", Target: "c", Suffixes: py("pkg/sub"), Line: 1},
			}},
		{"python parenthesised names", lang.Python, "from m import (\n    x,\n    y,\n)\n",
			[]source.ImportBinding{
				{Local: "x", Target: "x", Suffixes: py("m"), Line: 1},
				{Local: "y", Target: "y", Suffixes: py("m"), Line: 1},
			}},
		{"python relative dots are dropped", lang.Python, "from ..pkg.rel import x\n",
			[]source.ImportBinding{{Local: "x", Target: "x", Suffixes: py("pkg/rel"), Line: 1}}},
		{"python a module of dots alone binds nothing", lang.Python, "from . import x\nfrom .. import y\n", nil},
		{"python wildcards bind nothing", lang.Python, "from m import *\n", nil},
		{"python plain import binds nothing", lang.Python, "import helpers\nimport a.b as c\n", nil},
		{"python only top-level imports bind", lang.Python,
			"if X:\n    from a import b\ndef f():\n    from c import d\ntry:\n    from e import g\nexcept E:\n    pass\n", nil},
		{"rust crate path", lang.Rust, "use crate::helpers::clean;\n",
			[]source.ImportBinding{{Local: "clean", Target: "clean", Suffixes: rs("helpers"), Line: 1}}},
		{"rust nested lists, aliases, wildcards and self", lang.Rust,
			"use crate::a::{b::c, d as e, f::*, self, g::{h, i as j}};\n",
			[]source.ImportBinding{
				{Local: "c", Target: "c", Suffixes: rs("a/b"), Line: 1},
				{Local: "e", Target: "d", Suffixes: rs("a"), Line: 1},
				{Local: "h", Target: "h", Suffixes: rs("a/g"), Line: 1},
				{Local: "j", Target: "i", Suffixes: rs("a/g"), Line: 1},
			}},
		{"rust super and self are not segments", lang.Rust, "use super::helpers::clean as tidy;\nuse self::x::y;\n",
			[]source.ImportBinding{
				{Local: "tidy", Target: "clean", Suffixes: rs("helpers"), Line: 1},
				{Local: "y", Target: "y", Suffixes: rs("x"), Line: 2},
			}},
		{"rust external crates bind too", lang.Rust, "pub use std::fmt;\n",
			[]source.ImportBinding{{Local: "fmt", Target: "fmt", Suffixes: rs("std"), Line: 1}}},
		{"rust a single segment has no module", lang.Rust, "use clean;\nuse crate::clean;\nuse crate::{clean as c};\n", nil},
		{"rust uses inside a mod or fn do not bind", lang.Rust,
			"mod m {\n    use crate::a::b;\n}\nfn f() {\n    use crate::c::d;\n}\n", nil},
		{"rust comments in a list bind nothing", lang.Rust, "use a::b::{/* note */ c};\n",
			[]source.ImportBinding{{Local: "c", Target: "c", Suffixes: rs("a/b"), Line: 1}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, parse(t, tc.spec, tc.src).Imports())
		})
	}
}
