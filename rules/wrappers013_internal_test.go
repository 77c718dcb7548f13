package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func parsePython013(t *testing.T, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

// The module-level import bindings 0.1.3 records (0.1.3 §8), worked out
// from its rules: the module of a from-import is its first dotted_name
// child, which for a relative import is the first imported name.
func TestImports013(t *testing.T) {
	cases := []struct {
		name, src string
		want      map[string]string
	}{
		{"import", "import os\n", map[string]string{"os": "os"}},
		{"dotted import binds its root to the whole name", "import a.b.c\n", map[string]string{"a": "a.b.c"}},
		{"aliased import", "import a.b as c, d\n", map[string]string{"c": "a.b", "d": "d"}},
		{"from import", "from m.n import x, y as z\n", map[string]string{"x": "m.n.x", "z": "m.n.y"}},
		{"parenthesised from import", "from m import (x,\n    y)\n", map[string]string{"x": "m.x", "y": "m.y"}},
		{"wildcard binds nothing", "from m import *\n", map[string]string{}},
		{"relative: the first name is the module, the rest are bound under it", "from .x import a, b, c\n",
			map[string]string{"b": "a.b", "c": "a.c"}},
		{"relative, one name: nothing bound", "from .x import a\n", map[string]string{}},
		{"relative, one aliased name: bound to itself", "from .x import a as c\n", map[string]string{"c": "a"}},
		{"relative, first name aliased: the next plain name is the module", "from .x import a as c, b, d\n",
			map[string]string{"c": "b.a", "d": "b.d"}},
		{"current package", "from . import a, b\n", map[string]string{"b": "a.b"}},
		{"parent package with a module", "from ..pkg.mod import a, b\n", map[string]string{"b": "a.b"}},
		{"later statements overwrite", "import a\nfrom m import a\n", map[string]string{"a": "m.a"}},
		{"only module-level statements", "def f():\n    import a\n\nif X:\n    import b\n", map[string]string{}},
		{"__future__ is no import statement", "from __future__ import annotations\n", map[string]string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, imports013(parsePython013(t, tc.src)))
		})
	}
}

// 0.1.3's function finder (0.1.3 §4).
func TestFunctions013(t *testing.T) {
	src := "def top():\n" +
		"    def nested():\n" +
		"        def deeper():\n" +
		"            pass\n" +
		"    if x:\n" +
		"        def in_if():\n" +
		"            pass\n" +
		"\n" +
		"class C:\n" +
		"    @staticmethod\n" +
		"    def method():\n" +
		"        pass\n" +
		"\n" +
		"    class Inner:\n" +
		"        async def inner_method(self):\n" +
		"            pass\n" +
		"\n" +
		"if TYPE_CHECKING:\n" +
		"    def typed():\n" +
		"        pass\n" +
		"try:\n" +
		"    pass\n" +
		"except ImportError:\n" +
		"    def fallback():\n" +
		"        pass\n" +
		"with ctx:\n" +
		"    def in_with():\n" +
		"        pass\n" +
		"for _ in ():\n" +
		"    def in_for():\n" +
		"        pass\n" +
		"\n" +
		"@decorate\n" +
		"def decorated():\n" +
		"    lambda: 0\n"
	var names []string
	for _, fn := range functions013(parsePython013(t, src)) {
		names = append(names, fn.name)
	}
	assert.Equal(t, []string{"top", "nested", "deeper", "method", "inner_method", "decorated"}, names)
}
