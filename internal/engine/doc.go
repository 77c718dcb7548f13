// Package engine holds the steps of a run below the facade: discovery
// (Discover, with the explanation of a tree its excludes emptied), the
// per-file work (Start: the worker pool that parses and measures each
// file, admitted by size, and the ast-grep scan beside it, both through
// the run's view of the file cache), what of both the cache keeps
// (entries.go), the prescans that fill the cache ahead of a sequence of
// runs, and the assembly of the per-file results into a report.
//
// Every step reads the run's Settings, resolved once by the facade
// (package scbcheck), which sequences the steps. The package is internal:
// its API is the facade's.
package engine
