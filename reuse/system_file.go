package reuse

import (
	"path"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// FileModules (JavaScript, TypeScript, TSX): a file is a module named by
// its path; imports and re-exports name files by specifiers relative to
// the importing file (or through a tsconfig's paths and baseUrl), and a
// module's exports are its exported declarations, its re-exports and
// what its wildcard re-exports bring.

func init() { register("file", fileSystem{}) }

type fileSystem struct{}

// fileModules returns a language's FileModules data.
func fileModules(spec *lang.Spec) *lang.FileModules { return spec.Exports.System.(*lang.FileModules) }

// fileTable is what reading a FileModules file needs of its grammar.
type fileTable struct {
	*table
	e                                  *lang.FileModules
	leftField, right, aliasName, alias uint16
	callFunction, callArguments        uint16
}

func (fileSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	e := fileModules(g.Spec)
	add(roleAssignment, e.Assignment)
	add(roleCall, e.Call)
	f := g.FieldID
	return &fileTable{
		table: core, e: e,
		leftField: f(e.LeftField), right: f(e.ValueField), aliasName: f(e.AliasNameField), alias: f(e.AliasField),
		callFunction: f(e.CallFunctionField), callArguments: f(e.CallArgumentsField),
	}
}

func (x *extractor) fileModules() *fileTable { return x.tab.sys.(*fileTable) }

func (fileSystem) extract(x *extractor) { x.fileModule() }

func (fileSystem) resolver(pr *project) resolver {
	return &fileResolver{pr: pr, files: map[string]*module{}}
}

// fileResolver resolves FileModules modules.
type fileResolver struct {
	pr    *project
	files map[string]*module // by path
}

func (r *fileResolver) childrenInScope() bool { return false }

func (r *fileResolver) resolveRef(m *module, _ *ModuleFacts, segs []string) []target {
	return one(r.resolveFileRef(m, segs))
}

// starSource is the module a wildcard re-export names.
func (r *fileResolver) starSource(m *module, imp *Import, _ int) *module {
	return r.specifierModule(m, imp.Path[0])
}

func (r *fileResolver) resolveImport(m *module, imp *Import, depth int) (target, bool) {
	return r.fileImport(m, imp, depth)
}

// unresolved reports a specifier that resolved to nothing yet names the
// project: a relative one, or one matching a tsconfig alias, unless it
// names a file that was skipped.
func (r *fileResolver) unresolved(m *module, imp *Import, resolved bool) bool {
	return !resolved && (strings.HasPrefix(imp.Path[0], ".") || r.aliased(m, imp.Path[0])) && !r.namesUnparsed(m, imp.Path[0])
}

// build adds the FileModules modules, one per file named by its
// path, and marks the targets of the manifests' entries.
func (r *fileResolver) build(files []File) {
	pr := r.pr
	for _, f := range files {
		m := newModule(f.Path, f.Path, f.Lang)
		m.root = m
		m.test = f.Lang.IsTest(f.Path)
		for k := range f.Facts.Modules {
			m.addPart(&f.Facts.Modules[k])
		}
		pr.modules = append(pr.modules, m)
		r.files[f.Path] = m
	}
	if len(files) == 0 {
		return
	}
	spec := files[0].Lang
	for _, man := range r.pr.opts.Manifests {
		for _, e := range man.Entries {
			m := r.fileAt(path.Join(man.Dir, e.Target), spec)
			if m != nil && !m.test && m.entry == "" {
				m.entry = e.Reason
			}
		}
	}
}

// fileAt returns the FileModules module a path names: the file itself,
// the sources its extension may stand for, the path with each resolvable
// extension, or the directory's index file.
func (r *fileResolver) fileAt(p string, spec *lang.Spec) *module {
	var out *module
	candidates(p, spec, func(c string) bool {
		out = r.files[c]
		return out != nil
	})
	return out
}

// candidates calls found with each path p may name, in order, until it
// reports true: the file itself, the sources its extension may stand for,
// the path with each resolvable extension, the directory's index file.
func candidates(p string, spec *lang.Spec, found func(string) bool) {
	e := fileModules(spec)
	if found(p) {
		return
	}
	ext := strings.TrimPrefix(path.Ext(p), ".")
	for _, alt := range e.SpecifierRewrites[ext] {
		if found(strings.TrimSuffix(p, ext) + alt) {
			return
		}
	}
	for _, x := range e.ResolveExtensions {
		if found(p + "." + x) {
			return
		}
	}
	for _, x := range e.ResolveExtensions {
		if found(path.Join(p, e.IndexFile+"."+x)) {
			return
		}
	}
}

// namesUnparsed reports whether a relative specifier of module m names a
// file that was skipped.
func (r *fileResolver) namesUnparsed(m *module, spec string) bool {
	if !strings.HasPrefix(spec, ".") || len(r.pr.unparsed) == 0 {
		return false
	}
	hit := false
	candidates(path.Join(path.Dir(m.path), spec), m.lang, func(c string) bool {
		hit = r.pr.unparsed[c]
		return hit
	})
	return hit
}

// specifierModule returns the module a relative specifier of module from
// names; nil for a package or a file outside the project.
func (r *fileResolver) specifierModule(from *module, spec string) *module {
	if strings.HasPrefix(spec, ".") {
		return r.fileAt(path.Join(path.Dir(from.path), spec), from.lang)
	}
	man := r.aliasManifest(from)
	if man == nil {
		return nil
	}
	for _, a := range man.Aliases {
		star, ok := matchAlias(a.Pattern, spec)
		if !ok {
			continue
		}
		for _, t := range a.Targets {
			if m := r.fileAt(path.Join(man.Dir, strings.Replace(t, "*", star, 1)), from.lang); m != nil {
				return m
			}
		}
	}
	if man.BaseDir != "" {
		return r.fileAt(path.Join(man.Dir, man.BaseDir, spec), from.lang)
	}
	return nil
}

// aliasManifest is the nearest manifest above module m declaring a base
// directory or aliases (a tsconfig.json); nil when there is none.
func (r *fileResolver) aliasManifest(m *module) *Manifest {
	dir := path.Dir(m.path)
	if dir == "." {
		dir = ""
	}
	var best *Manifest
	for k := range r.pr.opts.Manifests {
		man := &r.pr.opts.Manifests[k]
		if man.BaseDir == "" && len(man.Aliases) == 0 || !within(man.Dir, dir) {
			continue
		}
		if best == nil || len(man.Dir) > len(best.Dir) || len(man.Dir) == len(best.Dir) && man.Name > best.Name {
			best = man
		}
	}
	return best
}

// matchAlias matches a specifier against a path pattern with at most one
// `*`, returning what the star stands for.
func matchAlias(pattern, spec string) (string, bool) {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		return "", pattern == spec
	}
	prefix, suffix := pattern[:star], pattern[star+1:]
	if len(spec) < len(prefix)+len(suffix) || !strings.HasPrefix(spec, prefix) || !strings.HasSuffix(spec, suffix) {
		return "", false
	}
	return spec[len(prefix) : len(spec)-len(suffix)], true
}

