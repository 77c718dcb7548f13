package lang

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"unsafe"
)

// SLOCMode selects how source lines of code are counted for a language.
type SLOCMode int

const (
	// SLOCByTokens counts the start line of every non-empty leaf token and
	// of every string node (whose inner lines are not counted), then removes
	// the lines of plain string statements. Punctuation-only lines count.
	SLOCByTokens SLOCMode = iota
	// SLOCByLines counts every line that, with comments cut out, is neither
	// blank nor made only of the punctuation in Spec.PunctuationOnly.
	SLOCByLines
)

// ScopeKind describes a node kind that contributes a segment to qualified
// names of the callables nested in it.
type ScopeKind struct {
	// NameField is the field whose text is the segment (e.g. "name", or
	// "type" for a Rust impl block).
	NameField string
}

// Spec is everything scbcheck knows about one language. Analyses never test
// a language's name; they read these sets.
type Spec struct {
	// Name is the language's identifier in reports ("python", "rust").
	Name string
	// Rank orders languages in reports (the reference lists Python, then
	// Rust); ties are broken by name.
	Rank int
	// Extensions are the file-name extensions, without the dot, that select
	// this language (case-sensitive).
	Extensions []string
	// Grammar returns the tree-sitter language pointer.
	Grammar func() unsafe.Pointer
	// GrammarModule is the Go module providing the grammar (tests read its
	// node-types.json).
	GrammarModule string
	// GrammarDir, when set, is the folder of GrammarModule holding this
	// grammar's src/node-types.json, for a module with several grammars
	// (tree-sitter-typescript's typescript/ and tsx/).
	GrammarDir string
	// LineComment is the line-comment marker, used by fixture annotations.
	LineComment string
	// FieldParents are the node kinds whose children can carry a field
	// name, as the grammar's node-types.json lists them. The flattening
	// walk records field ids only under these kinds, sparing a costly
	// lookup for the other nodes; a test checks the list against the
	// grammar.
	FieldParents []string

	// SLOC selects the line-counting strategy.
	SLOC SLOCMode
	// PunctuationOnly lists the characters that, alone on a line, do not
	// make it a source line (SLOCByLines only).
	PunctuationOnly string
	// PlainStringStatement is the statement kind whose lone-string form is a
	// docstring-like statement removed from SLOC (SLOCByTokens only).
	PlainStringStatement string
	// StringPrefixesKeptInSLOC are the string prefix letters (lower case)
	// that keep a plain string statement in SLOC ("b", "f").
	StringPrefixesKeptInSLOC string

	// Callables are the node kinds that are functions.
	Callables []string
	// HeadingWrappers and HeadingSiblings are the kinds of the nodes that
	// head a callable without being part of its node: a wrapper whose last
	// child it is (Python's decorated_definition, its decorators first),
	// siblings right before it, comments between them allowed (Rust's
	// attribute_item). The callable's HeadLine is the first line of its
	// headings, where an ignore directive of a metric rule may stand for
	// it.
	HeadingWrappers, HeadingSiblings []string
	// Scopes maps node kinds to their contribution to qualified names.
	// Callable kinds are scopes through their "name" field implicitly.
	Scopes map[string]ScopeKind
	// ScopeSeparator joins qualified-name segments ("." or "::").
	ScopeSeparator string
	// PrivatePrefix marks a private callable name ("_" in Python); empty
	// when visibility comes from a modifier node instead.
	PrivatePrefix string
	// VisibilityModifier is the child kind that makes a callable public
	// (Rust "visibility_modifier"); empty when PrivatePrefix is used.
	VisibilityModifier string
	// PublicKeywords, when set, make a callable public when one of these
	// keyword tokens is among its direct children or the children of its
	// Modifiers (Java `public`); any other callable is private.
	PublicKeywords []string
	// PrivateKeywords, when set, make a callable private when one of these
	// keyword tokens is found the same way (C `static`); any other callable
	// is public.
	PrivateKeywords []string
	// Modifiers are the child kinds of a callable that hold its keyword
	// tokens (Java `modifiers`, C `storage_class_specifier`).
	Modifiers []string
	// DeclaratorField, when set, is the field chain a callable's name and
	// parameters hide in (C `int *f(int a)`: function_definition, then
	// pointer_declarator, then function_declarator): the name field's node
	// is followed down this field to the innermost declarator, the name;
	// the parameter list is the ParamsField of the last node on the way
	// that has one (the nearest to the name).
	DeclaratorField string
	// DeclaratorWrappers are declarator kinds without the field whose
	// first named child is the declarator (C `int (*getter(void))(int)`).
	DeclaratorWrappers []string
	// ScopedName, when set, is the kind of a name that carries its own
	// scope path (C++ `Shape::area` defining a method outside its class):
	// the text of each ScopedNamePathField joins the qualified name's scope,
	// and ScopedNameNameField (itself possibly scoped) is the name. Such a
	// callable is never the target of a bare call.
	ScopedName, ScopedNamePathField, ScopedNameNameField string
	// PublicWrappers, when set, decide visibility by export instead: a
	// callable is public when a node of one of these kinds (an export
	// statement) lies between it and its nearest enclosing scope; a method
	// (its nearest scope is a method container) is public unless its name
	// starts with PrivatePrefix or, when PrivateKeywords are set, one of
	// them is found as above (TypeScript `private m()`).
	PublicWrappers []string
	// ParamsField is the callable field holding the parameter list.
	ParamsField string
	// ParamPatternField is the field of a parameter holding its pattern,
	// each child in it one parameter (Go's `a, b int` declares two); empty
	// means the whole parameter node is searched.
	ParamPatternField string
	// ReceiverNames are parameter names that denote a receiver (self, cls).
	ReceiverNames []string
	// ReceiverKinds are parameter kinds that denote a receiver; with
	// ParamPatternField, also pattern kinds (TypeScript's `this: Window`
	// parameter, whose pattern is a `this` node).
	ReceiverKinds []string
	// ReceiverField is the callable field holding a receiver declared
	// apart from the parameters (Go's `func (r *T) M()`). A callable with
	// one has a receiver, is a method (never the target of a bare call),
	// and has the receiver's type as the last scope of its qualified name.
	ReceiverField string
	// ReceiverTypeKind is the kind whose first node in the receiver names
	// the receiver's type (Go type_identifier: T of `r *T[K]`).
	ReceiverTypeKind string
	// PublicByCase, when set, makes a callable public when its name starts
	// with an upper-case letter (Go's exported names), private otherwise.
	PublicByCase bool
	// StatementList, when set, is the kind a block body wraps its
	// statements in (Go's block holds one statement_list): its children
	// are read as the body's own (clone fingerprint entries,
	// trivial-wrapper's one statement).
	StatementList string
	// NontrivialParamKinds mark parameters with defaults, splats or
	// separators.
	NontrivialParamKinds []string
	// ParamDefaultField, when set, is the field of a parameter holding its
	// default value (TypeScript `x = 1`, a parameter node of the same kind
	// as `x`): a parameter with one is non-trivial.
	ParamDefaultField string
	// BodyField is the callable field holding its body.
	BodyField string
	// CallableNeedsBody, when set, makes a node of a Callables kind without
	// a BodyField child no callable (Java's abstract, interface and native
	// methods): it has no code to measure, as C's prototypes and Rust's
	// trait signatures, which are kinds of their own.
	CallableNeedsBody bool
	// BoundFunctions are anonymous function kinds (arrow functions,
	// function expressions) that are callables only when they are the
	// value a Binding gives a name to (`const f = () => {}`); elsewhere
	// they are not callables and count in their enclosing callable. A
	// bound callable is named, and is a scope, by its binding's name.
	BoundFunctions []string
	// Bindings are the node kinds that give a bound function its name.
	Bindings []Binding
	// BlockBody, when set, is the kind of a statement-block body. A
	// callable whose body is of another kind (an arrow function's
	// expression body) has that expression as its one statement: its
	// clone fingerprint has one entry and trivial-wrapper reads the
	// expression itself.
	BlockBody string

	// Branches add one to cyclomatic complexity each.
	Branches []string
	// BranchExceptTokens, when set, stop a Branches node from counting
	// when one of its direct children is one of these tokens (the
	// `default` label of a C case_statement or a Java switch_label).
	BranchExceptTokens []string
	// BooleanOperators add one to cyclomatic and cognitive complexity each.
	BooleanOperators []string
	// BooleanOperatorTokens, when set, restrict BooleanOperators to nodes
	// with a direct child token among these ("&&", "||").
	BooleanOperatorTokens []string
	// FlowBreaks add 1 + nesting to cognitive complexity and nest their
	// children one level deeper.
	FlowBreaks []string
	// Jumps (break, continue) add one to cognitive complexity; their
	// children are not scored.
	Jumps []string
	// CompileTimeConditions are kinds whose ConditionField child is a
	// condition evaluated before compiling (C's `#if` and `#elif`): nothing
	// in it adds to cyclomatic or cognitive complexity, though the code the
	// directive guards does.
	CompileTimeConditions []string
	// ConditionField is the field of a CompileTimeConditions node holding
	// its condition.
	ConditionField string

	// Strings are string-literal kinds (never descended for SLOC or clones).
	Strings []string
	// Literals are the other literal kinds normalised by clone fingerprints.
	Literals []string
	// Identifiers are the identifier kinds numbered by clone fingerprints.
	Identifiers []string
	// Comments are the comment kinds.
	Comments []string

	// Structure holds the node kinds behind call sites, bare-call scopes
	// and the body shapes of the structural rules.
	Structure StructureSpec
	// Imports describes the file-level imports that bind bare-call names.
	Imports ImportSpec
	// Directives describes how a comment's text is cut out for source
	// directives (scbc ignore[...], scbc boundary).
	Directives DirectiveSpec
	// Exports describes modules, public symbols, imports and references
	// for the DIR metric (package reuse).
	Exports ExportSpec
	// OptIn languages are analysed only when enabled (--languages, the
	// languages config key): by default only the reference's languages
	// are, so totals on mixed repositories stay equal to its.
	OptIn bool
	// AstGrepLanguage is ast-grep's name for the language when the rule
	// catalog's rules run on its files, with AstGrepAliases the other
	// names a rule may give it; empty for a language ast-grep is never run
	// on (Rust: the reference runs no rule on Rust files).
	AstGrepLanguage string
	AstGrepAliases  []string
	// RuleIDPrefix starts the id of every bundled rule of the language
	// ("go-"); empty when its ids need none (Python's are the reference's).
	RuleIDPrefix string
	// SharesRulesOf names the language (its Name) whose bundled rules also
	// run on this language's files, because every construct they match is
	// also written the same way here (TypeScript's grammar extends
	// JavaScript's). The catalog derives a copy of each such rule, shared
	// ones included, for this language: its ast-grep language, and its id
	// with that language's RuleIDPrefix replaced by this one's ("js-x"
	// becomes "ts-x"). The copies' examples run as this language's, so
	// they must parse as both. Empty: none.
	SharesRulesOf string
}

