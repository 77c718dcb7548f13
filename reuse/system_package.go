package reuse

import (
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// PackageDirs (Go): the non-test files of a directory declaring one
// package form a module named by its import path (the nearest manifest's
// module path plus the directory); a file reads another package's
// symbols as pkg.Name through its imports, and its own package's by their
// bare names.

func init() { register("package", packageSystem{}) }

type packageSystem struct{}

// packageDirs returns a language's PackageDirs data.
func packageDirs(spec *lang.Spec) *lang.PackageDirs { return spec.Exports.System.(*lang.PackageDirs) }

// packageTable is what reading a PackageDirs file needs of its grammar.
type packageTable struct {
	*table
	importPath, importName uint16
	generated              *regexp.Regexp
}

func (packageSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	p := packageDirs(g.Spec)
	add(rolePackageClause, p.PackageClause)
	add(roleImportModule, p.ImportSpec)
	add(roleWildcard, p.DotImport)
	add(roleBlankImport, p.BlankImport)
	t := &packageTable{table: core, importPath: g.FieldID(p.ImportPathField), importName: g.FieldID(p.ImportNameField)}
	if p.GeneratedMarker != "" {
		t.generated = regexp.MustCompile(p.GeneratedMarker)
	}
	return t
}

func (x *extractor) packageDirs() *packageTable { return x.tab.sys.(*packageTable) }

func (packageSystem) extract(x *extractor) { x.packageFile() }

func (packageSystem) resolver(pr *project) resolver {
	return &packageResolver{pr: pr, packages: map[string]*module{}, partBinds: map[*ModuleFacts]map[string]*module{}}
}

// packageResolver resolves PackageDirs modules.
type packageResolver struct {
	pr *project
	// packages are the modules by import path
	packages map[string]*module
	// partBinds caches packageBinds
	partBinds map[*ModuleFacts]map[string]*module
}

func (r *packageResolver) childrenInScope() bool { return false }

func (r *packageResolver) escapeTargets(m *module) []target { return ownDefs(m) }

func (r *packageResolver) resolveRef(m *module, part *ModuleFacts, segs []string) []target {
	return one(r.resolvePackageRef(m, part, segs))
}

// starSource is the package a dot import names.
func (r *packageResolver) starSource(_ *module, imp *Import, _ int) *module {
	return r.packages[imp.Path[0]]
}

// resolveImport returns the package an import names.
func (r *packageResolver) resolveImport(_ *module, imp *Import, _ int) (target, bool) {
	pkg := r.packages[imp.Path[0]]
	return target{mod: pkg}, pkg != nil
}

// unresolved reports an import that names no package of the project yet
// lies under the module path of one of its manifests.
func (r *packageResolver) unresolved(_ *module, imp *Import, resolved bool) bool {
	return !resolved && r.packageInternal(imp.Path[0])
}

// namesPackages reports whether manifests of this name give the import
// paths of PackageDirs modules (a language's first manifest).
func namesPackages(name string) bool {
	for _, s := range lang.All() {
		if _, ok := s.Exports.System.(*lang.PackageDirs); ok && manifestName(s.Exports.Manifests) == name {
			return true
		}
	}
	return false
}

// build adds the PackageDirs modules: the non-test files of a
// directory that declare one package form a module named by its import
// path; a directory's test files form one test module whose host is the
// package, so that its bare names reach the package's symbols. When a
// directory holds files of several packages (a generator in package main
// beside the library), the package with the most files is the one its
// import path names.
func (r *packageResolver) build(files []File) {
	pr := r.pr
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
		g := &group{dir: dir, pkg: f.Facts.Package, test: f.Lang.IsTest(f.Path)}
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
		if man, rest := r.manifestFor(manifestName(spec.Exports.Manifests), g.dir); man != nil {
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
		for _, e := range packageDirs(spec).EntryPackages {
			if g.pkg == e {
				m.entry = "package " + e
			}
		}
		m.addFiles(g.files)
		pr.modules = append(pr.modules, m)
		if primary[g.dir] == g {
			byDir[g.dir] = m
			r.packages[importPath] = m
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

// manifestFor returns the manifest of the given name nearest above the
// slash-separated directory dir, and the way from its directory down to
// dir; nil when there is none.
func (r *packageResolver) manifestFor(name, dir string) (*Manifest, string) {
	var best *Manifest
	for k := range r.pr.opts.Manifests {
		m := &r.pr.opts.Manifests[k]
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

// packageBinds returns the packages of the project that a PackageDirs
// file's imports bind, by local name: an import's own name, else the
// imported package's name. Dot and blank imports bind nothing here.
func (r *packageResolver) packageBinds(part *ModuleFacts) map[string]*module {
	if b, ok := r.partBinds[part]; ok {
		return b
	}
	b := map[string]*module{}
	for _, imp := range part.Imports {
		pkg := r.packages[imp.Path[0]]
		switch {
		case pkg == nil || imp.Star || imp.Local == blankImport:
		case imp.Local != "":
			b[imp.Local] = pkg
		default:
			b[pkg.pkgName] = pkg
		}
	}
	r.partBinds[part] = b
	return b
}

// resolvePackageRef resolves a reference made in a part (one file) of
// PackageDirs module c: pkg.Name through the file's imports, else a bare
// name of the package itself (a test module's host), else one a dot
// import of the file brings in. A selector on an imported package naming
// no symbol resolves to nothing: a package is never a value, so there is
// no escape to count.
func (r *packageResolver) resolvePackageRef(c *module, part *ModuleFacts, segs []string) (target, bool) {
	head := segs[0]
	if len(segs) >= 2 {
		if pkg, ok := r.packageBinds(part)[head]; ok {
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
		if pkg := r.packages[imp.Path[0]]; pkg != nil {
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
func (r *packageResolver) packageInternal(p string) bool {
	for _, m := range r.pr.opts.Manifests {
		if m.ModulePath != "" && (p == m.ModulePath || strings.HasPrefix(p, m.ModulePath+"/")) {
			return true
		}
	}
	return false
}

// packageFile reads a PackageDirs file: its package name, the
// package-level definitions that are exported (Spec.PublicByCase), its
// imports, and the
// references that can reach another package's symbol (pkg.Name, kept to
// those two segments) or a symbol of its own package or a dot import (an
// exported bare name).
func (x *extractor) packageFile() {
	t := x.t
	m := &x.facts.Modules[0]
	header := true // comments before the package clause
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			return
		}
		switch {
		case x.role(c)&rolePackageClause != 0:
			header = false
		case header && x.packageDirs().generated != nil && t.Is(c, commentClass):
			x.facts.Generated = x.facts.Generated || x.packageDirs().generated.MatchString(strings.TrimRight(t.Text(c), "\r"))
		}
		x.packageDecl(m, c)
	}
	end := int(t.Nodes[0].End)
	for j := 0; j < end; j++ {
		if t.Stopped() {
			return
		}
		r := x.role(j)
		switch {
		case r&rolePackageClause != 0:
			x.facts.Package = strings.Join(x.dottedSegs(j), ".")
			j = int(t.Nodes[j].End) - 1
		case r&roleImportModule != 0:
			x.importSpec(m, j)
			j = int(t.Nodes[j].End) - 1
		case r&roleName != 0:
			segs := x.chain(j)
			if len(segs) == 1 && !exported(segs[0]) {
				continue
			}
			if len(segs) > 2 {
				segs = segs[:2]
			}
			if segs != nil {
				x.addRef(0, segs, t.StartLine(j))
			}
		}
	}
}

// packageDecl reads one package-level declaration, descending into
// declaration groups.
func (x *extractor) packageDecl(m *ModuleFacts, c int) {
	t, tab := x.t, x.tab
	r := x.role(c)
	switch {
	case r&roleContainer != 0:
		for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
			x.packageDecl(m, k)
		}
	case r&roleDef != 0:
		d := tab.defs[t.Nodes[c].Kind]
		field := tab.nameField[t.Nodes[c].Kind]
		for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
			if t.Nodes[k].Field != field {
				continue
			}
			if name := t.Text(k); (!t.Lang.PublicByCase || exported(name)) && !hasAnyPrefix(name, d.SkipPrefixes) {
				m.Defs = append(m.Defs, Def{Name: name, Kind: d.Symbol, Line: t.StartLine(c), Public: true})
			}
			if !d.Multiple {
				break
			}
		}
	}
}

// importSpec reads one import: its path, and its local name, dot or
// blank. An import without a name binds the imported package's own name,
// known only once the package is found; Local stays empty then.
func (x *extractor) importSpec(m *ModuleFacts, spec int) {
	t, tab := x.t, x.packageDirs()
	p := t.ChildByField(spec, tab.importPath)
	if p < 0 {
		return
	}
	imp := Import{Path: []string{strings.Trim(t.Text(p), "\"`")}, Line: t.StartLine(spec)}
	if n := t.ChildByField(spec, tab.importName); n >= 0 {
		switch r := x.role(n); {
		case r&roleWildcard != 0:
			imp.Star = true
		case r&roleBlankImport != 0:
			imp.Local = blankImport
		default:
			imp.Local = t.Text(n)
		}
	}
	m.Imports = append(m.Imports, imp)
}

// blankImport is the Local of an import made for its side effects only.
const blankImport = "_"

// exported reports whether a name starts with an upper-case letter.
func exported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