// aliased reports whether a non-relative specifier of module m matches an
// alias of its tsconfig (a project path, unresolved when it names no file).
func (r *fileResolver) aliased(m *module, spec string) bool {
	if man := r.aliasManifest(m); man != nil {
		for _, a := range man.Aliases {
			if _, ok := matchAlias(a.Pattern, spec); ok {
				return true
			}
		}
	}
	return false
}

// fileImport resolves an import or re-export of module m: the module, or
// the name it exports.
func (r *fileResolver) fileImport(m *module, imp *Import, depth int) (target, bool) {
	base := r.specifierModule(m, imp.Path[0])
	if base == nil {
		return target{}, false
	}
	if imp.Name == "" {
		return target{mod: base}, true
	}
	return r.exportLookup(base, imp.Name, depth+1)
}

// exportLookup resolves the name n that module m exports: a public
// declaration, a re-export, or a name a wildcard re-export brings (never
// the default export).
func (r *fileResolver) exportLookup(m *module, n string, depth int) (target, bool) {
	return r.exportLookupSeen(m, n, depth, map[*module]bool{})
}

// exportLookupSeen is exportLookup visiting each module once: wildcard
// re-exports may form cycles and fan out.
func (r *fileResolver) exportLookupSeen(m *module, n string, depth int, seen map[*module]bool) (target, bool) {
	if depth > maxDepth || seen[m] {
		return target{}, false
	}
	seen[m] = true
	if d, ok := m.defs[n]; ok && d.Public {
		return target{mod: m, name: n}, true
	}
	if imp, ok := m.reexports[n]; ok {
		return r.fileImport(m, imp, depth+1)
	}
	if n == fileModules(m.lang).DefaultKeyword {
		return target{}, false
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		if src := r.specifierModule(m, m.stars[k].Path[0]); src != nil {
			if t, ok := r.exportLookupSeen(src, n, depth+1, seen); ok {
				return t, true
			}
		}
	}
	return target{}, false
}

