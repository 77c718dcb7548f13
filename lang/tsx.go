package lang

import (
	"unsafe"

	tstypescript "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// TSX is TypeScript with JSX, parsed with tree-sitter-typescript v0.23.2's
// tsx/ grammar: everything counts as in TypeScript (lang/typescript.go).
// The grammar has no `<T>x` type assertion (JSX takes the syntax), and adds
// JavaScript's JSX kinds.
var TSX = register(typeScriptSpec(&Spec{
	Name:            "tsx",
	Rank:            5,
	Extensions:      []string{"tsx"},
	AstGrepLanguage: "tsx",
	// TSX runs TypeScript's rules (and so JavaScript's) as tsx- copies:
	// their examples must parse as TSX too (no `<T>x` assertions).
	RuleIDPrefix:  "tsx-",
	SharesRulesOf: "typescript",
	Grammar:       func() unsafe.Pointer { return tstypescript.LanguageTSX() },
	GrammarDir:    "tsx",
	FieldParents: append(append([]string(nil), typeScriptFieldParents...),
		"jsx_closing_element", "jsx_element", "jsx_opening_element", "jsx_self_closing_element"),
}))
