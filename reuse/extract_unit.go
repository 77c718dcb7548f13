package reuse

import "strings"

// unitFile reads a TypeUnits file: its package, its imports (the file's
// own module facts, shared by its types) and each top-level type as a
// module of its own (an inline path of its name) with its public static
// members, its entry signal and its references.
func (x *extractor) unitFile() {
	t := x.t
	file := &x.facts.Modules[0]
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
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
	t, e := x.t, x.tab.spec
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
				if n := t.ChildByField(k, t.Grammar.FieldID(x.tab.spec.AnnotationNameField)); n >= 0 {
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
	t, tab, e := x.t, x.tab, x.tab.spec
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
	t, e := x.t, x.tab.spec
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
	ty := x.t.ChildByField(m, x.t.Grammar.FieldID(x.tab.spec.ResultField))
	return ty >= 0 && x.t.Kind(ty) == x.tab.spec.VoidType
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
