package source

import (
	"strings"
)

// Callable is one function of a file: a node of one of the language's
// callable kinds, nested ones included.
type Callable struct {
	// Name is the callable's own name, "<unknown>" when it has none.
	Name string
	// QualifiedName joins the enclosing scopes' names and Name with the
	// language's separator (Thing.same, inner::route).
	QualifiedName string
	// Scope holds the enclosing scope names, outermost first.
	Scope []string
	// StartLine and EndLine are the 1-based span of the callable node
	// (decorators and attributes excluded).
	StartLine, EndLine int
	// HeadLine is the first line of the decorators or attributes heading
	// the callable (lang.Spec.HeadingWrappers, HeadingSiblings), StartLine
	// when it has none.
	HeadLine int
	// StartCol is the 1-based column the callable node starts at, in
	// Unicode code points as finding columns are counted.
	StartCol int
	// Kind says where and how the callable is defined (see CallableKind).
	Kind CallableKind
	// Node is the callable's index in its Tree.
	Node int
	// Public is the language's visibility: no leading underscore in
	// Python, a visibility modifier in Rust.
	Public bool
	// Params are the parameter names, receivers left out.
	Params []string
	// HasReceiver is set by a self/cls parameter.
	HasReceiver bool
	// HasNontrivialParams is set by defaults, splats, separators or tuple
	// parameters.
	HasNontrivialParams bool
	// SLOC is the number of the file's SLOC lines inside the span, nested
	// callables' lines included.
	SLOC int
}

const unknownName = "<unknown>"

// CallableKind classifies a callable by what the syntax tree says of it,
// the same way in every language.
type CallableKind string

const (
	// KindFunction is a named function outside any class body or other
	// callable (at the top level, or in a module or namespace).
	KindFunction CallableKind = "function"
	// KindMethod is a callable directly in a class body (a method
	// container of the language: a class, an impl or a trait block) or
	// declared with a receiver (Go). A method defined out of its class
	// (C++'s Type::name) is a function.
	KindMethod CallableKind = "method"
	// KindClosure is a callable defined inside another callable, whose
	// body it is part of textually (a nested def, fn or function).
	KindClosure CallableKind = "closure"
	// KindLambda is an anonymous function given its name by a binding
	// (JavaScript's const f = () => ...), outside any class body or
	// callable.
	KindLambda CallableKind = "lambda"
)

// Callables returns the file's callables in source order, with SLOC
// counted against the file's SLOC set.
func (t *Tree) Callables(sloc Lines) []Callable {
	type open struct {
		end  int
		name string
	}
	var stack []open
	var out []Callable
	for i := range t.Nodes {
		for len(stack) > 0 && stack[len(stack)-1].end <= i {
			stack = stack[:len(stack)-1]
		}
		callable := t.IsCallable(i)
		if !callable && !t.Is(i, ClassScope) {
			continue
		}
		if t.Stopped() {
			break
		}
		name := t.scopeName(i)
		if callable {
			if name == "" {
				name = unknownName
			}
			scope := make([]string, 0, len(stack))
			for _, s := range stack {
				if s.name != "" { // an anonymous namespace or class
					scope = append(scope, s.name)
				}
			}
			scope = append(scope, t.nameQualifier(i)...)
			out = append(out, t.callable(i, name, scope, sloc))
		}
		stack = append(stack, open{end: int(t.Nodes[i].End), name: name})
	}
	return out
}

func (t *Tree) callable(i int, name string, scope []string, sloc Lines) Callable {
	spec := t.Lang
	fn := Callable{
		Name:          name,
		QualifiedName: strings.Join(append(append([]string(nil), scope...), name), spec.ScopeSeparator),
		Scope:         scope,
		StartLine:     t.StartLine(i),
		HeadLine:      t.headLine(i),
		EndLine:       t.EndLine(i),
		StartCol:      t.StartCol(i),
		Kind:          t.callableKind(i),
		Node:          i,
	}
	if len(spec.PublicWrappers) > 0 {
		fn.Public = t.exported(i, name)
		if public, ok := t.keywordVisibility(i); ok && !public {
			fn.Public = false
		}
	} else if public, ok := t.keywordVisibility(i); ok {
		fn.Public = public
	} else if spec.PrivatePrefix != "" {
		fn.Public = !strings.HasPrefix(name, spec.PrivatePrefix)
	} else {
		for _, ch := range t.Children(i) {
			if t.Is(ch, ClassVisibility) {
				fn.Public = true
			}
		}
	}
	fn.SLOC = sloc.CountWithin(fn.StartLine, fn.EndLine)
	t.applyReceiverAndCase(i, &fn)
	params := t.paramsNode(i)
	if params < 0 {
		return fn
	}
	for _, p := range t.NamedChildren(params) {
		if t.Is(p, ClassReceiver) {
			fn.HasReceiver = true
			continue
		}
		if t.containsClass(p, ClassNontrivialParam) ||
			(t.Grammar.FieldParamDefault != 0 && t.ChildByField(p, t.Grammar.FieldParamDefault) >= 0) {
			fn.HasNontrivialParams = true
		}
		if t.Grammar.FieldPattern == 0 {
			t.addParam(&fn, p)
			continue
		}
		for _, pattern := range t.childrenByField(p, t.Grammar.FieldPattern) {
			if t.Is(pattern, ClassReceiver) {
				fn.HasReceiver = true
				continue
			}
			t.addParam(&fn, pattern)
		}
	}
	return fn
}

