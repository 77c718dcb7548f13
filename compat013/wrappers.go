package compat013

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// This file is scb-check 0.1.3's trivial-wrapper rule (0.1.3 §8), for the
// 0.1.3 compatibility profile. The node kinds it looks at are the
// language's Language; a tree of a language without them (0.1.3
// reads Python only) has no facts.

// WrapperFacts is what 0.1.3's trivial-wrapper rule needs of one
// file, read from its tree by NewWrapperFacts. It names neither the
// file nor its module, so it may be cached by content.
type WrapperFacts struct {
	// Functions are the names of the functions 0.1.3's finder reaches
	// (0.1.3 §4), in source order.
	Functions []string
	// SingleReturns are the functions, at any depth, whose body is one
	// return statement; the span is the function_definition.
	SingleReturns []WrapperSpan
	// Aliases are the module-level statements `name = value` that may
	// alias a function, with what their value resolves to.
	Aliases []Alias
}

// WrapperSpan is a named span of a file: Line to EndLine (1-based,
// inclusive), Col the byte column of its start.
type WrapperSpan struct {
	Name               string
	Line, EndLine, Col int
}

// Alias is a module-level statement `Name = Value`, Value an
// identifier or an attribute.
type Alias struct {
	WrapperSpan
	// Value is the aliased reference as written.
	Value string
	// Target is the dotted name Value resolves to: when Local, the file's
	// module followed by "." and Target (Value's first name is a function
	// of the file); else through the file's import bindings, or Value
	// itself when its first name is not bound.
	Target string
	Local  bool
}

// NewWrapperFacts reads the rule's facts from a Python tree; fns are
// the functions 0.1.3's finder reaches (0.1.3 §4:
// VisitorCallables), which name the file's functions.
func NewWrapperFacts(t *source.Tree, fns []source.Callable) WrapperFacts {
	var w WrapperFacts
	k := LanguageOf(t.Lang)
	if k == nil || len(t.Nodes) == 0 {
		return w
	}
	local := map[string]bool{}
	for _, fn := range fns {
		w.Functions = append(w.Functions, fn.Name)
		local[fn.Name] = true
	}
	w.SingleReturns = singleReturns013(t, k)
	w.Aliases = aliases013(t, k, imports013(t, k), local)
	return w
}

// WrapperFile is one file of a run as 0.1.3's trivial-wrapper rule sees
// it.
type WrapperFile struct {
	// Path names the file in findings; findings are sorted by it.
	Path string
	// Module is the file's module name, as ModuleName gives it.
	Module string
	Facts  WrapperFacts
}

