package reuse

import (
	"path"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// File is one analyzed file's input to Compute.
type File struct {
	// Path is slash-separated and relative to the analysis root.
	Path  string
	Lang  *lang.Spec
	Facts *Facts
}

// EntryDecl declares a module a program by project metadata, such as a
// [project.scripts] target.
type EntryDecl struct {
	// Module is the dotted module name.
	Module string
	// Reason says where the declaration came from.
	Reason string
}

// DataFile is a configuration file (YAML, JSON, TOML) whose dotted-path
// strings may name symbols, as Hydra's `_target_: pkg.models.Encoder`.
type DataFile struct {
	// Path is slash-separated and relative to the analysis root.
	Path string
	// Strings are its dotted-path tokens (see DataStrings).
	Strings []string
	// Test marks a file under a test directory.
	Test bool
}

// Options are Compute's inputs beyond the files.
type Options struct {
	// Data are configuration files whose exact dotted paths of symbols
	// count as uses (strict); they are users, not modules.
	Data []DataFile
	// Entries are modules declared programs by project metadata.
	Entries []EntryDecl
	// RootName is the analysis root directory's base name, the crate name
	// of a crate laid out at the root.
	RootName string
	// Manifests are the project files read for module paths and entries
	// (go.mod, package.json).
	Manifests []Manifest
	// Unparsed are the slash-separated paths of the source files that
	// were skipped (unreadable, unparsable): an include or a relative
	// import naming one is not reported unresolved.
	Unparsed []string
}

// module roles
const (
	roleStandalone = "standalone"
	roleEntry      = "entry"
	roleTest       = "test"
)

// module is one module of the project (or a package directory without a
// file of its own, virtual).
type module struct {
	name    string // reported name
	path    string // file path, empty for a virtual module
	lang    *lang.Spec
	virtual bool
	test    bool
	entry   string // why it is an entry module, empty when it is not
	parts   []*ModuleFacts
	// namespace
	defs    map[string]*Def
	exports map[string]bool // literal export list, nil without one
	binds   map[string]*Import
	// reexports are FileModules re-exports by exported name
	reexports map[string]*Import
	stars     []*Import
	children  map[string]*module
	parent    *module
	root      *module // crate root (CrateTree); the module itself otherwise
	pkg       bool    // a package's init file (DottedFiles)
	// for test regions: the module whose namespace it shares
	host *module
	// PackageDirs: the package's name, the file of each definition and
	// of each part (parts[k] comes from partPaths[k])
	pkgName   string
	typeName  string // TypeUnits: the type's simple name
	defPaths  map[string]string
	partPaths []string
	// results
	imported bool // reached from another non-test module
	edges    map[*module]bool
}

func newModule(name, filePath string, spec *lang.Spec) *module {
	return &module{
		name: name, path: filePath, lang: spec,
		defs: map[string]*Def{}, binds: map[string]*Import{}, children: map[string]*module{},
		edges: map[*module]bool{},
	}
}

func (m *module) addPart(p *ModuleFacts) {
	m.parts = append(m.parts, p)
	for k := range p.Defs {
		d := &p.Defs[k]
		if _, ok := m.defs[d.Name]; !ok {
			m.defs[d.Name] = d
		}
	}
	if p.ExportList != nil {
		if m.exports == nil {
			m.exports = map[string]bool{}
		}
		for _, n := range p.ExportList {
			m.exports[n] = true
		}
	}
	for k := range p.Imports {
		imp := &p.Imports[k]
		if imp.Star {
			m.stars = append(m.stars, imp)
		} else if imp.Local != "" {
			m.binds[imp.Local] = imp
		}
		if imp.Export != "" {
			if m.reexports == nil {
				m.reexports = map[string]*Import{}
			}
			if _, ok := m.reexports[imp.Export]; !ok {
				m.reexports[imp.Export] = imp
			}
		}
	}
}

// project is the set of modules Compute resolves against.
type project struct {
	opts    Options
	modules []*module          // file modules and test regions, sorted by name then path
	byName  map[string]*module // DottedFiles names (aliases included)
	tops    map[string]*module // DottedFiles top-level names
	crates  map[string]*module // CrateTree library crate roots by crate name
	// packages are the PackageDirs modules by import path
	packages map[string]*module
	// types are the TypeUnits modules by qualified name, pkgTypes by
	// package and simple name
	types    map[string]*module
	pkgTypes map[string]map[string]*module
	// headers are the HeaderUnits modules by header path; includes the
	// module each resolved include names; visible caches visibleHeaders
	headers  map[string]*module
	includes map[*Import]*module
	visible  map[*module][]*module
	// files are the FileModules modules by path
	files map[string]*module
	// unparsed holds Options.Unparsed
	unparsed map[string]bool
	// partBinds caches packageBinds
	partBinds map[*ModuleFacts]map[string]*module
	warns     []FileWarning
}

// dottedName returns a DottedFiles module's segments from its file path:
// the path without its extension and without a leading source directory,
// a package init file naming its directory.
func dottedName(spec *lang.ExportSpec, p string) (segs []string, pkg bool) {
	dir, base := path.Split(p)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if spec.SourceDir != "" && strings.HasPrefix(dir, spec.SourceDir+"/") {
		dir = strings.TrimPrefix(dir, spec.SourceDir+"/")
	}
	for _, s := range strings.Split(strings.Trim(dir, "/"), "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	if stem == spec.InitFile {
		return segs, true
	}
	return append(segs, stem), false
}

func isTestPath(spec *lang.ExportSpec, p string) bool {
	dir, base := path.Split(p)
	for _, g := range spec.TestFiles {
		if ok, _ := path.Match(g, base); ok {
			return true
		}
	}
	for _, s := range strings.Split(strings.Trim(dir, "/"), "/") {
		for _, d := range spec.TestDirs {
			if s == d {
				return true
			}
		}
	}
	for _, d := range spec.TestDirPaths {
		if strings.HasPrefix(dir, d+"/") || strings.Contains(dir, "/"+d+"/") {
			return true
		}
	}
	return false
}

// buildDotted adds the DottedFiles modules: one per file, named by its
// dotted path, plus virtual package modules for directories; a file inside
// a package tree that does not start at the root or the source directory
// is also known by its name from the top package's parent.
func (pr *project) buildDotted(files []File) {
	type named struct {
		f    File
		segs []string
		pkg  bool
	}
	var all []named
	inits := map[string]bool{} // directories holding a package init file
	rootPackage := false
	for _, f := range files {
		segs, pkg := dottedName(&f.Lang.Exports, f.Path)
		all = append(all, named{f, segs, pkg})
		if pkg {
			inits[path.Dir(f.Path)] = true
			rootPackage = rootPackage || len(segs) == 0
		}
	}
	// When the root itself is a package (it holds an init file), its
	// modules are named from the root directory's own name, as the
	// project imports them (django.db.models).
	if rootPackage && pr.opts.RootName != "" {
		for k := range all {
			all[k].segs = append([]string{pr.opts.RootName}, all[k].segs...)
		}
	}
	var aliases []named
	for _, n := range all {
		if len(n.segs) == 0 {
			continue // an init file at the root names no module
		}
		spec := &n.f.Lang.Exports
		m := pr.dottedModule(n.segs, n.f.Lang)
		if !m.virtual {
			continue // two files for one name: the first (by path) wins
		}
		m.virtual, m.path, m.pkg = false, n.f.Path, n.pkg
		m.test = isTestPath(spec, n.f.Path)
		base := path.Base(n.f.Path)
		for _, e := range spec.EntryFiles {
			if base == e {
				m.entry = base
			}
		}
		for k := range n.f.Facts.Modules {
			m.addPart(&n.f.Facts.Modules[k])
		}
		if g := n.f.Facts.MainGuard; g > 0 && m.entry == "" {
			m.entry = "__main__ guard at line " + itoa(g)
		}
		pr.modules = append(pr.modules, m)
		// the name from the top package's parent
		dir := path.Dir(n.f.Path)
		top := ""
		for d := dir; d != "." && d != "/" && inits[d]; d = path.Dir(d) {
			top = d
		}
		if top != "" && path.Dir(top) != "." {
			rel := strings.TrimPrefix(n.f.Path, path.Dir(top)+"/")
			if segs, _ := dottedName(&lang.ExportSpec{InitFile: spec.InitFile}, rel); len(segs) > 0 {
				aliases = append(aliases, named{n.f, segs, n.pkg})
			}
		}
	}
	for _, a := range aliases {
		key := strings.Join(a.segs, ".")
		if _, taken := pr.byName[key]; !taken {
			pr.byName[key] = pr.byPath(a.f.Path)
		}
	}
	for _, d := range pr.opts.Entries {
		if m := pr.byName[d.Module]; m != nil && !m.virtual && m.entry == "" {
			m.entry = d.Reason
		}
	}
}

func (pr *project) byPath(p string) *module {
	for _, m := range pr.modules {
		if m.path == p {
			return m
		}
	}
	return nil
}

// dottedModule returns the module named by segs, creating it and its
// parents as virtual modules when missing.
func (pr *project) dottedModule(segs []string, spec *lang.Spec) *module {
	var parent *module
	for i := range segs {
		name := strings.Join(segs[:i+1], ".")
		m := pr.byName[name]
		if m == nil {
			m = newModule(name, "", spec)
			m.virtual = true
			m.parent = parent
			m.root = m
			pr.byName[name] = m
			if parent != nil {
				parent.children[segs[i]] = m
			} else {
				pr.tops[segs[i]] = m
			}
		}
		parent = m
	}
	return parent
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// crateLayout is where a CrateTree file sits in its crate.
type crateLayout struct {
	top      string   // the crate's top directory ("" for the root)
	crate    string   // crate id: top plus the root file
	segs     []string // module path inside the crate
	root     bool     // the crate's root file
	binary   bool     // an executable crate
	test     bool     // test or bench code
	lib      bool     // the library crate
	nameHint string
}

// layoutOf places a CrateTree file: crates are found by their source
// directory (src/lib.rs, src/main.rs, src/bin/*, tests/*, benches/*,
// examples/*); files outside any source directory form one crate rooted
// at the analysis root.
func layoutOf(spec *lang.ExportSpec, p string, libs map[string]bool) crateLayout {
	segs := strings.Split(p, "/")
	stem := func(s string) string { return strings.TrimSuffix(s, path.Ext(s)) }
	// the first source, test, bench or examples directory from the root
	for i := 0; i <= len(segs)-2; i++ {
		top := strings.Join(segs[:i], "/")
		rest := segs[i+1:]
		switch {
		case segs[i] == spec.SourceDir:
			if len(rest) >= 2 && rest[0] == "bin" {
				bin := stem(rest[1])
				inner := rest[2:]
				if len(rest) == 2 {
					return crateLayout{top: top, crate: top + "#bin/" + bin, root: true, binary: true, nameHint: bin}
				}
				ms := modSegs(inner)
				return crateLayout{top: top, crate: top + "#bin/" + bin, segs: ms, root: len(ms) == 0, binary: true, nameHint: bin}
			}
			if len(rest) == 1 && stem(rest[0]) == "main" {
				return crateLayout{top: top, crate: top + "#main", root: true, binary: true, nameHint: "main"}
			}
			if len(rest) == 1 && stem(rest[0]) == "lib" {
				return crateLayout{top: top, crate: top + "#lib", root: true, lib: true}
			}
			ms := modSegs(rest)
			if libs[top] {
				return crateLayout{top: top, crate: top + "#lib", segs: ms, lib: true}
			}
			return crateLayout{top: top, crate: top + "#main", segs: ms, binary: true, nameHint: "main"}
		case containsStr(spec.TestDirs, segs[i]):
			return crateLayout{top: top, crate: top + "#" + segs[i] + "/" + stem(rest[0]), segs: modSegs(rest[1:]),
				root: len(rest) == 1, test: true, nameHint: segs[i] + "/" + stem(rest[0])}
		case segs[i] == "examples":
			return crateLayout{top: top, crate: top + "#examples/" + stem(rest[0]), segs: modSegs(rest[1:]),
				root: len(rest) == 1, binary: true, nameHint: "examples/" + stem(rest[0])}
		}
	}
	ms := modSegs(segs)
	if len(segs) == 1 && containsStr(spec.CrateRoots, segs[0]) {
		return crateLayout{crate: "#" + stem(segs[0]), root: true, binary: stem(segs[0]) == "main",
			lib: stem(segs[0]) != "main", nameHint: stem(segs[0])}
	}
	if libs[""] || !libs["#main"] {
		return crateLayout{crate: "#lib", segs: ms, lib: true}
	}
	return crateLayout{crate: "#main", segs: ms, binary: true, nameHint: "main"}
}

// modSegs turns the file path inside a source directory into a module
// path: a/b.rs is a::b, a/mod.rs is a.
func modSegs(rest []string) []string {
	if len(rest) == 0 {
		return nil
	}
	out := append([]string(nil), rest[:len(rest)-1]...)
	last := strings.TrimSuffix(rest[len(rest)-1], path.Ext(rest[len(rest)-1]))
	if last != "mod" {
		out = append(out, last)
	}
	return out
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// buildCrates adds the CrateTree modules: a tree per crate, from its files
// and the inline modules inside them.
func (pr *project) buildCrates(files []File) {
	libs := map[string]bool{}
	for _, f := range files {
		segs := strings.Split(f.Path, "/")
		n := len(segs)
		switch {
		case n >= 2 && segs[n-2] == f.Lang.Exports.SourceDir && segs[n-1] == "lib.rs":
			libs[strings.Join(segs[:n-2], "/")] = true
		case n == 1 && segs[0] == "lib.rs":
			libs[""] = true
		case n == 1 && segs[0] == "main.rs":
			libs["#main"] = true
		}
	}
	roots := map[string]*module{}
	type pending struct {
		f  File
		lo crateLayout
	}
	var testChildren []struct {
		root *module
		path []string
	}
	for _, f := range files {
		spec := &f.Lang.Exports
		lo := layoutOf(spec, f.Path, libs)
		crateName := path.Base(lo.top)
		if lo.top == "" {
			crateName = pr.opts.RootName
		}
		crateName = strings.ReplaceAll(crateName, "-", "_")
		root := roots[lo.crate]
		if root == nil {
			label := crateName
			if lo.nameHint != "" {
				label += "/" + lo.nameHint
			}
			root = newModule(label, "", f.Lang)
			root.virtual = true
			root.root = root
			roots[lo.crate] = root
			if lo.lib {
				if _, ok := pr.crates[crateName]; !ok {
					pr.crates[crateName] = root
				}
			}
		}
		base := pr.crateModule(root, lo.segs)
		for k := range f.Facts.Modules {
			part := &f.Facts.Modules[k]
			m := pr.crateModule(base, part.Inline)
			if part.Test && !m.test && m.path != "" {
				// a test region beside the module's own items
				region := newModule(m.name+" (tests)", f.Path, f.Lang)
				region.root, region.parent, region.host, region.test = m.root, m.parent, m, true
				region.addPart(part)
				pr.modules = append(pr.modules, region)
				continue
			}
			if m.path == "" {
				m.path = f.Path
				m.virtual = false
				m.test = lo.test || part.Test
				if lo.root && len(part.Inline) == 0 && lo.binary {
					m.entry = "binary crate root"
				}
				pr.modules = append(pr.modules, m)
			}
			m.addPart(part)
		}
		for _, tc := range f.Facts.TestChildren {
			testChildren = append(testChildren, struct {
				root *module
				path []string
			}{base, tc})
		}
	}
	for _, tc := range testChildren {
		if m := pr.crateModule(tc.root, tc.path); m != nil {
			markTest(m)
		}
	}
}

func markTest(m *module) {
	m.test = true
	for _, c := range m.children {
		markTest(c)
	}
}

// crateModule returns the module at segs below m, creating virtual ones.
func (pr *project) crateModule(m *module, segs []string) *module {
	for _, s := range segs {
		c := m.children[s]
		if c == nil {
			c = newModule(m.name+"::"+s, "", m.lang)
			c.virtual = true
			c.parent = m
			c.root = m.root
			c.test = m.test
			m.children[s] = c
		}
		m = c
	}
	return m
}

func (pr *project) sortModules() {
	sort.SliceStable(pr.modules, func(a, b int) bool {
		if pr.modules[a].name != pr.modules[b].name {
			return pr.modules[a].name < pr.modules[b].name
		}
		return pr.modules[a].path < pr.modules[b].path
	})
}
