package reuse

import "strings"

// headerFile reads a HeaderUnits file: the names it declares at file
// level (its module's symbols when it is a header), its includes, whether
// it defines the entry function, and every other name it mentions, each a
// possible use of a name an included header declares.
func (x *extractor) headerFile() {
	t := x.t
	m := &x.facts.Modules[0]
	defined := map[int]bool{} // name nodes that declare
	x.headerDecls(m, 0, defined)
	end := int(t.Nodes[0].End)
	for j := 0; j < end; j++ {
		r := x.role(j)
		switch {
		case r&roleImportModule != 0:
			x.include(m, j)
			j = int(t.Nodes[j].End) - 1
		case r&roleName != 0 && !defined[j]:
			x.addRef(0, []string{t.Text(j)}, t.StartLine(j))
		}
	}
}

// headerDecls reads the file-level declarations under node n, descending
// into conditional compilation.
func (x *extractor) headerDecls(m *ModuleFacts, n int, defined map[int]bool) {
	t, tab, e := x.t, x.tab, x.tab.spec
	g := t.Grammar
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		kind := t.Kind(c)
		if _, ok := e.Specifiers[kind]; ok {
			x.tagged(m, c, defined)
			continue
		}
		switch r := x.role(c); {
		case r&roleContainer != 0:
			x.headerDecls(m, c, defined)
		case r&roleDef != 0:
			d := tab.defs[t.Nodes[c].Kind]
			if d.RequiredField != "" && t.ChildByField(c, g.FieldID(d.RequiredField)) < 0 {
				continue
			}
			if ty := t.ChildByField(c, tab.typeField); ty >= 0 {
				if _, ok := e.Specifiers[t.Kind(ty)]; ok {
					x.tagged(m, ty, defined)
				}
			}
			field := tab.nameField[t.Nodes[c].Kind]
			for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
				if t.Nodes[k].Field != field {
					continue
				}
				name, function := k, false
				if d.Declarator {
					name, function = x.declaredName(k)
				}
				if name < 0 {
					continue
				}
				defined[name] = true
				symbol := d.Symbol
				if function && symbol == "variable" {
					symbol = "function"
				}
				if function && t.Text(name) == e.EntryFunction && t.ChildByField(c, x.tab.bodyField) >= 0 {
					m.Entry = e.EntryFunction + " function"
				}
				m.Defs = append(m.Defs, Def{Name: t.Text(name), Kind: symbol, Line: t.StartLine(c), Public: true})
				if !d.Multiple {
					break
				}
			}
		}
	}
}

// declaredName follows a declarator to the name it declares, reporting
// whether a function declarator is on the way; -1 when it holds none.
func (x *extractor) declaredName(k int) (int, bool) {
	t, e := x.t, x.tab.spec
	field := t.Grammar.FieldID(e.DeclaratorField)
	function := false
	for depth := 0; k >= 0 && depth < 64; depth++ {
		if x.role(k)&roleName != 0 {
			return k, function
		}
		kind := t.Kind(k)
		if !containsStr(e.Declarators, kind) {
			return -1, false
		}
		function = function || kind == e.FunctionDeclarator
		next := t.ChildByField(k, field)
		if next < 0 {
			next = -1
			for _, c := range t.NamedChildren(k) {
				if !t.Is(c, commentClass) {
					next = c
					break
				}
			}
		}
		k = next
	}
	return -1, false
}

// tagged reads a tagged type definition with a body, and the
// constants of an enumeration.
func (x *extractor) tagged(m *ModuleFacts, s int, defined map[int]bool) {
	t, e := x.t, x.tab.spec
	g := t.Grammar
	d := e.Specifiers[t.Kind(s)]
	name := t.ChildByField(s, g.FieldID(d.NameField))
	body := t.ChildByField(s, g.FieldID(d.RequiredField))
	if body < 0 {
		return
	}
	if name >= 0 {
		defined[name] = true
		m.Defs = append(m.Defs, Def{Name: t.Text(name), Kind: d.Symbol, Line: t.StartLine(s), Public: true})
	}
	for _, c := range t.NamedChildren(body) {
		ed, ok := e.Enumerators[t.Kind(c)]
		if !ok {
			continue
		}
		if n := t.ChildByField(c, g.FieldID(ed.NameField)); n >= 0 {
			defined[n] = true
			m.Defs = append(m.Defs, Def{Name: t.Text(n), Kind: ed.Symbol, Line: t.StartLine(c), Public: true})
		}
	}
}

// include reads `#include "x.h"` and `#include <x.h>`.
func (x *extractor) include(m *ModuleFacts, j int) {
	t, tab := x.t, x.tab
	p := t.ChildByField(j, tab.importPath)
	if p < 0 {
		return
	}
	system := t.Kind(p) == tab.spec.SystemInclude
	path := strings.Trim(t.Text(p), "\"<> ")
	if !system {
		path = x.stringText(p)
	}
	if path != "" {
		m.Imports = append(m.Imports, Import{Path: []string{path}, System: system, Line: t.StartLine(j)})
	}
}
