package source

// CallSite is one bare call in a callable's body: a call whose callee is a
// plain name (methods, attributes and paths are not bare calls).
type CallSite struct {
	// Name is the called name.
	Name string
	// Line is the 1-based line the call starts on.
	Line int
	// Nesting is the number of flow-break nodes between the callable's body
	// and the call.
	Nesting int
}

// Structure holds what the structural rules need of one callable besides
// its Callable record: where bare calls to it can come from, the bare calls
// it makes, and the shape of its body.
type Structure struct {
	// Targetable is false for callables a bare call never resolves to
	// (methods directly in a class, impl or trait).
	Targetable bool
	// Scope is the path a bare call must look in to find this callable,
	// meaningful only when Targetable: the enclosing callable's path for a
	// nested callable, else the innermost module's path, empty at the root.
	Scope []string
	// Visible are the scopes a bare call made by this callable looks in, in
	// order: its own path, the enclosing callables' paths innermost first,
	// the innermost module's path when there is one, and the root (empty).
	Visible [][]string
	// Calls are the bare calls of the body in source order, nested
	// callables left out (lambdas and closures are part of the body).
	Calls []CallSite
	// Body is the body's shape, read by trivial-wrapper.
	Body BodyShape
}

// structRole is a bit set of the roles a node kind plays in a language's
// StructureSpec and ImportSpec.
type structRole uint16

const (
	roleCall structRole = 1 << iota
	rolePlainIdentifier
	roleMethodContainer
	roleModuleScope
	roleReturn
	roleExpressionStatement
	roleDocstring
	roleScopedIdentifier
	roleImportStatement
	roleImportAlias
	roleImportWildcard
	roleImportList
	roleImportScopedList
)

// structInfo is a grammar's table of structural roles and field ids.
type structInfo struct {
	roles                                   KindRoles[structRole]
	callFunction, callArguments, scopedName uint16
	importModule, importNames               uint16
	aliasPath, aliasAs                      uint16
	scopedListPath, scopedListList          uint16
}

// structTable is each grammar's structInfo.
var structTable = NewTable(buildStructure)

func buildStructure(g *Grammar) *structInfo {
	st, im := g.Spec.Structure, g.Spec.Imports
	roles := Roles[structRole]{}
	roles.Add(roleCall, st.Call)
	roles.Add(rolePlainIdentifier, st.PlainIdentifier)
	roles.Add(roleMethodContainer, st.MethodContainers...)
	roles.Add(roleModuleScope, st.ModuleScopes...)
	roles.Add(roleReturn, st.Return)
	roles.Add(roleExpressionStatement, st.ExpressionStatement)
	roles.Add(roleDocstring, st.DocstringKinds...)
	roles.Add(roleScopedIdentifier, st.ScopedIdentifier)
	roles.Add(roleImportStatement, im.Statement)
	roles.Add(roleImportAlias, im.Alias)
	roles.Add(roleImportWildcard, im.Wildcard)
	roles.Add(roleImportList, im.List)
	roles.Add(roleImportScopedList, im.ScopedList)
	return &structInfo{
		roles:          roles.ByKind(g),
		callFunction:   g.fields[st.CallFunctionField],
		callArguments:  g.fields[st.CallArgumentsField],
		scopedName:     g.fields[st.ScopedIdentifierNameField],
		importModule:   g.fields[im.ModuleField],
		importNames:    g.fields[im.NamesField],
		aliasPath:      g.fields[im.AliasPathField],
		aliasAs:        g.fields[im.AliasField],
		scopedListPath: g.fields[im.ScopedListPathField],
		scopedListList: g.fields[im.ScopedListListField],
	}
}

func (t *Tree) role(s *structInfo, i int) structRole { return s.roles.Of(t.Nodes[i].Kind) }

// Structure returns, for each callable of the tree (as returned by
// Callables), its bare-call scope, visible scopes, bare call sites and body
// shape, in the same order. It walks with loops only.
func (t *Tree) Structure(fns []Callable) []Structure {
	s := structTable.Of(t.Grammar)
	out := make([]Structure, len(fns))
	var depth []int
	var anc []int
	for k := range fns {
		if t.Stopped() {
			break
		}
		fn := &fns[k]
		anc = t.scopeAncestors(fn.Node, anc[:0])
		paths := t.ancestorPaths(anc)
		st := &out[k]
		st.Targetable, st.Scope = t.bareScope(s, anc, paths)
		if len(t.nameQualifier(fn.Node)) > 0 { // C++ Shape::area, defined outside its class
			st.Targetable, st.Scope = false, nil
		}
		if t.receiverNode(fn.Node) >= 0 {
			// A method with a receiver is never the target of a bare call.
			st.Targetable, st.Scope = false, nil
		}
		st.Visible = t.visibleScopes(s, fn, anc, paths)
		body := t.ChildByField(fn.Node, t.Grammar.FieldBody)
		if body < 0 {
			st.Body = BodyShape{Kind: ShapeOther}
			continue
		}
		st.Calls, depth = t.callSites(s, body, depth)
		st.Body = t.bodyShape(s, fn, body)
	}
	return out
}