// Binding is a node kind that names the function in one of its fields
// (a variable declarator, a class field).
type Binding struct {
	// Kind is the binding's node kind.
	Kind string
	// NameField holds the bound name; ValueField holds the function.
	NameField, ValueField string
}

// StructureSpec names the node kinds the structural rules read: calls,
// the containers that decide which scope a callable is visible in, and the
// statements of a one-statement body.
type StructureSpec struct {
	// Call is the call kind ("call", "call_expression").
	Call string
	// CallFunctionField is the call's field holding the callee.
	CallFunctionField string
	// CallArgumentsField is the call's field holding the argument list.
	CallArgumentsField string
	// PlainIdentifier is the kind of a bare name: a callee of this kind is
	// a bare call, an argument of this kind may be a parameter.
	PlainIdentifier string
	// CallReceiverField, when set, is the call's field holding the object
	// of a method call (Java `items.add(x)`, whose function field holds
	// only `add`): a call with a receiver is never a bare call, and its
	// callee text runs from the receiver to the end of the function field.
	CallReceiverField string

	// MethodContainers are kinds whose directly nested callables are
	// methods, never targets of a bare call (class; impl, trait).
	MethodContainers []string
	// ModuleScopes are kinds that form a module path for the callables in
	// them (Rust mod); a bare call also looks in the innermost one.
	ModuleScopes []string
	// EnclosingCallableFirst, when set, gives a callable nested anywhere in
	// another callable that callable's path, even inside a method
	// container (Rust: "nested in a fn" is checked before "in an impl").
	// When unset the nearest callable or method container decides (Python:
	// a method of a class inside a function is still a method).
	EnclosingCallableFirst bool

	// Return is the kind of a return statement or expression.
	Return string
	// ExpressionStatement is the kind of an expression statement.
	ExpressionStatement string
	// TailExpression, when set, makes a lone body child of another kind the
	// examined expression itself (a Rust block's tail); otherwise such a
	// statement is never a simple return.
	TailExpression bool
	// DocstringKinds are the first-child kinds that make an expression
	// statement a docstring, left out of a body's statements.
	DocstringKinds []string
	// ScopedIdentifier is the kind of a path expression (Rust Foo::BAR)
	// whose last segment may name a constant; empty when there is none.
	ScopedIdentifier string
	// ScopedIdentifierNameField is the field of ScopedIdentifier holding
	// the last segment.
	ScopedIdentifierNameField string
	// ValueList, when set, is the kind a return wraps its values in (Go's
	// expression_list): a list of one value is looked through to it, a
	// longer one is no simple return.
	ValueList string
}

