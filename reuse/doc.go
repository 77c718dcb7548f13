// Package reuse computes DIR, the dependency integration ratio of the
// SLUMP benchmark: the share of the public symbols of standalone modules
// that other, non-test modules actually reuse.
//
// Extract reads what DIR needs of one parsed file (definitions, export
// lists, imports, references) in the same pass as the other metrics;
// Compute resolves imports and references across all files and assigns
// every symbol a status. The definition followed, with its variants
// (dir_with_tests, dir_reachable, dir_lenient, macro DIR), is the
// project's own, written down in the DIR specification; LoadMCF and IF50
// combine DIR with externally judged MCF scores.
//
// Each lang.ModuleSystem is one file here, registered under its
// SystemName: system_dotted.go (DottedFiles, Python), system_crate.go
// (CrateTree, Rust), system_package.go (PackageDirs, Go), system_file.go
// (FileModules, JavaScript, TypeScript, TSX), system_unit.go (TypeUnits,
// Java) and system_header.go (HeaderUnits, C, C++). A system reads its
// part of a language's lang.ExportSpec, extracts a file's facts, and for
// Compute builds its modules and resolves imports, wildcard imports and
// references (the system and resolver interfaces of system.go); what all
// systems share (namespaces, uses, statuses, the result) is in
// compute.go, modules.go and resolve.go. Adding DIR for a language of a
// new module system is one system file plus the language's lang data;
// a test checks that every language's system is registered. Manifests
// (go.mod, package.json, tsconfig.json) give module paths, entries and
// aliases; Collect gathers them, the configuration files and
// pyproject.toml's entry modules from the analysed tree, and Run computes
// DIR of it.
package reuse