// exportNames returns the names module m exports, wildcard re-exports
// followed, sorted.
func (r *fileResolver) exportNames(m *module) []string {
	seen := map[string]bool{}
	visited := map[*module]bool{}
	var walk func(m *module, depth int, star bool)
	walk = func(m *module, depth int, star bool) {
		if depth > maxDepth || visited[m] {
			return
		}
		visited[m] = true
		for n, d := range m.defs {
			if d.Public && !(star && n == fileModules(m.lang).DefaultKeyword) {
				seen[n] = true
			}
		}
		for n := range m.reexports {
			if !(star && n == fileModules(m.lang).DefaultKeyword) {
				seen[n] = true
			}
		}
		for _, s := range m.stars {
			if src := r.specifierModule(m, s.Path[0]); src != nil {
				walk(src, depth+1, true)
			}
		}
	}
	walk(m, 0, false)
	return sortedKeys(seen)
}

// resolveFileRef resolves a reference made in FileModules module c: its
// head is a declaration of c or an import binding; each further segment
// reads an export of the module reached so far. A bare CommonJS require
// binding is the module's default export when it has one.
func (r *fileResolver) resolveFileRef(c *module, segs []string) (target, bool) {
	var t target
	if _, ok := c.defs[segs[0]]; ok {
		t = target{mod: c, name: segs[0]}
	} else if imp, ok := c.binds[segs[0]]; ok {
		if t, ok = r.fileImport(c, imp, 0); !ok {
			return target{}, false
		}
		if t.name == "" && len(segs) == 1 && imp.Value {
			if d, ok := r.exportLookup(t.mod, fileModules(c.lang).DefaultKeyword, 0); ok {
				return d, true
			}
		}
	} else {
		return target{}, false
	}
	for i := 1; i < len(segs) && t.name == ""; i++ {
		var ok bool
		if t, ok = r.exportLookup(t.mod, segs[i], 0); !ok {
			return target{}, false
		}
	}
	return t, true
}

// escapeTargets are the symbols a module used whole reaches: every name
// it exports.
func (r *fileResolver) escapeTargets(m *module) []target {
	var out []target
	for _, n := range r.exportNames(m) {
		if t, ok := r.exportLookup(m, n, 0); ok {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].mod.path+"#"+out[a].name < out[b].mod.path+"#"+out[b].name })
	return out
}

