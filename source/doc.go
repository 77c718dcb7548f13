// Package source finds, reads and parses source files and extracts the
// facts every analysis starts from: SLOC line sets, callables with their
// spans, names, visibility and parameters. A tree-sitter tree is walked
// once, in C, into a flat preorder slice of Nodes; all later work is plain
// Go over that slice, and the tree-sitter memory is freed at once.
package source
