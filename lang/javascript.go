package lang

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
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
	Exports:    javaScriptExports(false),
	OptIn:      true,
})

// javaScriptExports is DIR's reading of JavaScript and, typed, of
// TypeScript and TSX (whose grammars add type declarations, namespaces,
// `declare`, type names and `import x = require()`): a file is a module;
// DIR spec 4.1 and 4.2.
func javaScriptExports(typed bool) ExportSpec {
	sys := &FileModules{
		ExportStatement:      "export_statement",
		DeclarationField:     "declaration",
		DefaultKeyword:       "default",
		DefaultValueField:    "value",
		SourceField:          "source",
		ExportSpecifier:      "export_specifier",
		ImportSpecifier:      "import_specifier",
		AliasNameField:       "name",
		AliasField:           "alias",
		NamespaceImport:      "namespace_import",
		NamespaceExport:      "namespace_export",
		ImportClause:         "import_clause",
		ImportStatement:      "import_statement",
		Declarator:           "variable_declarator",
		DeclaratorNameField:  "name",
		DeclaratorValueField: "value",
		RequireFunction:      "require",
		ObjectPattern:        "object_pattern",
		ShorthandPattern:     "shorthand_property_identifier_pattern",
		PairPattern:          "pair_pattern",
		PairKeyField:         "key",
		PairValueField:       "value",
		Assignment:           "assignment_expression",
		LeftField:            "left",
		ValueField:           "right",
		ModuleObject:         "module",
		ExportsObject:        "exports",
		ObjectLiteral:        "object",
		Pair:                 "pair",
		ShorthandProperty:    "shorthand_property_identifier",
		MethodDefinition:     "method_definition",
		MethodNameField:      "name",
		Call:                 "call_expression",
		CallFunctionField:    "function",
		CallArgumentsField:   "arguments",

		ResolveExtensions: []string{"ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"},
		IndexFile:         "index",
		SpecifierRewrites: map[string][]string{
			"js": {"ts", "tsx"}, "jsx": {"tsx"}, "mjs": {"mts"}, "cjs": {"cts"},
		},
	}
	e := ExportSpec{
		System: sys,
		Definitions: map[string]ExportDef{
			"function_declaration":           {NameField: "name", Symbol: "function"},
			"generator_function_declaration": {NameField: "name", Symbol: "function"},
			"class_declaration":              {NameField: "name", Symbol: "class"},
		},
		// Declarations whose declarators are read: const/let and var.
		Containers:    []string{"lexical_declaration", "variable_declaration"},
		StringContent: "string_fragment",

		Names:             []string{"identifier", "shorthand_property_identifier"},
		Member:            "member_expression",
		MemberObjectField: "object",
		MemberNameField:   "property",
		NotReferences: map[string][]string{
			"function_declaration":           {"name"},
			"generator_function_declaration": {"name"},
			"class_declaration":              {"name"},
			"variable_declarator":            {"name"},
		},

		TestFiles: []string{"*.test.*", "*.spec.*"},
		// Directories rather than TestDirs: a Python project's e2e/
		// configuration files stay non-test data.
		TestDirPaths:  []string{"__tests__", "test", "tests", "e2e"},
		PathSeparator: "#",
		Manifests: []Manifest{
			{Name: "package.json", Read: readPackageJSON},
			{Name: "tsconfig.json", Read: readTSConfig},
			{Name: "jsconfig.json", Read: readTSConfig},
		},
		Notes: []string{
			"a module is a file; relative specifiers resolve to the file, then with .ts .tsx .mts .cts .js .jsx .mjs .cjs, then to index.* in the directory; ./x.js also reads x.ts; other specifiers through the paths and baseUrl of the nearest tsconfig.json or jsconfig.json",
			"entry modules: the main (by default index.js), module, bin and exports targets of package.json files",
			"*.test.*, *.spec.* files and __tests__, test, tests, e2e directories are test code",
			"exported declarations (types and interfaces too), export { local as name }, export default (the symbol default), CommonJS module.exports keys and exports.x; export ... from and export * are aliases",
			"uses through named, default and namespace imports (M.name), require(); a namespace or module object used whole counts its exports in dir_lenient",
		},
	}
	if typed {
		for kind, symbol := range map[string]string{
			"function_signature": "function", "abstract_class_declaration": "class", "enum_declaration": "enum",
			"interface_declaration": "interface", "type_alias_declaration": "type", "internal_module": "namespace",
			"module": "namespace",
		} {
			e.Definitions[kind] = ExportDef{NameField: "name", Symbol: symbol}
			e.NotReferences[kind] = []string{"name"}
		}
		e.Containers = append(e.Containers, "ambient_declaration")
		sys.ImportRequireClause = "import_require_clause"
		e.Names = append(e.Names, "type_identifier")
		e.Members = []MemberKind{
			{Kind: "nested_type_identifier", ObjectField: "module", NameField: "name"},
			{Kind: "nested_identifier", ObjectField: "object", NameField: "property"},
		}
	}
	return e
}

