package reuse

import (
	"strings"
)

// dottedModule reads the module-level statements under node n of a
// DottedFiles file: definitions, constants, type aliases and the export
// list, descending into blocks that still run at module level but not
// into a main guard or a type-checking-only block.
func (x *extractor) dottedModule(n int) {
	t, tab := x.t, x.tab
	m := &x.facts.Modules[0]
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		r := x.role(c)
		switch {
		case r&roleBlock != 0:
			if cond := t.ChildByField(c, tab.guardField); cond >= 0 {
				text := squeeze(t.Text(cond))
				if tab.mainGuards[text] {
					if x.facts.MainGuard == 0 {
						x.facts.MainGuard = t.StartLine(c)
					}
					continue
				}
				if tab.typeGuards[text] {
					continue
				}
			}
			x.dottedModule(c)
		case r&roleWrapper != 0:
			if d := t.ChildByField(c, tab.wrapperField); d >= 0 && x.role(d)&roleDef != 0 {
				x.addDef(m, d, x.tab.defs[t.Nodes[d].Kind].Symbol, t.StartLine(c))
			}
		case r&roleDef != 0:
			x.addDef(m, c, x.tab.defs[t.Nodes[c].Kind].Symbol, t.StartLine(c))
		case r&roleTypeAlias != 0:
			if left := t.ChildByField(c, tab.typeAliasName); left >= 0 {
				if id := x.firstName(left); id >= 0 {
					name := t.Text(id)
					m.Defs = append(m.Defs, Def{Name: name, Kind: "type_alias", Line: t.StartLine(c), Public: x.public(name)})
				}
			}
		case r&roleExpressionStatement != 0:
			for s := t.FirstChild(c); s >= 0; s = t.NextSibling(s) {
				x.dottedStatement(m, s)
			}
		}
	}
}

// dottedStatement reads an assignment, an augmented assignment or an
// extend call at module level.
func (x *extractor) dottedStatement(m *ModuleFacts, s int) {
	t, tab, e := x.t, x.tab, x.tab.spec
	r := x.role(s)
	switch {
	case r&roleAssignment != 0:
		left := t.ChildByField(s, tab.leftField)
		if left < 0 || x.role(left)&roleName == 0 {
			return
		}
		name := t.Text(left)
		right := t.ChildByField(s, tab.right)
		if name == e.ExportList {
			m.ExportList, m.ExportListDynamic = nil, false
			x.extendExportList(m, right, t.StartLine(s))
			return
		}
		kind := ""
		if ty := t.ChildByField(s, tab.typeField); ty >= 0 && tab.typeAliasAnnotation[squeeze(t.Text(ty))] {
			kind = "type_alias"
		} else if isConstantName(name) {
			kind = "constant"
		}
		if kind != "" {
			m.Defs = append(m.Defs, Def{Name: name, Kind: kind, Line: t.StartLine(s), Public: x.public(name)})
		}
	case r&roleAugmented != 0:
		left := t.ChildByField(s, tab.leftField)
		if left >= 0 && t.Text(left) == e.ExportList {
			x.extendExportList(m, t.ChildByField(s, tab.right), t.StartLine(s))
		}
	case r&roleCall != 0:
		// __all__.extend([...]) and __all__.append("x")
		fn := t.ChildByField(s, tab.callFunction)
		if fn < 0 || x.role(fn)&roleMember == 0 {
			return
		}
		obj, attr := t.ChildByField(fn, tab.memberObject), t.ChildByField(fn, tab.memberName)
		if obj < 0 || attr < 0 || t.Text(obj) != e.ExportList {
			return
		}
		args := t.ChildByField(s, tab.callArguments)
		if args < 0 {
			return
		}
		switch t.Text(attr) {
		case "extend":
			for _, a := range t.NamedChildren(args) {
				x.extendExportList(m, a, t.StartLine(s))
			}
		case "append":
			for _, a := range t.NamedChildren(args) {
				if str, ok := x.stringValue(a); ok {
					m.ExportList = append(m.ExportList, str)
				} else {
					x.dynamicExportList(m, t.StartLine(s))
				}
			}
		}
	}
}

// extendExportList adds the strings of a list or tuple literal to the
// export list; anything else makes the list dynamic.
func (x *extractor) extendExportList(m *ModuleFacts, v, line int) {
	t := x.t
	if v < 0 {
		x.dynamicExportList(m, line)
		return
	}
	kind := t.Kind(v)
	if kind != "list" && kind != "tuple" {
		x.dynamicExportList(m, line)
		return
	}
	for _, item := range t.NamedChildren(v) {
		if x.t.Is(item, commentClass) {
			continue
		}
		str, ok := x.stringValue(item)
		if !ok {
			x.dynamicExportList(m, line)
			return
		}
		m.ExportList = append(m.ExportList, str)
	}
	if m.ExportList == nil && !m.ExportListDynamic {
		m.ExportList = []string{}
	}
}

