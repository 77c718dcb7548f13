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
// Each lang.ModuleSystem has its reading and its resolver, driven by the
// language's lang.ExportSpec: DottedFiles (extract_dotted.go, resolve.go),
// CrateTree (extract_crate.go), PackageDirs (extract_package.go,
// resolve_package.go), FileModules (extract_file.go, resolve_file.go),
// TypeUnits (extract_unit.go, resolve_unit.go) and HeaderUnits
// (extract_header.go, resolve_header.go). Manifests (go.mod,
// package.json, tsconfig.json) give module paths, entries and aliases;
// Collect gathers them, the configuration files and pyproject.toml's
// entry modules from the analysed tree, and Run computes DIR of it.
package reuse
