package source

// declRole is a bit set of the roles a node kind plays in the Spec fields
// read here: names inside declarators, scoped names, visibility keywords,
// the tokens that keep a branch from counting.
type declRole uint8

const (
	roleScopedName declRole = 1 << iota
	rolePublicKeyword
	rolePrivateKeyword
	roleModifiers
	roleBranchExcept
	roleDeclaratorWrapper
)

// declInfo is a grammar's table of those roles and their field ids.
type declInfo struct {
	roles                              KindRoles[declRole]
	declarator, scopedPath, scopedLast uint16
	callReceiver                       uint16
}

// declTable is each grammar's declInfo.
var declTable = NewTable(buildDeclarations)

func buildDeclarations(g *Grammar) *declInfo {
	spec := g.Spec
	roles := Roles[declRole]{}
	roles.Add(roleScopedName, spec.ScopedName)
	roles.Add(rolePublicKeyword, spec.PublicKeywords...)
	roles.Add(rolePrivateKeyword, spec.PrivateKeywords...)
	roles.Add(roleModifiers, spec.Modifiers...)
	roles.Add(roleBranchExcept, spec.BranchExceptTokens...)
	roles.Add(roleDeclaratorWrapper, spec.DeclaratorWrappers...)
	return &declInfo{
		roles:        roles.ByKind(g),
		declarator:   g.fields[spec.DeclaratorField],
		scopedPath:   g.fields[spec.ScopedNamePathField],
		scopedLast:   g.fields[spec.ScopedNameNameField],
		callReceiver: g.fields[spec.Structure.CallReceiverField],
	}
}

func (t *Tree) declRole(d *declInfo, i int) declRole { return d.roles.Of(t.Nodes[i].Kind) }

// innermostDeclarator follows the language's DeclaratorField (and
// DeclaratorWrappers) down from node i and returns the last node reached (i itself when the language has
// none or i has no declarator).
func (t *Tree) innermostDeclarator(d *declInfo, i int) int {
	for d.declarator != 0 {
		c := t.ChildByField(i, d.declarator)
		if c < 0 && t.declRole(d, i)&roleDeclaratorWrapper != 0 {
			c = t.firstNamedChild(i)
		}
		if c < 0 {
			break
		}
		i = c
	}
	return i
}

// declaredName returns the node naming a scope whose name field holds node
// f, with the segments of the scope path the name carries (C++
// `ns::Shape::area` gives `area` and [ns Shape]); f itself and no segments
// unless the language has declarators or scoped names.
func (t *Tree) declaredName(f int) (int, []string) {
	d := declTable.Of(t.Grammar)
	f = t.innermostDeclarator(d, f)
	var path []string
	for t.declRole(d, f)&roleScopedName != 0 {
		if p := t.ChildByField(f, d.scopedPath); p >= 0 {
			path = append(path, t.Text(p))
		}
		last := t.ChildByField(f, d.scopedLast)
		if last < 0 {
			break
		}
		f = last
	}
	return f, path
}

// nameQualifier returns the scope segments carried by the declared name of
// scope or callable node i (see declaredName); nil for most languages.
func (t *Tree) nameQualifier(i int) []string {
	field, _ := t.Grammar.ScopeNameField(t.Nodes[i].Kind)
	f := t.ChildByField(i, field)
	if f < 0 {
		return nil
	}
	_, path := t.declaredName(f)
	return path
}

// paramsNode returns callable i's parameter list: its ParamsField child, or
// the ParamsField child of the last node down its declarator chain that
// has one, the nearest to the name (the parameters of `getter` in
// `int (*getter(void))(int)` are `(void)`); -1 when there is none.
func (t *Tree) paramsNode(i int) int {
	if p := t.ChildByField(i, t.Grammar.FieldParams); p >= 0 {
		return p
	}
	d := declTable.Of(t.Grammar)
	if d.declarator == 0 {
		return -1
	}
	params := -1
	for n := t.ChildByField(i, d.declarator); n >= 0; {
		if p := t.ChildByField(n, t.Grammar.FieldParams); p >= 0 {
			params = p
		}
		next := t.ChildByField(n, d.declarator)
		if next < 0 && t.declRole(d, n)&roleDeclaratorWrapper != 0 {
			next = t.firstNamedChild(n)
		}
		n = next
	}
	return params
}

// keywordVisibility reads callable i's visibility from the language's
// PublicKeywords or PrivateKeywords, found among its direct children and
// the children of its Modifiers children. ok is false when the language
// names no such keywords.
func (t *Tree) keywordVisibility(i int) (public, ok bool) {
	spec := t.Lang
	if len(spec.PublicKeywords) == 0 && len(spec.PrivateKeywords) == 0 {
		return false, false
	}
	d := declTable.Of(t.Grammar)
	var pub, priv bool
	see := func(c int) {
		r := t.declRole(d, c)
		pub = pub || r&rolePublicKeyword != 0
		priv = priv || r&rolePrivateKeyword != 0
	}
	for _, c := range t.Children(i) {
		see(c)
		if t.declRole(d, c)&roleModifiers != 0 {
			for _, m := range t.Children(c) {
				see(m)
			}
		}
	}
	if len(spec.PublicKeywords) > 0 {
		return pub, true
	}
	return !priv, true
}

// BranchCounts reports whether branch node i adds to cyclomatic
// complexity: unless one of its direct children is one of the language's
// BranchExceptTokens (a `default` label).
func (t *Tree) BranchCounts(i int) bool {
	if len(t.Lang.BranchExceptTokens) == 0 {
		return true
	}
	d := declTable.Of(t.Grammar)
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if t.declRole(d, c)&roleBranchExcept != 0 {
			return false
		}
	}
	return true
}

// callReceiver returns the receiver of method call i (the language's
// CallReceiverField child), or -1.
func (t *Tree) callReceiver(i int) int {
	if t.Lang.Structure.CallReceiverField == "" {
		return -1
	}
	d := declTable.Of(t.Grammar)
	return t.ChildByField(i, d.callReceiver)
}
