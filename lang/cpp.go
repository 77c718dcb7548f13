package lang

import (
	"unsafe"

	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
)

// Cpp is C++, parsed with tree-sitter-cpp v0.23.4. A `.h` header is C
// (see the C Spec); C++ headers use .hpp, .hh or .hxx.
var Cpp = register(&Spec{
	Name:            "cpp",
	Rank:            7,
	Extensions:      []string{"cc", "cpp", "cxx", "hpp", "hh", "hxx"},
	AstGrepLanguage: "cpp",
	RuleIDPrefix:    "cpp-",
	AstGrepAliases:  []string{"c++", "cc", "cxx"},
	Grammar:         func() unsafe.Pointer { return tscpp.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-cpp",
	FieldParents: []string{
		"abstract_array_declarator", "abstract_function_declarator", "abstract_pointer_declarator",
		"alias_declaration", "alignof_expression", "array_declarator", "assignment_expression",
		"attribute", "binary_expression", "call_expression", "case_statement", "cast_expression",
		"catch_clause", "class_specifier", "co_await_expression", "comma_expression",
		"compound_literal_expression", "concept_definition", "condition_clause",
		"conditional_expression", "constraint_conjunction", "constraint_disjunction", "declaration",
		"do_statement", "enum_specifier", "enumerator", "field_declaration", "field_expression",
		"fold_expression", "for_range_loop", "for_statement", "function_declarator",
		"function_definition", "gnu_asm_clobber_list", "gnu_asm_expression", "gnu_asm_goto_list",
		"gnu_asm_input_operand", "gnu_asm_input_operand_list", "gnu_asm_output_operand",
		"gnu_asm_output_operand_list", "goto_statement", "if_statement", "init_declarator",
		"initializer_pair", "labeled_statement", "lambda_capture_initializer", "lambda_expression",
		"linkage_specification", "namespace_alias_definition", "namespace_definition",
		"new_declarator", "new_expression", "offsetof_expression", "operator_cast",
		"optional_parameter_declaration", "optional_type_parameter_declaration",
		"parameter_declaration", "parameter_pack_expansion", "placeholder_type_specifier",
		"pointer_declarator", "pointer_expression", "pointer_type_declarator", "preproc_call",
		"preproc_def", "preproc_elif", "preproc_elifdef", "preproc_function_def", "preproc_if",
		"preproc_ifdef", "preproc_include", "qualified_identifier", "raw_string_literal",
		"requires_clause", "requires_expression", "seh_except_clause", "seh_finally_clause",
		"seh_try_statement", "sized_type_specifier", "sizeof_expression", "static_assert_declaration",
		"struct_specifier", "subscript_expression", "subscript_range_designator", "switch_statement",
		"template_declaration", "template_function", "template_instantiation", "template_method",
		"template_template_parameter_declaration", "template_type", "try_statement",
		"type_definition", "type_descriptor", "unary_expression", "union_specifier",
		"update_expression", "variadic_parameter_declaration", "while_statement",
	},
	LineComment: "//",

	// As C: the generic rule, preprocessor lines are code lines.
	SLOC:                 SLOCByLines,
	PunctuationOnly:      "{}[]();,:",
	PlainStringStatement: "expression_statement",

	// Function and method definitions, in or out of their class; lambdas
	// are not callables and count in their enclosing callable.
	Callables: []string{"function_definition"},
	Scopes: map[string]ScopeKind{
		"function_definition":  {NameField: "declarator"},
		"class_specifier":      {NameField: "name"},
		"struct_specifier":     {NameField: "name"},
		"union_specifier":      {NameField: "name"},
		"namespace_definition": {NameField: "name"},
	},
	DeclaratorField:    "declarator",
	DeclaratorWrappers: []string{"parenthesized_declarator", "reference_declarator"},
	// `double Shape::area() const {...}` is named area, qualified
	// Shape::area (inside namespace geo: geo::Shape::area).
	ScopedName:          "qualified_identifier",
	ScopedNamePathField: "scope",
	ScopedNameNameField: "name",
	ScopeSeparator:      "::",
	// As C: a static function is private; any other is public (access
	// specifiers are not read).
	PrivateKeywords:   []string{"static"},
	Modifiers:         []string{"storage_class_specifier"},
	ParamsField:       "parameters",
	ParamPatternField: "declarator",
	NontrivialParamKinds: []string{
		"optional_parameter_declaration", "variadic_parameter_declaration",
	},
	BodyField: "body",

	// C's sets plus the range-for and catch.
	Branches: []string{
		"if_statement", "for_statement", "for_range_loop", "while_statement", "do_statement",
		"case_statement", "conditional_expression", "catch_clause", "seh_except_clause",
	},
	BranchExceptTokens:    []string{"default"},
	BooleanOperators:      []string{"binary_expression"},
	BooleanOperatorTokens: []string{"&&", "||", "and", "or"},
	FlowBreaks: []string{
		"if_statement", "for_statement", "for_range_loop", "while_statement", "do_statement",
		"switch_statement", "conditional_expression", "catch_clause", "seh_except_clause",
	},
	Jumps: []string{"break_statement", "continue_statement", "goto_statement"},
	// `#if defined(A) && B` is decided by the preprocessor, not at run
	// time: its operators are no decisions of the function (pmccabe agrees).
	CompileTimeConditions: []string{"preproc_if", "preproc_elif"},
	ConditionField:        "condition",

	Strings: []string{"string_literal", "raw_string_literal", "system_lib_string"},
	Literals: []string{
		"number_literal", "char_literal", "true", "false", "null", "nullptr", "user_defined_literal",
	},
	Identifiers: []string{"identifier", "field_identifier", "statement_identifier"},
	Comments:    []string{"comment"},

	Structure: StructureSpec{
		Call:                "call_expression",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		MethodContainers:    []string{"class_specifier", "struct_specifier", "union_specifier"},
		ModuleScopes:        []string{"namespace_definition"},
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
	},
	Imports:    ImportSpec{Style: ImportNone},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
	Exports:    cppExports(),
	OptIn:      true,
})

// cppExports is C's reading of headers (cExports) with C++'s additions:
// classes are tagged types, namespaces, templates and extern "C" blocks
// keep their declarations at file level, `using X = ...` declares a type.
// C++ headers (.hpp, .hh, .hxx) and C headers (.h) form modules with the
// sources of their name alike, since both languages read HeaderUnits.
func cppExports() ExportSpec {
	e := cExports
	h := cHeaders
	h.HeaderExtensions = []string{"hpp", "hh", "hxx"}
	e.Definitions = map[string]ExportDef{"alias_declaration": {NameField: "name", Symbol: "type"}}
	for k, d := range cExports.Definitions {
		e.Definitions[k] = d
	}
	h.Specifiers = map[string]ExportDef{"class_specifier": {NameField: "name", Symbol: "class", RequiredField: "body"}}
	for k, d := range cHeaders.Specifiers {
		h.Specifiers[k] = d
	}
	e.System = &h
	e.Containers = append(append([]string(nil), cExports.Containers...),
		"namespace_definition", "declaration_list", "template_declaration", "linkage_specification")
	e.TestFiles = []string{"*_test.cc", "*_test.cpp", "*_unittest.cc", "test_*.cc", "test_*.cpp"}
	e.Notes = append([]string(nil), cExports.Notes...)
	e.Notes[len(e.Notes)-1] = "test/, tests/, *_test.cc, *_test.cpp, *_unittest.cc, test_*.cc and test_*.cpp are test code; macro bodies and conditional compilation are not evaluated"
	e.Notes = append(e.Notes, "C++: classes, and the declarations of namespaces, templates and extern \"C\" blocks count; members and out-of-class definitions (A::f) do not; a qualified use (ns::f) is matched by its last name")
	return e
}