// fileModule reads a FileModules file: its top-level declarations (public
// when exported), its export lists, re-exports, imports and require
// bindings, CommonJS exports, and the references to its imported and
// declared names.
func (x *extractor) fileModule() {
	t, e := x.t, x.fileModules().e
	m := &x.facts.Modules[0]
	var lists, cjs []int // export lists and CommonJS exports, read last
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			return
		}
		switch t.Kind(c) {
		case e.ExportStatement:
			if x.exportStatement(m, c) {
				lists = append(lists, c)
			}
		case e.ImportStatement:
			x.importStatement(m, c)
		default:
			if x.role(c)&(roleDef|roleContainer) != 0 {
				x.fileDecl(m, c, false, t.StartLine(c))
			} else if x.role(c)&roleExpressionStatement != 0 {
				for s := t.FirstChild(c); s >= 0; s = t.NextSibling(s) {
					cjs = append(cjs, s)
				}
			}
		}
	}
	for _, c := range lists {
		x.exportList(m, c)
	}
	// the keys of a module.exports object name what they export: no use
	keys := map[int]bool{}
	for _, s := range cjs {
		x.commonJSExport(m, s, keys)
	}
	end := int(t.Nodes[0].End)
	for j := 0; j < end; j++ {
		if x.role(j)&roleCall != 0 {
			x.requireCall(m, j)
		}
	}
	relevant := map[string]bool{}
	for _, imp := range m.Imports {
		relevant[imp.Local] = true
	}
	for _, d := range m.Defs {
		relevant[d.Name] = true
	}
	for j := 0; j < end; j++ {
		switch k := t.Kind(j); {
		case k == e.ImportStatement, k == e.ExportSpecifier, k == e.NamespaceExport:
			j = int(t.Nodes[j].End) - 1
		case x.role(j)&roleName != 0:
			if !relevant[string(t.Bytes(j))] || keys[j] {
				continue
			}
			if segs := x.chain(j); segs != nil {
				x.addRef(0, segs, t.StartLine(j))
			}
		}
	}
}

// fileDecl records the names a top-level declaration binds, public when
// exported; line is the statement's first line.
func (x *extractor) fileDecl(m *ModuleFacts, d int, public bool, line int) {
	t, tab := x.t, x.fileModules()
	e := tab.e
	switch {
	case x.role(d)&roleDef != 0:
		if n := t.ChildByField(d, tab.nameField[t.Nodes[d].Kind]); n >= 0 && x.role(n)&roleName != 0 {
			m.Defs = append(m.Defs, Def{Name: t.Text(n), Kind: tab.defs[t.Nodes[d].Kind].Symbol, Line: line, Public: public})
		}
	case x.role(d)&roleContainer != 0:
		for c := t.FirstChild(d); c >= 0; c = t.NextSibling(c) {
			if t.Kind(c) == e.Declarator {
				if v := t.ChildByField(c, t.Grammar.FieldID(e.DeclaratorValueField)); v >= 0 && x.requires(v) {
					continue // an import (requireCall)
				}
				if n := t.ChildByField(c, t.Grammar.FieldID(e.DeclaratorNameField)); n >= 0 && x.role(n)&roleName != 0 {
					m.Defs = append(m.Defs, Def{Name: t.Text(n), Kind: "variable", Line: t.StartLine(c), Public: public})
				}
			} else if t.Named(c) {
				x.fileDecl(m, c, public, t.StartLine(c))
			}
		}
	}
}

