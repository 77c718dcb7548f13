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
	Exports:    ExportSpec{System: NoModules},
	OptIn:      true,
})
