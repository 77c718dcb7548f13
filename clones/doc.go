// Package clones finds functions whose bodies have the same structure.
//
// Each callable's body is reduced to a fingerprint: one token string per
// top-level statement, with comments and docstring-like string statements
// left out, strings and other literals replaced by placeholders, and
// identifiers numbered by their first appearance in the body. Keywords,
// operators and type names stay as written; the signature is not part of
// the fingerprint. Callables with at least two fingerprint entries and at
// least one SLOC line are candidates; candidates whose fingerprints hash to
// the same BLAKE3 value form a clone group, and every member of a group of
// two or more is reported as a clone block.
//
// This follows the reference scb-check: whole function bodies only, exact
// fingerprints only, nested functions both as their own candidates and as
// part of their parent's tokens, and every instance counted.
//
// A compatibility profile may make candidates of its own (Candidate,
// with FirstLines for their first lines): they group with Detect and
// Groups like the default ones.
package clones
