package reuse

import (
	"path"
	"sort"
)

// buildPackages adds the PackageDirs modules: the non-test files of a
// directory that declare one package form a module named by its import
// path; a directory's test files form one test module whose host is the
// package, so that its bare names reach the package's symbols. When a
// directory holds files of several packages (a generator in package main
// beside the library), the package with the most files is the one its
// import path names.
func (pr *project) buildPackages(files []File) {
	type group struct {
		dir, pkg string
		test     bool
		files    []File
	}
	groups := map[string]*group{}
	var keys []string
	for _, f := range files {
		dir := path.Dir(f.Path)
		if dir == "." {
			dir = ""
		}
		g := &group{dir: dir, pkg: f.Facts.Package, test: isTestPath(&f.Lang.Exports, f.Path)}
		key := dir + "\x00" + g.pkg
		if g.test {
			key, g.pkg = dir+"\x00\x00test", ""
		}
		if groups[key] == nil {
			groups[key] = g
			keys = append(keys, key)
		}
		groups[key].files = append(groups[key].files, f)
	}
	sort.Strings(keys)
	primary := map[string]*group{} // by directory
	for _, k := range keys {
		g := groups[k]
		if g.test {
			continue
		}
		if p := primary[g.dir]; p == nil || len(g.files) > len(p.files) {
			primary[g.dir] = g
		}
	}
	byDir := map[string]*module{}
	var tests []*group
	for _, k := range keys {
		g := groups[k]
		if g.test {
			tests = append(tests, g)
			continue
		}
		spec := g.files[0].Lang
		var importPath string
		if man, rest := pr.manifestFor(manifestName(spec.Exports.Manifests), g.dir); man != nil {
			importPath = joinPath(man.ModulePath, rest)
		} else {
			importPath = g.dir
		}
		name := importPath
		if name == "" {
			// the analysed directory itself, without a module path
			name = pr.opts.RootName
		}
		if primary[g.dir] != g {
			name += " (package " + g.pkg + ")"
		}
		m := newModule(name, g.files[0].Path, spec)
		m.root, m.pkgName = m, g.pkg
		for _, e := range spec.Exports.EntryPackages {
			if g.pkg == e {
				m.entry = "package " + e
			}
		}
		m.addFiles(g.files)
		pr.modules = append(pr.modules, m)
		if primary[g.dir] == g {
			byDir[g.dir] = m
			pr.packages[importPath] = m
		}
	}
	for _, g := range tests {
		host := byDir[g.dir]
		name := g.dir
		if host != nil {
			name = host.name
		}
		m := newModule(name+" (tests)", g.files[0].Path, g.files[0].Lang)
		m.root, m.host, m.test = m, host, true
		m.addFiles(g.files)
		pr.modules = append(pr.modules, m)
	}
}

// addFiles adds the files' module facts as parts of m, each definition
// remembering its file.
func (m *module) addFiles(files []File) {
	for _, f := range files {
		for k := range f.Facts.Modules {
			part := &f.Facts.Modules[k]
			for _, d := range part.Defs {
				if _, ok := m.defs[d.Name]; !ok {
					if m.defPaths == nil {
						m.defPaths = map[string]string{}
					}
					m.defPaths[d.Name] = f.Path
				}
			}
			m.addPart(part)
			m.partPaths = append(m.partPaths, f.Path)
		}
	}
}

// partPath is the file part k of m comes from.
func (m *module) partPath(k int) string {
	if k < len(m.partPaths) {
		return m.partPaths[k]
	}
	return m.path
}
