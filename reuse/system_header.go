package reuse

import (
	"path"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// HeaderUnits (C, C++): a header and the source files of its name in its
// directory form a module named by their path without extension; only
// its headers' declarations are symbols, and a file reaches them by
// including the header, directly or through other headers.

func init() { register("header", headerSystem{}) }

type headerSystem struct{}

// headerUnits returns a language's HeaderUnits data.
func headerUnits(spec *lang.Spec) *lang.HeaderUnits { return spec.Exports.System.(*lang.HeaderUnits) }

// headerTable is what reading a HeaderUnits file needs of its grammar.
type headerTable struct {
	*table
	h                     *lang.HeaderUnits
	importPath, typeField uint16
}

func (headerSystem) table(g *source.Grammar, core *table, add func(role, ...string)) any {
	h := headerUnits(g.Spec)
	add(roleImportModule, h.Include)
	return &headerTable{table: core, h: h, importPath: g.FieldID(h.IncludePathField), typeField: g.FieldID(h.TypeField)}
}

func (x *extractor) headerUnits() *headerTable { return x.tab.sys.(*headerTable) }

func (headerSystem) extract(x *extractor) { x.headerFile() }

func (headerSystem) resolver(pr *project) resolver {
	return &headerResolver{pr: pr, headers: map[string]*module{}, includes: map[*Import]*module{}, visible: map[*module][]*module{}}
}

// headerResolver resolves HeaderUnits modules.
type headerResolver struct {
	pr *project
	// headers are the modules by header path; includes the module each
	// resolved include names; visible caches visibleHeaders
	headers  map[string]*module
	includes map[*Import]*module
	visible  map[*module][]*module
}

func (r *headerResolver) childrenInScope() bool { return false }

func (r *headerResolver) escapeTargets(m *module) []target { return ownDefs(m) }

func (r *headerResolver) resolveRef(m *module, _ *ModuleFacts, segs []string) []target {
	return one(r.resolveHeaderRef(m, segs))
}

// starSource: an include is no wildcard import.
func (r *headerResolver) starSource(*module, *Import, int) *module { return nil }

func (r *headerResolver) resolveImport(_ *module, imp *Import, _ int) (target, bool) {
	h := r.includes[imp]
	return target{mod: h}, h != nil
}

// unresolved reports an include that names no header of the project
// when its path is quoted, unless it names a file that was skipped.
func (r *headerResolver) unresolved(m *module, imp *Import, resolved bool) bool {
	return !resolved && !imp.System && !r.includesUnparsed(m, imp)
}

// build adds the HeaderUnits modules: the files of one directory
// sharing a name without extension form a module named by that path; only
// its headers' declarations are symbols. Includes are resolved once here,
// from the including file's directory, then from the analysis root and
// its include/ and src/ directories.
func (r *headerResolver) build(files []File) {
	pr := r.pr
	var own []*module
	byName := map[string]*module{}
	for _, f := range files {
		name := strings.TrimSuffix(f.Path, path.Ext(f.Path))
		m := byName[name]
		if m == nil {
			m = newModule(name, f.Path, f.Lang)
			m.root = m
			m.test = f.Lang.IsTest(f.Path)
			byName[name] = m
			pr.modules = append(pr.modules, m)
			own = append(own, m)
		}
		part := &f.Facts.Modules[0]
		if isHeader(f) {
			r.headers[f.Path] = m
			m.addFiles([]File{f})
		} else {
			// a source file's declarations are no symbols
			own := *part
			own.Defs = nil
			m.addPart(&own)
			m.partPaths = append(m.partPaths, f.Path)
		}
		if part.Entry != "" && m.entry == "" {
			m.entry = part.Entry
		}
	}
	for _, m := range own {
		for k, p := range m.parts {
			dir := path.Dir(m.partPath(k))
			for i := range p.Imports {
				imp := &p.Imports[i]
				if h := r.headerAt(dir, imp.Path[0]); h != nil {
					r.includes[imp] = h
				}
			}
		}
	}
}

func isHeader(f File) bool {
	ext := strings.TrimPrefix(path.Ext(f.Path), ".")
	return containsStr(headerUnits(f.Lang).HeaderExtensions, ext)
}

// headerAt returns the module of the header an include names.
func (r *headerResolver) headerAt(dir, p string) *module {
	for _, c := range includeCandidates(dir, p) {
		if m := r.headers[c]; m != nil {
			return m
		}
	}
	return nil
}

// includeCandidates are the paths an include from directory dir may
// name: from dir, then from the analysis root and its include/ and src/.
func includeCandidates(dir, p string) []string {
	return []string{path.Join(dir, p), path.Join(".", p), path.Join("include", p), path.Join("src", p)}
}

// includesUnparsed reports whether an include of module c names a file
// that was skipped.
func (r *headerResolver) includesUnparsed(c *module, imp *Import) bool {
	for k, p := range c.parts {
		for i := range p.Imports {
			if &p.Imports[i] != imp {
				continue
			}
			for _, cand := range includeCandidates(path.Dir(c.partPath(k)), imp.Path[0]) {
				if r.pr.unparsed[cand] {
					return true
				}
			}
		}
	}
	return false
}

// visibleHeaders returns the modules whose headers module c includes,
// directly or through the headers it includes, in breadth-first order.
func (r *headerResolver) visibleHeaders(c *module) []*module {
	if v, ok := r.visible[c]; ok {
		return v
	}
	var out []*module
	seen := map[*module]bool{c: true}
	queue := []*module{c}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		for k, p := range m.parts {
			if m != c && !containsStr(headerUnits(m.lang).HeaderExtensions, strings.TrimPrefix(path.Ext(m.partPath(k)), ".")) {
				continue // only headers pass their includes on
			}
			for i := range p.Imports {
				if h := r.includes[&p.Imports[i]]; h != nil && !seen[h] {
					seen[h] = true
					out = append(out, h)
					queue = append(queue, h)
				}
			}
		}
	}
	r.visible[c] = out
	return out
}