// TrivialWrappers returns 0.1.3's trivial-wrapper findings over the
// files of one run (0.1.3 §8), rule id TrivialWrapperID, sorted by path,
// start line, start column and name:
//
//   - every function_definition anywhere in a tree whose body block,
//     without comments and plain string statements, holds exactly one
//     statement and that statement is a return (any value, or none). There
//     are no visibility, receiver, decorator or parameter checks. The span
//     is the function_definition (def line to end; decorators outside).
//   - every module-level statement `name = value` (one assignment of an
//     identifier to an identifier or attribute) whose value, resolved
//     through the file's functions and module-level imports, names a
//     function of the run: `<module>.<name>` for each function 0.1.3's
//     finder reaches in a file. The span is the statement.
//
// The files must be the run's files that parsed. Ignore directives are not
// applied here: 0.1.3 drops a wrapper when an ignore of trivial-wrapper
// targets its start line (Line), which finding.Ignores with a
// DirectiveFilter does, and keeps it under --include-all.
func TrivialWrappers(files []WrapperFile) []finding.Finding {
	base := *rules.StructuralFinding(rules.TrivialWrapperID)
	qnames := map[string]bool{}
	for _, f := range files {
		for _, name := range f.Facts.Functions {
			qnames[f.Module+"."+name] = true
		}
	}
	type flagged struct {
		f   finding.Finding
		col int
	}
	var out []flagged
	add := func(f WrapperFile, s WrapperSpan, message, fix string) {
		x := base
		x.Message, x.FixTitle = message, fix
		x.Path, x.Line, x.EndLine, x.Subject = f.Path, s.Line, s.EndLine, s.Name
		out = append(out, flagged{x, s.Col})
	}
	for _, f := range files {
		for _, s := range f.Facts.SingleReturns {
			add(f, s, fmt.Sprintf("`%s` only returns a value", s.Name), fmt.Sprintf("Inline or remove `%s`", s.Name))
		}
		for _, a := range f.Facts.Aliases {
			target := a.Target
			if a.Local {
				target = f.Module + "." + target
			}
			if qnames[target] {
				add(f, a.WrapperSpan, fmt.Sprintf("`%s` only renames `%s`", a.Name, target), fmt.Sprintf("Use `%s` directly", a.Value))
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := &out[a], &out[b]
		switch {
		case x.f.Path != y.f.Path:
			return x.f.Path < y.f.Path
		case x.f.Line != y.f.Line:
			return x.f.Line < y.f.Line
		case x.col != y.col:
			return x.col < y.col
		default:
			return x.f.Subject < y.f.Subject
		}
	})
	fs := make([]finding.Finding, len(out))
	for i, w := range out {
		fs[i] = w.f
	}
	return fs
}

// span013 is node's span under name.
func span013(t *source.Tree, node int, name string) WrapperSpan {
	return WrapperSpan{Name: name, Line: t.StartLine(node), EndLine: t.EndLine(node), Col: startColumn013(t, node)}
}

// startColumn013 is node's byte column on its first line.
func startColumn013(t *source.Tree, node int) int {
	start := int(t.Nodes[node].StartByte)
	return start - (bytes.LastIndexByte(t.Src[:start], '\n') + 1)
}

// singleReturns013 returns the tree's functions, at any depth, whose body
// is a single return statement.
func singleReturns013(t *source.Tree, k *Language) []WrapperSpan {
	var out []WrapperSpan
	for i := range t.Nodes {
		if t.Kind(i) != k.Function {
			continue
		}
		if t.Stopped() {
			break
		}
		name, ok := defName013(t, k, i)
		if !ok {
			continue
		}
		if body := bodyStatements013(t, k, i); len(body) == 1 && t.Kind(body[0]) == k.Return {
			out = append(out, span013(t, i, name))
		}
	}
	return out
}

// defName013 is a definition's name: the text of its first identifier
// child.
func defName013(t *source.Tree, k *Language, def int) (string, bool) {
	for _, c := range t.Children(def) {
		if t.Kind(c) == k.Identifier {
			return t.Text(c), true
		}
	}
	return "", false
}

// bodyStatements013 returns the statements of a definition's body, 0.1.3's
// way: the children of its first block child whose kind ends in the
// statement suffix ("_statement") or that are definitions, less plain
// string statements.
func bodyStatements013(t *source.Tree, k *Language, def int) []int {
	block := -1
	for _, c := range t.Children(def) {
		if t.Kind(c) == k.Block {
			block = c
			break
		}
	}
	if block < 0 {
		return nil
	}
	var out []int
	for _, c := range t.Children(block) {
		switch kind := t.Kind(c); {
		case kind == k.Function, kind == k.Class, kind == k.Decorated:
		case !strings.HasSuffix(kind, k.StatementSuffix), PlainString(t, c):
			continue
		}
		out = append(out, c)
	}
	return out
}

// imports013 returns a file's module-level import bindings, 0.1.3's way:
// local name to the dotted name it stands for, later statements
// overwriting earlier ones.
//
//   - `import a.b.c` binds a to "a.b.c"; `import a.b as c` binds c to "a.b".
//   - `from m import x, y as z` binds x to "m.x" and z to "m.y", m being
//     the statement's first dotted_name child. A relative module
//     (`from .m import …`) is not a dotted_name child, so the first
//     imported name is taken for the module: `from .m import a, b` binds
//     only b, to "a.b", and `from .m import a` binds nothing. Without a
//     module (`from . import x as y`) a name is bound to itself: y to "x".
func imports013(t *source.Tree, k *Language) map[string]string {
	out := map[string]string{}
	if len(t.Nodes) == 0 {
		return out
	}
	for _, stmt := range t.Children(0) {
		switch t.Kind(stmt) {
		case k.Import:
			for _, c := range t.Children(stmt) {
				switch t.Kind(c) {
				case k.DottedName:
					full := t.Text(c)
					root, _, _ := strings.Cut(full, ".")
					out[root] = full
				case k.AliasedImport:
					if imported, alias, ok := aliasedParts013(t, k, c); ok {
						out[alias] = imported
					}
				}
			}
		case k.ImportFrom:
			module := -1
			for _, c := range t.Children(stmt) {
				if t.Kind(c) == k.DottedName {
					module = c
					break
				}
			}
			qualify := func(name string) string { return name }
			if module >= 0 {
				prefix := t.Text(module) + "."
				qualify = func(name string) string { return prefix + name }
			}
			for _, c := range t.Children(stmt) {
				switch {
				case c == module:
				case t.Kind(c) == k.DottedName:
					out[t.Text(c)] = qualify(t.Text(c))
				case t.Kind(c) == k.AliasedImport:
					if imported, alias, ok := aliasedParts013(t, k, c); ok {
						out[alias] = qualify(imported)
					}
				}
			}
		}
	}
	return out
}

// aliasedParts013 returns an aliased import's imported and local names:
// the first and the last of its dotted_name and identifier children, when
// it has two or more.
func aliasedParts013(t *source.Tree, k *Language, n int) (imported, alias string, ok bool) {
	var names []int
	for _, c := range t.Children(n) {
		if kind := t.Kind(c); kind == k.DottedName || kind == k.Identifier {
			names = append(names, c)
		}
	}
	if len(names) < 2 {
		return "", "", false
	}
	return t.Text(names[0]), t.Text(names[len(names)-1]), true
}

// aliases013 returns the tree's module-level statements `name = value`,
// value an identifier or an attribute, with value resolved 0.1.3's way:
// when its first name is one of the file's functions (local), relative to
// the file's module; else its first name replaced by its import binding;
// else as written.
func aliases013(t *source.Tree, k *Language, imports map[string]string, local map[string]bool) []Alias {
	if len(t.Nodes) == 0 {
		return nil
	}
	var out []Alias
	for _, stmt := range t.Children(0) {
		if t.Kind(stmt) != k.ExpressionStatement {
			continue
		}
		named := t.NamedChildren(stmt)
		if len(named) != 1 || t.Kind(named[0]) != k.Assignment {
			continue
		}
		parts := t.NamedChildren(named[0])
		if len(parts) != 2 || t.Kind(parts[0]) != k.Identifier {
			continue
		}
		if kind := t.Kind(parts[1]); kind != k.Identifier && kind != k.Attribute {
			continue
		}
		a := Alias{WrapperSpan: span013(t, stmt, t.Text(parts[0])), Value: t.Text(parts[1])}
		a.Target = a.Value
		root, _, _ := strings.Cut(a.Value, ".")
		if local[root] {
			a.Local = true
		} else if q, ok := imports[root]; ok {
			a.Target = q + a.Value[len(root):]
		}
		out = append(out, a)
	}
	return out
}

// ModuleName is 0.1.3's module name for a Python file (slash-separated
// path): its stem, after the names of the enclosing directories that are
// packages (hold a packageFile, __init__.py: Language, as
// isPackage reports for a slash-separated directory), innermost last; for
// a packageFile, the package names alone.
// The walk climbs while isPackage holds, up to the top of the path: to
// match 0.1.3, which walks the real file system upward from the resolved
// path, pass the file's absolute path (it may climb above the analysis
// root when the root is itself a package).
func ModuleName(file, packageFile string, isPackage func(dir string) bool) string {
	dir, name := path.Split(file)
	dir = path.Clean(dir)
	var parts []string
	for isPackage(dir) {
		parent := path.Dir(dir)
		if parent == dir {
			break // the top of the path: "/" or "."
		}
		parts = append(parts, path.Base(dir))
		dir = parent
	}
	for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
		parts[a], parts[b] = parts[b], parts[a]
	}
	if name == packageFile {
		if len(parts) == 0 {
			return path.Base(path.Dir(file))
		}
		return strings.Join(parts, ".")
	}
	return strings.Join(append(parts, stem013(name)), ".")
}

// stem013 is a file name without its last suffix, where a suffix is a dot
// that is neither the name's first nor its last character, and the rest.
func stem013(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 && i < len(name)-1 {
		return name[:i]
	}
	return name
}
