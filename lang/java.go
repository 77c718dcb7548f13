package lang

import (
	"unsafe"

	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
)

// Java is parsed with tree-sitter-java v0.23.5. docs/languages.md explains
// every choice below.
var Java = register(&Spec{
	Name:            "java",
	Rank:            8,
	Extensions:      []string{"java"},
	AstGrepLanguage: "java",
	RuleIDPrefix:    "java-",
	Grammar:         func() unsafe.Pointer { return tsjava.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-java",
	FieldParents: []string{
		"annotation", "annotation_type_declaration", "annotation_type_element_declaration",
		"array_access", "array_creation_expression", "array_type", "assignment_expression",
		"binary_expression", "cast_expression", "catch_clause", "catch_formal_parameter",
		"class_declaration", "compact_constructor_declaration", "constant_declaration",
		"constructor_declaration", "do_statement", "element_value_pair", "enhanced_for_statement",
		"enum_constant", "enum_declaration", "explicit_constructor_invocation",
		"exports_module_directive", "field_access", "field_declaration", "for_statement",
		"formal_parameter", "if_statement", "instanceof_expression", "interface_declaration",
		"lambda_expression", "local_variable_declaration", "marker_annotation", "method_declaration",
		"method_invocation", "module_declaration", "object_creation_expression",
		"opens_module_directive", "provides_module_directive", "record_declaration",
		"requires_module_directive", "resource", "scoped_identifier", "switch_expression",
		"synchronized_statement", "template_expression", "ternary_expression", "try_statement",
		"try_with_resources_statement", "unary_expression", "uses_module_directive",
		"variable_declarator", "while_statement",
	},
	LineComment: "//",

	// The generic rule, as for Rust and C: `}`, `});` are not SLOC lines;
	// package, import and annotation lines are.
	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// Java has no lone string statement; the kind is named as in the other
	// C-like languages.
	PlainStringStatement: "expression_statement",

	// Methods and constructors with a body, and the compact constructors
	// of records. Abstract, interface and native methods have no body and
	// are not callables. Lambdas are not callables and count in their
	// enclosing callable; the methods of an anonymous class body are
	// method_declaration nodes and so callables, named under their
	// enclosing callable (Outer.run.compare).
	Callables: []string{
		"method_declaration", "constructor_declaration", "compact_constructor_declaration",
	},
	CallableNeedsBody: true,
	Scopes: map[string]ScopeKind{
		"method_declaration":              {NameField: "name"},
		"constructor_declaration":         {NameField: "name"},
		"compact_constructor_declaration": {NameField: "name"},
		"class_declaration":               {NameField: "name"},
		"interface_declaration":           {NameField: "name"},
		"enum_declaration":                {NameField: "name"},
		"record_declaration":              {NameField: "name"},
		"annotation_type_declaration":     {NameField: "name"},
	},
	ScopeSeparator: ".",
	// Public only with the `public` modifier: package-private, protected
	// and private members are not (an interface's implicitly public
	// default methods included).
	PublicKeywords: []string{"public"},
	Modifiers:      []string{"modifiers"},
	ParamsField:    "parameters",
	// A formal parameter's name field, past its annotations and type.
	ParamPatternField:    "name",
	ReceiverKinds:        []string{"receiver_parameter"},
	NontrivialParamKinds: []string{"spread_parameter"},
	BodyField:            "body",

	// One per if (an else if is a nested if_statement), loop, non-default
	// switch label (`case A:` and `case A, B ->` are one label each),
	// catch, ternary, && and ||.
	Branches: []string{
		"if_statement", "for_statement", "enhanced_for_statement", "while_statement", "do_statement",
		"switch_label", "catch_clause", "ternary_expression",
	},
	BranchExceptTokens:    []string{"default"},
	BooleanOperators:      []string{"binary_expression"},
	BooleanOperatorTokens: []string{"&&", "||"},
	// A switch (statement or expression) scores once, as in C; a plain
	// else adds nothing.
	FlowBreaks: []string{
		"if_statement", "for_statement", "enhanced_for_statement", "while_statement", "do_statement",
		"switch_expression", "catch_clause", "ternary_expression",
	},
	Jumps: []string{"break_statement", "continue_statement"},

	Strings: []string{"string_literal"},
	Literals: []string{
		"decimal_integer_literal", "hex_integer_literal", "octal_integer_literal",
		"binary_integer_literal", "decimal_floating_point_literal", "hex_floating_point_literal",
		"character_literal", "true", "false", "null_literal",
	},
	Identifiers: []string{"identifier"},
	Comments:    []string{"line_comment", "block_comment"},

	Structure: StructureSpec{
		Call:               "method_invocation",
		CallFunctionField:  "name",
		CallArgumentsField: "arguments",
		// items.add(x) keeps items under object: never a bare call.
		CallReceiverField: "object",
		PlainIdentifier:   "identifier",
		// A bare call helper() calls a method of the enclosing class, so a
		// type declaration plays the part of a module: its methods are
		// bare-call targets in its scope.
		ModuleScopes: []string{
			"class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
		},
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
	},
	Imports:    ImportSpec{Style: ImportNone},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
	Exports:    javaExports,
	OptIn:      true,
})

// javaEntryAnnotations are the framework annotations that make a type an
// entry module (the framework calls it): Spring's application, component
// and controller stereotypes, as DIR spec 4.1 lists them.
var javaEntryAnnotations = []string{
	"SpringBootApplication", "RestController", "Controller", "Component", "Service", "Repository",
	"Configuration",
}

// javaExports is DIR's reading of Java: a top-level type is a module
// (DIR spec 4.1 and 4.2).
var javaExports = ExportSpec{
	System: &TypeUnits{
		// Enum constants are members read through their type, not symbols.
		MemberDefinitions: map[string]ExportDef{
			"method_declaration":   {NameField: "name", Symbol: "method"},
			"field_declaration":    {Symbol: "field"},
			"constant_declaration": {Symbol: "field"},
		},
		ImplicitMembers:     []string{"interface_body", "annotation_type_body"},
		TypeBodyField:       "body",
		ResultField:         "type",
		AnnotationNameField: "name",
		ModifierList:        "modifiers",
		PublicKeyword:       "public",
		StaticKeyword:       "static",
		PrivateKeyword:      "private",
		Annotations:         []string{"marker_annotation", "annotation"},
		EntryMethod:         "main",
		VoidType:            "void_type",
		EntryAnnotations:    javaEntryAnnotations,
		PackageClause:       "package_declaration",
		Import:              "import_declaration",
		Wildcard:            "asterisk",
		Declarator:          "variable_declarator",
		DeclaratorNameField: "name",
		DottedTypes:         []string{"scoped_type_identifier"},
	},
	Definitions: map[string]ExportDef{
		"class_declaration":           {NameField: "name", Symbol: "class"},
		"interface_declaration":       {NameField: "name", Symbol: "interface"},
		"enum_declaration":            {NameField: "name", Symbol: "enum"},
		"record_declaration":          {NameField: "name", Symbol: "record"},
		"annotation_type_declaration": {NameField: "name", Symbol: "annotation"},
	},
	Containers: []string{"class_body", "interface_body", "enum_body", "enum_body_declarations", "annotation_type_body"},

	Names:             []string{"identifier", "type_identifier"},
	Member:            "field_access",
	MemberObjectField: "object",
	MemberNameField:   "field",
	Members:           []MemberKind{{Kind: "method_invocation", ObjectField: "object", NameField: "name"}},
	NotReferences: map[string][]string{
		"class_declaration":                   {"name"},
		"interface_declaration":               {"name"},
		"enum_declaration":                    {"name"},
		"record_declaration":                  {"name"},
		"annotation_type_declaration":         {"name"},
		"annotation_type_element_declaration": {"name"},
		"method_declaration":                  {"name"},
		"constructor_declaration":             {"name"},
		"compact_constructor_declaration":     {"name"},
		"variable_declarator":                 {"name"},
		"enum_constant":                       {"name"},
		"formal_parameter":                    {"name"},
		"catch_formal_parameter":              {"name"},
	},

	TestFiles:     []string{"*Test.java", "*Tests.java", "*IT.java"},
	TestDirPaths:  []string{"src/test"},
	PathSeparator: ".",
	Notes: []string{
		"a module is a top-level type, named by its package and its name",
		"entry modules: types with public static void main, or annotated @SpringBootApplication, @RestController, @Controller, @Component, @Service, @Repository or @Configuration",
		"src/test directories and *Test.java, *Tests.java, *IT.java files are test code",
		"public top-level types and the public static fields and methods of their bodies (an interface's fields and static methods implicitly); instance members and enum constants are not symbols",
		"uses through single-type, on-demand and static imports, fully qualified names and the simple names of the same package; reflection is not read",
	},
}

// TypeUnits is the module system of Java: a top-level type (one of
// ExportSpec.Definitions, its body in TypeBodyField) is a module named by
// its package and its name; imports name types, a package's types or a
// type's static members, and the types of the same package need no
// import.
type TypeUnits struct {
	// MemberDefinitions are the members of a type body (Containers
	// descended; a method's result in ResultField) that count when public
	// and static; ImplicitMembers the bodies whose fields and methods are
	// so without saying (an interface's).
	MemberDefinitions map[string]ExportDef
	ImplicitMembers   []string
	TypeBodyField     string
	ResultField       string
	// ModifierList holds PublicKeyword, StaticKeyword and annotations
	// (Annotations, named in their AnnotationNameField); PrivateKeyword
	// keeps an implicit member private.
	ModifierList                 string
	PublicKeyword, StaticKeyword string
	PrivateKeyword               string
	Annotations                  []string
	AnnotationNameField          string
	// A method named EntryMethod, public, static, returning VoidType,
	// makes its type an entry module, as does one of EntryAnnotations on
	// the type.
	EntryMethod, VoidType string
	EntryAnnotations      []string
	// PackageClause is the package declaration; Import statements with
	// StaticKeyword import a member, and Wildcard ends an on-demand
	// import.
	PackageClause, Import, Wildcard string
	// Declarator is a field's variable declarator, its name in
	// DeclaratorNameField.
	Declarator, DeclaratorNameField string
	// DottedTypes are qualified type names without fields (a.b.C), read
	// as the names in them.
	DottedTypes []string
}

// SystemName implements ModuleSystem.
func (*TypeUnits) SystemName() string { return "unit" }

// Syntax implements ModuleSystem.
func (u *TypeUnits) Syntax() (kinds, fields []string) {
	kinds = append(append(append([]string{u.ModifierList, u.VoidType, u.PackageClause, u.Import, u.Wildcard,
		u.Declarator}, u.Annotations...), u.ImplicitMembers...), u.DottedTypes...)
	fields = []string{u.TypeBodyField, u.ResultField, u.AnnotationNameField, u.DeclaratorNameField}
	for kind, def := range u.MemberDefinitions {
		kinds = append(kinds, kind)
		fields = append(fields, def.NameField)
	}
	return kinds, fields
}
