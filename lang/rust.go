package lang

import (
	"unsafe"

	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
)

// Rust is parsed with tree-sitter-rust v0.24.2, the grammar the reference
// parses with.
var Rust = register(&Spec{
	Name:          "rust",
	Rank:          1,
	Extensions:    []string{"rs"},
	Grammar:       func() unsafe.Pointer { return tsrust.Language() },
	GrammarModule: "github.com/tree-sitter/tree-sitter-rust",
	FieldParents: []string{
		"abstract_type", "array_expression", "array_type", "assignment_expression", "associated_type",
		"attribute", "binary_expression", "block_comment", "call_expression", "closure_expression",
		"compound_assignment_expr", "const_block", "const_item", "const_parameter", "dynamic_type",
		"enum_item", "enum_variant", "extern_crate_declaration", "field_declaration", "field_expression",
		"field_initializer", "field_pattern", "for_expression", "foreign_mod_item", "function_item",
		"function_signature_item", "function_type", "generic_function", "generic_pattern",
		"generic_type", "generic_type_with_turbofish", "higher_ranked_trait_bound", "if_expression",
		"impl_item", "let_condition", "let_declaration", "lifetime_parameter", "line_comment",
		"loop_expression", "macro_definition", "macro_invocation", "macro_rule", "match_arm",
		"match_expression", "match_pattern", "mod_item", "ordered_field_declaration_list", "parameter",
		"pointer_type", "qualified_type", "range_pattern", "reference_expression", "reference_type",
		"scoped_identifier", "scoped_type_identifier", "scoped_use_list", "static_item",
		"struct_expression", "struct_item", "struct_pattern", "token_binding_pattern", "trait_item",
		"tuple_struct_pattern", "type_binding", "type_cast_expression", "type_item", "type_parameter",
		"union_item", "use_as_clause", "use_declaration", "variadic_parameter", "where_predicate",
		"while_expression",
	},
	LineComment: "//",

	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// Line-based SLOC ignores this; clone fingerprints drop a lone string
	// statement (`"text";`) in Rust as the reference does in both languages.
	PlainStringStatement: "expression_statement",

	Callables:       []string{"function_item"},
	HeadingSiblings: []string{"attribute_item"},
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
	Exports: ExportSpec{
		System: &CrateTree{
			Visibility:       "visibility_modifier",
			Attribute:        "attribute_item",
			TestAttributes:   []string{"#[cfg(test)]", "#[test]"},
			ExportAttribute:  "#[macro_export]",
			MacroDefinition:  "macro_definition",
			InlineModule:     "mod_item",
			ModuleNameField:  "name",
			ModuleBodyField:  "body",
			Use:              "use_declaration",
			UseArgumentField: "argument",
			UseList:          "use_list",
			ScopedUseList:    "scoped_use_list",
			UseListPathField: "path",
			UseListListField: "list",
			Alias:            "use_as_clause",
			AliasNameField:   "path",
			AliasField:       "alias",
			Wildcard:         "use_wildcard",
			Scoped:           []string{"scoped_identifier", "scoped_type_identifier"},
			ScopedPathField:  "path",
			ScopedNameField:  "name",
			PathAnchors:      []string{"crate", "self", "super"},
			SourceDir:        "src",
			CrateRoots:       []string{"lib.rs", "main.rs"},
		},
		Definitions: map[string]ExportDef{
			"function_item":    {NameField: "name", Symbol: "function"},
			"struct_item":      {NameField: "name", Symbol: "struct"},
			"enum_item":        {NameField: "name", Symbol: "enum"},
			"union_item":       {NameField: "name", Symbol: "union"},
			"trait_item":       {NameField: "name", Symbol: "trait"},
			"type_item":        {NameField: "name", Symbol: "type"},
			"const_item":       {NameField: "name", Symbol: "constant"},
			"static_item":      {NameField: "name", Symbol: "static"},
			"macro_definition": {NameField: "name", Symbol: "macro"},
		},

		Names: []string{"identifier", "type_identifier"},
		NotReferences: map[string][]string{
			"function_item":    {"name"},
			"struct_item":      {"name"},
			"enum_item":        {"name"},
			"union_item":       {"name"},
			"trait_item":       {"name"},
			"type_item":        {"name"},
			"const_item":       {"name"},
			"static_item":      {"name"},
			"macro_definition": {"name"},
			"mod_item":         {"name"},
		},
		StringContent: "string_content",

		EntryDirs:     []string{"src/bin", "examples"},
		TestDirs:      []string{"tests", "benches"},
		EntryFiles:    []string{"main.rs"},
		PathSeparator: "::",
		Notes: []string{
			"entry modules: binary crate roots (src/main.rs, src/bin/*, examples/*)",
			"every pub visibility counts (pub, pub(crate), pub(super), pub(in ...)); pub use is an alias",
			"items and modules under #[cfg(test)] or #[test] are test code",
			"paths inside macro invocations are not read",
		},
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

// CrateTree is the module system of Rust: a crate's root file and the
// files and inline module blocks under it form a tree of modules
// addressed by paths from the crate root, the current module or its
// parent. Crates are found by their SourceDir (src/lib.rs, src/main.rs,
// src/bin/*) and the test directories; files outside any form one crate
// rooted at the analysis root, whose CrateRoots are its root files.
type CrateTree struct {
	// Visibility is the kind of a visibility modifier: an item is public
	// when it has one.
	Visibility string
	// Attribute is the kind of an outer attribute before an item; an item
	// under TestAttributes is test code, a MacroDefinition needs
	// ExportAttribute to be public.
	Attribute       string
	TestAttributes  []string
	ExportAttribute string
	MacroDefinition string
	// InlineModule is the kind of a module item with ModuleNameField and
	// ModuleBodyField.
	InlineModule, ModuleNameField, ModuleBodyField string

	// Use declarations: Use with UseArgumentField, the use-tree kinds
	// UseList, ScopedUseList (UseListPathField, UseListListField), Alias
	// (AliasNameField, AliasField) and Wildcard.
	Use, UseArgumentField, UseList, ScopedUseList string
	UseListPathField, UseListListField            string
	Alias, AliasNameField, AliasField, Wildcard   string

	// Scoped kinds are `path::name` (ScopedPathField, ScopedNameField);
	// PathAnchors are the keywords a path may start with (crate, self,
	// super).
	Scoped                           []string
	ScopedPathField, ScopedNameField string
	PathAnchors                      []string

	// SourceDir is the directory holding a crate's modules, CrateRoots
	// the root files of a crate laid out at the analysis root.
	SourceDir  string
	CrateRoots []string
}

// SystemName implements ModuleSystem.
func (*CrateTree) SystemName() string { return "crate" }

// Syntax implements ModuleSystem.
func (c *CrateTree) Syntax() (kinds, fields []string) {
	kinds = append(append([]string{c.Visibility, c.Attribute, c.MacroDefinition, c.InlineModule, c.Use, c.UseList,
		c.ScopedUseList, c.Alias, c.Wildcard}, c.Scoped...), c.PathAnchors...)
	fields = []string{c.ModuleNameField, c.ModuleBodyField, c.UseArgumentField, c.UseListPathField,
		c.UseListListField, c.AliasNameField, c.AliasField, c.ScopedPathField, c.ScopedNameField}
	return kinds, fields
}
