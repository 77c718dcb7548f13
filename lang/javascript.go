package lang

import (
	"unsafe"

	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
)

// JavaScript is parsed with tree-sitter-javascript v0.25.0 (JSX included).
// docs/languages.md explains every choice below.
var JavaScript = register(&Spec{
	Name:            "javascript",
	Rank:            3,
	Extensions:      []string{"js", "mjs", "cjs", "jsx"},
	AstGrepLanguage: "javascript",
	RuleIDPrefix:    "js-",
	AstGrepAliases:  []string{"js", "jsx"},
	Grammar:         func() unsafe.Pointer { return tsjavascript.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-javascript",
	FieldParents: []string{
		"arrow_function", "assignment_expression", "assignment_pattern",
		"augmented_assignment_expression", "binary_expression", "break_statement", "call_expression",
		"catch_clause", "class", "class_body", "class_declaration", "class_static_block",
		"continue_statement", "do_statement", "export_specifier", "export_statement",
		"field_definition", "finally_clause", "for_in_statement", "for_statement",
		"function_declaration", "function_expression", "generator_function",
		"generator_function_declaration", "if_statement", "import_specifier", "import_statement",
		"jsx_closing_element", "jsx_element", "jsx_opening_element", "jsx_self_closing_element",
		"labeled_statement", "lexical_declaration", "member_expression", "method_definition",
		"new_expression", "object_assignment_pattern", "pair", "pair_pattern", "regex",
		"subscript_expression", "switch_case", "switch_default", "switch_statement",
		"ternary_expression", "try_statement", "unary_expression", "update_expression",
		"using_declaration", "variable_declarator", "while_statement", "with_statement",
	},
	LineComment: "//",

	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// Line-based SLOC ignores this; clone fingerprints drop a lone string
	// statement ("use strict";) as they do in Rust.
	PlainStringStatement: "expression_statement",

	Callables: javaScriptCallables,
	Scopes: map[string]ScopeKind{
		"function_declaration":           {NameField: "name"},
		"generator_function_declaration": {NameField: "name"},
		"method_definition":              {NameField: "name"},
		"class_declaration":              {NameField: "name"},
	},
	ScopeSeparator:       ".",
	PrivatePrefix:        "#",
	PublicWrappers:       []string{"export_statement"},
	ParamsField:          "parameters",
	NontrivialParamKinds: []string{"assignment_pattern", "rest_pattern", "object_pattern", "array_pattern"},
	BodyField:            "body",
	BoundFunctions:       javaScriptBoundFunctions,
	Bindings: []Binding{
		{Kind: "variable_declarator", NameField: "name", ValueField: "value"},
		{Kind: "field_definition", NameField: "property", ValueField: "value"},
	},
	BlockBody: "statement_block",

	Branches:              javaScriptBranches,
	BooleanOperators:      javaScriptBooleanOperators,
	BooleanOperatorTokens: javaScriptBooleanTokens,
	FlowBreaks:            javaScriptFlowBreaks,
	Jumps:                 []string{"break_statement", "continue_statement"},

	Strings:  []string{"string", "template_string"},
	Literals: []string{"number", "true", "false", "null", "undefined", "regex"},
	Identifiers: []string{
		"identifier", "property_identifier", "shorthand_property_identifier",
		"shorthand_property_identifier_pattern", "private_property_identifier",
	},
	Comments: []string{"comment", "html_comment", "hash_bang_line"},

	Structure: StructureSpec{
		Call:                "call_expression",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		MethodContainers:    []string{"class_declaration"},
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
		DocstringKinds:      []string{"string"},
	},
	// ES imports bind names (`import { f as g } from "./m.js"`), but the
	// statement keeps its names under an unnamed import clause, which
	// ImportSpec cannot express: bare calls resolve within their file only.
	Imports:    ImportSpec{Style: ImportNone},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
	Exports:    ExportSpec{System: NoModules},
	OptIn:      true,
})

// The sets JavaScript shares with TypeScript and TSX, whose grammars extend
// it with the same node kinds.
var (
	// Named function declarations, generator declarations and methods
	// (class and object-literal methods, getters and setters).
	javaScriptCallables = []string{
		"function_declaration", "generator_function_declaration", "method_definition",
	}
	// Arrow functions and function expressions are callables only when
	// bound to a name (const f = () => {}; a class field f = () => {}).
	javaScriptBoundFunctions = []string{"arrow_function", "function_expression", "generator_function"}
	// One per if (else if is a nested if_statement), loop (for-in and
	// for-of are for_in_statement), non-default case, catch and ternary.
	javaScriptBranches = []string{
		"if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement",
		"switch_case", "catch_clause", "ternary_expression",
	}
	// &&, ||, ?? and the logical assignments &&=, ||=, ??= short-circuit.
	javaScriptBooleanOperators = []string{"binary_expression", "augmented_assignment_expression"}
	javaScriptBooleanTokens    = []string{"&&", "||", "??", "&&=", "||=", "??="}
	// As in Rust: a plain else is free, a switch scores once.
	javaScriptFlowBreaks = []string{
		"if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement",
		"switch_statement", "catch_clause", "ternary_expression",
	}
)
