// Package rules holds scb-check's rule catalog and its ast-grep runner.
//
// The catalog is data: every bundled rule is one YAML file under
// builtin/<language>/<rule-id>.yml, embedded in the binary. A file holds the
// ast-grep fields (id, language, severity, message, rule, constraints,
// metadata) plus our own documentation (docs: title, why, instead) and
// examples (examples: invalid snippets that must be flagged, valid snippets
// that must not). The ast-grep CLI ignores the extra keys. Load builds a
// run's catalog: the bundled rules, or instead the rules of the catalog
// files and directories the user names, then the extra rule files given by
// the user; rule ids are found by the reference's text scan and must be
// unique across the catalog, the structural rules and the metric rules
// (their old ids included). Catalog.Name
// identifies a catalog in reports (the bundled version, or a hash of the
// files loaded).
//
// Rules run through the ast-grep CLI, pinned at version PinnedAstGrep: one
// process per scan (more only when the file list exceeds the OS limit on
// arguments) over an explicit list of the files of every analysed language
// ast-grep is run on (lang.Spec.AstGrepLanguage: all but Rust, as in the
// reference), each rule on the files of its language, its JSON stream read
// back into findings (finding.Finding). Catalog.Thresholds gives the
// rules' min_file_count thresholds to finding.MinFileCount.
//
// The structural rules, trivial-wrapper and low-use-short-function, work
// on facts gathered from each file's tree (call sites, body shapes, import
// bindings): calls are resolved to functions across files, and each rule
// yields findings. Each structural rule is one value (structural.go: id,
// severity, docs and check) from which IDs, Lookup, Entries and Infos
// derive.
//
// The metric rules, cyclomatic-complexity, cognitive-complexity and
// duplicate-structure, name the findings the report makes from the
// metrics (functions over ComplexityThreshold, clone instances). Each is
// one value (metric.go: id, old ids, severity, docs) from which IDs,
// Lookup, Entries, Infos and MetricInfos derive; the keys of the metrics
// the complexity rules count toward (metric.Metric.Rule), their ids
// before, name them wherever a rule id is read (CanonicalID). An ignore directive hides a metric rule's finding and
// never changes a metric.
//
// Source directives (scbc ignore, scbc boundary) are validated against
// the catalog's ids (aliases resolved) and the file's callables, and a
// DirectiveFilter tells the finding processors which findings they
// suppress.
//
// A compatibility profile with its own matcher of a structural rule
// starts its findings from StructuralFinding, so that they carry the
// rule's id and severity.
//
// The package never prints, logs, exits or reads the environment; the
// command line finds the ast-grep binary and passes it in.
package rules
