package lang

import (
	"unsafe"

	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

// Python is parsed with tree-sitter-python v0.25.0, the grammar the
// reference parses with.
var Python = register(&Spec{
	Name:            "python",
	Rank:            0,
	Extensions:      []string{"py", "pyw"},
	AstGrepLanguage: "python",
	AstGrepAliases:  []string{"py"},
	Grammar:         func() unsafe.Pointer { return tspython.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-python",
	FieldParents: []string{
		"aliased_import", "as_pattern", "assignment", "attribute", "augmented_assignment",
		"binary_operator", "block", "boolean_operator", "call", "case_clause", "class_definition",
		"comparison_operator", "decorated_definition", "default_parameter", "dict_pattern",
		"dictionary_comprehension", "elif_clause", "else_clause", "except_clause", "exec_statement",
		"for_in_clause", "for_statement", "format_expression", "function_definition",
		"future_import_statement", "generator_expression", "if_statement", "import_from_statement",
		"import_statement", "interpolation", "keyword_argument", "lambda", "list_comprehension",
		"match_statement", "named_expression", "not_operator", "pair", "print_statement",
		"raise_statement", "set_comprehension", "subscript", "try_statement", "type_alias_statement",
		"typed_default_parameter", "typed_parameter", "unary_operator", "while_statement", "with_item",
		"with_statement",
	},
	LineComment: "#",

	SLOC:                     SLOCByTokens,
	PlainStringStatement:     "expression_statement",
	StringPrefixesKeptInSLOC: "bf",

	Callables:       []string{"function_definition"},
	HeadingWrappers: []string{"decorated_definition"},
	Scopes: map[string]ScopeKind{
		"class_definition":    {NameField: "name"},
		"function_definition": {NameField: "name"},
	},
	ScopeSeparator: ".",
	PrivatePrefix:  "_",
	ParamsField:    "parameters",
	ReceiverNames:  []string{"self", "cls"},
	NontrivialParamKinds: []string{
		"default_parameter", "typed_default_parameter", "list_splat_pattern",
		"dictionary_splat_pattern", "keyword_separator", "positional_separator", "tuple_pattern",
	},
	BodyField: "body",

	// match/case, with, try/finally and loop or try else add nothing to
	// cyclomatic complexity in the reference; a case guard is an if_clause.
	Branches: []string{
		"if_statement", "elif_clause", "for_statement", "while_statement", "except_clause",
		"assert_statement", "list_comprehension", "set_comprehension",
		"dictionary_comprehension", "generator_expression", "conditional_expression", "if_clause",
	},
	BooleanOperators: []string{"boolean_operator"},
	// elif and else are children of the if statement, so they score with
	// one more level of nesting than the if itself (a reference quirk).
	FlowBreaks: []string{
		"if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
		"except_clause", "conditional_expression",
	},
	Jumps: []string{"break_statement", "continue_statement"},

	Strings:     []string{"string"},
	Literals:    []string{"integer", "float", "true", "false", "none"},
	Identifiers: []string{"identifier"},
	Comments:    []string{"comment"},

	Structure: StructureSpec{
		Call:                "call",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		MethodContainers:    []string{"class_definition"},
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
		DocstringKinds:      []string{"string", "concatenated_string"},
	},
	// Only top-level `from X import ...` binds names; `import X` does not.
	Exports: ExportSpec{
		System: &DottedFiles{
			Wrappers:     []string{"decorated_definition"},
			WrapperField: "definition",
			Blocks: []string{
				"if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
				"finally_clause", "with_statement", "block",
			},
			GuardField:           "condition",
			MainGuards:           []string{`__name__=="__main__"`, `"__main__"==__name__`},
			TypeCheckingGuards:   []string{"TYPE_CHECKING", "typing.TYPE_CHECKING"},
			Assignment:           "assignment",
			LeftField:            "left",
			TypeField:            "type",
			ValueField:           "right",
			TypeAliasAnnotations: []string{"TypeAlias", "typing.TypeAlias", "typing_extensions.TypeAlias"},
			AugmentedAssignment:  "augmented_assignment",
			TypeAlias:            "type_alias_statement",
			TypeAliasNameField:   "left",
			ExportList:           "__all__",

			ImportModule:    "import_statement",
			ImportFrom:      "import_from_statement",
			FromModuleField: "module_name",
			ImportNameField: "name",
			RelativeImport:  "relative_import",
			ImportPrefix:    "import_prefix",
			Alias:           "aliased_import",
			AliasNameField:  "name",
			AliasField:      "alias",
			Wildcard:        "wildcard_import",

			Call:               "call",
			CallFunctionField:  "function",
			CallArgumentsField: "arguments",
			DynamicAttribute:   "getattr",

			InitFile:  "__init__",
			SourceDir: "src",
		},
		Definitions: map[string]ExportDef{
			"function_definition": {NameField: "name", Symbol: "function"},
			"class_definition":    {NameField: "name", Symbol: "class"},
		},

		Names:             []string{"identifier"},
		Member:            "attribute",
		MemberObjectField: "object",
		MemberNameField:   "attribute",
		NotReferences: map[string][]string{
			"function_definition":  {"name"},
			"class_definition":     {"name"},
			"keyword_argument":     {"name"},
			"assignment":           {"left"},
			"type_alias_statement": {"left"},
		},
		StringContent: "string_content",

		EntryFiles:    []string{"__main__.py"},
		TestFiles:     []string{"test_*.py", "*_test.py", "conftest.py"},
		TestDirs:      []string{"test", "tests"},
		PathSeparator: ".",
		Notes: []string{
			"entry modules: a top-level __main__ guard, __main__.py, [project.scripts] and [project.gui-scripts] of the root pyproject.toml",
			"private module files (_x.py) are kept: their public names count",
			"lowercase module variables are not symbols; ALL_CAPS constants and type aliases are",
			"a literal __all__ replaces the naming rule; a computed one is ignored with a warning",
			"shadowing by local names is not analysed",
		},
	},
	Imports: ImportSpec{
		Style:              ImportFrom,
		Statement:          "import_from_statement",
		ModuleField:        "module_name",
		NamesField:         "name",
		Alias:              "aliased_import",
		AliasPathField:     "name",
		AliasField:         "alias",
		Wildcard:           "wildcard_import",
		ModuleSeparator:    ".",
		RelativePrefix:     ".",
		ModuleFileSuffixes: []string{".py", "/__init__.py"},
	},
})

// DottedFiles is the module system of Python: a file is a module named by
// its dotted path from an import root (the analysis root, or SourceDir),
// a directory's InitFile is the package itself, and imports name modules
// absolutely or relatively by leading dots.
type DottedFiles struct {
	// Wrappers hold a definition in the field WrapperField (decorators).
	Wrappers     []string
	WrapperField string
	// Blocks are statements whose bodies still run at module level (if,
	// try, with and their clauses); a guard (see MainGuards and
	// TypeCheckingGuards) stops the walk.
	Blocks []string
	// GuardField is the condition field of a guarded block.
	GuardField string
	// MainGuards are the condition texts (spaces removed, quotes made
	// double) of a block that runs only when the module is the program.
	MainGuards []string
	// TypeCheckingGuards are the condition texts of a block that only
	// type checkers read.
	TypeCheckingGuards []string
	// Assignment is the assignment kind with LeftField, TypeField; a
	// simple name assigned is a constant when written in capitals, a type
	// alias when its annotation is one of TypeAliasAnnotations.
	Assignment, LeftField, TypeField string
	// ValueField is the assigned value's field (of Assignment and
	// AugmentedAssignment).
	ValueField           string
	TypeAliasAnnotations []string
	// AugmentedAssignment is the `+=` kind (extending ExportList).
	AugmentedAssignment string
	// TypeAlias is the `type X = ...` statement kind; its name is the
	// first identifier of TypeAliasNameField.
	TypeAlias, TypeAliasNameField string
	// ExportList is the module variable listing the public names.
	ExportList string

	// Imports: ImportModule (`import a.b`), ImportFrom (`from m import
	// x`) with FromModuleField and ImportNameField, RelativeImport with
	// its ImportPrefix (the dots), Alias (`a as b`) with AliasNameField
	// and AliasField, Wildcard.
	ImportModule, ImportFrom, FromModuleField, ImportNameField string
	RelativeImport, ImportPrefix                               string
	Alias, AliasNameField, AliasField, Wildcard                string

	// Call with CallFunctionField and CallArgumentsField, for
	// DynamicAttribute(module, "name") uses (getattr) and the export
	// list's extend and append.
	Call, CallFunctionField, CallArgumentsField string
	DynamicAttribute                            string

	// InitFile is a package's own module file (without its extension);
	// SourceDir a directory whose modules are named from inside it (src).
	InitFile, SourceDir string
}

// SystemName implements ModuleSystem.
func (*DottedFiles) SystemName() string { return "dotted" }

// Syntax implements ModuleSystem.
func (d *DottedFiles) Syntax() (kinds, fields []string) {
	kinds = append(append([]string{d.Assignment, d.AugmentedAssignment, d.TypeAlias, d.ImportModule, d.ImportFrom,
		d.RelativeImport, d.ImportPrefix, d.Alias, d.Wildcard, d.Call}, d.Wrappers...), d.Blocks...)
	fields = []string{d.WrapperField, d.GuardField, d.LeftField, d.TypeField, d.ValueField, d.TypeAliasNameField,
		d.FromModuleField, d.ImportNameField, d.AliasNameField, d.AliasField, d.CallFunctionField, d.CallArgumentsField}
	return kinds, fields
}
