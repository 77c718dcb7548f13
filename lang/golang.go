package lang

import (
	"errors"
	"unsafe"

	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"
	"golang.org/x/mod/modfile"
)

// Golang is Go, parsed with tree-sitter-go v0.25.0. It is opt-in: the
// reference does not analyse Go. The choices follow gocyclo's counting and
// the reference's Rust rules where gocyclo says nothing (docs/languages.md).
var Golang = register(&Spec{
	Name:            "go",
	Rank:            2,
	Extensions:      []string{"go"},
	AstGrepLanguage: "go",
	RuleIDPrefix:    "go-",
	AstGrepAliases:  []string{"golang"},
	Grammar:         func() unsafe.Pointer { return tsgo.Language() },
	GrammarModule:   "github.com/tree-sitter/tree-sitter-go",
	FieldParents: []string{
		"array_type", "assignment_statement", "binary_expression", "call_expression", "channel_type",
		"communication_case", "composite_literal", "const_spec", "expression_case",
		"expression_switch_statement", "field_declaration", "for_clause", "for_statement", "func_literal",
		"function_declaration", "function_type", "generic_type", "if_statement",
		"implicit_length_array_type", "import_spec", "index_expression", "keyed_element",
		"labeled_statement", "map_type", "method_declaration", "method_elem", "parameter_declaration",
		"qualified_type", "range_clause", "receive_statement", "selector_expression", "send_statement",
		"short_var_declaration", "slice_expression", "slice_type", "type_alias", "type_assertion_expression",
		"type_case", "type_conversion_expression", "type_instantiation_expression",
		"type_parameter_declaration", "type_spec", "type_switch_statement", "unary_expression", "var_spec",
		"variadic_parameter_declaration",
	},
	LineComment: "//",

	// The generic rule of spec 5.2, as for Rust: `}`, `})`, `)` (the end of
	// an import or const block) are not SLOC; `} else {` is.
	SLOC:            SLOCByLines,
	PunctuationOnly: "{}[]();,:",
	// A lone string statement (`"text"`, legal to parse, rejected by the
	// compiler) is dropped from clone fingerprints, as in the other languages.
	PlainStringStatement: "expression_statement",

	// Named functions and methods; function literals are not callables and
	// count in their enclosing callable.
	Callables: []string{"function_declaration", "method_declaration"},
	Scopes: map[string]ScopeKind{
		"function_declaration": {NameField: "name"},
		"method_declaration":   {NameField: "name"},
	},
	// A method is named Type.Method, its receiver's type without pointer
	// or type arguments: (s *Stack[T]) Push is Stack.Push.
	ScopeSeparator:   ".",
	PublicByCase:     true,
	ReceiverField:    "receiver",
	ReceiverTypeKind: "type_identifier",
	ParamsField:      "parameters",
	// `a, b int` declares two parameters; an unnamed `int` declares none
	// that a body can use.
	ParamPatternField:    "name",
	NontrivialParamKinds: []string{"variadic_parameter_declaration"},
	BodyField:            "body",
	StatementList:        "statement_list",

	// gocyclo's set: if, for (three-clause, condition-only, infinite and
	// range loops are all for_statement), each case of an expression or
	// type switch and each communication case of a select (default cases
	// are default_case and add nothing), && and ||. An else if is a nested
	// if_statement and so counts on its own.
	Branches: []string{
		"if_statement", "for_statement", "expression_case", "type_case", "communication_case",
	},
	BooleanOperators:      []string{"binary_expression"},
	BooleanOperatorTokens: []string{"&&", "||"},
	// A switch or select scores once, as Rust's match does; a plain else
	// adds nothing; an else if scores one level deeper than its if.
	FlowBreaks: []string{
		"if_statement", "for_statement", "expression_switch_statement", "type_switch_statement",
		"select_statement",
	},
	Jumps: []string{"break_statement", "continue_statement", "goto_statement"},

	Strings: []string{"interpreted_string_literal", "raw_string_literal"},
	Literals: []string{
		"int_literal", "float_literal", "imaginary_literal", "rune_literal", "true", "false", "nil", "iota",
	},
	Identifiers: []string{"identifier", "field_identifier", "package_identifier", "label_name"},
	Comments:    []string{"comment"},

	Structure: StructureSpec{
		Call:                "call_expression",
		CallFunctionField:   "function",
		CallArgumentsField:  "arguments",
		PlainIdentifier:     "identifier",
		Return:              "return_statement",
		ExpressionStatement: "expression_statement",
		ValueList:           "expression_list",
	},
	// A call into another package is qualified (pkg.F), never a bare call;
	// a bare call reaches the functions of the other files of its package.
	Imports:    ImportSpec{Style: ImportNone, PackageDirectory: true},
	Directives: DirectiveSpec{BlockOpen: "/*", BlockClose: "*/", BlockMargin: "*"},
	Exports: ExportSpec{
		System: &PackageDirs{
			PackageClause:   "package_clause",
			EntryPackages:   []string{"main"},
			ImportSpec:      "import_spec",
			ImportPathField: "path",
			ImportNameField: "name",
			DotImport:       "dot",
			BlankImport:     "blank_identifier",
			// The convention of go generate (go help generate).
			GeneratedMarker: `^// Code generated .* DO NOT EDIT\.$`,
		},
		// Methods, struct fields and interface methods are members, not
		// package-level symbols; test functions run under go test only.
		Definitions: map[string]ExportDef{
			"function_declaration": {NameField: "name", Symbol: "function",
				SkipPrefixes: []string{"Test", "Benchmark", "Example", "Fuzz"}},
			"type_spec":  {NameField: "name", Symbol: "type"},
			"type_alias": {NameField: "name", Symbol: "type"},
			"const_spec": {NameField: "name", Symbol: "constant", Multiple: true},
			"var_spec":   {NameField: "name", Symbol: "variable", Multiple: true},
		},
		Containers: []string{"type_declaration", "const_declaration", "var_declaration", "var_spec_list"},

		Names:             []string{"identifier", "type_identifier", "package_identifier"},
		Member:            "selector_expression",
		MemberObjectField: "operand",
		MemberNameField:   "field",
		Members:           []MemberKind{{Kind: "qualified_type", ObjectField: "package", NameField: "name"}},
		NotReferences: map[string][]string{
			"function_declaration": {"name"},
			"type_spec":            {"name"},
			"type_alias":           {"name"},
			"const_spec":           {"name"},
			"var_spec":             {"name"},
		},

		TestFiles: []string{"*_test.go"},
		// The go tool ignores testdata directories: fixtures, not code.
		TestDirPaths:  []string{"testdata"},
		PathSeparator: ".",
		Manifests:     []Manifest{{Name: "go.mod", Read: readGoMod}},
		ForeignDirs:   []string{"vendor"},
		Notes: []string{
			"a module is a package: the non-test files of one directory declaring one package, named by its import path (go.mod module path plus directory)",
			"entry modules: package main",
			"*_test.go files (package x and package x_test) and testdata directories are test code; vendor directories and generated files (// Code generated ... DO NOT EDIT.) are left out",
			"exported package-level func, type, const and var; methods, fields, init, _ and Test/Benchmark/Example/Fuzz functions are not symbols",
			"uses are pkg.Name selectors and qualified types through an import, or names brought in by a dot import; types implied by values are not read",
		},
	},
	OptIn: true,
})

