package reuse

import (
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// TypeUnits (Java): each top-level type is a module named by its package
// and its name, sharing its file's imports; a reference names a type by
// its simple name (imported, of the same package or on demand) or fully
// qualified, and a type's public static members are its other symbols.

func init() { register("unit", unitSystem{}) }

type unitSystem struct{}

// typeUnits returns a language's TypeUnits data.
func typeUnits(spec *lang.Spec) *lang.TypeUnits { return spec.Exports.System.(*lang.TypeUnits) }

// unitTable is what reading a TypeUnits file needs of its grammar.
type unitTable struct {
	*table
	u *lang.TypeUnits
}

func (unitSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	u := typeUnits(g.Spec)
	add(rolePackageClause, u.PackageClause)
	add(roleImportModule, u.Import)
	add(roleWildcard, u.Wildcard)
	add(roleDotted, u.DottedTypes...)
	add(roleModifiers, u.ModifierList)
	add(roleAnnotation, u.Annotations...)
	return &unitTable{table: core, u: u}
}

func (x *extractor) typeUnits() *unitTable { return x.tab.sys.(*unitTable) }

func (unitSystem) extract(x *extractor) { x.unitFile() }

func (unitSystem) resolver(pr *project) resolver {
	return &unitResolver{pr: pr, types: map[string]*module{}, pkgTypes: map[string]map[string]*module{}}
}

// unitResolver resolves TypeUnits modules.
type unitResolver struct {
	pr *project
	// types are the modules by qualified name, pkgTypes by package and
	// simple name
	types    map[string]*module
	pkgTypes map[string]map[string]*module
}

func (r *unitResolver) childrenInScope() bool { return false }

func (r *unitResolver) escapeTargets(m *module) []target { return ownDefs(m) }

func (r *unitResolver) resolveRef(m *module, _ *ModuleFacts, segs []string) []target {
	return r.resolveUnitRef(m, segs)
}

// starSource is the type a static on-demand import reads.
func (r *unitResolver) starSource(_ *module, imp *Import, _ int) *module {
	if imp.Member {
		return r.types[strings.Join(imp.Path, ".")]
	}
	return nil
}

func (r *unitResolver) resolveImport(_ *module, imp *Import, _ int) (target, bool) {
	return r.resolveUnitImport(imp)
}

// unresolved reports an import that names no type of the project yet a
// package of it.
func (r *unitResolver) unresolved(_ *module, imp *Import, resolved bool) bool {
	return !resolved && r.unitInternal(imp)
}

// build adds the TypeUnits modules: each top-level type of a file is
// a module named by its package and its name, sharing the file's imports.
// Two types of one name: the first by path wins.
func (r *unitResolver) build(files []File) {
	pr := r.pr
	for _, f := range files {
		pkg := f.Facts.Package
		test := f.Lang.IsTest(f.Path)
		file := &f.Facts.Modules[0]
		for k := 1; k < len(f.Facts.Modules); k++ {
			part := &f.Facts.Modules[k]
			if len(part.Inline) != 1 {
				continue
			}
			typeName := part.Inline[0]
			name := typeName
			if pkg != "" {
				name = pkg + "." + typeName
			}
			if r.types[name] != nil {
				continue
			}
			m := newModule(name, f.Path, f.Lang)
			m.root, m.pkgName, m.typeName, m.test, m.entry = m, pkg, typeName, test, part.Entry
			m.addPart(file)
			m.addPart(part)
			pr.modules = append(pr.modules, m)
			r.types[name] = m
			if r.pkgTypes[pkg] == nil {
				r.pkgTypes[pkg] = map[string]*module{}
			}
			r.pkgTypes[pkg][typeName] = m
		}
	}
}

// unitImports returns the imports of TypeUnits module c, in order.
func unitImports(c *module) []*Import {
	var out []*Import
	for _, p := range c.parts {
		for k := range p.Imports {
			out = append(out, &p.Imports[k])
		}
	}
	return out
}

// unitType resolves a simple type name in module c: the type itself, a
// single-type import, a type of the same package, an on-demand import.
func (r *unitResolver) unitType(c *module, name string) *module {
	if name == c.typeName {
		return c
	}
	imports := unitImports(c)
	for _, imp := range imports {
		if !imp.Star && !imp.Member && imp.Local == name {
			return r.types[strings.Join(imp.Path, ".")]
		}
	}
	if m := r.pkgTypes[c.pkgName][name]; m != nil {
		return m
	}
	for _, imp := range imports {
		if imp.Star && !imp.Member {
			if m := r.pkgTypes[strings.Join(imp.Path, ".")][name]; m != nil {
				return m
			}
		}
	}
	return nil
}

// unitStatic resolves a simple name through the static imports of c.
func (r *unitResolver) unitStatic(c *module, name string) (target, bool) {
	for _, imp := range unitImports(c) {
		if !imp.Member {
			continue
		}
		var typ *module
		switch {
		case imp.Star:
			typ = r.types[strings.Join(imp.Path, ".")]
		case imp.Local == name:
			typ = r.types[strings.Join(imp.Path[:len(imp.Path)-1], ".")]
		}
		if typ != nil {
			if d, ok := typ.defs[name]; ok && !d.Self {
				return target{mod: typ, name: name}, true
			}
		}
	}
	return target{}, false
}

// unitMember returns the uses of a reference reaching type m followed by
// rest: the type, and its static member when rest names one.
func unitMember(m *module, rest []string) []target {
	out := []target{{mod: m, name: m.typeName}}
	if len(rest) > 0 {
		if d, ok := m.defs[rest[0]]; ok && !d.Self {
			out = append(out, target{mod: m, name: rest[0]})
		}
	}
	return out
}

// resolveUnitRef resolves a reference made in TypeUnits module c: a type
// by its simple name (with a static member after it), a statically
// imported member, a member of c itself, or a fully qualified name.
func (r *unitResolver) resolveUnitRef(c *module, segs []string) []target {
	if m := r.unitType(c, segs[0]); m != nil {
		return unitMember(m, segs[1:])
	}
	if t, ok := r.unitStatic(c, segs[0]); ok {
		return []target{t}
	}
	if _, ok := c.defs[segs[0]]; ok {
		return []target{{mod: c, name: segs[0]}}
	}
	for k := len(segs) - 1; k >= 1; k-- {
		if m := r.types[strings.Join(segs[:k], ".")]; m != nil {
			return unitMember(m, segs[k:])
		}
	}
	return nil
}

// resolveUnitImport resolves a single-type or static single import.
func (r *unitResolver) resolveUnitImport(imp *Import) (target, bool) {
	n := len(imp.Path)
	if !imp.Member {
		m := r.types[strings.Join(imp.Path, ".")]
		if m == nil {
			return target{}, false
		}
		return target{mod: m, name: m.typeName}, true
	}
	typ := r.types[strings.Join(imp.Path[:n-1], ".")]
	if typ == nil {
		return target{}, false
	}
	if d, ok := typ.defs[imp.Path[n-1]]; ok && !d.Self {
		return target{mod: typ, name: imp.Path[n-1]}, true
	}
	return target{mod: typ}, true // a member that is no symbol links the types
}

// unitInternal reports whether an import that resolved to nothing names a
// package of the project.
func (r *unitResolver) unitInternal(imp *Import) bool {
	n := len(imp.Path)
	known := func(k int) bool {
		if k < 0 {
			return false
		}
		_, ok := r.pkgTypes[strings.Join(imp.Path[:k], ".")]
		return ok
	}
	switch {
	case imp.Star && !imp.Member:
		return false
	case imp.Member && !imp.Star:
		return n >= 2 && known(n-2)
	}
	return n >= 1 && known(n-1)
}

// unitFile reads a TypeUnits file: its package, its imports (the file's
// own module facts, shared by its types) and each top-level type as a
// module of its own (an inline path of its name) with its public static
// members, its entry signal and its references.
func (x *extractor) unitFile() {
	t := x.t
	file := &x.facts.Modules[0]
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			return
		}
		r := x.role(c)
		switch {
		case r&rolePackageClause != 0:
			x.facts.Package = strings.Join(x.dottedSegs(c), ".")
		case r&roleImportModule != 0:
			x.unitImport(file, c)
		case r&roleDef != 0:
			x.unitType(c)
		}
	}
}