// callableKind classifies callable i by its nearest ancestor that is a
// callable or a method container, and by a receiver.
func (t *Tree) callableKind(i int) CallableKind {
	if t.receiverNode(i) >= 0 {
		return KindMethod
	}
	s := structTable.Of(t.Grammar)
	for p := int(t.Nodes[i].Parent); p >= 0; p = int(t.Nodes[p].Parent) {
		if t.IsCallable(p) {
			return KindClosure
		}
		if t.role(s, p)&roleMethodContainer != 0 {
			return KindMethod
		}
	}
	if !t.Is(i, ClassCallable) {
		return KindLambda
	}
	return KindFunction
}

// addParam adds the parameter whose name is the first identifier in
// pattern node p, or marks a receiver name.
func (t *Tree) addParam(fn *Callable, p int) {
	id := t.firstIdentifier(p)
	if id < 0 {
		return
	}
	pname := t.Text(id)
	if contains(t.Lang.ReceiverNames, pname) {
		fn.HasReceiver = true
		return
	}
	fn.Params = append(fn.Params, pname)
}

// headLine is the first line of callable i's headings: the wrapper it is
// the last child of, else the heading siblings right before it (comments
// between them skipped); its own first line without.
func (t *Tree) headLine(i int) int {
	if p := int(t.Nodes[i].Parent); p >= 0 && t.Is(p, ClassHeadingWrapper) && int(t.Nodes[p].End) == int(t.Nodes[i].End) {
		return t.StartLine(p)
	}
	head := t.StartLine(i)
	// Walked back one sibling at a time: listing the parent's children
	// here would make a file of n sibling functions cost n squared.
	for s := t.PrevSibling(i); s >= 0; s = t.PrevSibling(s) {
		if t.Is(s, ClassHeadingSibling) {
			head = t.StartLine(s)
		} else if !t.Is(s, ClassComment) {
			break
		}
	}
	return head
}

// exported applies lang.Spec.PublicWrappers to callable i named name.
func (t *Tree) exported(i int, name string) bool {
	s := structTable.Of(t.Grammar)
	for p := int(t.Nodes[i].Parent); p >= 0; p = int(t.Nodes[p].Parent) {
		if t.Is(p, ClassPublicWrapper) {
			return true
		}
		if t.Is(p, ClassScope) || t.IsCallable(p) {
			if t.role(s, p)&roleMethodContainer != 0 {
				return t.Lang.PrivatePrefix == "" || !strings.HasPrefix(name, t.Lang.PrivatePrefix)
			}
			return false
		}
	}
	return false
}

// IsCallable reports whether node i is a callable: a node of one of the
// language's Callables kinds (with a body when the language's
// CallableNeedsBody is set), or of a BoundFunctions kind that is the value
// of one of its Bindings.
func (t *Tree) IsCallable(i int) bool {
	c := t.Grammar.ClassOf(t.Nodes[i].Kind)
	if c&ClassCallable != 0 {
		return !t.Lang.CallableNeedsBody || t.ChildByField(i, t.Grammar.FieldBody) >= 0
	}
	return c&ClassBoundFunction != 0 && t.binding(i) >= 0
}

// binding returns the binding node naming bound function i (its parent,
// when i sits in the binding's value field), or -1.
func (t *Tree) binding(i int) int {
	p := int(t.Nodes[i].Parent)
	if p < 0 {
		return -1
	}
	b, ok := t.Grammar.bindings[t.Nodes[p].Kind]
	if !ok || b.value == 0 || t.Nodes[i].Field != b.value {
		return -1
	}
	return p
}

// scopeName returns the name segment of scope or callable node i: its
// binding's name for a bound function, else its scope name field's text;
// empty when it has none.
func (t *Tree) scopeName(i int) string {
	if t.Is(i, ClassBoundFunction) && !t.Is(i, ClassCallable|ClassScope) {
		if b := t.binding(i); b >= 0 {
			if f := t.ChildByField(b, t.Grammar.bindings[t.Nodes[b].Kind].name); f >= 0 {
				return t.Text(f)
			}
			return ""
		}
	}
	field, _ := t.Grammar.ScopeNameField(t.Nodes[i].Kind)
	if f := t.ChildByField(i, field); f >= 0 {
		n, _ := t.declaredName(f)
		return t.Text(n)
	}
	return ""
}

// firstIdentifier returns the first node of an identifier kind in node i's
// subtree (i included), in preorder, or -1.
func (t *Tree) firstIdentifier(i int) int {
	for j := i; j < int(t.Nodes[i].End); j++ {
		if t.Is(j, ClassIdentifier) {
			return j
		}
	}
	return -1
}

func (t *Tree) containsClass(i int, c Class) bool {
	for j := i; j < int(t.Nodes[i].End); j++ {
		if t.Is(j, c) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// CallableDepth returns how deeply callables nest in the tree: 1 for a
// file whose callables hold none, 0 for one without callables. One pass,
// whatever the depth.
func (t *Tree) CallableDepth() int {
	var ends []int32 // End of each open callable, innermost last
	deepest := 0
	for i := range t.Nodes {
		for len(ends) > 0 && int32(i) >= ends[len(ends)-1] {
			ends = ends[:len(ends)-1]
		}
		if t.IsCallable(i) {
			ends = append(ends, t.Nodes[i].End)
			deepest = max(deepest, len(ends))
		}
	}
	return deepest
}