// resolveHeaderRef resolves a name used in HeaderUnits module c: its own
// declaration, else the first included header declaring it.
func (r *headerResolver) resolveHeaderRef(c *module, segs []string) (target, bool) {
	n := segs[0]
	if _, ok := c.defs[n]; ok {
		return target{mod: c, name: n}, true
	}
	for _, m := range r.visibleHeaders(c) {
		if _, ok := m.defs[n]; ok {
			return target{mod: m, name: n}, true
		}
	}
	return target{}, false
}

// headerFile reads a HeaderUnits file: the names it declares at file
// level (its module's symbols when it is a header), its includes, whether
// it defines the entry function, and every other name it mentions, each a
// possible use of a name an included header declares.
func (x *extractor) headerFile() {
	t := x.t
	m := &x.facts.Modules[0]
	defined := map[int]bool{} // name nodes that declare
	x.headerDecls(m, 0, defined)
	end := int(t.Nodes[0].End)
	for j := 0; j < end; j++ {
		if t.Stopped() {
			return
		}
		r := x.role(j)
		switch {
		case r&roleImportModule != 0:
			x.include(m, j)
			j = int(t.Nodes[j].End) - 1
		case r&roleName != 0 && !defined[j]:
			x.addRef(0, []string{t.Text(j)}, t.StartLine(j))
		}
	}
}

