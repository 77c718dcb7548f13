package reuse

import (
	"path"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// buildFiles adds the FileModules modules, one per file named by its
// path, and marks the targets of the manifests' entries.
func (pr *project) buildFiles(files []File) {
	for _, f := range files {
		m := newModule(f.Path, f.Path, f.Lang)
		m.root = m
		m.test = isTestPath(&f.Lang.Exports, f.Path)
		for k := range f.Facts.Modules {
			m.addPart(&f.Facts.Modules[k])
		}
		pr.modules = append(pr.modules, m)
		pr.files[f.Path] = m
	}
	if len(files) == 0 {
		return
	}
	spec := files[0].Lang
	for _, man := range pr.opts.Manifests {
		for _, e := range man.Entries {
			m := pr.fileAt(path.Join(man.Dir, e.Target), spec)
			if m != nil && !m.test && m.entry == "" {
				m.entry = e.Reason
			}
		}
	}
}

// fileAt returns the FileModules module a path names: the file itself,
// the sources its extension may stand for, the path with each resolvable
// extension, or the directory's index file.
func (pr *project) fileAt(p string, spec *lang.Spec) *module {
	var out *module
	candidates(p, spec, func(c string) bool {
		out = pr.files[c]
		return out != nil
	})
	return out
}

// candidates calls found with each path p may name, in order, until it
// reports true: the file itself, the sources its extension may stand for,
// the path with each resolvable extension, the directory's index file.
func candidates(p string, spec *lang.Spec, found func(string) bool) {
	e := &spec.Exports
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
func (pr *project) namesUnparsed(m *module, spec string) bool {
	if !strings.HasPrefix(spec, ".") || len(pr.unparsed) == 0 {
		return false
	}
	hit := false
	candidates(path.Join(path.Dir(m.path), spec), m.lang, func(c string) bool {
		hit = pr.unparsed[c]
		return hit
	})
	return hit
}

// specifierModule returns the module a relative specifier of module from
// names; nil for a package or a file outside the project.
func (pr *project) specifierModule(from *module, spec string) *module {
	if strings.HasPrefix(spec, ".") {
		return pr.fileAt(path.Join(path.Dir(from.path), spec), from.lang)
	}
	man := pr.aliasManifest(from)
	if man == nil {
		return nil
	}
	for _, a := range man.Aliases {
		star, ok := matchAlias(a.Pattern, spec)
		if !ok {
			continue
		}
		for _, t := range a.Targets {
			if m := pr.fileAt(path.Join(man.Dir, strings.Replace(t, "*", star, 1)), from.lang); m != nil {
				return m
			}
		}
	}
	if man.BaseDir != "" {
		return pr.fileAt(path.Join(man.Dir, man.BaseDir, spec), from.lang)
	}
	return nil
}

// aliasManifest is the nearest manifest above module m declaring a base
// directory or aliases (a tsconfig.json); nil when there is none.
func (pr *project) aliasManifest(m *module) *Manifest {
	dir := path.Dir(m.path)
	if dir == "." {
		dir = ""
	}
	var best *Manifest
	for k := range pr.opts.Manifests {
		man := &pr.opts.Manifests[k]
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
func (pr *project) aliased(m *module, spec string) bool {
	if man := pr.aliasManifest(m); man != nil {
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
func (pr *project) fileImport(m *module, imp *Import, depth int) (target, bool) {
	base := pr.specifierModule(m, imp.Path[0])
	if base == nil {
		return target{}, false
	}
	if imp.Name == "" {
		return target{mod: base}, true
	}
	return pr.exportLookup(base, imp.Name, depth+1)
}

// exportLookup resolves the name n that module m exports: a public
// declaration, a re-export, or a name a wildcard re-export brings (never
// the default export).
func (pr *project) exportLookup(m *module, n string, depth int) (target, bool) {
	return pr.exportLookupSeen(m, n, depth, map[*module]bool{})
}

// exportLookupSeen is exportLookup visiting each module once: wildcard
// re-exports may form cycles and fan out.
func (pr *project) exportLookupSeen(m *module, n string, depth int, seen map[*module]bool) (target, bool) {
	if depth > maxDepth || seen[m] {
		return target{}, false
	}
	seen[m] = true
	if d, ok := m.defs[n]; ok && d.Public {
		return target{mod: m, name: n}, true
	}
	if imp, ok := m.reexports[n]; ok {
		return pr.fileImport(m, imp, depth+1)
	}
	if n == m.lang.Exports.DefaultKeyword {
		return target{}, false
	}
	for k := len(m.stars) - 1; k >= 0; k-- {
		if src := pr.specifierModule(m, m.stars[k].Path[0]); src != nil {
			if t, ok := pr.exportLookupSeen(src, n, depth+1, seen); ok {
				return t, true
			}
		}
	}
	return target{}, false
}

// exportNames returns the names module m exports, wildcard re-exports
// followed, sorted.
func (pr *project) exportNames(m *module) []string {
	seen := map[string]bool{}
	visited := map[*module]bool{}
	var walk func(m *module, depth int, star bool)
	walk = func(m *module, depth int, star bool) {
		if depth > maxDepth || visited[m] {
			return
		}
		visited[m] = true
		for n, d := range m.defs {
			if d.Public && !(star && n == m.lang.Exports.DefaultKeyword) {
				seen[n] = true
			}
		}
		for n := range m.reexports {
			if !(star && n == m.lang.Exports.DefaultKeyword) {
				seen[n] = true
			}
		}
		for _, s := range m.stars {
			if src := pr.specifierModule(m, s.Path[0]); src != nil {
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
func (pr *project) resolveFileRef(c *module, segs []string) (target, bool) {
	var t target
	if _, ok := c.defs[segs[0]]; ok {
		t = target{mod: c, name: segs[0]}
	} else if imp, ok := c.binds[segs[0]]; ok {
		if t, ok = pr.fileImport(c, imp, 0); !ok {
			return target{}, false
		}
		if t.name == "" && len(segs) == 1 && imp.Value {
			if d, ok := pr.exportLookup(t.mod, c.lang.Exports.DefaultKeyword, 0); ok {
				return d, true
			}
		}
	} else {
		return target{}, false
	}
	for i := 1; i < len(segs) && t.name == ""; i++ {
		var ok bool
		if t, ok = pr.exportLookup(t.mod, segs[i], 0); !ok {
			return target{}, false
		}
	}
	return t, true
}

// escapeTargets are the symbols a module used whole reaches (dir_lenient):
// its own definitions, or for FileModules every name it exports.
func (pr *project) escapeTargets(m *module) []target {
	var out []target
	if system(m) != lang.FileModules {
		for name := range m.defs {
			out = append(out, target{mod: m, name: name})
		}
		return out
	}
	for _, n := range pr.exportNames(m) {
		if t, ok := pr.exportLookup(m, n, 0); ok {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].mod.path+"#"+out[a].name < out[b].mod.path+"#"+out[b].name })
	return out
}
