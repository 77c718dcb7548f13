package reuse

import (
	"path"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// DottedFiles (Python): a file is a module named by its dotted path, a
// package's init file names its directory, imports are absolute or
// relative by leading dots; a module's namespace holds its definitions
// and the names its imports bind, and a wildcard import brings in the
// public names (or the literal export list) of a module.

func init() { register("dotted", dottedSystem{}) }

type dottedSystem struct{}

// dotted returns a language's DottedFiles data.
func dotted(spec *lang.Spec) *lang.DottedFiles { return spec.Exports.System.(*lang.DottedFiles) }

// dottedTable is what reading a DottedFiles file needs of its grammar.
type dottedTable struct {
	*table
	d                                              *lang.DottedFiles
	wrapperField, guardField, leftField, typeField uint16
	right, typeAliasName, fromModule, importName   uint16
	aliasName, alias, callFunction, callArguments  uint16
	mainGuards, typeGuards, typeAliasAnnotation    map[string]bool
}

func (dottedSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	d := dotted(g.Spec)
	add(roleWrapper, d.Wrappers...)
	add(roleBlock, d.Blocks...)
	add(roleAssignment, d.Assignment)
	add(roleAugmented, d.AugmentedAssignment)
	add(roleTypeAlias, d.TypeAlias)
	add(roleImportModule, d.ImportModule)
	add(roleImportFrom, d.ImportFrom)
	add(roleRelative, d.RelativeImport)
	add(roleImportPrefix, d.ImportPrefix)
	add(roleAlias, d.Alias)
	add(roleWildcard, d.Wildcard)
	add(roleCall, d.Call)
	f := g.FieldID
	return &dottedTable{
		table: core, d: d,
		wrapperField: f(d.WrapperField), guardField: f(d.GuardField), leftField: f(d.LeftField),
		typeField: f(d.TypeField), right: f(d.ValueField), typeAliasName: f(d.TypeAliasNameField),
		fromModule: f(d.FromModuleField), importName: f(d.ImportNameField), aliasName: f(d.AliasNameField),
		alias: f(d.AliasField), callFunction: f(d.CallFunctionField), callArguments: f(d.CallArgumentsField),
		mainGuards: set(d.MainGuards), typeGuards: set(d.TypeCheckingGuards),
		typeAliasAnnotation: set(d.TypeAliasAnnotations),
	}
}

func (x *extractor) dotted() *dottedTable { return x.tab.sys.(*dottedTable) }

func (dottedSystem) extract(x *extractor) {
	x.dottedModule(0)
	x.scan(0, 0)
}

func (dottedSystem) resolver(pr *project) resolver {
	return &dottedResolver{pr: pr, tops: map[string]*module{}}
}

// dottedResolver resolves DottedFiles modules.
type dottedResolver struct {
	pr   *project
	tops map[string]*module // top-level names
}

func (r *dottedResolver) childrenInScope() bool { return false }

func (r *dottedResolver) escapeTargets(m *module) []target { return ownDefs(m) }

// resolveRef resolves a reference through m's namespace.
func (r *dottedResolver) resolveRef(m *module, _ *ModuleFacts, segs []string) []target {
	return one(r.pr.lookupPath(m, segs))
}

// starSource is the module a wildcard import names.
func (r *dottedResolver) starSource(m *module, imp *Import, _ int) *module {
	return r.importBase(m, imp)
}

// resolveImport returns the module an import names, or for a `from`
// import the name in it: a submodule, else a name of its namespace.
func (r *dottedResolver) resolveImport(m *module, imp *Import, depth int) (target, bool) {
	if imp.Name == "" {
		if imp.First {
			if top, ok := r.tops[imp.Path[0]]; ok {
				return target{mod: top}, true
			}
			return target{}, false
		}
		if base := r.importBase(m, imp); base != nil {
			return target{mod: base}, true
		}
		return target{}, false
	}
	base := r.importBase(m, imp)
	if base == nil {
		return target{}, false
	}
	return r.pr.member(base, imp.Name, depth+1)
}

// unresolved reports an import that resolved to nothing yet names the
// project (a relative import, or one whose first name is a top-level
// module of the project), and an `import a.b.c` that binds a while a.b.c
// is missing.
func (r *dottedResolver) unresolved(_ *module, imp *Import, resolved bool) bool {
	if resolved {
		return imp.First && len(imp.Path) > 1 && r.pr.byName[strings.Join(imp.Path, ".")] == nil
	}
	if imp.Level > 0 {
		return true
	}
	_, ok := r.tops[firstOr(imp.Path)]
	return ok
}

func firstOr(p []string) string {
	if len(p) == 0 {
		return ""
	}
	return p[0]
}

// dottedName returns a DottedFiles module's segments from its file path:
// the path without its extension and without a leading source directory,
// a package init file naming its directory.
func dottedName(spec *lang.DottedFiles, p string) (segs []string, pkg bool) {
	dir, base := path.Split(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if spec.SourceDir != "" && strings.HasPrefix(dir, spec.SourceDir+"/") {
		dir = strings.TrimPrefix(dir, spec.SourceDir+"/")
	}
	for _, s := range strings.Split(strings.Trim(dir, "/"), "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	if stem == spec.InitFile {
		return segs, true
	}
	return append(segs, stem), false
}

// build adds the DottedFiles modules: one per file, named by its
// dotted path, plus virtual package modules for directories; a file inside
// a package tree that does not start at the root or the source directory
// is also known by its name from the top package's parent.
func (r *dottedResolver) build(files []File) {
	pr := r.pr
	type named struct {
		f    File
		segs []string
		pkg  bool
	}
	var all []named
	inits := map[string]bool{} // directories holding a package init file
	rootPackage := false
	for _, f := range files {
		segs, pkg := dottedName(dotted(f.Lang), f.Path)
		all = append(all, named{f, segs, pkg})
		if pkg {
			inits[path.Dir(f.Path)] = true
			rootPackage = rootPackage || len(segs) == 0
		}
	}
	// When the root itself is a package (it holds an init file), its
	// modules are named from the root directory's own name, as the
	// project imports them (django.db.models).
	if rootPackage && pr.opts.RootName != "" {
		for k := range all {
			all[k].segs = append([]string{pr.opts.RootName}, all[k].segs...)
		}
	}
	var aliases []named
	for _, n := range all {
		if len(n.segs) == 0 {
			continue // an init file at the root names no module
		}
		spec := &n.f.Lang.Exports
		m := r.dottedModule(n.segs, n.f.Lang)
		if !m.virtual {
			continue // two files for one name: the first (by path) wins
		}
		m.virtual, m.path, m.pkg = false, n.f.Path, n.pkg
		m.test = spec.IsTest(n.f.Path)
		base := path.Base(n.f.Path)
		for _, e := range spec.EntryFiles {
			if base == e {
				m.entry = base
			}
		}
		for k := range n.f.Facts.Modules {
			m.addPart(&n.f.Facts.Modules[k])
		}
		if g := n.f.Facts.MainGuard; g > 0 && m.entry == "" {
			m.entry = "__main__ guard at line " + itoa(g)
		}
		pr.modules = append(pr.modules, m)
		// the name from the top package's parent
		dir := path.Dir(n.f.Path)
		top := ""
		for d := dir; d != "." && d != "/" && inits[d]; d = path.Dir(d) {
			top = d
		}
		if top != "" && path.Dir(top) != "." {
			rel := strings.TrimPrefix(n.f.Path, path.Dir(top)+"/")
			if segs, _ := dottedName(&lang.DottedFiles{InitFile: dotted(n.f.Lang).InitFile}, rel); len(segs) > 0 {
				aliases = append(aliases, named{n.f, segs, n.pkg})
			}
		}
	}
	for _, a := range aliases {
		key := strings.Join(a.segs, ".")
		if _, taken := pr.byName[key]; !taken {
			pr.byName[key] = pr.byPath(a.f.Path)
		}
	}
	for _, d := range pr.opts.Entries {
		if m := pr.byName[d.Module]; m != nil && !m.virtual && m.entry == "" {
			m.entry = d.Reason
		}
	}
}

func (pr *project) byPath(p string) *module {
	for _, m := range pr.modules {
		if m.path == p {
			return m
		}
	}
	return nil
}

// dottedModule returns the module named by segs, creating it and its
// parents as virtual modules when missing.
func (r *dottedResolver) dottedModule(segs []string, spec *lang.Spec) *module {
	pr := r.pr
	var parent *module
	for i := range segs {
		name := strings.Join(segs[:i+1], ".")
		m := pr.byName[name]
		if m == nil {
			m = newModule(name, "", spec)
			m.virtual = true
			m.parent = parent
			m.root = m
			pr.byName[name] = m
			if parent != nil {
				parent.children[segs[i]] = m
			} else {
				r.tops[segs[i]] = m
			}
		}
		parent = m
	}
	return parent
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// importBase is the module an import's path names (DottedFiles): by its
// absolute name, or for a relative import from the importing module's
// package, one package up per extra leading dot.
func (r *dottedResolver) importBase(m *module, imp *Import) *module {
	pr := r.pr
	if imp.Level == 0 {
		if len(imp.Path) == 0 {
			return nil
		}
		return pr.byName[strings.Join(imp.Path, ".")]
	}
	base := m
	if !m.pkg {
		base = m.parent
	}
	for k := 1; k < imp.Level && base != nil; k++ {
		base = base.parent
	}
	if base == nil {
		if len(imp.Path) == 0 {
			return nil
		}
		return pr.byName[strings.Join(imp.Path, ".")]
	}
	for _, s := range imp.Path {
		c, ok := base.children[s]
		if !ok {
			return nil
		}
		base = c
	}
	return base
}

// dottedModule reads the module-level statements under node n of a
// DottedFiles file: definitions, constants, type aliases and the export
// list, descending into blocks that still run at module level but not
// into a main guard or a type-checking-only block.
func (x *extractor) dottedModule(n int) {
	t, tab := x.t, x.dotted()
	m := &x.facts.Modules[0]
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			return
		}
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
	t, tab := x.t, x.dotted()
	e := tab.d
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
			Message: x.dotted().d.ExportList + " is not a literal list of strings; public names follow the naming rule"})
	}
	m.ExportListDynamic = true
	m.ExportList = nil
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

// scan reads imports, references, dotted-path strings and dynamic
// attribute lookups in nodes [n, End(n)) into module mod (DottedFiles).
// Imports come first: without a wildcard import, a reference can only
// matter when its name is imported or defined in the module, so others
// are skipped before any string is made of them.
func (x *extractor) scan(n, mod int) {
	t := x.t
	end := int(t.Nodes[n].End)
	for j := n; j < end; j++ {
		if t.Stopped() {
			return
		}
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
		if t.Stopped() {
			return
		}
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

// dynamicAttribute reads getattr(ref, "name") as a reference to ref.name
// and getattr(ref, expr) as a dynamic lookup on ref.
func (x *extractor) dynamicAttribute(call, mod int) {
	t, tab := x.t, x.dotted()
	fn := t.ChildByField(call, tab.callFunction)
	if fn < 0 || tab.d.DynamicAttribute == "" || string(t.Bytes(fn)) != tab.d.DynamicAttribute {
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
	t, tab := x.t, x.dotted()
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
	t, tab := x.t, x.dotted()
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