// ImportStyle selects how a language's file-level imports are read.
type ImportStyle int

const (
	// ImportNone: the language has no imports that bind bare-call names.
	ImportNone ImportStyle = iota
	// ImportFrom reads `from module import name [as alias], ...`
	// statements: the module is dotted text, relative dots dropped.
	ImportFrom
	// ImportUse reads `use path::{nested, lists, name as alias};`
	// declarations: the identifiers of the path are its segments.
	ImportUse
)

// ImportSpec names the node kinds and fields of the import statements that
// sit at the file root. Only the fields of the chosen Style are used.
type ImportSpec struct {
	Style ImportStyle
	// Statement is the import statement kind read at the file root.
	Statement string
	// ModuleField is the statement field holding the module (ImportFrom).
	ModuleField string
	// NamesField is the statement field holding each imported name
	// (ImportFrom) or the use tree (ImportUse).
	NamesField string
	// Alias is the kind of `path as alias`; AliasPathField and AliasField
	// are its fields.
	Alias, AliasPathField, AliasField string
	// Wildcard is the kind of a wildcard import, which binds nothing here.
	Wildcard string
	// List is the kind of a braced list of use trees (ImportUse).
	List string
	// ScopedList is the kind of `prefix::{list}`; ScopedListPathField and
	// ScopedListListField are its fields (ImportUse).
	ScopedList, ScopedListPathField, ScopedListListField string
	// ModuleSeparator splits module text into segments (ImportFrom).
	ModuleSeparator string
	// RelativePrefix is removed from the start of module text, as often as
	// it occurs, before the text is split (ImportFrom: the dots of a
	// relative import).
	RelativePrefix string
	// ModuleFileSuffixes turn a module's segments, joined with "/", into
	// the path suffixes of the files that may define it.
	ModuleFileSuffixes []string
	// PackageDirectory, when set, makes the root-scope callables of the
	// other files of a file's directory visible to its bare calls, as if
	// imported (a Go package spans the files of one directory).
	PackageDirectory bool
}

