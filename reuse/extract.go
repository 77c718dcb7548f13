package reuse

import (
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// Facts is what DIR needs of one file.
type Facts struct {
	// Modules are the file's own module (first, with an empty Inline
	// path) followed by the inline modules and test regions inside it.
	Modules []ModuleFacts
	// MainGuard is the line of a module-level main guard, 0 when none.
	MainGuard int
	// TestChildren are the module files this file declares as test code
	// (`#[cfg(test)] mod tests;`), as inline paths plus the child's name.
	TestChildren [][]string
	// Warnings are problems worth reporting (a computed export list).
	Warnings []Warning
	// Package is the file's package name (PackageDirs, TypeUnits).
	Package string
	// Generated marks a generated file (lang.PackageDirs.GeneratedMarker),
	// which Compute leaves out.
	Generated bool
}

// Warning is a problem found in one file; Compute adds the path.
type Warning struct {
	Line    int
	Message string
}

// ModuleFacts is one module's share of a file.
type ModuleFacts struct {
	// Inline is the path of an inline module inside the file, empty for
	// the file's own module.
	Inline []string
	// Test marks test code (an item or module under a test attribute).
	Test bool
	// Defs are the module-level definitions that can be symbols.
	Defs []Def
	// ExportList is the module's literal list of public names, nil when
	// it has none or when the list is computed (Dynamic).
	ExportList []string
	// ExportListDynamic is set when the list is not a literal.
	ExportListDynamic bool
	// Imports are the module's imports in source order.
	Imports []Import
	// Refs are the distinct references, sorted.
	Refs []Ref
	// Strings are string literals that look like dotted paths, sorted.
	Strings []string
	// Dynamic are reference chains (joined with ".") passed to a dynamic
	// attribute lookup with a computed name, sorted.
	Dynamic []string // Entry says why the module is a program (TypeUnits: a main method,
	// a framework annotation); empty when it is not.
	Entry string
}

// Def is a module-level definition.
type Def struct {
	Name string
	// Kind is the symbol kind: function, class, constant, type_alias,
	// struct, enum, ...
	Kind string
	Line int
	// Public is the language's visibility rule before export lists.
	Public bool
	// Self marks the definition of the module itself (a Java top-level
	// type): its qualified name is the module's.
	Self bool
}

// Import is one name an import binds, or one wildcard import.
type Import struct {
	// Path is the module path (DottedFiles) or the whole use path,
	// anchors such as crate or super included (CrateTree).
	Path []string
	// Level is the number of leading dots of a relative import.
	Level int
	// Name is the name imported from the module (DottedFiles `from`
	// imports); empty when the module itself is bound.
	Name string
	// Local is the name bound; empty for a wildcard.
	Local string
	// First binds Local to the first segment of Path (`import a.b.c`).
	First bool
	// Star marks a wildcard import.
	Star bool
	// Public marks a re-export (`pub use`, `export ... from`).
	Public bool
	// Export is the name a FileModules re-export gives what it imports
	// (`export { x as y } from`, `export * as ns from`); empty otherwise.
	Export string
	// Value marks a binding of the module's value (CommonJS require): a
	// bare use of it is a use of the module's default export.
	Value bool
	// Member marks an import of a type's member (Java's import static).
	Member bool
	// System marks an include of a system header (`<x.h>`): outside the
	// project unless found in it, never reported unresolved.
	System bool
	// InPlace marks an import that itself reads the name it imports
	// (`require("m").x` in an expression): a use, binding nothing.
	InPlace bool
	Line    int
}

// Ref is one reference: a name followed by the member names or path
// segments read from it (`a.b.c`, `a::b::c`).
type Ref struct {
	Segs []string
	Line int
}

type role uint32

const (
	roleDef role = 1 << iota
	roleWrapper
	roleBlock
	roleAssignment
	roleAugmented
	roleTypeAlias
	roleImportModule
	roleImportFrom
	roleRelative
	roleImportPrefix
	roleAlias
	roleWildcard
	roleUse
	roleUseList
	roleScopedUseList
	roleName
	roleMember
	roleScoped
	roleAnchor
	roleCall
	roleStringContent
	roleVisibility
	roleAttribute
	roleInlineModule
	roleMacroDef
	roleExpressionStatement
	roleContainer
	rolePackageClause
	roleBlankImport
	roleDotted
	roleModifiers
	roleAnnotation
)

// table is a grammar's roles and field ids for DIR: those every system
// reads, and in sys what the language's system reads (system.table).
type table struct {
	spec  *lang.ExportSpec
	roles source.KindRoles[role]
	defs  map[uint16]lang.ExportDef
	// notRef[kind] are the fields of kind whose names are not references.
	notRef                   map[uint16][]uint16
	memberObject, memberName uint16
	nameField                map[uint16]uint16
	// members[kind] are the object and name fields of a member kind.
	members   map[uint16]memberFields
	bodyField uint16
	sys       any
}

type memberFields struct{ object, name uint16 }

// tables is each grammar's DIR table.
var tables = source.NewTable(buildTable)

func buildTable(g *source.Grammar) *table {
	e := &g.Spec.Exports
	byName := source.Roles[role]{}
	add := byName.Add
	for k := range e.Definitions {
		add(roleDef, k)
	}
	add(roleName, e.Names...)
	add(roleMember, e.Member)
	add(roleStringContent, e.StringContent)
	add(roleExpressionStatement, g.Spec.Structure.ExpressionStatement)
	add(roleContainer, e.Containers...)
	members := map[string]memberFields{}
	if e.Member != "" {
		members[e.Member] = memberFields{g.FieldID(e.MemberObjectField), g.FieldID(e.MemberNameField)}
	}
	for _, mk := range e.Members {
		add(roleMember, mk.Kind)
		members[mk.Kind] = memberFields{g.FieldID(mk.ObjectField), g.FieldID(mk.NameField)}
	}
	f := g.FieldID
	t := &table{
		spec:         e,
		defs:         map[uint16]lang.ExportDef{},
		notRef:       map[uint16][]uint16{},
		nameField:    map[uint16]uint16{},
		members:      map[uint16]memberFields{},
		bodyField:    f(g.Spec.BodyField),
		memberObject: f(e.MemberObjectField),
		memberName:   f(e.MemberNameField),
	}
	if sys := systemOf(g.Spec); sys != nil {
		t.sys = sys.table(g, t, add)
	}
	for k := 0; k < g.KindCount(); k++ {
		name := g.KindName(uint16(k))
		if d, ok := e.Definitions[name]; ok {
			t.defs[uint16(k)] = d
			t.nameField[uint16(k)] = f(d.NameField)
		}
		if mf, ok := members[name]; ok {
			t.members[uint16(k)] = mf
		}
		for _, field := range e.NotReferences[name] {
			t.notRef[uint16(k)] = append(t.notRef[uint16(k)], f(field))
		}
	}
	t.roles = byName.ByKind(g)
	return t
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// Extract reads a parsed file's DIR facts; nil when its language takes
// no part in DIR.
func Extract(t *source.Tree) *Facts {
	sys := systemOf(t.Lang)
	if len(t.Nodes) == 0 || sys == nil {
		return nil
	}
	x := &extractor{t: t, tab: tables.Of(t.Grammar), facts: &Facts{}}
	x.facts.Modules = []ModuleFacts{{}}
	x.refs = []map[string]Ref{{}}
	x.strs = []map[string]bool{{}}
	x.dyn = []map[string]bool{{}}
	sys.extract(x)
	x.finish()
	return x.facts
}

type extractor struct {
	t     *source.Tree
	tab   *table
	facts *Facts
	refs  []map[string]Ref
	strs  []map[string]bool
	dyn   []map[string]bool
}

func (x *extractor) role(i int) role { return x.tab.roles.Of(x.t.Nodes[i].Kind) }

func (x *extractor) field(i int) uint16 { return x.t.Nodes[i].Field }

// newModule adds a module entry and returns its index.
func (x *extractor) newModule(inline []string, test bool) int {
	for k, m := range x.facts.Modules {
		if m.Test == test && equal(m.Inline, inline) {
			return k
		}
	}
	x.facts.Modules = append(x.facts.Modules, ModuleFacts{Inline: inline, Test: test})
	x.refs = append(x.refs, map[string]Ref{})
	x.strs = append(x.strs, map[string]bool{})
	x.dyn = append(x.dyn, map[string]bool{})
	return len(x.facts.Modules) - 1
}

func (x *extractor) finish() {
	for k := range x.facts.Modules {
		m := &x.facts.Modules[k]
		for _, r := range x.refs[k] {
			m.Refs = append(m.Refs, r)
		}
		sort.Slice(m.Refs, func(a, b int) bool { return lessSegs(m.Refs[a].Segs, m.Refs[b].Segs) })
		m.Strings = sortedKeys(x.strs[k])
		m.Dynamic = sortedKeys(x.dyn[k])
	}
}

func sortedKeys(m map[string]bool) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func lessSegs(a, b []string) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// stringValue returns the text of a plain string literal (no
// interpolation, no implicit concatenation).
func (x *extractor) stringValue(n int) (string, bool) {
	t := x.t
	if !t.Is(n, stringClass) {
		return "", false
	}
	content := -1
	for c := t.FirstChild(n); c >= 0; c = t.NextSibling(c) {
		switch {
		case x.role(c)&roleStringContent != 0:
			if content >= 0 {
				return "", false
			}
			content = c
		case t.Named(c) && !t.IsLeaf(c):
			return "", false // an interpolation
		}
	}
	if content < 0 {
		return "", true
	}
	return t.Text(content), true
}

// firstName returns the first name node in n's subtree, or -1.
func (x *extractor) firstName(n int) int {
	for j := n; j < int(x.t.Nodes[n].End); j++ {
		if x.role(j)&roleName != 0 {
			return j
		}
	}
	return -1
}

// chain returns the reference that starts at name node j: the name and
// the member names read from it, or nil when j is not a reference (a
// member name, a name being defined, a keyword argument's name).
func (x *extractor) chain(j int) []string {
	t, tab := x.t, x.tab
	p := int(t.Nodes[j].Parent)
	if p >= 0 && x.role(p)&roleMember != 0 && t.Nodes[j].Field != tab.members[t.Nodes[p].Kind].object &&
		t.ChildByField(p, tab.members[t.Nodes[p].Kind].object) >= 0 {
		// a member's name; without an object (Java's `max(a)`) the name
		// itself is the reference
		return nil
	}
	// A name being defined sits in a NotReferences field, directly or
	// wrapped once in a node without a field of its own (a type alias's
	// name is a type node holding the identifier).
	for c, level := j, 0; level < 2; level++ {
		p := int(t.Nodes[c].Parent)
		if p < 0 {
			break
		}
		for _, f := range tab.notRef[t.Nodes[p].Kind] {
			if f != 0 && t.Nodes[c].Field == f {
				return nil
			}
		}
		if t.Nodes[c].Field != 0 {
			break
		}
		c = p
	}
	segs := []string{t.Text(j)}
	for c := j; ; {
		p := int(t.Nodes[c].Parent)
		if p < 0 || x.role(p)&roleMember == 0 || t.Nodes[c].Field != tab.members[t.Nodes[p].Kind].object {
			break
		}
		name := t.ChildByField(p, tab.members[t.Nodes[p].Kind].name)
		if name < 0 {
			break
		}
		segs = append(segs, t.Text(name))
		c = p
	}
	return segs
}

// dottedSegs returns the names of a dotted name node, in order.
func (x *extractor) dottedSegs(n int) []string {
	if n < 0 {
		return nil
	}
	var out []string
	for j := n; j < int(x.t.Nodes[n].End); j++ {
		if x.role(j)&roleName != 0 {
			out = append(out, x.t.Text(j))
		}
	}
	return out
}

// addRef records a reference once per module, at its first line.
func (x *extractor) addRef(mod int, segs []string, line int) {
	key := strings.Join(segs, "\x00")
	if r, ok := x.refs[mod][key]; ok && r.Line <= line {
		return
	}
	x.refs[mod][key] = Ref{Segs: segs, Line: line}
}

// isDottedPath reports whether b looks like a.b.c: identifiers joined by
// single dots, at least two of them, at most 200 bytes.
func isDottedPath(b []byte) bool {
	if len(b) < 3 || len(b) > 200 {
		return false
	}
	dots, start := 0, true
	for _, c := range b {
		switch {
		case c == '.':
			if start {
				return false
			}
			dots++
			start = true
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			start = false
		case c >= '0' && c <= '9':
			if start {
				return false
			}
		default:
			return false
		}
	}
	return dots > 0 && !start
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// isConstantName reports whether a name is written in capitals (HIDDEN_DIM).
func isConstantName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// squeeze removes white space and makes single quotes double, so that
// guard conditions compare by text.
func squeeze(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r', '\\':
		case '\'':
			b.WriteByte('"')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

const (
	commentClass = source.ClassComment
	stringClass  = source.ClassString
)
