package reuse

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// Manifest is a project file read for module paths and entries (a
// language's lang.Manifest) at its place in the analysed tree.
type Manifest struct {
	// Dir is the slash-separated directory relative to the analysis
	// root, "" for the root.
	Dir string
	// Name is the manifest's base name.
	Name string
	lang.ManifestInfo
}

// ReadManifest reads the text of a manifest named name (a base name some
// language reads, see IsManifest) found in the slash-separated directory
// dir, relative to the analysis root.
func ReadManifest(dir, name string, text []byte) (Manifest, error) {
	read := manifestReader(name)
	if read == nil {
		return Manifest{}, fmt.Errorf("%s: not a manifest", name)
	}
	info, err := read(text)
	if err != nil {
		return Manifest{}, err
	}
	return Manifest{Dir: dir, Name: name, ManifestInfo: info}, nil
}

// From returns the manifest as seen from its slash-separated
// subdirectory down, the analysis root when the manifest lies above it:
// placed at the root, its module path extended by the way down, its
// entries, base directory and alias targets made relative to down (those
// outside it dropped).
func (m Manifest) From(down string) Manifest {
	out := Manifest{Name: m.Name}
	if namesPackages(m.Name) {
		out.ModulePath = joinPath(m.ModulePath, down)
	}
	below := func(p string) (string, bool) {
		p = path.Clean(p)
		switch {
		case p == down:
			return ".", true
		case within(down, p):
			return strings.TrimPrefix(p, down+"/"), true
		}
		return "", false
	}
	for _, e := range m.Entries {
		if t, ok := below(e.Target); ok && t != "." {
			e.Target = t
			out.Entries = append(out.Entries, e)
		}
	}
	if m.BaseDir != "" {
		out.BaseDir, _ = below(m.BaseDir)
	}
	for _, a := range m.Aliases {
		kept := lang.PathAlias{Pattern: a.Pattern}
		for _, t := range a.Targets {
			if t, ok := below(t); ok {
				kept.Targets = append(kept.Targets, t)
			}
		}
		if len(kept.Targets) > 0 {
			out.Aliases = append(out.Aliases, kept)
		}
	}
	return out
}

// IsManifest reports whether some language reads files of this base name
// as manifests.
func IsManifest(name string) bool { return manifestReader(name) != nil }

// namesPackages reports whether manifests of this name give the import
// paths of PackageDirs modules.
func namesPackages(name string) bool {
	for _, s := range lang.All() {
		if s.Exports.System == lang.PackageDirs && manifestName(s.Exports.Manifests) == name {
			return true
		}
	}
	return false
}

func manifestReader(name string) func([]byte) (lang.ManifestInfo, error) {
	for _, s := range lang.All() {
		for _, m := range s.Exports.Manifests {
			if m.Name == name {
				return m.Read
			}
		}
	}
	return nil
}

// manifestFor returns the manifest of the given name nearest above the
// slash-separated directory dir, and the way from its directory down to
// dir; nil when there is none.
func (pr *project) manifestFor(name, dir string) (*Manifest, string) {
	var best *Manifest
	for k := range pr.opts.Manifests {
		m := &pr.opts.Manifests[k]
		if m.Name != name || !within(m.Dir, dir) {
			continue
		}
		if best == nil || len(m.Dir) > len(best.Dir) {
			best = m
		}
	}
	if best == nil {
		return nil, dir
	}
	return best, strings.TrimPrefix(strings.TrimPrefix(dir, best.Dir), "/")
}

// within reports whether the slash-separated directory dir is base or
// lies below it ("" is the root).
func within(base, dir string) bool {
	return base == "" || dir == base || strings.HasPrefix(dir, base+"/")
}

func joinPath(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "/" + b
}

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

func manifestName(ms []lang.Manifest) string {
	if len(ms) == 0 {
		return ""
	}
	return ms[0].Name
}
