package compat013

import "github.com/scbcheck/scbcheck/lang"

// Language is what scb-check 0.1.3's own steps name of a language: the
// node kinds its function visitor descends through (0.1.3 §4), of its
// clone candidates and their normalised text (§7) and of its
// trivial-wrapper rule (§8), and the file that makes a directory a
// package in that rule's module names.
type Language struct {
	// Suffix is the one file-name ending 0.1.3 reads (case-sensitive).
	Suffix string
	// CallableContainers are the node kinds 0.1.3's function visitor
	// descends through besides callables (whose own children it always
	// visits): a callable under any other kind (an if or try body) is not
	// a function there.
	CallableContainers []string
	// CloneBlocks are the kinds of the clone candidates.
	CloneBlocks []string
	// CloneGuardField is the field of a candidate whose text, when it is
	// one of CloneGuards, makes the node no candidate (`if TYPE_CHECKING:`).
	CloneGuardField string
	CloneGuards     []string
	// CloneLiterals map each kind written as a placeholder, without
	// descending into it, to the placeholder ("$STR", "$INT"...). A kind
	// the grammar lacks is harmless.
	CloneLiterals map[string]string
	// Identifier is the kind numbered $VARn in the normalised text; the
	// wrapper rule reads names from it.
	Identifier string
	// Comment is the kind dropped from the normalised text.
	Comment string
	// ExpressionStatement is the kind of a plain string statement, dropped
	// from the normalised text and from a body's statements, and of a
	// module-level alias statement.
	ExpressionStatement string

	// Function, Class and Decorated are the definitions, and Block the
	// body, of the trivial-wrapper rule; Return its one statement. A
	// body's statements are its definitions and the kinds ending in
	// StatementSuffix.
	Function, Class, Decorated, Block, Return string
	StatementSuffix                           string
	// Assignment and Attribute make a module-level alias `name = value`
	// (Identifier or Attribute value).
	Assignment, Attribute string
	// Import, ImportFrom, DottedName and AliasedImport make the
	// module-level import bindings the alias values resolve through.
	Import, ImportFrom, DottedName, AliasedImport string
	// PackageFile is the file name that makes a directory a package: a
	// module's name holds the names of the packages around it.
	PackageFile string
}

// LanguageOf is what 0.1.3 names of the language spec, nil for the
// languages it does not read (all but Python), whose trees its steps then
// find nothing in.
func LanguageOf(spec *lang.Spec) *Language { return languages[spec] }

// languages are the languages 0.1.3 reads.
var languages = map[*lang.Spec]*Language{lang.Python: &python}

// python is what 0.1.3 names of Python.
var python = Language{
	Suffix:             ".py",
	CallableContainers: []string{"module", "class_definition", "decorated_definition", "block"},
	CloneBlocks: []string{
		"function_definition", "if_statement", "for_statement", "while_statement",
		"with_statement", "try_statement", "match_statement",
	},
	CloneGuardField: "condition",
	CloneGuards:     []string{"TYPE_CHECKING", "typing.TYPE_CHECKING"},
	CloneLiterals: map[string]string{
		"string": "$STR", "string_content": "$STR", "f_string": "$STR", "string_fragment": "$STR",
		"bytes": "$STR", "integer": "$INT", "float": "$FLOAT", "imaginary": "$FLOAT",
		"true": "$BOOL", "false": "$BOOL", "none": "$NONE",
	},
	Identifier:          "identifier",
	Comment:             "comment",
	ExpressionStatement: "expression_statement",

	Function: "function_definition", Class: "class_definition", Decorated: "decorated_definition",
	Block: "block", Return: "return_statement", StatementSuffix: "_statement",
	Assignment: "assignment", Attribute: "attribute",
	Import: "import_statement", ImportFrom: "import_from_statement",
	DottedName: "dotted_name", AliasedImport: "aliased_import",
	PackageFile: "__init__.py",
}