func (x *extractor) dynamicExportList(m *ModuleFacts, line int) {
	if !m.ExportListDynamic {
		x.facts.Warnings = append(x.facts.Warnings, Warning{Line: line,
			Message: x.tab.spec.ExportList + " is not a literal list of strings; public names follow the naming rule"})
	}
	m.ExportListDynamic = true
	m.ExportList = nil
}

// stringValue returns the text of a plain string literal (no
// interpolation, no implicit concatenation).
func (x *extractor) stringValue(n int) (string, bool) {
	t := x.t
	if !t.Is(n, stringClass) {
		return "", false
	}
	content := -1
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		switch {
		case x.role(c)&roleStringContent != 0:
			if content >= 0 {
				return "", false
			}
			content = c
		case t.Named(c) && !t.IsLeaf(c):
			return "", false // an interpolation
		}
	}
	if content < 0 {
		return "", true
	}
	return t.Text(content), true
}

func (x *extractor) addDef(m *ModuleFacts, d int, kind string, line int) {
	nameNode := x.t.ChildByField(d, x.tab.nameField[x.t.Nodes[d].Kind])
	if nameNode < 0 {
		return
	}
	name := x.t.Text(nameNode)
	m.Defs = append(m.Defs, Def{Name: name, Kind: kind, Line: line, Public: x.public(name)})
}

func (x *extractor) public(name string) bool {
	p := x.t.Lang.PrivatePrefix
	return p == "" || !strings.HasPrefix(name, p)
}

// firstName returns the first name node in n's subtree, or -1.
func (x *extractor) firstName(n int) int {
	for j := n; j < int(x.t.Nodes[n].End); j++ {
		if x.role(j)&roleName != 0 {
			return j
		}
	}
	return -1
}

// scan reads imports, references, dotted-path strings and dynamic
// attribute lookups in nodes [n, End(n)) into module mod (DottedFiles).
// Imports come first: without a wildcard import, a reference can only
// matter when its name is imported or defined in the module, so others
// are skipped before any string is made of them.
func (x *extractor) scan(n, mod int) {
	t := x.t
	end := int(t.Nodes[n].End)
	for j := n; j < end; j++ {
		r := x.role(j)
		switch {
		case r&roleImportModule != 0:
			x.importModule(j, mod)
			j = int(t.Nodes[j].End) - 1
		case r&roleImportFrom != 0:
			x.importFrom(j, mod)
			j = int(t.Nodes[j].End) - 1
		}
	}
	m := &x.facts.Modules[mod]
	relevant := map[string]bool{}
	star := false
	for _, imp := range m.Imports {
		star = star || imp.Star
		relevant[imp.Local] = true
	}
	for _, d := range m.Defs {
		relevant[d.Name] = true
	}
	for j := n; j < end; j++ {
		r := x.role(j)
		switch {
		case r&(roleImportModule|roleImportFrom) != 0:
			j = int(t.Nodes[j].End) - 1
		case r&roleName != 0:
			if !star && !relevant[string(t.Bytes(j))] {
				continue
			}
			if segs := x.chain(j); segs != nil {
				x.addRef(mod, segs, t.StartLine(j))
			}
		case r&roleStringContent != 0:
			if b := t.Bytes(j); isDottedPath(b) {
				x.strs[mod][string(b)] = true
			}
		case r&roleCall != 0:
			x.dynamicAttribute(j, mod)
		}
	}
}

// chain returns the reference that starts at name node j: the name and
// the member names read from it, or nil when j is not a reference (a
// member name, a name being defined, a keyword argument's name).
func (x *extractor) chain(j int) []string {
	t, tab := x.t, x.tab
	p := int(t.Nodes[j].Parent)
	if p >= 0 && x.role(p)&roleMember != 0 && t.Nodes[j].Field != tab.members[t.Nodes[p].Kind].object &&
		t.ChildByField(p, tab.members[t.Nodes[p].Kind].object) >= 0 {
		// a member's name; without an object (Java's `max(a)`) the name
		// itself is the reference
		return nil
	}
	// A name being defined sits in a NotReferences field, directly or
	// wrapped once in a node without a field of its own (a type alias's
	// name is a type node holding the identifier).
	for c, level := j, 0; level < 2; level++ {
		p := int(t.Nodes[c].Parent)
		if p < 0 {
			break
		}
		for _, f := range tab.notRef[t.Nodes[p].Kind] {
			if f != 0 && t.Nodes[c].Field == f {
				return nil
			}
		}
		if t.Nodes[c].Field != 0 {
			break
		}
		c = p
	}
	segs := []string{t.Text(j)}
	for c := j; ; {
		p := int(t.Nodes[c].Parent)
		if p < 0 || x.role(p)&roleMember == 0 || t.Nodes[c].Field != tab.members[t.Nodes[p].Kind].object {
			break
		}
		name := t.ChildByField(p, tab.members[t.Nodes[p].Kind].name)
		if name < 0 {
			break
		}
		segs = append(segs, t.Text(name))
		c = p
	}
	return segs
}

