package reuse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

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
		switch {
		case x.role(c)&rolePackageClause != 0:
			header = false
		case header && x.tab.generated != nil && t.Is(c, commentClass):
			x.facts.Generated = x.facts.Generated || x.tab.generated.MatchString(strings.TrimRight(t.Text(c), "\r"))
		}
		x.packageDecl(m, c)
	}
	end := int(t.Nodes[0].End)
	for j := 0; j < end; j++ {
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
	t, tab := x.t, x.tab
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
