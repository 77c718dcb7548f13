package reuse

import (
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// target is what a name or a path resolves to: a module, or a symbol
// (name defined in module mod).
type target struct {
	mod  *module
	name string // empty for the module itself
}

// maxDepth bounds alias chains and nested wildcard imports; cycles end
// there as unresolved.
const maxDepth = 32

func system(m *module) lang.ModuleSystem { return m.lang.Exports.System }

// lookup resolves a name in module m's own namespace: its definitions,
// the names its imports bind, its child modules (CrateTree) and the names
// its wildcard imports bring in, the last wildcard first. A test region
// falls back to the module it belongs to.
func (pr *project) lookup(m *module, n string, depth int) (target, bool) {
	if depth > maxDepth {
		return target{}, false
	}
	if _, ok := m.defs[n]; ok {
		return target{mod: m, name: n}, true
	}
	if imp, ok := m.binds[n]; ok {
		if t, ok := pr.resolveImport(m, imp, depth+1); ok {
			return t, true
		}
	}
	if system(m) == lang.CrateTree {
		if c, ok := m.children[n]; ok {
			return target{mod: c}, true
		}
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		src := pr.starSource(m, m.stars[k], depth+1)
		if src != nil && pr.exports(src, n, depth+1) {
			return pr.member(src, n, depth+1)
		}
	}
	if m.host != nil {
		return pr.lookup(m.host, n, depth+1)
	}
	return target{}, false
}

// member resolves `mod.n` / `mod::n`: a child module, else a name of the
// module's namespace.
func (pr *project) member(m *module, n string, depth int) (target, bool) {
	if c, ok := m.children[n]; ok {
		return target{mod: c}, true
	}
	return pr.lookup(m, n, depth)
}

// exports reports whether a wildcard import of m brings in name n.
func (pr *project) exports(m *module, n string, depth int) bool {
	return pr.exportsSeen(m, n, depth, map[*module]bool{})
}

// exportsSeen is exports visiting each module once: wildcard imports may
// form cycles and fan out, and whether n is brought in is whether some
// module the stars reach has it.
func (pr *project) exportsSeen(m *module, n string, depth int, seen map[*module]bool) bool {
	if depth > maxDepth || seen[m] {
		return false
	}
	seen[m] = true
	if system(m) == lang.CrateTree {
		_, d := m.defs[n]
		_, b := m.binds[n]
		_, c := m.children[n]
		if d || b || c {
			return true
		}
	} else {
		if m.exports != nil {
			return m.exports[n]
		}
		if strings.HasPrefix(n, m.lang.PrivatePrefix) && m.lang.PrivatePrefix != "" {
			return false
		}
		_, d := m.defs[n]
		_, b := m.binds[n]
		if d || b {
			return true
		}
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		if src := pr.starSource(m, m.stars[k], depth+1); src != nil && pr.exportsSeen(src, n, depth+1, seen) {
			return true
		}
	}
	return false
}

// starSource is the module a wildcard import of m reads.
func (pr *project) starSource(m *module, imp *Import, depth int) *module {
	switch system(m) {
	case lang.PackageDirs:
		return pr.packages[imp.Path[0]]
	case lang.FileModules:
		return pr.specifierModule(m, imp.Path[0])
	case lang.TypeUnits:
		if imp.Member {
			return pr.types[strings.Join(imp.Path, ".")]
		}
		return nil
	}
	if system(m) == lang.CrateTree {
		t, ok := pr.resolvePath(m, imp.Path, depth)
		if !ok || t.name != "" {
			return nil
		}
		return t.mod
	}
	return pr.importBase(m, imp)
}

// resolveImport returns the target an import binding of m names.
func (pr *project) resolveImport(m *module, imp *Import, depth int) (target, bool) {
	if depth > maxDepth {
		return target{}, false
	}
	if system(m) == lang.CrateTree {
		return pr.resolvePath(m, imp.Path, depth)
	}
	switch system(m) {
	case lang.PackageDirs:
		pkg := pr.packages[imp.Path[0]]
		return target{mod: pkg}, pkg != nil
	case lang.FileModules:
		return pr.fileImport(m, imp, depth)
	case lang.TypeUnits:
		return pr.resolveUnitImport(imp)
	case lang.HeaderUnits:
		h := pr.includes[imp]
		return target{mod: h}, h != nil
	}
	if imp.Name == "" {
		if imp.First {
			if top, ok := pr.tops[imp.Path[0]]; ok {
				return target{mod: top}, true
			}
			return target{}, false
		}
		if base := pr.importBase(m, imp); base != nil {
			return target{mod: base}, true
		}
		return target{}, false
	}
	base := pr.importBase(m, imp)
	if base == nil {
		return target{}, false
	}
	return pr.member(base, imp.Name, depth+1)
}

// importBase is the module an import's path names (DottedFiles): by its
// absolute name, or for a relative import from the importing module's
// package, one package up per extra leading dot.
func (pr *project) importBase(m *module, imp *Import) *module {
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

// resolvePath resolves a CrateTree path as seen from module m: from the
// crate root (crate), m (self) or its ancestors (super), a name in m's
// scope, a library crate of the project by name, or (2015 paths) a
// module at the crate root. Segments after a symbol are its members.
func (pr *project) resolvePath(m *module, segs []string, depth int) (target, bool) {
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
			if c, found := pr.crates[segs[0]]; found {
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

// resolveRefTargets returns what a reference made in part of module m
// uses: one target, or for TypeUnits a type and its static member.
func (pr *project) resolveRefTargets(m *module, part *ModuleFacts, segs []string) []target {
	if system(m) == lang.TypeUnits {
		return pr.resolveUnitRef(m, segs)
	}
	if t, ok := pr.resolveRefIn(m, part, segs); ok {
		return []target{t}
	}
	return nil
}

// resolveRefIn resolves a reference made in part of module m.
func (pr *project) resolveRefIn(m *module, part *ModuleFacts, segs []string) (target, bool) {
	switch system(m) {
	case lang.PackageDirs:
		return pr.resolvePackageRef(m, part, segs)
	case lang.FileModules:
		return pr.resolveFileRef(m, segs)
	case lang.HeaderUnits:
		return pr.resolveHeaderRef(m, segs)
	}
	return pr.resolveRef(m, segs)
}

// resolveRef resolves a reference made in module m.
func (pr *project) resolveRef(m *module, segs []string) (target, bool) {
	if system(m) == lang.CrateTree {
		return pr.resolvePath(m, segs, 0)
	}
	t, ok := pr.lookup(m, segs[0], 0)
	for i := 1; ok && i < len(segs) && t.name == ""; i++ {
		t, ok = pr.member(t.mod, segs[i], 0)
	}
	return t, ok
}

// resolveString resolves a dotted-path string to a symbol: the longest
// prefix naming a module, then one name in it.
func (pr *project) resolveString(s string) (target, bool) {
	segs := strings.Split(s, ".")
	for k := len(segs) - 1; k >= 1; k-- {
		m, ok := pr.byName[strings.Join(segs[:k], ".")]
		if !ok {
			continue
		}
		if k != len(segs)-1 {
			return target{}, false
		}
		t, ok := pr.member(m, segs[k], 0)
		if !ok || t.name == "" {
			return target{}, false
		}
		return t, true
	}
	return target{}, false
}