// DirectiveSpec says how the text of a comment is cut out before it is
// read as a source directive. A line comment loses its LineComment marker
// (see Spec.LineComment); a block comment loses its delimiters and one
// leading BlockMargin.
type DirectiveSpec struct {
	// BlockOpen and BlockClose delimit a block comment; empty when the
	// language has none.
	BlockOpen, BlockClose string
	// BlockMargin is removed once from the start of a block comment's
	// trimmed inside ("*" of a /** ... */ comment).
	BlockMargin string
}

var registry []*Spec

func register(s *Spec) *Spec {
	registry = append(registry, s)
	sort.Slice(registry, func(i, j int) bool {
		if registry[i].Rank != registry[j].Rank {
			return registry[i].Rank < registry[j].Rank
		}
		return registry[i].Name < registry[j].Name
	})
	return s
}

// All returns every supported language in report order.
func All() []*Spec {
	out := make([]*Spec, len(registry))
	copy(out, registry)
	return out
}

// Defaults returns the languages analysed unless others are enabled: the
// reference's, Python and Rust, in report order.
func Defaults() []*Spec {
	var out []*Spec
	for _, s := range registry {
		if !s.OptIn {
			out = append(out, s)
		}
	}
	return out
}

// Names returns every language's name in report order.
func Names() []string {
	out := make([]string, len(registry))
	for i, s := range registry {
		out[i] = s.Name
	}
	return out
}