// FileModules is the module system of JavaScript, TypeScript and TSX: a
// file is a module; imports name files by specifiers relative to the
// importing file, resolved with ResolveExtensions and IndexFile; exports
// are declared per name, re-exports and wildcard re-exports are aliases.
type FileModules struct {
	// ExportStatement holds a declaration in DeclarationField or, after
	// DefaultKeyword, a value in DefaultValueField; export and import
	// statements (ImportStatement) name the module they read in
	// SourceField. ExportSpecifier and ImportSpecifier are `name as
	// alias` (AliasNameField, AliasField); NamespaceImport and
	// NamespaceExport are `* as ns`; an identifier directly in
	// ImportClause is a default import; ImportRequireClause is
	// `import x = require("m")`.
	ExportStatement, DeclarationField, DefaultKeyword, DefaultValueField string
	SourceField, ExportSpecifier, ImportSpecifier, ImportStatement       string
	AliasNameField, AliasField                                           string
	NamespaceImport, NamespaceExport, ImportClause, ImportRequireClause  string
	// Declarator is a variable declarator (DeclaratorNameField,
	// DeclaratorValueField); a value calling RequireFunction (a Call with
	// CallFunctionField and CallArgumentsField) with a string is an
	// import binding the name, or the names of an ObjectPattern
	// (ShorthandPattern, or PairPattern with its key in PairKeyField and
	// the bound name in PairValueField).
	Declarator, DeclaratorNameField, DeclaratorValueField string
	RequireFunction                                       string
	Call, CallFunctionField, CallArgumentsField           string
	ObjectPattern, ShorthandPattern, PairPattern          string
	PairKeyField, PairValueField                          string
	// CommonJS exports: an assignment (Assignment, LeftField, ValueField)
	// to ModuleObject.ExportsObject.x or ExportsObject.x exports x; to
	// ModuleObject.ExportsObject, the keys of an ObjectLiteral (Pair with
	// PairKeyField, ShorthandProperty, MethodDefinition with its
	// MethodNameField) or, for another value, the default export, whose
	// symbol is named DefaultKeyword.
	Assignment, LeftField, ValueField          string
	ModuleObject, ExportsObject, ObjectLiteral string
	Pair, ShorthandProperty, MethodDefinition  string
	MethodNameField                            string
	// ResolveExtensions are tried, in order, after a relative specifier
	// that names no file, then IndexFile with each of them inside the
	// directory it names; SpecifierRewrites map a specifier's extension to
	// the source extensions it may stand for (a TypeScript import of
	// "./x.js" reads x.ts).
	ResolveExtensions []string
	IndexFile         string
	SpecifierRewrites map[string][]string
}

// SystemName implements ModuleSystem.
func (*FileModules) SystemName() string { return "file" }

