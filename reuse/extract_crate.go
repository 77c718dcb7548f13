package reuse

// crateItems reads the items under node n (a file root or an inline
// module's body) of a CrateTree file into module mod: definitions with
// their visibility, use declarations, nested inline modules and the
// references of everything else. Items under a test attribute go to a
// test region of the same module.
func (x *extractor) crateItems(n, mod int, test bool) {
	t, tab := x.t, x.tab
	var attrs []string
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		r := x.role(c)
		if t.Is(c, commentClass) {
			continue
		}
		if r&roleAttribute != 0 {
			attrs = append(attrs, squeeze(t.Text(c)))
			continue
		}
		isTest, exported := test, false
		for _, a := range attrs {
			isTest = isTest || tab.testAttrs[a]
			exported = exported || a == squeeze(tab.spec.ExportAttribute)
		}
		attrs = attrs[:0]
		inline := x.facts.Modules[mod].Inline
		target := mod
		if isTest && !x.facts.Modules[mod].Test {
			target = x.newModule(inline, true)
		}
		switch {
		case r&roleInlineModule != 0:
			name := t.ChildByField(c, tab.moduleName)
			if name < 0 {
				continue
			}
			body := t.ChildByField(c, tab.moduleBody)
			path := append(append([]string(nil), inline...), t.Text(name))
			if body < 0 {
				if isTest {
					x.facts.TestChildren = append(x.facts.TestChildren, path)
				}
				continue
			}
			x.crateItems(body, x.newModule(path, isTest), isTest)
		case r&roleUse != 0:
			x.useDeclaration(c, target)
		case r&roleDef != 0:
			if target == mod && !isTest {
				public := x.hasVisibility(c)
				if r&roleMacroDef != 0 {
					public = exported
				}
				x.addCrateDef(&x.facts.Modules[mod], c, public)
			}
			x.scanPaths(c, target)
		default:
			x.scanPaths(c, target)
		}
	}
}

func (x *extractor) hasVisibility(item int) bool {
	for c := x.t.FirstChild(item); c >= 0; c = x.t.NextSibling(c) {
		if x.role(c)&roleVisibility != 0 {
			return true
		}
	}
	return false
}

func (x *extractor) addCrateDef(m *ModuleFacts, d int, public bool) {
	t := x.t
	nameNode := t.ChildByField(d, x.tab.nameField[t.Nodes[d].Kind])
	if nameNode < 0 {
		return
	}
	m.Defs = append(m.Defs, Def{
		Name: t.Text(nameNode), Kind: x.tab.defs[t.Nodes[d].Kind].Symbol, Line: t.StartLine(d), Public: public,
	})
}

// scanPaths reads the references of nodes [n, End(n)) into module mod:
// every outermost path (`a::b::c`) and every name outside a path, except
// names being defined. Use declarations bind, they do not refer.
func (x *extractor) scanPaths(n, mod int) {
	t, tab := x.t, x.tab
	end := int(t.Nodes[n].End)
	for j := n; j < end; j++ {
		r := x.role(j)
		switch {
		case r&roleUse != 0:
			x.useDeclaration(j, mod)
			j = int(t.Nodes[j].End) - 1
		case r&roleScoped != 0:
			p := int(t.Nodes[j].Parent)
			if p >= 0 && x.role(p)&roleScoped != 0 {
				continue // inside an outer path
			}
			if segs := x.pathSegs(j); segs != nil {
				x.addRef(mod, segs, t.StartLine(j))
			}
		case r&roleName != 0:
			p := int(t.Nodes[j].Parent)
			if p >= 0 && x.role(p)&roleScoped != 0 &&
				(t.Nodes[j].Field == tab.scopedPath || t.Nodes[j].Field == tab.scopedName) {
				continue
			}
			if segs := x.chain(j); segs != nil {
				x.addRef(mod, segs, t.StartLine(j))
			}
		case r&roleStringContent != 0:
			if b := t.Bytes(j); isDottedPath(b) {
				x.strs[mod][string(b)] = true
			}
		}
	}
}

// pathSegs returns the segments of a path node: its names and anchors
// (crate, self, super) in order, or nil when the path holds anything else
// (generic arguments in the middle, a type as the qualifier).
func (x *extractor) pathSegs(n int) []string {
	if n < 0 {
		return nil
	}
	t, tab := x.t, x.tab
	r := x.role(n)
	switch {
	case r&(roleName|roleAnchor) != 0:
		return []string{t.Text(n)}
	case r&roleScoped != 0:
		name := t.ChildByField(n, tab.scopedName)
		if name < 0 {
			return nil
		}
		var head []string
		if path := t.ChildByField(n, tab.scopedPath); path >= 0 {
			if head = x.pathSegs(path); head == nil {
				return nil
			}
		}
		return append(head, t.Text(name))
	}
	return nil
}

// useDeclaration reads a use tree into imports of module mod.
func (x *extractor) useDeclaration(decl, mod int) {
	t, tab := x.t, x.tab
	arg := t.ChildByField(decl, tab.useArgument)
	if arg < 0 {
		return
	}
	public := x.hasVisibility(decl)
	line := t.StartLine(decl)
	type item struct {
		node   int
		prefix []string
	}
	work := []item{{node: arg}}
	var out []Import
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		n, r := it.node, x.role(it.node)
		switch {
		case t.Is(n, commentClass):
		case r&roleUseList != 0:
			kids := t.NamedChildren(n)
			for k := len(kids) - 1; k >= 0; k-- {
				work = append(work, item{node: kids[k], prefix: it.prefix})
			}
		case r&roleScopedUseList != 0:
			prefix := it.prefix
			if p := t.ChildByField(n, tab.useListPath); p >= 0 {
				segs := x.pathSegs(p)
				if segs == nil {
					continue
				}
				prefix = join(prefix, segs)
			}
			if list := t.ChildByField(n, tab.useListList); list >= 0 {
				work = append(work, item{node: list, prefix: prefix})
			}
		case r&roleWildcard != 0:
			path := it.prefix
			for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
				if x.role(c)&(roleName|roleAnchor|roleScoped) != 0 {
					segs := x.pathSegs(c)
					if segs == nil {
						path = nil
						break
					}
					path = join(path, segs)
				}
			}
			if len(path) > 0 {
				out = append(out, Import{Path: path, Star: true, Public: public, Line: line})
			}
		case r&roleAlias != 0:
			segs := x.pathSegs(t.ChildByField(n, tab.aliasName))
			alias := t.ChildByField(n, tab.alias)
			if segs == nil || alias < 0 {
				continue
			}
			path := join(it.prefix, segs)
			out = append(out, Import{Path: selfless(path), Local: t.Text(alias), Public: public, Line: line})
		default:
			segs := x.pathSegs(n)
			if segs == nil {
				continue
			}
			path := selfless(join(it.prefix, segs))
			if len(path) == 0 {
				continue
			}
			out = append(out, Import{Path: path, Local: path[len(path)-1], Public: public, Line: line})
		}
	}
	m := &x.facts.Modules[mod]
	m.Imports = append(m.Imports, out...)
}

// selfless drops a trailing `self` (`use a::b::{self}` binds b).
func selfless(path []string) []string {
	if len(path) > 1 && path[len(path)-1] == "self" {
		return path[:len(path)-1]
	}
	return path
}

func join(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}
