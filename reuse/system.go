package reuse

import (
	"sort"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// A system is DIR for one lang.ModuleSystem, registered under its
// SystemName by the system's file (system_dotted.go, system_crate.go,
// ...): how its files are read (Extract) and how their modules are built
// and resolved (Compute).
type system interface {
	// table adds the node kinds the system reads to a grammar's roles
	// and returns what its reading needs of the grammar (its data, field
	// ids), kept in the grammar's table as sys; core is that table.
	table(g *source.Grammar, core *table, add func(r role, kinds ...string)) any
	// extract reads a parsed file's facts into x.
	extract(x *extractor)
	// resolver returns the system's resolver for one Compute of pr.
	resolver(pr *project) resolver
}

// A resolver builds one system's modules and resolves what they import
// and refer to, for one Compute.
type resolver interface {
	// build adds the modules of the system's files (sorted by path) to
	// the project.
	build(files []File)
	// resolveImport returns the target an import binding of m names
	// (project.resolveImport bounds the depth).
	resolveImport(m *module, imp *Import, depth int) (target, bool)
	// starSource returns the module a wildcard import of m reads; nil
	// when it names none of the project.
	starSource(m *module, imp *Import, depth int) *module
	// resolveRef returns what a reference made in part of module m uses:
	// none, one target, or several (a type and its member).
	resolveRef(m *module, part *ModuleFacts, segs []string) []target
	// unresolved reports whether an import of m is reported unresolved:
	// one that resolved to nothing yet names the project, or (resolved
	// true) one that binds a name but names a module that is missing.
	unresolved(m *module, imp *Import, resolved bool) bool
	// escapeTargets returns the symbols module m reaches when it is used
	// whole (dir_lenient).
	escapeTargets(m *module) []target
	// childrenInScope reports whether a module's child modules are names
	// of its namespace (a Rust `mod x;` binds x), which a lookup finds and
	// a wildcard import brings in.
	childrenInScope() bool
}

// systems are the registered systems by name.
var systems = map[string]system{}

// register makes s the system of the languages whose module system is
// named name (lang.ModuleSystem.SystemName).
func register(name string, s system) { systems[name] = s }

// systemOf returns the system of a language, nil when it takes no part
// in DIR.
func systemOf(spec *lang.Spec) system {
	if spec.Exports.System == nil {
		return nil
	}
	return systems[spec.Exports.System.SystemName()]
}

// systemNames returns the names of the systems of files, sorted.
func systemNames(bySystem map[string][]File) []string {
	out := make([]string, 0, len(bySystem))
	for n := range bySystem {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// sysOf returns the resolver of module m's system.
func (pr *project) sysOf(m *module) resolver {
	if m.sys == nil {
		m.sys = pr.resolvers[m.lang.Exports.System.SystemName()]
	}
	return m.sys
}

// resolveImport returns the target an import binding of m names, through
// m's system; nothing past maxDepth.
func (pr *project) resolveImport(m *module, imp *Import, depth int) (target, bool) {
	if depth > maxDepth {
		return target{}, false
	}
	return pr.sysOf(m).resolveImport(m, imp, depth)
}

// one is a resolved target as resolveRef returns it.
func one(t target, ok bool) []target {
	if !ok {
		return nil
	}
	return []target{t}
}

// ownDefs are the targets of m's own definitions: what a module used
// whole reaches in most systems.
func ownDefs(m *module) []target {
	out := make([]target, 0, len(m.defs))
	for name := range m.defs {
		out = append(out, target{mod: m, name: name})
	}
	return out
}
