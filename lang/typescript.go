package lang

import (
	"unsafe"

	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// TypeScript is parsed with tree-sitter-typescript v0.23.2 (its typescript/
// grammar; lang/tsx.go registers the tsx/ one). It counts what JavaScript
// counts: its grammar extends tree-sitter-javascript's, so the node-kind
// sets are JavaScript's. docs/languages.md explains what differs.
var TypeScript = register(typeScriptSpec(&Spec{
	Name:            "typescript",
	Rank:            4,
	Extensions:      []string{"ts", "mts", "cts"},
	AstGrepLanguage: "typescript",
	RuleIDPrefix:    "ts-",
	SharesRulesOf:   "javascript",
	AstGrepAliases:  []string{"ts"},
	Grammar:         func() unsafe.Pointer { return tstypescript.LanguageTypescript() },
	GrammarDir:      "typescript",
	FieldParents:    typeScriptFieldParents,
}))

// typeScriptFieldParents are the kinds with fields in the typescript/
// grammar; TSX adds its JSX kinds.
var typeScriptFieldParents = []string{
	"abstract_class_declaration", "abstract_method_signature", "arrow_function",
	"assignment_expression", "assignment_pattern", "augmented_assignment_expression",
	"binary_expression", "break_statement", "call_expression", "call_signature", "catch_clause",
	"class", "class_body", "class_declaration", "class_static_block", "conditional_type",
	"construct_signature", "constructor_type", "continue_statement", "do_statement",
	"enum_assignment", "enum_body", "enum_declaration", "export_specifier", "export_statement",
	"extends_clause", "extends_type_clause", "finally_clause", "for_in_statement", "for_statement",
	"function_declaration", "function_expression", "function_signature", "function_type",
	"generator_function", "generator_function_declaration", "generic_type", "if_statement",
	"import_require_clause", "import_specifier", "import_statement", "index_signature",
	"instantiation_expression", "interface_declaration", "internal_module", "labeled_statement",
	"lexical_declaration", "mapped_type_clause", "member_expression", "method_definition",
	"method_signature", "module", "nested_identifier", "nested_type_identifier", "new_expression",
	"object_assignment_pattern", "optional_parameter", "pair", "pair_pattern",
	"parenthesized_expression", "property_signature", "public_field_definition", "regex",
	"required_parameter", "subscript_expression", "switch_case", "switch_default",
	"switch_statement", "ternary_expression", "try_statement", "type_alias_declaration",
	"type_parameter", "type_predicate", "unary_expression", "update_expression",
	"variable_declarator", "while_statement", "with_statement",
}

// typeScriptSpec completes s (name, extensions, grammar and field parents
// set) with what TypeScript and TSX share: JavaScript's sets, plus the
// kinds TypeScript adds. Bodiless declarations (function_signature,
// method_signature, abstract_method_signature: overloads, abstract and
// interface methods, `declare function`) are kinds of their own and no
// callables, as Rust's trait signatures; enums, interfaces and type aliases
// are no callables either. Type annotations, `as`, `satisfies`, `!` and
// conditional types add nothing.
func typeScriptSpec(s *Spec) *Spec {
	s.GrammarModule = "github.com/tree-sitter/tree-sitter-typescript"
	s.LineComment = "//"
	s.SLOC = SLOCByLines
	s.PunctuationOnly = "{}[]();,:"
	s.PlainStringStatement = "expression_statement"

	s.Callables = javaScriptCallables
	s.Scopes = map[string]ScopeKind{
		"function_declaration":           {NameField: "name"},
		"generator_function_declaration": {NameField: "name"},
		"method_definition":              {NameField: "name"},
		"class_declaration":              {NameField: "name"},
		"abstract_class_declaration":     {NameField: "name"},
		// namespace N {} and module N {} (declare module "m" {}).
		"internal_module": {NameField: "name"},
		"module":          {NameField: "name"},
	}
	s.ScopeSeparator = "."
	s.PrivatePrefix = "#"
	s.PublicWrappers = []string{"export_statement"}
	// A method with `private` or `protected` is private, as a #name is.
	s.PrivateKeywords = []string{"private", "protected"}
	s.Modifiers = []string{"accessibility_modifier"}
	s.ParamsField = "parameters"
	// A parameter is required_parameter or optional_parameter, its name in
	// its pattern field (with a type annotation beside it). `this: T`
	// declares the function's receiver; `x?: T` and `x = 1` (a default in
	// the value field) are non-trivial as JavaScript's defaults are.
	s.ParamPatternField = "pattern"
	s.ReceiverKinds = []string{"this"}
	s.NontrivialParamKinds = []string{
		"optional_parameter", "assignment_pattern", "rest_pattern", "object_pattern", "array_pattern",
	}
	s.ParamDefaultField = "value"
	s.BodyField = "body"
	s.BoundFunctions = javaScriptBoundFunctions
	s.Bindings = []Binding{
		{Kind: "variable_declarator", NameField: "name", ValueField: "value"},
		{Kind: "public_field_definition", NameField: "name", ValueField: "value"},
	}
	s.BlockBody = "statement_block"

	s.Branches = javaScriptBranches
	s.BooleanOperators = javaScriptBooleanOperators
	s.BooleanOperatorTokens = javaScriptBooleanTokens
	s.FlowBreaks = javaScriptFlowBreaks
	s.Jumps = []string{"break_statement", "continue_statement"}

	s.Strings = []string{"string", "template_string"}
	s.Literals = []string{"number", "true", "false", "null", "undefined", "regex"}
	// Type names (type_identifier, predefined_type) stay as written in clone
	// fingerprints, as Rust's and Go's.
	s.Identifiers = []string{
		"identifier", "property_identifier", "shorthand_property_identifier",
		"shorthand_property_identifier_pattern", "private_property_identifier",
	}
	s.Comments = []string{"comment", "html_comment", "hash_bang_line"}

	s.Structure = StructureSpec{
		Call:                "call_expression",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		MethodContainers:    []string{"class_declaration", "abstract_class_declaration"},
		ModuleScopes:        []string{"internal_module", "module"},
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
		DocstringKinds:      []string{"string"},
	}
	// As JavaScript: import clauses have no fields ImportSpec can read.
	s.Imports = ImportSpec{Style: ImportNone}
	s.Directives = DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"}
	s.Exports = javaScriptExports(true)
	s.OptIn = true
	return s
}
