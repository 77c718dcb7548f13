package reuse

import "strings"

// buildUnits adds the TypeUnits modules: each top-level type of a file is
// a module named by its package and its name, sharing the file's imports.
// Two types of one name: the first by path wins.
func (pr *project) buildUnits(files []File) {
	for _, f := range files {
		pkg := f.Facts.Package
		test := isTestPath(&f.Lang.Exports, f.Path)
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
			if pr.types[name] != nil {
				continue
			}
			m := newModule(name, f.Path, f.Lang)
			m.root, m.pkgName, m.typeName, m.test, m.entry = m, pkg, typeName, test, part.Entry
			m.addPart(file)
			m.addPart(part)
			pr.modules = append(pr.modules, m)
			pr.types[name] = m
			if pr.pkgTypes[pkg] == nil {
				pr.pkgTypes[pkg] = map[string]*module{}
			}
			pr.pkgTypes[pkg][typeName] = m
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
func (pr *project) unitType(c *module, name string) *module {
	if name == c.typeName {
		return c
	}
	imports := unitImports(c)
	for _, imp := range imports {
		if !imp.Star && !imp.Member && imp.Local == name {
			return pr.types[strings.Join(imp.Path, ".")]
		}
	}
	if m := pr.pkgTypes[c.pkgName][name]; m != nil {
		return m
	}
	for _, imp := range imports {
		if imp.Star && !imp.Member {
			if m := pr.pkgTypes[strings.Join(imp.Path, ".")][name]; m != nil {
				return m
			}
		}
	}
	return nil
}

// unitStatic resolves a simple name through the static imports of c.
func (pr *project) unitStatic(c *module, name string) (target, bool) {
	for _, imp := range unitImports(c) {
		if !imp.Member {
			continue
		}
		var typ *module
		switch {
		case imp.Star:
			typ = pr.types[strings.Join(imp.Path, ".")]
		case imp.Local == name:
			typ = pr.types[strings.Join(imp.Path[:len(imp.Path)-1], ".")]
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
func (pr *project) resolveUnitRef(c *module, segs []string) []target {
	if m := pr.unitType(c, segs[0]); m != nil {
		return unitMember(m, segs[1:])
	}
	if t, ok := pr.unitStatic(c, segs[0]); ok {
		return []target{t}
	}
	if _, ok := c.defs[segs[0]]; ok {
		return []target{{mod: c, name: segs[0]}}
	}
	for k := len(segs) - 1; k >= 1; k-- {
		if m := pr.types[strings.Join(segs[:k], ".")]; m != nil {
			return unitMember(m, segs[k:])
		}
	}
	return nil
}

// resolveUnitImport resolves a single-type or static single import.
func (pr *project) resolveUnitImport(imp *Import) (target, bool) {
	n := len(imp.Path)
	if !imp.Member {
		m := pr.types[strings.Join(imp.Path, ".")]
		if m == nil {
			return target{}, false
		}
		return target{mod: m, name: m.typeName}, true
	}
	typ := pr.types[strings.Join(imp.Path[:n-1], ".")]
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
func (pr *project) unitInternal(imp *Import) bool {
	n := len(imp.Path)
	known := func(k int) bool {
		if k < 0 {
			return false
		}
		_, ok := pr.pkgTypes[strings.Join(imp.Path[:k], ".")]
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
