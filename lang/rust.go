package lang

import (
	"unsafe"

	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
)

// Rust is parsed with tree-sitter-rust v0.24.2, the grammar the reference
// parses with.
var Rust = register(&Spec{
	Name:        "rust",
	Rank:        1,
	Extensions:  []string{"rs"},
	Grammar:     func() unsafe.Pointer { return tsrust.Language() },
	LineComment: "//",

	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// Line-based SLOC ignores this; clone fingerprints drop a lone string
	// statement (`"text";`) in Rust as the reference does in both languages.
	PlainStringStatement: "expression_statement",

	Callables: []string{"function_item"},
	Scopes: map[string]ScopeKind{
		"function_item": {NameField: "name"},
		"impl_item":     {NameField: "type"},
		"mod_item":      {NameField: "name"},
		"trait_item":    {NameField: "name"},
	},
	ScopeSeparator:     "::",
	VisibilityModifier: "visibility_modifier",
	ParamsField:        "parameters",
	ParamPatternField:  "pattern",
	ReceiverKinds:      []string{"self_parameter"},
	BodyField:          "body",

	// One per match expression, not per arm; each else-if is a nested
	// if_expression and so counts on its own.
	Branches: []string{
		"if_expression", "match_expression", "for_expression", "loop_expression", "while_expression",
	},
	BooleanOperators:      []string{"binary_expression"},
	BooleanOperatorTokens: []string{"&&", "||"},
	// A plain else adds nothing in Rust.
	FlowBreaks: []string{
		"if_expression", "match_expression", "for_expression", "loop_expression", "while_expression",
	},
	Jumps: []string{"break_expression", "continue_expression"},

	Strings:     []string{"string_literal", "raw_string_literal"},
	Literals:    []string{"integer_literal", "float_literal", "char_literal", "boolean_literal"},
	Identifiers: []string{"identifier", "field_identifier", "shorthand_field_identifier"},
	Comments:    []string{"line_comment", "block_comment"},

	Structure: StructureSpec{
		Call:                      "call_expression",
		CallFunctionField:         "function",
		CallArgumentsField:        "arguments",
		PlainIdentifier:           "identifier",
		MethodContainers:          []string{"impl_item", "trait_item"},
		ModuleScopes:              []string{"mod_item"},
		EnclosingCallableFirst:    true,
		Return:                    "return_expression",
		ExpressionStatement:       "expression_statement",
		TailExpression:            true,
		ScopedIdentifier:          "scoped_identifier",
		ScopedIdentifierNameField: "name",
	},
	// Only `use` declarations at the crate file's root bind names.
	Imports: ImportSpec{
		Style:               ImportUse,
		Statement:           "use_declaration",
		NamesField:          "argument",
		Alias:               "use_as_clause",
		AliasPathField:      "path",
		AliasField:          "alias",
		Wildcard:            "use_wildcard",
		List:                "use_list",
		ScopedList:          "scoped_use_list",
		ScopedListPathField: "path",
		ScopedListListField: "list",
		ModuleFileSuffixes:  []string{".rs", "/mod.rs"},
	},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
})
