package lang

import (
	"unsafe"

	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
)

// C is parsed with tree-sitter-c v0.24.1. A `.h` file is C: a header
// written for C++ parses as C, and fails to parse when it uses C++ syntax.
var C = register(&Spec{
	Name:            "c",
	Rank:            6,
	Extensions:      []string{"c", "h"},
	AstGrepLanguage: "c",
	RuleIDPrefix:    "c-",
	Grammar:         func() unsafe.Pointer { return tsc.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-c",
	FieldParents: []string{
		"abstract_array_declarator", "abstract_function_declarator", "abstract_pointer_declarator",
		"alignof_expression", "array_declarator", "assignment_expression", "attribute",
		"binary_expression", "call_expression", "case_statement", "cast_expression", "comma_expression",
		"compound_literal_expression", "conditional_expression", "declaration", "do_statement",
		"enum_specifier", "enumerator", "field_declaration", "field_expression", "for_statement",
		"function_declarator", "function_definition", "gnu_asm_clobber_list", "gnu_asm_expression",
		"gnu_asm_goto_list", "gnu_asm_input_operand", "gnu_asm_input_operand_list",
		"gnu_asm_output_operand", "gnu_asm_output_operand_list", "goto_statement", "if_statement",
		"init_declarator", "initializer_pair", "labeled_statement", "linkage_specification",
		"macro_type_specifier", "offsetof_expression", "parameter_declaration", "pointer_declarator",
		"pointer_expression", "preproc_call", "preproc_def", "preproc_elif", "preproc_elifdef",
		"preproc_function_def", "preproc_if", "preproc_ifdef", "preproc_include", "seh_except_clause",
		"seh_finally_clause", "seh_try_statement", "sized_type_specifier", "sizeof_expression",
		"struct_specifier", "subscript_expression", "subscript_range_designator", "switch_statement",
		"type_definition", "type_descriptor", "unary_expression", "union_specifier", "update_expression",
		"while_statement",
	},
	LineComment: "//",

	// The generic rule, as for Rust: preprocessor lines are code lines.
	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// A lone string statement (`"text";`) is left out of clone
	// fingerprints, as in the reference's languages.
	PlainStringStatement: "expression_statement",

	// Every function definition; declarations (prototypes) have no body
	// and are not callables.
	Callables: []string{"function_definition"},
	Scopes: map[string]ScopeKind{
		"function_definition": {NameField: "declarator"},
	},
	// The name of `static int *f(int a)` is the innermost declarator.
	DeclaratorField:    "declarator",
	DeclaratorWrappers: []string{"parenthesized_declarator"},
	ScopeSeparator:     "::",
	// A static function is private to its file; any other is public.
	PrivateKeywords:      []string{"static"},
	Modifiers:            []string{"storage_class_specifier"},
	ParamsField:          "parameters",
	ParamPatternField:    "declarator",
	NontrivialParamKinds: []string{"variadic_parameter"},
	BodyField:            "body",

	// A switch counts through its non-default case labels, as pmccabe and
	// lizard count it; each else-if is a nested if_statement.
	Branches: []string{
		"if_statement", "for_statement", "while_statement", "do_statement", "case_statement",
		"conditional_expression", "seh_except_clause",
	},
	BranchExceptTokens:    []string{"default"},
	BooleanOperators:      []string{"binary_expression"},
	BooleanOperatorTokens: []string{"&&", "||"},
	// A switch is one flow break, as in Sonar's cognitive complexity; a
	// plain else adds nothing, as in Rust.
	FlowBreaks: []string{
		"if_statement", "for_statement", "while_statement", "do_statement", "switch_statement",
		"conditional_expression", "seh_except_clause",
	},
	Jumps: []string{"break_statement", "continue_statement", "goto_statement"},
	// `#if defined(A) && B` is decided by the preprocessor, not at run
	// time: its operators are no decisions of the function (pmccabe agrees).
	CompileTimeConditions: []string{"preproc_if", "preproc_elif"},
	ConditionField:        "condition",

	Strings:     []string{"string_literal", "system_lib_string"},
	Literals:    []string{"number_literal", "char_literal", "true", "false", "null"},
	Identifiers: []string{"identifier", "field_identifier", "statement_identifier"},
	Comments:    []string{"comment"},

	Structure: StructureSpec{
		Call:                "call_expression",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
	},
	Imports:    ImportSpec{Style: ImportNone},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
	Exports:    ExportSpec{System: NoModules},
	OptIn:      true,
})