// Syntax implements ModuleSystem.
func (f *FileModules) Syntax() (kinds, fields []string) {
	kinds = []string{f.ExportStatement, f.ExportSpecifier, f.ImportSpecifier, f.ImportStatement, f.NamespaceImport,
		f.NamespaceExport, f.ImportClause, f.ImportRequireClause, f.Declarator, f.Call, f.ObjectPattern,
		f.ShorthandPattern, f.PairPattern, f.Assignment, f.ObjectLiteral, f.Pair, f.ShorthandProperty,
		f.MethodDefinition}
	fields = []string{f.DeclarationField, f.DefaultValueField, f.SourceField, f.AliasNameField, f.AliasField,
		f.DeclaratorNameField, f.DeclaratorValueField, f.CallFunctionField, f.CallArgumentsField, f.PairKeyField,
		f.PairValueField, f.LeftField, f.ValueField, f.MethodNameField}
	return kinds, fields
}

// readPackageJSON reads the programs a package.json declares: its main
// (index.js when it has none, as Node loads it), module, bin and exports
// targets.
func readPackageJSON(text []byte) (ManifestInfo, error) {
	var pkg struct {
		Main    any `json:"main"`
		Module  any `json:"module"`
		Bin     any `json:"bin"`
		Exports any `json:"exports"`
	}
	if err := json.Unmarshal(text, &pkg); err != nil {
		return ManifestInfo{}, err
	}
	var info ManifestInfo
	add := func(field string, v any) {
		for _, target := range jsonStrings(v) {
			info.Entries = append(info.Entries, ManifestEntry{Target: target, Reason: "package.json " + field})
		}
	}
	if pkg.Main == nil {
		// Node loads index.js of a package without main
		pkg.Main = "index.js"
	}
	add("main", pkg.Main)
	add("module", pkg.Module)
	add("bin", pkg.Bin)
	add("exports", pkg.Exports)
	return info, nil
}

// readTSConfig reads the module resolution of a tsconfig.json or
// jsconfig.json: compilerOptions.baseUrl and paths (comments and trailing
// commas allowed, as TypeScript reads the file; "extends" is not
// followed). The paths' targets are made relative to the file's
// directory (through baseUrl when set).
func readTSConfig(text []byte) (ManifestInfo, error) {
	var cfg struct {
		CompilerOptions struct {
			BaseURL string              `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if err := json.Unmarshal(jsonc(text), &cfg); err != nil {
		return ManifestInfo{}, err
	}
	info := ManifestInfo{BaseDir: cfg.CompilerOptions.BaseURL}
	base := info.BaseDir
	if base == "" {
		base = "."
	}
	for _, p := range slices.Sorted(maps.Keys(cfg.CompilerOptions.Paths)) {
		alias := PathAlias{Pattern: p}
		for _, target := range cfg.CompilerOptions.Paths[p] {
			alias.Targets = append(alias.Targets, path.Join(base, target))
		}
		info.Aliases = append(info.Aliases, alias)
	}
	return info, nil
}

// jsonc turns JSON with comments and trailing commas into JSON: comments
// outside strings become spaces, a comma before a closing bracket goes.
func jsonc(text []byte) []byte {
	out := make([]byte, 0, len(text))
	inString := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString:
			out = append(out, c)
			if c == '\\' && i+1 < len(text) {
				i++
				out = append(out, text[i])
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
			out = append(out, c)
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i += 2
			for i+1 < len(text) && !(text[i] == '*' && text[i+1] == '/') {
				i++
			}
			i++
			out = append(out, ' ')
		case c == '}' || c == ']':
			// drop a trailing comma (and the space after it)
			j := len(out) - 1
			for j >= 0 && (out[j] == ' ' || out[j] == '\t' || out[j] == '\n' || out[j] == '\r') {
				j--
			}
			if j >= 0 && out[j] == ',' {
				out = append(out[:j], out[j+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// jsonStrings returns the strings of a decoded JSON value: itself, or
// those of an object's values (in key order) or an array's items.
func jsonStrings(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, jsonStrings(x)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			out = append(out, jsonStrings(v[k])...)
		}
		return out
	}
	return nil
}

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
