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
	Exports:    cExports,
	OptIn:      true,
})

// cExports is DIR's reading of C, a policy of our own (DIR spec 4.2 does
// not cover C; docs/languages.md): a header is the interface of the
// module it forms with the source files of its name.
var cExports = ExportSpec{
	System: &cHeaders,
	Definitions: map[string]ExportDef{
		"function_definition":  {NameField: "declarator", Symbol: "variable", Declarator: true},
		"declaration":          {NameField: "declarator", Symbol: "variable", Declarator: true, Multiple: true},
		"type_definition":      {NameField: "declarator", Symbol: "type", Declarator: true, Multiple: true},
		"preproc_def":          {NameField: "name", Symbol: "macro", RequiredField: "value"},
		"preproc_function_def": {NameField: "name", Symbol: "macro"},
	},
	// Conditional compilation (an include guard's #ifndef) keeps its
	// declarations at file level.
	Containers:    []string{"preproc_ifdef", "preproc_if", "preproc_else", "preproc_elif", "preproc_elifdef"},
	StringContent: "string_content",
	Names:         []string{"identifier", "type_identifier"},

	TestFiles:     []string{"*_test.c", "test_*.c"},
	TestDirPaths:  []string{"test", "tests"},
	PathSeparator: ".",
	Notes: []string{
		"our policy, outside DIR spec 4.2: a header and the source files of its name in its directory are one module, named by their path without extension",
		"symbols: what a header declares at file level (functions, variables, typedefs, tagged structs, unions and enums, enum constants, macros with a value)",
		"uses: names in a file that includes the header, directly or through other headers; a source file defining main makes its module an entry",
		"test/, tests/, *_test.c and test_*.c are test code; macro bodies and conditional compilation are not evaluated",
	},
}

// cHeaders is C's part of HeaderUnits.
var cHeaders = HeaderUnits{
	HeaderExtensions: []string{"h"},
	Specifiers: map[string]ExportDef{
		"struct_specifier": {NameField: "name", Symbol: "struct", RequiredField: "body"},
		"union_specifier":  {NameField: "name", Symbol: "union", RequiredField: "body"},
		"enum_specifier":   {NameField: "name", Symbol: "enum", RequiredField: "body"},
	},
	TypeField:   "type",
	Enumerators: map[string]ExportDef{"enumerator": {NameField: "name", Symbol: "constant"}},
	Declarators: []string{
		"function_declarator", "pointer_declarator", "array_declarator", "init_declarator",
		"parenthesized_declarator", "attributed_declarator",
	},
	DeclaratorField:    "declarator",
	FunctionDeclarator: "function_declarator",
	Include:            "preproc_include",
	IncludePathField:   "path",
	SystemInclude:      "system_lib_string",
	EntryFunction:      "main",
}

// HeaderUnits is the module system of C and C++: a header and the source
// files of its name in its directory form a module named by their path
// without extension; the header declares its public names, and a file
// reaches them by including the header, directly or through other
// headers.
type HeaderUnits struct {
	// HeaderExtensions select the files whose definitions are the
	// module's symbols.
	HeaderExtensions []string
	// Specifiers are tagged type definitions (struct, union, enum) met at
	// file level or as a declaration's type (TypeField), Enumerators the
	// constants in an enum's body.
	Specifiers  map[string]ExportDef
	TypeField   string
	Enumerators map[string]ExportDef
	// Declarators are the declarator kinds followed to a declared name
	// (their DeclaratorField, else their first named child), with
	// FunctionDeclarator marking a function (see ExportDef.Declarator).
	Declarators                         []string
	DeclaratorField, FunctionDeclarator string
	// Include is the include directive with its IncludePathField;
	// SystemInclude is the `<x.h>` path kind.
	Include, IncludePathField, SystemInclude string
	// A file defining a function named EntryFunction makes its module an
	// entry module.
	EntryFunction string
}

// SystemName implements ModuleSystem.
func (*HeaderUnits) SystemName() string { return "header" }

// Syntax implements ModuleSystem.
func (h *HeaderUnits) Syntax() (kinds, fields []string) {
	kinds = append([]string{h.FunctionDeclarator, h.Include, h.SystemInclude}, h.Declarators...)
	fields = []string{h.TypeField, h.DeclaratorField, h.IncludePathField}
	for _, defs := range []map[string]ExportDef{h.Specifiers, h.Enumerators} {
		for kind, def := range defs {
			kinds = append(kinds, kind)
			fields = append(fields, def.NameField, def.RequiredField)
		}
	}
	return kinds, fields
}