// exportStatement reads an export statement: an exported declaration,
// a default export, a re-export from another module, or (reported true,
// read by exportList once every declaration is known) a list of local
// names.
func (x *extractor) exportStatement(m *ModuleFacts, c int) bool {
	t, e := x.t, x.fileModules().e
	g := t.Grammar
	line := t.StartLine(c)
	isDefault := false
	for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
		if !t.Named(k) && t.Text(k) == e.DefaultKeyword {
			isDefault = true
		}
	}
	if src := t.ChildByField(c, g.FieldID(e.SourceField)); src >= 0 {
		path := []string{x.stringText(src)}
		found := false
		for j := c + 1; j < int(t.Nodes[c].End); j++ {
			switch t.Kind(j) {
			case e.ExportSpecifier:
				name, alias := x.specifier(j)
				m.Imports = append(m.Imports, Import{Path: path, Name: name, Export: alias, Public: true, Line: line})
				found = true
			case e.NamespaceExport:
				if id := x.firstName(j); id >= 0 {
					m.Imports = append(m.Imports, Import{Path: path, Export: t.Text(id), Public: true, Line: line})
					found = true
				}
			}
		}
		if !found {
			m.Imports = append(m.Imports, Import{Path: path, Star: true, Public: true, Line: line})
		}
		return false
	}
	if d := t.ChildByField(c, g.FieldID(e.DeclarationField)); d >= 0 {
		if isDefault {
			m.Defs = append(m.Defs, Def{Name: e.DefaultKeyword, Kind: x.declKind(d), Line: line, Public: true})
			x.fileDecl(m, d, false, line)
			return false
		}
		x.fileDecl(m, d, true, line)
		return false
	}
	if isDefault {
		kind := "value"
		if v := t.ChildByField(c, g.FieldID(e.DefaultValueField)); v >= 0 {
			kind = x.declKind(v)
		}
		m.Defs = append(m.Defs, Def{Name: e.DefaultKeyword, Kind: kind, Line: line, Public: true})
		return false
	}
	return true
}

// declKind is the symbol kind of a default export's declaration or value.
func (x *extractor) declKind(d int) string {
	if def, ok := x.tab.defs[x.t.Nodes[d].Kind]; ok {
		return def.Symbol
	}
	return "value"
}

// exportList reads `export { a, b as c }`: a local declaration becomes
// public under its exported name; an imported name is re-exported.
func (x *extractor) exportList(m *ModuleFacts, c int) {
	t, e := x.t, x.fileModules().e
	line := t.StartLine(c)
	for j := c + 1; j < int(t.Nodes[c].End); j++ {
		if t.Kind(j) != e.ExportSpecifier {
			continue
		}
		name, alias := x.specifier(j)
		if x.exportLocal(m, name, alias) {
			continue
		}
		for _, imp := range m.Imports {
			if imp.Local == name && imp.Local != "" {
				re := imp
				re.Local, re.Export, re.Public, re.Value, re.Line = "", alias, true, false, line
				m.Imports = append(m.Imports, re)
				break
			}
		}
	}
}

// exportLocal makes the local declaration name public as alias.
func (x *extractor) exportLocal(m *ModuleFacts, name, alias string) bool {
	for k := range m.Defs {
		d := m.Defs[k]
		if d.Name != name {
			continue
		}
		if alias == name {
			m.Defs[k].Public = true
		} else {
			d.Name, d.Public = alias, true
			m.Defs = append(m.Defs, d)
		}
		return true
	}
	return false
}

// specifier returns the name and the alias (the name again without one)
// of an import or export specifier.
func (x *extractor) specifier(j int) (string, string) {
	t, tab := x.t, x.fileModules()
	name := t.ChildByField(j, tab.aliasName)
	if name < 0 {
		return "", ""
	}
	alias := name
	if a := t.ChildByField(j, tab.alias); a >= 0 {
		alias = a
	}
	return x.nameText(name), x.nameText(alias)
}

// nameText is a name's text, a string name (`export { x as "y" }`)
// without its quotes.
func (x *extractor) nameText(n int) string {
	if x.t.Is(n, stringClass) {
		return x.stringText(n)
	}
	return x.t.Text(n)
}

// stringText is a string literal's content.
func (x *extractor) stringText(n int) string {
	if s, ok := x.stringValue(n); ok {
		return s
	}
	return strings.Trim(x.t.Text(n), "\"'`")
}

