// Package lang is the language table of scbcheck: one Spec per supported
// language, holding the file extensions, the tree-sitter grammar and every
// node-kind set the analyses are driven by. It is the only package that
// knows which language is which; everything above it reads a Spec.
package lang