// headerDecls reads the file-level declarations under node n, descending
// into conditional compilation.
func (x *extractor) headerDecls(m *ModuleFacts, n int, defined map[int]bool) {
	t, tab := x.t, x.headerUnits()
	e := tab.h
	g := t.Grammar
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		kind := t.Kind(c)
		if _, ok := e.Specifiers[kind]; ok {
			x.tagged(m, c, defined)
			continue
		}
		switch r := x.role(c); {
		case r&roleContainer != 0:
			x.headerDecls(m, c, defined)
		case r&roleDef != 0:
			d := tab.defs[t.Nodes[c].Kind]
			if d.RequiredField != "" && t.ChildByField(c, g.FieldID(d.RequiredField)) < 0 {
				continue
			}
			if ty := t.ChildByField(c, tab.typeField); ty >= 0 {
				if _, ok := e.Specifiers[t.Kind(ty)]; ok {
					x.tagged(m, ty, defined)
				}
			}
			field := tab.nameField[t.Nodes[c].Kind]
			for k := t.FirstChild(c); k >= 0; k = t.NextSibling(k) {
				if t.Nodes[k].Field != field {
					continue
				}
				name, function := k, false
				if d.Declarator {
					name, function = x.declaredName(k)
				}
				if name < 0 {
					continue
				}
				defined[name] = true
				symbol := d.Symbol
				if function && symbol == "variable" {
					symbol = "function"
				}
				if function && t.Text(name) == e.EntryFunction && t.ChildByField(c, x.tab.bodyField) >= 0 {
					m.Entry = e.EntryFunction + " function"
				}
				m.Defs = append(m.Defs, Def{Name: t.Text(name), Kind: symbol, Line: t.StartLine(c), Public: true})
				if !d.Multiple {
					break
				}
			}
		}
	}
}

// declaredName follows a declarator to the name it declares, reporting
// whether a function declarator is on the way; -1 when it holds none.
func (x *extractor) declaredName(k int) (int, bool) {
	t, e := x.t, x.headerUnits().h
	field := t.Grammar.FieldID(e.DeclaratorField)
	function := false
	for depth := 0; k >= 0 && depth < 64; depth++ {
		if x.role(k)&roleName != 0 {
			return k, function
		}
		kind := t.Kind(k)
		if !containsStr(e.Declarators, kind) {
			return -1, false
		}
		function = function || kind == e.FunctionDeclarator
		next := t.ChildByField(k, field)
		if next < 0 {
			next = -1
			for _, c := range t.NamedChildren(k) {
				if !t.Is(c, commentClass) {
					next = c
					break
				}
			}
		}
		k = next
	}
	return -1, false
}

// tagged reads a tagged type definition with a body, and the
// constants of an enumeration.
func (x *extractor) tagged(m *ModuleFacts, s int, defined map[int]bool) {
	t, e := x.t, x.headerUnits().h
	g := t.Grammar
	d := e.Specifiers[t.Kind(s)]
	name := t.ChildByField(s, g.FieldID(d.NameField))
	body := t.ChildByField(s, g.FieldID(d.RequiredField))
	if body < 0 {
		return
	}
	if name >= 0 {
		defined[name] = true
		m.Defs = append(m.Defs, Def{Name: t.Text(name), Kind: d.Symbol, Line: t.StartLine(s), Public: true})
	}
	for _, c := range t.NamedChildren(body) {
		ed, ok := e.Enumerators[t.Kind(c)]
		if !ok {
			continue
		}
		if n := t.ChildByField(c, g.FieldID(ed.NameField)); n >= 0 {
			defined[n] = true
			m.Defs = append(m.Defs, Def{Name: t.Text(n), Kind: ed.Symbol, Line: t.StartLine(c), Public: true})
		}
	}
}

// include reads `#include "x.h"` and `#include <x.h>`.
func (x *extractor) include(m *ModuleFacts, j int) {
	t, tab := x.t, x.headerUnits()
	p := t.ChildByField(j, tab.importPath)
	if p < 0 {
		return
	}
	system := t.Kind(p) == tab.h.SystemInclude
	path := strings.Trim(t.Text(p), "\"<> ")
	if !system {
		path = x.stringText(p)
	}
	if path != "" {
		m.Imports = append(m.Imports, Import{Path: []string{path}, System: system, Line: t.StartLine(j)})
	}
}