// Resolve turns language names into the languages to analyse: the default
// languages plus the named ones, or every language for "all". An unknown
// name is an error listing the known ones. No names means the defaults.
func Resolve(names []string) ([]*Spec, error) {
	on := map[*Spec]bool{}
	for _, s := range Defaults() {
		on[s] = true
	}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		switch {
		case n == "all":
			for _, s := range registry {
				on[s] = true
			}
		case n == "":
		default:
			s := ByName(n)
			if s == nil {
				return nil, fmt.Errorf("unknown language %q (known: all, %s)", n, strings.Join(Names(), ", "))
			}
			on[s] = true
		}
	}
	var out []*Spec
	for _, s := range registry {
		if on[s] {
			out = append(out, s)
		}
	}
	return out, nil
}

// ByName returns the language with the given name, or nil.
func ByName(name string) *Spec {
	for _, s := range registry {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// ForPath returns the language selected by the path's extension, or nil
// when the file is not a supported source file. As with Rust paths, a dot
// file such as ".py" has no extension.
func ForPath(path string) *Spec {
	name := filepath.Base(path)
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 {
		return nil
	}
	ext := name[dot+1:]
	for _, s := range registry {
		for _, e := range s.Extensions {
			if e == ext {
				return s
			}
		}
	}
	return nil
}

// ModuleSystem is how a language's files form modules for DIR, with the
// node kinds, fields and rules only that system reads: its own part of
// the language's ExportSpec. Package reuse implements each system, by
// name, in a file of its own; the languages sharing a system share its
// type (JavaScript, TypeScript and TSX read FileModules).
type ModuleSystem interface {
	// SystemName names the system; package reuse has one implementation
	// per name.
	SystemName() string
	// Syntax returns the node kinds and the field names the system's data
	// names, which tests check against the language's grammar.
	Syntax() (kinds, fields []string)
}

// ExportDef is a kind of module-level definition that can be a public
// symbol.
type ExportDef struct {
	// NameField is the field holding the defined name.
	NameField string
	// Symbol is the symbol kind reported ("function", "class", ...).
	Symbol string
	// SkipPrefixes are name prefixes that make a definition of this kind
	// no symbol (Go's Test, Benchmark, Example and Fuzz functions).
	SkipPrefixes []string
	// Multiple makes every child in NameField a defined name (Go's
	// `const A, B = 1, 2`), not only the first.
	Multiple bool
	// Declarator makes NameField hold a declarator, whose name is found
	// through HeaderUnits.Declarators (C's `int *f(void)`); a function
	// declarator on the way makes the symbol a "function".
	Declarator bool
	// RequiredField, when set, is a field without which the node defines
	// nothing (a C macro without a value, an include guard; a struct
	// without a body, a mere reference).
	RequiredField string
}

// MemberKind is a node kind reading a member of an object: the object in
// ObjectField, the member's name in NameField.
type MemberKind struct {
	Kind, ObjectField, NameField string
}

// Manifest is a project file read for DIR: the module path of the tree
// below its directory and the files it declares programs.
type Manifest struct {
	// Name is the file's base name.
	Name string
	// Read parses the file's text; an error names what is wrong in it.
	Read func(text []byte) (ManifestInfo, error)
}

// ManifestInfo is what a Manifest declares.
type ManifestInfo struct {
	// ModulePath prefixes the import paths of the packages below the
	// manifest's directory; empty when they are the directories
	// themselves.
	ModulePath string
	// Entries are the programs it declares, as paths relative to its
	// directory.
	Entries []ManifestEntry
	// BaseDir, when set, is a directory relative to the manifest's
	// against which non-relative specifiers are tried (tsconfig.json's
	// baseUrl); Aliases map specifier patterns to paths relative to the
	// manifest's directory (its paths).
	BaseDir string
	Aliases []PathAlias
}

// PathAlias maps specifiers matching Pattern (with at most one `*`) to
// Targets, whose `*` takes what the pattern's matched.
type PathAlias struct {
	Pattern string
	Targets []string
}

// ManifestEntry is a program a manifest declares.
type ManifestEntry struct {
	// Target is the file (or import specifier) relative to the manifest.
	Target string
	// Reason says where the declaration is ("package.json bin").
	Reason string
}

// ExportSpec names what package reuse reads of a language: what every
// module system reads (definitions, references, test and entry files),
// and in System the system's own part.
type ExportSpec struct {
	// System is the language's module system with its data; nil when the
	// language takes no part in DIR.
	System ModuleSystem
	// Definitions are the definition kinds by node kind.
	Definitions map[string]ExportDef
	// Containers are declaration groups whose children are read as
	// declarations of the level they are at (Go's `const ( ... )`, C's
	// conditional compilation, Java's type bodies).
	Containers []string

	// References. Names are the identifier kinds a reference starts with;
	// Member is `object.attribute` (MemberObjectField, MemberNameField)
	// and Members are the other member-access kinds (Go's qualified_type,
	// TypeScript's nested_type_identifier, Java's method_invocation);
	// NotReferences are fields whose identifier is a name being bound or
	// a keyword, never a reference.
	Names                     []string
	Member, MemberObjectField string
	MemberNameField           string
	Members                   []MemberKind
	NotReferences             map[string][]string
	// StringContent is the kind of a string literal's text.
	StringContent string

	// Files. EntryFiles are base names of entry modules and EntryDirs
	// directories of entry programs (relative to a crate's top), as the
	// DIR detail lists them; TestFiles are base-name globs and TestDirs
	// directory names of test code (whose configuration files are test
	// data too); TestDirPaths are slash-separated directory paths whose
	// files are test code wherever they occur in a path (Java's src/test,
	// Go's testdata), without making the configuration files below them
	// test data. They are the language's one definition of test code:
	// DIR's, and the scopes' (Spec.IsTest: --scope, the scopes key).
	EntryFiles   []string
	EntryDirs    []string
	TestFiles    []string
	TestDirs     []string
	TestDirPaths []string
	// ForeignDirs are directory names whose files DIR leaves out, as
	// neither exporters nor users: copies of other projects' code (Go's
	// vendor).
	ForeignDirs []string
	// Manifests are the project files read for module paths and entries.
	Manifests []Manifest
	// PathSeparator joins module path segments in reports ("." or "::").
	PathSeparator string
	// Notes state the definition's choices in the DIR detail's config.
	Notes []string
}

// ForAstGrep returns the language whose ast-grep name or alias is name
// (any case), among those ast-grep runs on; nil for any other.
func ForAstGrep(name string) *Spec {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, s := range registry {
		if s.AstGrepLanguage == "" {
			continue
		}
		if s.AstGrepLanguage == name {
			return s
		}
		for _, a := range s.AstGrepAliases {
			if a == name {
				return s
			}
		}
	}
	return nil
}