// readGoMod reads a go.mod file's module path, parsed as the go command
// parses it (golang.org/x/mod/modfile, lax: directives it does not know
// are no error). The standard library's module (std) imports its packages
// by directory alone.
func readGoMod(text []byte) (ManifestInfo, error) {
	f, err := modfile.ParseLax("go.mod", text, nil)
	if err != nil {
		return ManifestInfo{}, err
	}
	if f.Module == nil || f.Module.Mod.Path == "" {
		return ManifestInfo{}, errors.New("no module directive")
	}
	path := f.Module.Mod.Path
	if path == "std" {
		path = ""
	}
	return ManifestInfo{ModulePath: path}, nil
}

// PackageDirs is the module system of Go: the files of one directory
// declaring one package form a module named by its import path (the
// module path of the nearest manifest, the first of the language's
// Manifests, plus the directory); imports name packages by that path and
// bind the package's name, members are read as pkg.Name, and names of the
// same package need no import.
type PackageDirs struct {
	// PackageClause is the package clause kind; the package's name is
	// the dotted path of the names in it. EntryPackages are package
	// names that make a package a program.
	PackageClause string
	EntryPackages []string
	// ImportSpec is one import, with its path as a string in
	// ImportPathField and in ImportNameField a local name, a DotImport or
	// a BlankImport.
	ImportSpec, ImportPathField, ImportNameField string
	DotImport, BlankImport                       string
	// GeneratedMarker, when set, is a regular expression a whole comment
	// line before PackageClause matches in a generated file, which DIR
	// leaves out (`// Code generated ... DO NOT EDIT.`).
	GeneratedMarker string
}

// SystemName implements ModuleSystem.
func (*PackageDirs) SystemName() string { return "package" }

// Syntax implements ModuleSystem.
func (p *PackageDirs) Syntax() (kinds, fields []string) {
	return []string{p.PackageClause, p.ImportSpec, p.DotImport, p.BlankImport},
		[]string{p.ImportPathField, p.ImportNameField}
}