// unitImport reads `import [static] a.b.C[.*];`.
func (x *extractor) unitImport(m *ModuleFacts, c int) {
	t, e := x.t, x.typeUnits().u
	imp := Import{Line: t.StartLine(c)}
	for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
		switch {
		case !t.Named(k):
			imp.Member = imp.Member || t.Text(k) == e.StaticKeyword
		case x.role(k)&roleWildcard != 0:
			imp.Star = true
		case !t.Is(k, commentClass):
			imp.Path = x.dottedSegs(k)
		}
	}
	if len(imp.Path) == 0 {
		return
	}
	if !imp.Star {
		imp.Local = imp.Path[len(imp.Path)-1]
	}
	m.Imports = append(m.Imports, imp)
}

// modifiers returns the keywords and annotation names of a declaration.
func (x *extractor) modifiers(d int) (keywords, annotations map[string]bool) {
	t := x.t
	keywords, annotations = map[string]bool{}, map[string]bool{}
	for c := t.FirstChild(d); c >= 0; c = t.NextSibling(c) {
		if x.role(c)&roleModifiers == 0 {
			continue
		}
		for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
			switch {
			case !t.Named(k):
				keywords[t.Text(k)] = true
			case x.role(k)&roleAnnotation != 0:
				if n := t.ChildByField(k, t.Grammar.FieldID(x.typeUnits().u.AnnotationNameField)); n >= 0 {
					segs := x.dottedSegs(n)
					if len(segs) > 0 {
						annotations[segs[len(segs)-1]] = true
					}
				}
			}
		}
	}
	return keywords, annotations
}

