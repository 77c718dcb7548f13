package source

import (
	"strings"
)

// ShapeKind classifies a callable's body for trivial-wrapper.
type ShapeKind int

const (
	// ShapeOther is every body that is not one simple expression: several
	// statements, a bare return, an assignment, an operator, an attribute,
	// a string, a macro call, Rust `return x;`.
	ShapeOther ShapeKind = iota
	// ShapeCall: the one statement is a call, Callee(Args...).
	ShapeCall
	// ShapeParam: the one statement is a parameter's name (Param).
	ShapeParam
	// ShapeConstant: the one statement is a CONSTANT-like name, or a path
	// whose last segment is one (Text).
	ShapeConstant
	// ShapeLiteral: the one statement is a numeric, boolean, None or char
	// literal (Text). A string literal is ShapeOther.
	ShapeLiteral
)

// ArgKind classifies one argument of a ShapeCall body.
type ArgKind int

const (
	// ArgUnsupported is any argument that is neither of the others
	// (strings, keyword arguments, expressions, non-parameter names).
	ArgUnsupported ArgKind = iota
	// ArgParam is a plain name that is one of the callable's parameters.
	ArgParam
	// ArgLiteral is a literal of the language's Literals kinds.
	ArgLiteral
)

// Arg is one argument of a ShapeCall body.
type Arg struct {
	Kind ArgKind
	// Param is the parameter's index in Callable.Params (ArgParam).
	Param int
	// Text is the argument's source text.
	Text string
}

// BodyShape is the shape of a callable's body when it is a single simple
// expression (returned, or a lone expression statement), as trivial-wrapper
// reads it.
type BodyShape struct {
	Kind ShapeKind
	// Callee is the whole text of the call's function (ShapeCall), of any
	// kind: name, attribute, path.
	Callee string
	// Args are the call's arguments (ShapeCall).
	Args []Arg
	// Param is the parameter's index in Callable.Params (ShapeParam).
	Param int
	// Text is the expression's source text (ShapeParam, ShapeConstant,
	// ShapeLiteral).
	Text string
}

// String renders the shape as the reference's tests name it:
// SimpleReturn(Param value), SimpleReturn(Call clean(Param value)),
// SimpleReturn(Constant LIMIT), SimpleReturn(Literal 1), Other.
func (b BodyShape) String() string {
	switch b.Kind {
	case ShapeCall:
		args := make([]string, len(b.Args))
		for i, a := range b.Args {
			args[i] = a.String()
		}
		return "SimpleReturn(Call " + b.Callee + "(" + strings.Join(args, ", ") + "))"
	case ShapeParam:
		return "SimpleReturn(Param " + b.Text + ")"
	case ShapeConstant:
		return "SimpleReturn(Constant " + b.Text + ")"
	case ShapeLiteral:
		return "SimpleReturn(Literal " + b.Text + ")"
	default:
		return "Other"
	}
}

// String renders the argument as "Param value", "Literal 1" or
// "Unsupported".
func (a Arg) String() string {
	switch a.Kind {
	case ArgParam:
		return "Param " + a.Text
	case ArgLiteral:
		return "Literal " + a.Text
	default:
		return "Unsupported"
	}
}

// bodyShape reads the body of callable fn. The body's statements are its
// named children minus comments, nested callables and docstrings; exactly
// one must remain. A return or expression statement is looked through to
// its first named child; with TailExpression any other statement is the
// expression itself, else the shape is ShapeOther.
func (t *Tree) bodyShape(s *structInfo, fn *Callable, body int) BodyShape {
	if !t.IsBlockBody(body) {
		return t.expressionShape(s, fn, body)
	}
	stmt, count := -1, 0
	for _, c := range t.BodyStatements(body) {
		if !t.Named(c) || t.Is(c, ClassComment) || t.IsCallable(c) || t.isDocstring(s, c) {
			continue
		}
		stmt = c
		count++
	}
	if count != 1 {
		return BodyShape{Kind: ShapeOther}
	}
	x := -1
	switch {
	case t.role(s, stmt)&(roleReturn|roleExpressionStatement) != 0:
		x = t.throughValueList(t.firstNamedChild(stmt))
	case t.Lang.Structure.TailExpression:
		x = stmt
	}
	if x < 0 {
		return BodyShape{Kind: ShapeOther}
	}
	return t.expressionShape(s, fn, x)
}

// IsBlockBody reports whether body node i is a block of statements: always
// unless the language names a BlockBody kind, else when i is of that kind
// (an arrow function's expression body is not).
func (t *Tree) IsBlockBody(i int) bool {
	return t.Lang.BlockBody == "" || t.Is(i, ClassBlockBody)
}

// isDocstring reports whether statement i is an expression statement whose
// first named child is of a docstring kind.
func (t *Tree) isDocstring(s *structInfo, i int) bool {
	if t.role(s, i)&roleExpressionStatement == 0 {
		return false
	}
	c := t.firstNamedChild(i)
	return c >= 0 && t.role(s, c)&roleDocstring != 0
}

func (t *Tree) firstNamedChild(i int) int {
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.Named(c) {
			return c
		}
	}
	return -1
}

// expressionShape classifies the single expression x of a body.
func (t *Tree) expressionShape(s *structInfo, fn *Callable, x int) BodyShape {
	r := t.role(s, x)
	switch {
	case r&roleCall != 0:
		shape := BodyShape{Kind: ShapeCall}
		if f := t.ChildByField(x, s.callFunction); f >= 0 {
			shape.Callee = t.Text(f)
			if r := t.callReceiver(x); r >= 0 { // Java items.add: from the receiver on
				shape.Callee = string(t.Src[t.Nodes[r].StartByte:t.Nodes[f].EndByte])
			}
		}
		if args := t.ChildByField(x, s.callArguments); args >= 0 {
			for _, a := range t.NamedChildren(args) {
				shape.Args = append(shape.Args, t.argument(s, fn, a))
			}
		}
		return shape
	case r&rolePlainIdentifier != 0:
		name := t.Text(x)
		if p := paramIndex(fn, name); p >= 0 {
			return BodyShape{Kind: ShapeParam, Param: p, Text: name}
		}
		if constantLike(name) {
			return BodyShape{Kind: ShapeConstant, Text: name}
		}
	case r&roleScopedIdentifier != 0:
		if last := t.ChildByField(x, s.scopedName); last >= 0 && constantLike(t.Text(last)) {
			return BodyShape{Kind: ShapeConstant, Text: t.Text(x)}
		}
	case t.Is(x, ClassLiteral):
		return BodyShape{Kind: ShapeLiteral, Text: t.Text(x)}
	}
	return BodyShape{Kind: ShapeOther}
}

func (t *Tree) argument(s *structInfo, fn *Callable, a int) Arg {
	text := t.Text(a)
	switch {
	case t.role(s, a)&rolePlainIdentifier != 0:
		if p := paramIndex(fn, text); p >= 0 {
			return Arg{Kind: ArgParam, Param: p, Text: text}
		}
	case t.Is(a, ClassLiteral):
		return Arg{Kind: ArgLiteral, Text: text}
	}
	return Arg{Kind: ArgUnsupported, Text: text}
}

func paramIndex(fn *Callable, name string) int {
	for i, p := range fn.Params {
		if p == name {
			return i
		}
	}
	return -1
}

// constantLike reports whether a name reads as a constant: at least one
// ASCII letter, and only ASCII upper-case letters, digits and underscores.
func constantLike(name string) bool {
	letter := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9', c == '_':
		default:
			return false
		}
	}
	return letter
}
