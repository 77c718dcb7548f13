// Command parseonly is the "parse-only" baseline of the benchmark in bench/.
//
// It does the least work any tree-sitter based checker must do: walk a
// directory for Python (*.py, *.pyw) and Rust (*.rs) files, read each one
// and parse it with the same binding and grammars scb-check uses
// (github.com/tree-sitter/go-tree-sitter), on -j workers with one parser per
// worker per language. It computes nothing from the trees except the total
// node count, which it prints with the file count so that the work cannot be
// optimised away and runs can be compared.
//
// Like scb-check, it points tree-sitter at the C library's allocator: the
// binding installs one that calls back into Go for every allocation, which
// makes parsing markedly slower. -binding-alloc keeps the binding's.
//
// Usage:
//
//	parseonly [-j N] [-binding-alloc] DIR...
//
// A benchmark program run by hand (see bench/README.md), outside the
// library's layers: it imports no package of this module, only the
// tree-sitter binding and grammars.
package main