// importStatement reads `import d, { a, b as c } from "m"`,
// `import * as ns from "m"`, `import "m"` and `import x = require("m")`.
func (x *extractor) importStatement(m *ModuleFacts, c int) {
	t, e := x.t, x.fileModules().e
	g := t.Grammar
	line := t.StartLine(c)
	src := t.ChildByField(c, g.FieldID(e.SourceField))
	before := len(m.Imports)
	for j := c + 1; j < int(t.Nodes[c].End); j++ {
		switch k := t.Kind(j); {
		case k == e.ImportRequireClause:
			if s := t.ChildByField(j, g.FieldID(e.SourceField)); s >= 0 {
				if id := x.firstName(j); id >= 0 {
					m.Imports = append(m.Imports, Import{Path: []string{x.stringText(s)}, Local: t.Text(id), Value: true, Line: line})
				}
			}
			return
		case src < 0:
		case k == e.ImportSpecifier:
			name, alias := x.specifier(j)
			m.Imports = append(m.Imports, Import{Path: []string{x.stringText(src)}, Name: name, Local: alias, Line: line})
		case k == e.NamespaceImport:
			if id := x.firstName(j); id >= 0 {
				m.Imports = append(m.Imports, Import{Path: []string{x.stringText(src)}, Local: t.Text(id), Line: line})
			}
		case x.role(j)&roleName != 0 && t.Kind(int(t.Nodes[j].Parent)) == e.ImportClause:
			m.Imports = append(m.Imports, Import{Path: []string{x.stringText(src)}, Name: e.DefaultKeyword, Local: t.Text(j), Line: line})
		}
	}
	if src >= 0 && len(m.Imports) == before {
		// a side-effect import links the modules
		m.Imports = append(m.Imports, Import{Path: []string{x.stringText(src)}, Line: line})
	}
}

// requireCall reads require("m") bound by a declarator: the module's
// value under a name, or names picked by an object pattern. A require
// elsewhere links the modules only.
func (x *extractor) requireCall(m *ModuleFacts, call int) {
	t, tab := x.t, x.fileModules()
	e := tab.e
	g := t.Grammar
	if !x.isRequire(call) {
		return
	}
	args := t.ChildByField(call, tab.callArguments)
	if args < 0 {
		return
	}
	var spec string
	for _, a := range t.NamedChildren(args) {
		if t.Is(a, stringClass) {
			spec = x.stringText(a)
		}
		break
	}
	if spec == "" {
		return
	}
	path, line := []string{spec}, t.StartLine(call)
	value := call
	p := int(t.Nodes[call].Parent)
	if p >= 0 && x.role(p)&roleMember != 0 && t.Nodes[call].Field == tab.members[t.Nodes[p].Kind].object {
		// require("m").x: the name x, bound by a declarator or read in place
		n := t.ChildByField(p, tab.members[t.Nodes[p].Kind].name)
		if n < 0 {
			return
		}
		d := int(t.Nodes[p].Parent)
		if d >= 0 && t.Kind(d) == e.Declarator && t.Nodes[p].Field == g.FieldID(e.DeclaratorValueField) {
			if name := t.ChildByField(d, g.FieldID(e.DeclaratorNameField)); name >= 0 && x.role(name)&roleName != 0 {
				m.Imports = append(m.Imports, Import{Path: path, Name: t.Text(n), Local: t.Text(name), Line: line})
				return
			}
		}
		m.Imports = append(m.Imports, Import{Path: path, Name: t.Text(n), InPlace: true, Line: line})
		return
	}
	if p < 0 || t.Kind(p) != e.Declarator || t.Nodes[value].Field != g.FieldID(e.DeclaratorValueField) {
		m.Imports = append(m.Imports, Import{Path: path, Line: line})
		return
	}
	name := t.ChildByField(p, g.FieldID(e.DeclaratorNameField))
	switch {
	case name < 0:
	case x.role(name)&roleName != 0:
		m.Imports = append(m.Imports, Import{Path: path, Local: t.Text(name), Value: true, Line: line})
	case t.Kind(name) == e.ObjectPattern:
		for _, c := range t.NamedChildren(name) {
			switch t.Kind(c) {
			case e.ShorthandPattern:
				m.Imports = append(m.Imports, Import{Path: path, Name: t.Text(c), Local: t.Text(c), Line: line})
			case e.PairPattern:
				k, v := t.ChildByField(c, g.FieldID(e.PairKeyField)), t.ChildByField(c, g.FieldID(e.PairValueField))
				if k >= 0 && v >= 0 && x.role(v)&roleName != 0 {
					m.Imports = append(m.Imports, Import{Path: path, Name: x.nameText(k), Local: t.Text(v), Line: line})
				}
			}
		}
	}
}

