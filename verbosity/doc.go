// Package verbosity unions the SLOC lines flagged by clone detection,
// ast-grep rules and structural rules into the verbosity ratio. A line
// counts once however many findings cover it; lines that are not SLOC
// never count.
//
// Collect is the findings step that feeds the union: clone detection, the
// structural rules and the finding processors (package finding) over the
// ast-grep and structural findings, as a policy of plain values says.
package verbosity
