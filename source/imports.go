package source

import (
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// ImportBinding is a name a file-level import binds: a bare call of Local
// in the file may reach the root-scope function named Target in a file
// whose path ends with one of Suffixes.
type ImportBinding struct {
	// Local is the name bound in the importing file (the alias, if any).
	Local string
	// Target is the imported function's own name.
	Target string
	// Suffixes are the slash-separated path suffixes of the files that may
	// define the module (helpers.py and helpers/__init__.py; helpers.rs and
	// helpers/mod.rs).
	Suffixes []string
	// Line is the 1-based line of the import statement.
	Line int
}

// Imports returns the bindings of the import statements at the file's
// root, in source order. Imports nested in blocks, wildcard imports and
// imports without a module bind nothing.
func (t *Tree) Imports() []ImportBinding {
	if len(t.Nodes) == 0 {
		return nil
	}
	s := structTable.Of(t.Grammar)
	var out []ImportBinding
	for c := t.FirstChild(0); c >= 0; c = t.NextSibling(c) {
		if t.Stopped() {
			break
		}
		if t.role(s, c)&roleImportStatement == 0 {
			continue
		}
		switch t.Lang.Imports.Style {
		case lang.ImportFrom:
			out = t.fromImports(s, c, out)
		case lang.ImportUse:
			out = t.useImports(s, c, out)
		}
	}
	return out
}

// fromImports reads `from module import a.b, c as d`: the module text,
// relative prefix removed, split into segments; each name binds its first
// segment to its last, an alias binds itself to the name.
func (t *Tree) fromImports(s *structInfo, stmt int, out []ImportBinding) []ImportBinding {
	spec := t.Lang.Imports
	mod := t.ChildByField(stmt, s.importModule)
	if mod < 0 {
		return out
	}
	text := t.Text(mod)
	for spec.RelativePrefix != "" && strings.HasPrefix(text, spec.RelativePrefix) {
		text = text[len(spec.RelativePrefix):]
	}
	var segs []string
	for _, seg := range strings.Split(text, spec.ModuleSeparator) {
		if seg = strings.TrimSpace(seg); seg != "" {
			segs = append(segs, seg)
		}
	}
	if len(segs) == 0 {
		return out
	}
	suffixes := moduleSuffixes(spec, segs)
	line := t.StartLine(stmt)
	for c := t.FirstChild(stmt); c >= 0; c = t.NextSibling(c) {
		if t.Nodes[c].Field != s.importNames || t.role(s, c)&roleImportWildcard != 0 {
			continue
		}
		var local, target string
		if t.role(s, c)&roleImportAlias != 0 {
			name, alias := t.ChildByField(c, s.aliasPath), t.ChildByField(c, s.aliasAs)
			if name < 0 || alias < 0 {
				continue
			}
			local, target = t.Text(alias), t.Text(name)
		} else {
			parts := strings.Split(t.Text(c), spec.ModuleSeparator)
			local, target = strings.TrimSpace(parts[0]), strings.TrimSpace(parts[len(parts)-1])
		}
		out = append(out, ImportBinding{Local: local, Target: target, Suffixes: suffixes, Line: line})
	}
	return out
}

// useImports reads a `use` tree with nested lists and aliases. The
// segments of a path are its plain identifiers (crate, self and super are
// not segments); the last one is the target, the rest (which must not be
// empty) the module.
func (t *Tree) useImports(s *structInfo, stmt int, out []ImportBinding) []ImportBinding {
	root := t.ChildByField(stmt, s.importNames)
	if root < 0 {
		return out
	}
	type item struct {
		node   int
		prefix []string
	}
	line := t.StartLine(stmt)
	work := []item{{node: root}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		n, r := it.node, t.role(s, it.node)
		var segs []string
		local := ""
		switch {
		case t.Is(n, ClassComment), r&roleImportWildcard != 0:
			continue
		case r&(roleImportScopedList|roleImportList) != 0:
			prefix, list := it.prefix, n
			if r&roleImportScopedList != 0 {
				prefix = t.appendSegments(s, prefix, t.ChildByField(n, s.scopedListPath))
				list = t.ChildByField(n, s.scopedListList)
			}
			if list < 0 {
				continue
			}
			// Pushed in reverse so the items come out in source order.
			items := t.NamedChildren(list)
			for k := len(items) - 1; k >= 0; k-- {
				work = append(work, item{node: items[k], prefix: prefix})
			}
			continue
		case r&roleImportAlias != 0:
			segs = t.appendSegments(s, it.prefix, t.ChildByField(n, s.aliasPath))
			if a := t.ChildByField(n, s.aliasAs); a >= 0 {
				local = t.Text(a)
			}
		default:
			segs = t.appendSegments(s, it.prefix, n)
		}
		if len(segs) < 2 {
			continue
		}
		target := segs[len(segs)-1]
		if local == "" {
			local = target
		}
		out = append(out, ImportBinding{
			Local: local, Target: target, Suffixes: moduleSuffixes(t.Lang.Imports, segs[:len(segs)-1]), Line: line,
		})
	}
	return out
}

// appendSegments returns prefix followed by the plain identifiers of node
// n's subtree, in source order, without modifying prefix.
func (t *Tree) appendSegments(s *structInfo, prefix []string, n int) []string {
	out := append([]string(nil), prefix...)
	if n < 0 {
		return out
	}
	for j := n; j < int(t.Nodes[n].End); j++ {
		if t.role(s, j)&rolePlainIdentifier != 0 {
			out = append(out, t.Text(j))
		}
	}
	return out
}

func moduleSuffixes(spec lang.ImportSpec, module []string) []string {
	base := strings.Join(module, "/")
	out := make([]string, len(spec.ModuleFileSuffixes))
	for i, suf := range spec.ModuleFileSuffixes {
		out[i] = base + suf
	}
	return out
}