// unitType reads a top-level type into a module of its own.
func (x *extractor) unitType(c int) {
	t, tab := x.t, x.tab
	e := x.typeUnits().u
	name := t.ChildByField(c, tab.nameField[t.Nodes[c].Kind])
	if name < 0 {
		return
	}
	typeName := t.Text(name)
	k := x.newModule([]string{typeName}, false)
	keywords, annotations := x.modifiers(c)
	// A package-private type has no symbols: the other types of its
	// package using it is its purpose, not a stale export.
	public := keywords[e.PublicKeyword]
	if public {
		x.facts.Modules[k].Defs = append(x.facts.Modules[k].Defs, Def{Name: typeName,
			Kind: tab.defs[t.Nodes[c].Kind].Symbol, Line: t.StartLine(c), Public: true, Self: true})
	}
	for _, a := range e.EntryAnnotations {
		if annotations[a] && x.facts.Modules[k].Entry == "" {
			x.facts.Modules[k].Entry = "@" + a
		}
	}
	if body := t.ChildByField(c, t.Grammar.FieldID(e.TypeBodyField)); body >= 0 {
		x.unitMembers(k, body, public, false)
	}
	x.unitRefs(k, c)
}

// unitMembers reads the members of a type body (and of the member
// containers in it, an enum's declarations): public static fields and
// methods are symbols when the type is public, and a main method makes
// the type an entry module.
func (x *extractor) unitMembers(k, body int, public, implicit bool) {
	t, e := x.t, x.typeUnits().u
	implicit = implicit || containsStr(e.ImplicitMembers, t.Kind(body))
	for c := t.FirstChild(body); c >= 0; c = t.NextSibling(c) {
		if x.role(c)&roleContainer != 0 {
			x.unitMembers(k, c, public, implicit)
			continue
		}
		def, ok := e.MemberDefinitions[t.Kind(c)]
		if !ok {
			continue
		}
		keywords, _ := x.modifiers(c)
		static := keywords[e.StaticKeyword]
		isPublic := keywords[e.PublicKeyword] || implicit && !keywords[e.PrivateKeyword]
		if def.NameField != "" {
			// a method: an interface's is static only when it says so
			n := t.ChildByField(c, t.Grammar.FieldID(def.NameField))
			if n < 0 {
				continue
			}
			if t.Text(n) == e.EntryMethod && keywords[e.PublicKeyword] && static && x.returnsVoid(c) &&
				x.facts.Modules[k].Entry == "" {
				x.facts.Modules[k].Entry = e.EntryMethod + " method"
			}
			if public && isPublic && static {
				x.facts.Modules[k].Defs = append(x.facts.Modules[k].Defs,
					Def{Name: t.Text(n), Kind: def.Symbol, Line: t.StartLine(c), Public: true})
			}
			continue
		}
		// fields: an interface's are static without saying
		if !public || !isPublic || !static && !implicit {
			continue
		}
		for d := t.FirstChild(c); d >= 0; d = t.NextSibling(d) {
			if t.Kind(d) != e.Declarator {
				continue
			}
			if n := t.ChildByField(d, t.Grammar.FieldID(e.DeclaratorNameField)); n >= 0 {
				x.facts.Modules[k].Defs = append(x.facts.Modules[k].Defs,
					Def{Name: t.Text(n), Kind: def.Symbol, Line: t.StartLine(d), Public: true})
			}
		}
	}
}

// returnsVoid reports whether a method declares no result.
func (x *extractor) returnsVoid(m int) bool {
	ty := x.t.ChildByField(m, x.t.Grammar.FieldID(x.typeUnits().u.ResultField))
	return ty >= 0 && x.t.Kind(ty) == x.typeUnits().u.VoidType
}

// unitRefs reads the references of a type's declaration into module k:
// chains with a capitalised segment (a type, a constant, a fully
// qualified name) or headed by a name an import binds (a static import).
func (x *extractor) unitRefs(k, c int) {
	t := x.t
	bound := map[string]bool{}
	for _, imp := range x.facts.Modules[0].Imports {
		bound[imp.Local] = true
	}
	end := int(t.Nodes[c].End)
	for j := c; j < end; j++ {
		var segs []string
		switch r := x.role(j); {
		case r&roleDotted != 0:
			segs = x.dottedSegs(j)
			j = int(t.Nodes[j].End) - 1
		case r&roleName != 0:
			segs = x.chain(j)
		}
		if len(segs) == 0 {
			continue
		}
		keep := bound[segs[0]]
		for _, s := range segs {
			keep = keep || exported(s)
		}
		if keep {
			x.addRef(k, segs, t.StartLine(j))
		}
	}
}
