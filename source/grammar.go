package source

import (
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scbcheck/scbcheck/lang"
)

// Class is a bit set of the roles a node kind plays in a language Spec.
type Class uint32

// Node-kind classes, one per Spec set.
const (
	ClassCallable Class = 1 << iota
	ClassScope
	ClassBranch
	ClassBoolOp
	ClassBoolToken
	ClassFlowBreak
	ClassJump
	ClassString
	ClassLiteral
	ClassIdentifier
	ClassComment
	ClassPlainStatement
	ClassVisibility
	ClassReceiver
	ClassNontrivialParam
	ClassBoundFunction
	ClassBlockBody
	ClassPublicWrapper
	ClassCompileTime
	ClassHeadingWrapper
	ClassHeadingSibling
)

// Grammar is a language's symbol table: the name and classes of every node
// kind, and the field ids the analyses look up.
type Grammar struct {
	Spec    *lang.Spec
	names   []string
	classes KindRoles[Class]
	fields  map[string]uint16
	// Field ids used by the analyses, 0 when the grammar lacks the field.
	FieldName, FieldBody, FieldParams, FieldPattern, FieldFunction uint16
	FieldParamDefault                                              uint16
	// FieldCondition is the Spec's ConditionField.
	FieldCondition uint16
	scopeField     map[uint16]uint16
	// bindings maps a binding kind to its name and value field ids.
	bindings map[uint16]bindingFields
	// symbols[symbol] holds the flattening walk's per-kind bits: the kind
	// has fields (symFields), the kind is named (symNamed).
	symbols []uint8
	// tables holds the values of the Tables built for this grammar.
	tables sync.Map
}

var (
	grammarMu sync.Mutex
	grammars  = map[*lang.Spec]*Grammar{}
)

// GrammarOf returns the (cached) symbol table of a language.
func GrammarOf(spec *lang.Spec) *Grammar {
	grammarMu.Lock()
	defer grammarMu.Unlock()
	if g, ok := grammars[spec]; ok {
		return g
	}
	g := buildGrammar(spec)
	grammars[spec] = g
	return g
}

func buildGrammar(spec *lang.Spec) *Grammar {
	l := sitter.NewLanguage(spec.Grammar())
	n := int(l.NodeKindCount())
	g := &Grammar{Spec: spec, names: make([]string, n), fields: map[string]uint16{}}
	roles := Roles[Class]{}
	roles.Add(ClassCallable, spec.Callables...)
	roles.Add(ClassBranch, spec.Branches...)
	roles.Add(ClassBoolOp, spec.BooleanOperators...)
	roles.Add(ClassBoolToken, spec.BooleanOperatorTokens...)
	roles.Add(ClassFlowBreak, spec.FlowBreaks...)
	roles.Add(ClassJump, spec.Jumps...)
	roles.Add(ClassString, spec.Strings...)
	roles.Add(ClassLiteral, spec.Literals...)
	roles.Add(ClassIdentifier, spec.Identifiers...)
	roles.Add(ClassComment, spec.Comments...)
	roles.Add(ClassReceiver, spec.ReceiverKinds...)
	roles.Add(ClassNontrivialParam, spec.NontrivialParamKinds...)
	roles.Add(ClassBoundFunction, spec.BoundFunctions...)
	roles.Add(ClassPublicWrapper, spec.PublicWrappers...)
	roles.Add(ClassCompileTime, spec.CompileTimeConditions...)
	roles.Add(ClassHeadingWrapper, spec.HeadingWrappers...)
	roles.Add(ClassHeadingSibling, spec.HeadingSiblings...)
	for k := range spec.Scopes {
		roles.Add(ClassScope, k)
	}
	roles.Add(ClassBlockBody, spec.BlockBody)
	roles.Add(ClassPlainStatement, spec.PlainStringStatement)
	roles.Add(ClassVisibility, spec.VisibilityModifier)
	fieldParents := map[string]bool{}
	for _, k := range spec.FieldParents {
		fieldParents[k] = true
	}
	g.symbols = make([]uint8, n+1)
	for i := 0; i < n; i++ {
		name := l.NodeKindForId(uint16(i))
		g.names[i] = name
		if fieldParents[name] {
			g.symbols[i] |= symFields
		}
		if l.NodeKindIsNamed(uint16(i)) {
			g.symbols[i] |= symNamed
		}
	}
	g.classes = roles.ByKind(g)
	for i := uint32(1); i <= l.FieldCount(); i++ {
		g.fields[l.FieldNameForId(uint16(i))] = uint16(i)
	}
	g.FieldName = g.fields["name"]
	g.FieldBody = g.fields[spec.BodyField]
	g.FieldParams = g.fields[spec.ParamsField]
	g.FieldPattern = g.fields[spec.ParamPatternField]
	g.FieldParamDefault = g.fields[spec.ParamDefaultField]
	g.FieldFunction = g.fields["function"]
	g.FieldCondition = g.fields[spec.ConditionField]
	g.scopeField = map[uint16]uint16{}
	g.bindings = map[uint16]bindingFields{}
	for i, name := range g.names {
		if sk, ok := spec.Scopes[name]; ok {
			g.scopeField[uint16(i)] = g.fields[sk.NameField]
		}
		for _, b := range spec.Bindings {
			if b.Kind == name {
				g.bindings[uint16(i)] = bindingFields{name: g.fields[b.NameField], value: g.fields[b.ValueField]}
			}
		}
	}
	return g
}

// bindingFields are the field ids of a lang.Binding.
type bindingFields struct{ name, value uint16 }

// KindName returns the node kind's name.
func (g *Grammar) KindName(kind uint16) string {
	if int(kind) < len(g.names) {
		return g.names[kind]
	}
	return ""
}

// KindCount returns the number of node kinds; kinds are 0 to KindCount-1.
func (g *Grammar) KindCount() int { return len(g.names) }

// ClassOf returns the classes of a node kind.
func (g *Grammar) ClassOf(kind uint16) Class { return g.classes.Of(kind) }

// FieldID returns the id of a field name, 0 when the grammar lacks it.
func (g *Grammar) FieldID(name string) uint16 { return g.fields[name] }

// HasKind reports whether the grammar has a node kind of that name.
func (g *Grammar) HasKind(name string) bool {
	for _, n := range g.names {
		if n == name {
			return true
		}
	}
	return false
}

// ScopeNameField returns the field holding a scope node's name segment.
func (g *Grammar) ScopeNameField(kind uint16) (uint16, bool) {
	f, ok := g.scopeField[kind]
	return f, ok
}
