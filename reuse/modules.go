package reuse

import (
	"sort"

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
	// sys is the resolver of the module's system (project.sysOf)
	sys resolver
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
	modules []*module // file modules and test regions, sorted by name then path
	// byName are the modules by dotted name (DottedFiles names, aliases
	// included): what dotted strings in code and configuration files name.
	byName map[string]*module
	// resolvers are the systems' resolvers by system name.
	resolvers map[string]resolver
	// unparsed holds Options.Unparsed
	unparsed map[string]bool
	warns    []FileWarning
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

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func (pr *project) sortModules() {
	sort.SliceStable(pr.modules, func(a, b int) bool {
		if pr.modules[a].name != pr.modules[b].name {
			return pr.modules[a].name < pr.modules[b].name
		}
		return pr.modules[a].path < pr.modules[b].path
	})
}
