package reuse

import (
	"path"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// CrateTree (Rust): a crate's root file and the files and inline modules
// under it form a tree of modules addressed by paths from the crate root
// (crate), the current module (self) or its parent (super); child modules
// are names of their parent's namespace, and an item is public by its
// visibility modifier.

func init() { register("crate", crateSystem{}) }

type crateSystem struct{}

// crate returns a language's CrateTree data.
func crate(spec *lang.Spec) *lang.CrateTree { return spec.Exports.System.(*lang.CrateTree) }

// crateTable is what reading a CrateTree file needs of its grammar.
type crateTable struct {
	*table
	c                                   *lang.CrateTree
	moduleName, moduleBody, useArgument uint16
	useListPath, useListList, aliasName uint16
	alias, scopedPath, scopedName       uint16
	testAttrs                           map[string]bool
}

func (crateSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	c := crate(g.Spec)
	add(roleVisibility, c.Visibility)
	add(roleAttribute, c.Attribute)
	add(roleInlineModule, c.InlineModule)
	add(roleMacroDef, c.MacroDefinition)
	add(roleUse, c.Use)
	add(roleUseList, c.UseList)
	add(roleScopedUseList, c.ScopedUseList)
	add(roleAlias, c.Alias)
	add(roleWildcard, c.Wildcard)
	add(roleScoped, c.Scoped...)
	add(roleAnchor, c.PathAnchors...)
	f := g.FieldID
	return &crateTable{
		table: core, c: c,
		moduleName: f(c.ModuleNameField), moduleBody: f(c.ModuleBodyField), useArgument: f(c.UseArgumentField),
		useListPath: f(c.UseListPathField), useListList: f(c.UseListListField), aliasName: f(c.AliasNameField),
		alias: f(c.AliasField), scopedPath: f(c.ScopedPathField), scopedName: f(c.ScopedNameField),
		testAttrs: set(c.TestAttributes),
	}
}

func (x *extractor) crate() *crateTable { return x.tab.sys.(*crateTable) }

func (crateSystem) extract(x *extractor) { x.crateItems(0, 0, false) }

func (crateSystem) resolver(pr *project) resolver {
	return &crateResolver{pr: pr, crates: map[string]*module{}}
}

// crateResolver resolves CrateTree modules.
type crateResolver struct {
	pr     *project
	crates map[string]*module // library crate roots by crate name
}

func (r *crateResolver) childrenInScope() bool { return true }

func (r *crateResolver) escapeTargets(m *module) []target { return ownDefs(m) }

func (r *crateResolver) resolveRef(m *module, _ *ModuleFacts, segs []string) []target {
	return one(r.resolvePath(m, segs, 0))
}

// starSource is the module a wildcard use names.
func (r *crateResolver) starSource(m *module, imp *Import, depth int) *module {
	t, ok := r.resolvePath(m, imp.Path, depth)
	if !ok || t.name != "" {
		return nil
	}
	return t.mod
}

func (r *crateResolver) resolveImport(m *module, imp *Import, depth int) (target, bool) {
	return r.resolvePath(m, imp.Path, depth)
}

// unresolved reports a use that resolved to nothing yet names the
// project: a path from the crate, self or super.
func (r *crateResolver) unresolved(_ *module, imp *Import, resolved bool) bool {
	return !resolved && len(imp.Path) > 0 && (imp.Path[0] == "crate" || imp.Path[0] == "self" || imp.Path[0] == "super")
}

// crateLayout is where a CrateTree file sits in its crate.
type crateLayout struct {
	top      string   // the crate's top directory ("" for the root)
	crate    string   // crate id: top plus the root file
	segs     []string // module path inside the crate
	root     bool     // the crate's root file
	binary   bool     // an executable crate
	test     bool     // test or bench code
	lib      bool     // the library crate
	nameHint string
}

// layoutOf places a CrateTree file: crates are found by their source
// directory (src/lib.rs, src/main.rs, src/bin/*, tests/*, benches/*,
// examples/*); files outside any source directory form one crate rooted
// at the analysis root.
func layoutOf(spec *lang.Spec, p string, libs map[string]bool) crateLayout {
	c := crate(spec)
	segs := strings.Split(p, "/")
	stem := func(s string) string { return strings.TrimSuffix(s, path.Ext(s)) }
	// the first source, test, bench or examples directory from the root
	for i := 0; i <= len(segs)-2; i++ {
		top := strings.Join(segs[:i], "/")
		rest := segs[i+1:]
		switch {
		case segs[i] == c.SourceDir:
			if len(rest) >= 2 && rest[0] == "bin" {
				bin := stem(rest[1])
				inner := rest[2:]
				if len(rest) == 2 {
					return crateLayout{top: top, crate: top + "#bin/" + bin, root: true, binary: true, nameHint: bin}
				}
				ms := modSegs(inner)
				return crateLayout{top: top, crate: top + "#bin/" + bin, segs: ms, root: len(ms) == 0, binary: true, nameHint: bin}
			}
			if len(rest) == 1 && stem(rest[0]) == "main" {
				return crateLayout{top: top, crate: top + "#main", root: true, binary: true, nameHint: "main"}
			}
			if len(rest) == 1 && stem(rest[0]) == "lib" {
				return crateLayout{top: top, crate: top + "#lib", root: true, lib: true}
			}
			ms := modSegs(rest)
			if libs[top] {
				return crateLayout{top: top, crate: top + "#lib", segs: ms, lib: true}
			}
			return crateLayout{top: top, crate: top + "#main", segs: ms, binary: true, nameHint: "main"}
		case containsStr(spec.Exports.TestDirs, segs[i]):
			return crateLayout{top: top, crate: top + "#" + segs[i] + "/" + stem(rest[0]), segs: modSegs(rest[1:]),
				root: len(rest) == 1, test: true, nameHint: segs[i] + "/" + stem(rest[0])}
		case segs[i] == "examples":
			return crateLayout{top: top, crate: top + "#examples/" + stem(rest[0]), segs: modSegs(rest[1:]),
				root: len(rest) == 1, binary: true, nameHint: "examples/" + stem(rest[0])}
		}
	}
	ms := modSegs(segs)
	if len(segs) == 1 && containsStr(c.CrateRoots, segs[0]) {
		return crateLayout{crate: "#" + stem(segs[0]), root: true, binary: stem(segs[0]) == "main",
			lib: stem(segs[0]) != "main", nameHint: stem(segs[0])}
	}
	if libs[""] || !libs["#main"] {
		return crateLayout{crate: "#lib", segs: ms, lib: true}
	}
	return crateLayout{crate: "#main", segs: ms, binary: true, nameHint: "main"}
}

// modSegs turns the file path inside a source directory into a module
// path: a/b.rs is a::b, a/mod.rs is a.
func modSegs(rest []string) []string {
	if len(rest) == 0 {
		return nil
	}
	out := append([]string(nil), rest[:len(rest)-1]...)
	last := strings.TrimSuffix(rest[len(rest)-1], path.Ext(rest[len(rest)-1]))
	if last != "mod" {
		out = append(out, last)
	}
	return out
}

// build adds the CrateTree modules: a tree per crate, from its files
// and the inline modules inside them.
func (r *crateResolver) build(files []File) {
	pr := r.pr
	libs := map[string]bool{}
	for _, f := range files {
		segs := strings.Split(f.Path, "/")
		n := len(segs)
		switch {
		case n >= 2 && segs[n-2] == crate(f.Lang).SourceDir && segs[n-1] == "lib.rs":
			libs[strings.Join(segs[:n-2], "/")] = true
		case n == 1 && segs[0] == "lib.rs":
			libs[""] = true
		case n == 1 && segs[0] == "main.rs":
			libs["#main"] = true
		}
	}
	roots := map[string]*module{}
	type pending struct {
		f  File
		lo crateLayout
	}
	var testChildren []struct {
		root *module
		path []string
	}
	for _, f := range files {
		lo := layoutOf(f.Lang, f.Path, libs)
		crateName := path.Base(lo.top)
		if lo.top == "" {
			crateName = pr.opts.RootName
		}
		crateName = strings.ReplaceAll(crateName, "-", "_")
		root := roots[lo.crate]
		if root == nil {
			label := crateName
			if lo.nameHint != "" {
				label += "/" + lo.nameHint
			}
			root = newModule(label, "", f.Lang)
			root.virtual = true
			root.root = root
			roots[lo.crate] = root
			if lo.lib {
				if _, ok := r.crates[crateName]; !ok {
					r.crates[crateName] = root
				}
			}
		}
		base := crateModule(root, lo.segs)
		for k := range f.Facts.Modules {
			part := &f.Facts.Modules[k]
			m := crateModule(base, part.Inline)
			if part.Test && !m.test && m.path != "" {
				// a test region beside the module's own items
				region := newModule(m.name+" (tests)", f.Path, f.Lang)
				region.root, region.parent, region.host, region.test = m.root, m.parent, m, true
				region.addPart(part)
				pr.modules = append(pr.modules, region)
				continue
			}
			if m.path == "" {
				m.path = f.Path
				m.virtual = false
				m.test = lo.test || part.Test
				if lo.root && len(part.Inline) == 0 && lo.binary {
					m.entry = "binary crate root"
				}
				pr.modules = append(pr.modules, m)
			}
			m.addPart(part)
		}
		for _, tc := range f.Facts.TestChildren {
			testChildren = append(testChildren, struct {
				root *module
				path []string
			}{base, tc})
		}
	}
	for _, tc := range testChildren {
		if m := crateModule(tc.root, tc.path); m != nil {
			markTest(m)
		}
	}
}

func markTest(m *module) {
	m.test = true
	for _, c := range m.children {
		markTest(c)
	}
}

// crateModule returns the module at segs below m, creating virtual ones.
func crateModule(m *module, segs []string) *module {
	for _, s := range segs {
		c := m.children[s]
		if c == nil {
			c = newModule(m.name+"::"+s, "", m.lang)
			c.virtual = true
			c.parent = m
			c.root = m.root
			c.test = m.test
			m.children[s] = c
		}
		m = c
	}
	return m
}

// resolvePath resolves a CrateTree path as seen from module m: from the
// crate root (crate), m (self) or its ancestors (super), a name in m's
// scope, a library crate of the project by name, or (2015 paths) a
// module at the crate root. Segments after a symbol are its members.
func (r *crateResolver) resolvePath(m *module, segs []string, depth int) (target, bool) {
	pr := r.pr
	if len(segs) == 0 || depth > maxDepth {
		return target{}, false
	}
	scope := m
	if m.host != nil {
		scope = m.host
	}
	var cur *module
	i := 0
	switch segs[0] {
	case "crate":
		cur, i = scope.root, 1
	case "self":
		cur, i = scope, 1
	case "super":
		cur = scope
		for i < len(segs) && segs[i] == "super" {
			if cur = cur.parent; cur == nil {
				return target{}, false
			}
			i++
		}
	default:
		t, ok := pr.lookup(m, segs[0], depth+1)
		if !ok {
			if c, found := r.crates[segs[0]]; found {
				t, ok = target{mod: c}, true
			} else if c, found := scope.root.children[segs[0]]; found {
				t, ok = target{mod: c}, true
			}
		}
		if !ok {
			return target{}, false
		}
		if t.name != "" {
			return t, true
		}
		cur, i = t.mod, 1
	}
	for ; i < len(segs); i++ {
		t, ok := pr.member(cur, segs[i], depth+1)
		if !ok {
			return target{}, false
		}
		if t.name != "" {
			return t, true
		}
		cur = t.mod
	}
	return target{mod: cur}, true
}

// crateItems reads the items under node n (a file root or an inline
// module's body) of a CrateTree file into module mod: definitions with
// their visibility, use declarations, nested inline modules and the
// references of everything else. Items under a test attribute go to a
// test region of the same module.
func (x *extractor) crateItems(n, mod int, test bool) {
	t, tab := x.t, x.crate()
	var attrs []string
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			return
		}
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
			exported = exported || a == squeeze(tab.c.ExportAttribute)
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
	t, tab := x.t, x.crate()
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
	t, tab := x.t, x.crate()
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
	t, tab := x.t, x.crate()
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
