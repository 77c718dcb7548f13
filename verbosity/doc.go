// Package verbosity unions the SLOC lines flagged by clone detection,
// ast-grep rules and structural rules into the verbosity ratio. A line
// counts once however many findings cover it; lines that are not SLOC
// never count.
package verbosity
