package reuse

import "strings"

// packageBinds returns the packages of the project that a PackageDirs
// file's imports bind, by local name: an import's own name, else the
// imported package's name. Dot and blank imports bind nothing here.
func (pr *project) packageBinds(part *ModuleFacts) map[string]*module {
	if b, ok := pr.partBinds[part]; ok {
		return b
	}
	b := map[string]*module{}
	for _, imp := range part.Imports {
		pkg := pr.packages[imp.Path[0]]
		switch {
		case pkg == nil || imp.Star || imp.Local == blankImport:
		case imp.Local != "":
			b[imp.Local] = pkg
		default:
			b[pkg.pkgName] = pkg
		}
	}
	pr.partBinds[part] = b
	return b
}

// resolvePackageRef resolves a reference made in a part (one file) of
// PackageDirs module c: pkg.Name through the file's imports, else a bare
// name of the package itself (a test module's host), else one a dot
// import of the file brings in. A selector on an imported package naming
// no symbol resolves to nothing: a package is never a value, so there is
// no escape to count.
func (pr *project) resolvePackageRef(c *module, part *ModuleFacts, segs []string) (target, bool) {
	head := segs[0]
	if len(segs) >= 2 {
		if pkg, ok := pr.packageBinds(part)[head]; ok {
			if _, ok := pkg.defs[segs[1]]; ok {
				return target{mod: pkg, name: segs[1]}, true
			}
			return target{}, false
		}
	}
	scope := c
	if c.host != nil {
		scope = c.host
	}
	if _, ok := scope.defs[head]; ok {
		return target{mod: scope, name: head}, true
	}
	for _, imp := range part.Imports {
		if !imp.Star {
			continue
		}
		if pkg := pr.packages[imp.Path[0]]; pkg != nil {
			if _, ok := pkg.defs[head]; ok {
				return target{mod: pkg, name: head}, true
			}
		}
	}
	return target{}, false
}

// packageInternal reports whether an import path that names no package of
// the project lies under the module path of one of the project's
// manifests.
func (pr *project) packageInternal(p string) bool {
	for _, m := range pr.opts.Manifests {
		if m.ModulePath != "" && (p == m.ModulePath || strings.HasPrefix(p, m.ModulePath+"/")) {
			return true
		}
	}
	return false
}