// scopeAncestors appends node i's ancestors of a scope kind, outermost
// first, to buf.
func (t *Tree) scopeAncestors(i int, buf []int) []int {
	for p := int(t.Nodes[i].Parent); p >= 0; p = int(t.Nodes[p].Parent) {
		if t.Is(p, ClassScope) || t.IsCallable(p) {
			buf = append(buf, p)
		}
	}
	for l, r := 0, len(buf)-1; l < r; l, r = l+1, r-1 {
		buf[l], buf[r] = buf[r], buf[l]
	}
	return buf
}

// ancestorPaths returns, for each scope ancestor, the path naming it: the
// segments of every scope ancestor down to and including it, as qualified
// names are built.
func (t *Tree) ancestorPaths(anc []int) [][]string {
	segs := make([]string, len(anc))
	paths := make([][]string, len(anc))
	for k, a := range anc {
		segs[k] = t.scopeSegment(a)
		paths[k] = segs[: k+1 : k+1]
	}
	return paths
}

// scopeSegment is the qualified-name segment of scope node i.
func (t *Tree) scopeSegment(i int) string {
	name := t.scopeName(i)
	if name == "" && t.IsCallable(i) {
		name = unknownName
	}
	return name
}

// bareScope decides where a bare call finds the callable whose scope
// ancestors are anc.
func (t *Tree) bareScope(s *structInfo, anc []int, paths [][]string) (bool, []string) {
	callable, container, module := -1, -1, -1
	for k, a := range anc {
		switch {
		case t.IsCallable(a):
			callable = k
		case t.role(s, a)&roleMethodContainer != 0:
			container = k
		case t.role(s, a)&roleModuleScope != 0:
			module = k
		}
	}
	switch {
	case callable >= 0 && (t.Lang.Structure.EnclosingCallableFirst || callable > container):
		return true, paths[callable]
	case container >= 0:
		return false, nil
	case module >= 0:
		return true, paths[module]
	default:
		return true, []string{}
	}
}

// visibleScopes lists the scopes a bare call of callable fn looks in.
func (t *Tree) visibleScopes(s *structInfo, fn *Callable, anc []int, paths [][]string) [][]string {
	own := make([]string, 0, len(anc)+1)
	for _, p := range paths {
		own = append(own, p[len(p)-1])
	}
	own = append(own, t.scopeSegment(fn.Node))
	out := [][]string{own}
	module := -1
	for k := len(anc) - 1; k >= 0; k-- {
		if t.IsCallable(anc[k]) {
			out = append(out, paths[k])
		} else if module < 0 && t.role(s, anc[k])&roleModuleScope != 0 {
			module = k
		}
	}
	if module >= 0 {
		out = append(out, paths[module])
	}
	return append(out, []string{})
}

// callSites collects the bare calls under body, skipping nested callables.
// depth is scratch space reused across calls: depth[j-body] counts the
// flow-break nodes strictly between body and node j.
func (t *Tree) callSites(s *structInfo, body int, depth []int) ([]CallSite, []int) {
	end := int(t.Nodes[body].End)
	if cap(depth) < end-body {
		depth = make([]int, end-body)
	}
	depth = depth[:end-body]
	depth[0] = 0
	var out []CallSite
	for j := body + 1; j < end; {
		if t.IsCallable(j) {
			j = int(t.Nodes[j].End)
			continue
		}
		p := int(t.Nodes[j].Parent)
		d := depth[p-body]
		if p != body && t.Is(p, ClassFlowBreak) {
			d++
		}
		depth[j-body] = d
		if t.role(s, j)&roleCall != 0 && t.callReceiver(j) < 0 {
			if f := t.ChildByField(j, s.callFunction); f >= 0 && t.role(s, f)&rolePlainIdentifier != 0 {
				out = append(out, CallSite{Name: t.Text(f), Line: t.StartLine(j), Nesting: d})
			}
		}
		j++
	}
	return out, depth
}
