// Package source finds, reads and parses source files and extracts the
// facts every analysis starts from: SLOC line sets, callables with their
// spans, names, visibility and parameters. A tree-sitter tree is walked
// once, in C, into a flat preorder slice of Nodes; all later work is plain
// Go over that slice, and the tree-sitter memory is freed at once.
//
// A Grammar is a language's symbol table. What an analysis needs to know of
// node kinds (the roles a kind plays for it, the field ids it follows) is a
// Table of the grammar, built once on first use from a Roles set that names
// kinds as the language Spec does; this package's structural and declarator
// tables and the reuse package's DIR table are built that way.
package source