// isRequire reports whether node n calls the require function.
func (x *extractor) isRequire(n int) bool {
	if x.role(n)&roleCall == 0 {
		return false
	}
	fn := x.t.ChildByField(n, x.fileModules().callFunction)
	return fn >= 0 && string(x.t.Bytes(fn)) == x.fileModules().e.RequireFunction
}

// requires reports whether node n is require("m") or require("m").x.
func (x *extractor) requires(n int) bool {
	if x.role(n)&roleMember != 0 {
		if o := x.t.ChildByField(n, x.tab.members[x.t.Nodes[n].Kind].object); o >= 0 {
			n = o
		}
	}
	return x.isRequire(n)
}

// commonJSExport reads `module.exports = {...}`, `module.exports = v`,
// `exports.x = v` and `module.exports.x = v`.
func (x *extractor) commonJSExport(m *ModuleFacts, s int, keys map[int]bool) {
	t, tab := x.t, x.fileModules()
	e := tab.e
	if x.role(s)&roleAssignment == 0 {
		return
	}
	left, right := t.ChildByField(s, tab.leftField), t.ChildByField(s, tab.right)
	if left < 0 || right < 0 {
		return
	}
	var segs []string
	for j := left; j < int(t.Nodes[left].End); j++ {
		if x.role(j)&roleName != 0 {
			segs = x.chain(j)
			break
		}
	}
	line := t.StartLine(s)
	if x.role(right)&roleAssignment != 0 {
		// exports = module.exports = f
		x.commonJSExport(m, right, keys)
	}
	switch {
	case len(segs) == 2 && segs[0] == e.ModuleObject && segs[1] == e.ExportsObject && x.isRequire(right):
		// module.exports = require("m") passes m's value on: an alias
		if args := t.ChildByField(right, tab.callArguments); args >= 0 {
			for _, a := range t.NamedChildren(args) {
				if t.Is(a, stringClass) {
					m.Imports = append(m.Imports, Import{Path: []string{x.stringText(a)}, Name: e.DefaultKeyword,
						Export: e.DefaultKeyword, Public: true, Line: line})
				}
				break
			}
		}
	case len(segs) == 2 && segs[0] == e.ExportsObject,
		len(segs) == 3 && segs[0] == e.ModuleObject && segs[1] == e.ExportsObject:
		m.Defs = append(m.Defs, Def{Name: segs[len(segs)-1], Kind: x.declKind(right), Line: line, Public: true})
	case len(segs) == 2 && segs[0] == e.ModuleObject && segs[1] == e.ExportsObject:
		if t.Kind(right) != e.ObjectLiteral {
			m.Defs = append(m.Defs, Def{Name: e.DefaultKeyword, Kind: x.declKind(right), Line: line, Public: true})
			return
		}
		for _, c := range t.NamedChildren(right) {
			var key, local int
			switch t.Kind(c) {
			case e.Pair:
				key, local = t.ChildByField(c, t.Grammar.FieldID(e.PairKeyField)), t.ChildByField(c, t.Grammar.FieldID(e.PairValueField))
			case e.ShorthandProperty:
				key, local = c, c
				keys[c] = true
			case e.MethodDefinition:
				key, local = t.ChildByField(c, t.Grammar.FieldID(e.MethodNameField)), -1
			default:
				continue
			}
			if key < 0 {
				continue
			}
			name := x.nameText(key)
			// `{ f }` and `{ g: f }` export the declaration f
			if local >= 0 && x.role(local)&roleName != 0 && x.exportLocal(m, t.Text(local), name) {
				continue
			}
			m.Defs = append(m.Defs, Def{Name: name, Kind: "value", Line: t.StartLine(c), Public: true})
		}
	}
}
