// Package engine analyses the files of a run: the worker pool that
// parses and measures each file (admitted by size, see admission.go), the
// ast-grep scan that runs beside it, what of both the file cache keeps
// (entries.go), the prescans that fill the cache ahead of a sequence of
// runs, and the assembly of the per-file results into a report.
//
// Every step reads the run's Settings, resolved once by the facade
// (package scbcheck), which sequences the steps. The package is internal:
// its API is the facade's.
package engine
