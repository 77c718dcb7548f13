package reuse

import (
	"strings"
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

// lookup resolves a name in module m's own namespace: its definitions,
// the names its imports bind, its child modules (when the system has them
// in scope) and the names its wildcard imports bring in, the last
// wildcard first. A test region falls back to the module it belongs to.
func (pr *project) lookup(m *module, n string, depth int) (target, bool) {
	if depth > maxDepth {
		return target{}, false
	}
	if _, ok := m.defs[n]; ok {
		return target{mod: m, name: n}, true
	}
	sys := pr.sysOf(m)
	if imp, ok := m.binds[n]; ok {
		if t, ok := pr.resolveImport(m, imp, depth+1); ok {
			return t, true
		}
	}
	if sys.childrenInScope() {
		if c, ok := m.children[n]; ok {
			return target{mod: c}, true
		}
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		src := sys.starSource(m, m.stars[k], depth+1)
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
// module the stars reach has it. A literal export list decides alone; a
// private name is never brought in.
func (pr *project) exportsSeen(m *module, n string, depth int, seen map[*module]bool) bool {
	if depth > maxDepth || seen[m] {
		return false
	}
	seen[m] = true
	if m.exports != nil {
		return m.exports[n]
	}
	if strings.HasPrefix(n, m.lang.PrivatePrefix) && m.lang.PrivatePrefix != "" {
		return false
	}
	sys := pr.sysOf(m)
	_, d := m.defs[n]
	_, b := m.binds[n]
	if d || b {
		return true
	}
	if sys.childrenInScope() {
		if _, c := m.children[n]; c {
			return true
		}
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		if src := sys.starSource(m, m.stars[k], depth+1); src != nil && pr.exportsSeen(src, n, depth+1, seen) {
			return true
		}
	}
	return false
}

// lookupPath resolves a reference made in module m by looking its first
// segment up in m's namespace and each further one as a member, until a
// symbol is reached.
func (pr *project) lookupPath(m *module, segs []string) (target, bool) {
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