// dynamicAttribute reads getattr(ref, "name") as a reference to ref.name
// and getattr(ref, expr) as a dynamic lookup on ref.
func (x *extractor) dynamicAttribute(call, mod int) {
	t, tab := x.t, x.tab
	fn := t.ChildByField(call, tab.callFunction)
	if fn < 0 || tab.spec.DynamicAttribute == "" || string(t.Bytes(fn)) != tab.spec.DynamicAttribute {
		return
	}
	args := t.ChildByField(call, tab.callArguments)
	if args < 0 {
		return
	}
	var items []int
	for _, a := range t.NamedChildren(args) {
		if !t.Is(a, commentClass) {
			items = append(items, a)
		}
	}
	if len(items) < 2 {
		return
	}
	obj := items[0]
	var segs []string
	switch {
	case x.role(obj)&roleName != 0:
		segs = []string{t.Text(obj)}
	case x.role(obj)&roleMember != 0:
		// the chain of the innermost name
		for j := obj; j < int(t.Nodes[obj].End); j++ {
			if x.role(j)&roleName != 0 {
				segs = x.chain(j)
				break
			}
		}
	}
	if segs == nil {
		return
	}
	if name, ok := x.stringValue(items[1]); ok && isIdentifier(name) {
		x.addRef(mod, append(append([]string(nil), segs...), name), t.StartLine(call))
		return
	}
	x.dyn[mod][strings.Join(segs, ".")] = true
}

// importModule reads `import a.b.c` and `import a.b as x`.
func (x *extractor) importModule(stmt, mod int) {
	t, tab := x.t, x.tab
	m := &x.facts.Modules[mod]
	line := t.StartLine(stmt)
	for c := t.FirstChild(stmt); c >= 0; c = t.NextSibling(c) {
		if t.Nodes[c].Field != tab.importName {
			continue
		}
		if x.role(c)&roleAlias != 0 {
			path := x.dottedSegs(t.ChildByField(c, tab.aliasName))
			alias := t.ChildByField(c, tab.alias)
			if len(path) > 0 && alias >= 0 {
				m.Imports = append(m.Imports, Import{Path: path, Local: t.Text(alias), Line: line})
			}
			continue
		}
		if path := x.dottedSegs(c); len(path) > 0 {
			m.Imports = append(m.Imports, Import{Path: path, Local: path[0], First: true, Line: line})
		}
	}
}

// importFrom reads `from [.]*m import a, b as c` and `from m import *`.
func (x *extractor) importFrom(stmt, mod int) {
	t, tab := x.t, x.tab
	m := &x.facts.Modules[mod]
	line := t.StartLine(stmt)
	src := t.ChildByField(stmt, tab.fromModule)
	if src < 0 {
		return
	}
	var path []string
	level := 0
	if x.role(src)&roleRelative != 0 {
		for c := t.FirstChild(src); c >= 0; c = t.NextSibling(c) {
			if x.role(c)&roleImportPrefix != 0 {
				level += strings.Count(t.Text(c), ".")
			} else if t.Named(c) {
				path = x.dottedSegs(c)
			}
		}
	} else {
		path = x.dottedSegs(src)
	}
	for c := t.FirstChild(stmt); c >= 0; c = t.NextSibling(c) {
		switch {
		case x.role(c)&roleWildcard != 0:
			m.Imports = append(m.Imports, Import{Path: path, Level: level, Star: true, Line: line})
		case t.Nodes[c].Field != tab.importName:
		case x.role(c)&roleAlias != 0:
			name := x.dottedSegs(t.ChildByField(c, tab.aliasName))
			alias := t.ChildByField(c, tab.alias)
			if len(name) == 1 && alias >= 0 {
				m.Imports = append(m.Imports, Import{Path: path, Level: level, Name: name[0], Local: t.Text(alias), Line: line})
			}
		default:
			if name := x.dottedSegs(c); len(name) == 1 {
				m.Imports = append(m.Imports, Import{Path: path, Level: level, Name: name[0], Local: name[0], Line: line})
			}
		}
	}
}

// dottedSegs returns the names of a dotted name node, in order.
func (x *extractor) dottedSegs(n int) []string {
	if n < 0 {
		return nil
	}
	var out []string
	for j := n; j < int(x.t.Nodes[n].End); j++ {
		if x.role(j)&roleName != 0 {
			out = append(out, x.t.Text(j))
		}
	}
	return out
}
