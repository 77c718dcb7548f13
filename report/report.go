package report

import (
	"path/filepath"
	"slices"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
)

// Report is the result of one analysis. The top-level metrics are the
// reference report's; Files and Skipped carry the per-file detail that the
// reference keeps in memory only.
//
// Every path of a report that names a file of the analysed tree (its
// files and skipped files, findings, clone blocks, flagged lines, DIR's
// modules and symbols) is relative to Root and slash-separated, as the
// JSON listings print them; Abs gives the file's full path. A path that
// does not lie under Root (none from an analysis; a report built by hand
// may hold any) is kept as it is.
type Report struct {
	// Root is the directory the report's paths are relative to: the
	// analysed directory, or the analysed file's directory, canonical
	// (absolute, its links resolved). Empty in a report built by hand
	// whose paths are used as they are.
	Root string

	Verbosity              float64
	Erosion                float64
	CogErosion             float64
	FilesScanned           int
	TotalLOC               int
	VerbosityFlaggedLOC    int
	CloneLOC               int
	AstGrepFlaggedLOC      int
	StructuralRuleLOC      int
	StructuralRuleFindings int
	TotalFunctions         int
	HighCCFunctions        int
	HighCogFunctions       int
	TotalMass              float64
	HighCCMass             float64
	TotalCogMass           float64
	HighCogMass            float64
	SyntaxTreeCount        int
	SyntaxNodeCount        int
	// SyntaxByLanguage lists the languages that have parsed files, in
	// report order (Python first).
	SyntaxByLanguage []LanguageSyntax

	// FilesDiscovered is the number of files discovery returned.
	FilesDiscovered int
	// Files are the parsed files, sorted by path.
	Files []File
	// Skipped are the files that could not be read or parsed, sorted by
	// path; they count in no metric.
	Skipped []Skipped
	// Warnings are the inputs other than sources passed over (an ignore
	// or configuration file that is not a regular file, or a link out of
	// the tree), in the order met, each naming the file (by the path it
	// was looked for at, not relative to Root) and the reason, which may
	// name an option.
	Warnings []option.Text

	// CloneBlocks are every instance of every clone group, sorted by path,
	// start and end line.
	CloneBlocks []CloneBlock
	// Findings are the surviving ast-grep and structural findings, sorted
	// by path, start line, kind and rule (finding.Sorted); their paths
	// (and their clone groups' places) are relative to Root.
	Findings []finding.Finding
	// Flagged lists each file's flagged SLOC lines (the verbosity union).
	Flagged []FlaggedLines
	// AstGrep describes the ast-grep run.
	AstGrep AstGrepRun
	// Catalog describes the rule catalog used.
	Catalog Catalog

	// DIR is the dependency integration ratio with its variants and
	// per-module and per-symbol detail; nil when it was not computed.
	DIR *reuse.Result
	// MCF holds externally judged component scores, nil without them;
	// IF50 = 0.5*(MCF/4) + 0.5*DIR, nil when either part is missing.
	MCF  *reuse.MCF
	IF50 *float64

	// Compat names the compatibility profile whose numbers the report
	// holds ("0.2.0", "0.1.3"; empty is the default profile), so that a
	// writer of many reports prints each in its profile's JSON.
	Compat string

	// Scope is the part of the tree the report measured, as the run named
	// it (scbcheck.Options.Scope): empty when it named none (then the
	// whole tree, as lang.ScopeAll), production or tests for a run that
	// measured that code as if the rest were not in the tree. The 0.1.3
	// JSON report carries the scopes key only when the run named one.
	Scope lang.Scope
	// Scopes are the numbers of the production code and of the test code
	// among the files measured; nil when they were not computed (a report
	// built by hand).
	Scopes *Scopes
}

// Scopes are the numbers of each scope of the files a report measured:
// each is what a run of that scope alone reports (the report of a copy
// of the tree without the other scope's files). They are reports holding
// the numbers only (no files, findings or DIR).
type Scopes struct {
	Production, Tests *Report
}

// InScope is r's numbers of scope: r itself for lang.ScopeAll (and
// ""), else those of r.Scopes; nil when r has none.
func (r *Report) InScope(scope lang.Scope) *Report {
	switch {
	case scope == lang.ScopeProduction && r.Scopes != nil:
		return r.Scopes.Production
	case scope == lang.ScopeTests && r.Scopes != nil:
		return r.Scopes.Tests
	case scope == lang.ScopeProduction || scope == lang.ScopeTests:
		return nil
	}
	return r
}

// Numbers is a copy of r holding its numbers only: the metrics (dir
// aside) and the counts of files, without any per-file detail, finding,
// DIR or scope.
func (r *Report) Numbers() *Report {
	return &Report{
		Root: r.Root, Verbosity: r.Verbosity, Erosion: r.Erosion, CogErosion: r.CogErosion,
		FilesScanned: r.FilesScanned, TotalLOC: r.TotalLOC, VerbosityFlaggedLOC: r.VerbosityFlaggedLOC,
		CloneLOC: r.CloneLOC, AstGrepFlaggedLOC: r.AstGrepFlaggedLOC, StructuralRuleLOC: r.StructuralRuleLOC,
		StructuralRuleFindings: r.StructuralRuleFindings, TotalFunctions: r.TotalFunctions,
		HighCCFunctions: r.HighCCFunctions, HighCogFunctions: r.HighCogFunctions, TotalMass: r.TotalMass,
		HighCCMass: r.HighCCMass, TotalCogMass: r.TotalCogMass, HighCogMass: r.HighCogMass,
		SyntaxTreeCount: r.SyntaxTreeCount, SyntaxNodeCount: r.SyntaxNodeCount,
		SyntaxByLanguage: slices.Clone(r.SyntaxByLanguage), FilesDiscovered: r.FilesDiscovered,
		AstGrep: r.AstGrep, Compat: r.Compat,
	}
}

// CloneBlock is one instance of a group of functions with the same body
// fingerprint.
type CloneBlock struct {
	// Path is relative to Report.Root.
	Path      string
	StartLine int
	EndLine   int
	SLOC      int
	// Group is the fingerprint hash shared by the group's instances.
	Group string
	// Instances is the size of the group.
	Instances int
	// FirstLines are the first (at most three) source lines of the function.
	FirstLines []string
	// Ignored is set when an ignore directive naming duplicate-structure
	// targets the instance's first line: the instance's finding is not
	// shown and does not fail the check, but the instance counts in every
	// metric (clone_loc, verbosity) all the same.
	Ignored bool
}

// FlaggedLines is one file's flagged SLOC lines.
type FlaggedLines struct {
	// Path is relative to Report.Root.
	Path  string
	Lines []int
}

// AstGrepRun describes how ast-grep ran.
type AstGrepRun struct {
	// Disabled is set when the run disabled ast-grep (the caller's
	// choice): no ast-grep findings at all.
	Disabled bool
	Binary   string
	// Version is the version of the ast-grep that ran the rules; empty
	// when none ran (--disable-sg, or no rule of the catalog was active).
	Version string
}

// Catalog describes the rule catalog of the run.
type Catalog struct {
	// Name identifies the catalog: "bundled:VERSION" for the bundled
	// rules, "bundled:VERSION+sha256:HASH" with extra rule files,
	// "sha256:HASH" for a catalog of files that replaced the bundled
	// rules, HASH identifying the files loaded by content. Empty in a
	// report that names no catalog (one built by hand).
	Name string
	// Bundled is set when the bundled rules are in the catalog (no
	// catalog files replaced them).
	Bundled bool
	// Rules is the number of ast-grep rules loaded (catalog and extra).
	Rules int
	// Active is the number of rules that ran (by severity and --include-all).
	Active int
	// Files are the catalog files that replaced the bundled rules, in
	// load order, directories expanded.
	Files []string
	// ExtraFiles are the extra rule files loaded, in order.
	ExtraFiles []string
}

// Custom reports whether the catalog is not the bundled one alone: catalog
// files replaced it, or extra rule files were added.
func (c Catalog) Custom() bool { return c.Name != "" && (!c.Bundled || len(c.ExtraFiles) > 0) }

// LanguageSyntax is one entry of syntax_by_language.
type LanguageSyntax struct {
	Language  string
	TreeCount int
	NodeCount int
}

// File is one parsed source file.
type File struct {
	// Path is relative to Report.Root (see Report.Abs).
	Path     string
	Language string
	// Lines is the number of physical lines.
	Lines int
	// SLOC is the number of source lines of code.
	SLOC  int
	Nodes int
	// Callables are the file's functions in source order.
	Callables []Callable
	// Test marks test code (lang.Spec.IsTest and the configuration's
	// tests and production globs): the file counts in the tests scope's
	// numbers, the others in the production scope's.
	Test bool
}

// Callable is one function's measurements.
type Callable struct {
	Name          string
	QualifiedName string
	// Kind is function, method, closure or lambda (see source.CallableKind).
	Kind      string
	StartLine int
	EndLine   int
	// StartCol is the 1-based column of the callable's first character,
	// in Unicode code points.
	StartCol   int
	Public     bool
	Params     []string
	SLOC       int
	CC         int
	Cog        int
	MaxNesting int
	CCMass     float64
	CogMass    float64
	// Ignored are the metric rules (rules.CyclomaticComplexityID,
	// rules.CognitiveComplexityID) whose finding on the callable an ignore
	// directive hides: the finding is not shown and does not fail the
	// check, but the callable counts in every metric (erosion,
	// high_cc_functions, ...) all the same.
	Ignored []string
	// Body is the hash of the callable's body fingerprint (the clone
	// group key, clones.Candidate.Hash), which tells a function renamed
	// or moved without other change; empty when the callable is no clone
	// candidate (no SLOC line, a fingerprint of fewer than two entries),
	// when the profile's clone candidates are not functions (0.1.3's are
	// blocks), or when several callables of the file share its span and
	// SLOC so that the candidate's callable is not known. No writer
	// prints it.
	Body string
}

// Skipped is a file left out of the analysis, with the reason.
type Skipped struct {
	// Path is relative to Report.Root.
	Path     string
	Language string
	// Reason may name an option (the size cap's, the parse timeout's).
	Reason option.Text
}

// Abs is the full path of a path of the report: joined to Root when it
// is relative and Root is set, else as it is.
func (r *Report) Abs(path string) string {
	if r.Root == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(r.Root, filepath.FromSlash(path))
}

// Value is the value in r of the metric of key (metric.All): false when
// key names no metric or r has no value for it (dir undefined or not
// computed). Values are as computed, not cleaned (see MetricsOf).
func (r *Report) Value(key string) (float64, bool) {
	switch p := r.number(key).(type) {
	case *int:
		return float64(*p), true
	case *float64:
		if p != nil {
			return *p, true
		}
	}
	return 0, false
}

// count is Value for a count, exactly (a float64 holds a whole number
// exactly only up to 2^53).
func (r *Report) count(key string) (int, bool) {
	p, ok := r.number(key).(*int)
	if !ok {
		return 0, false
	}
	return *p, true
}

// number is the field of r holding the metric of key: an *int for a
// count, a *float64 (nil when r has no value) for the others; nil when
// key names no metric.
func (r *Report) number(key string) any {
	switch key {
	case "verbosity":
		return &r.Verbosity
	case "erosion":
		return &r.Erosion
	case "cog_erosion":
		return &r.CogErosion
	case "files_scanned":
		return &r.FilesScanned
	case "total_loc":
		return &r.TotalLOC
	case "verbosity_flagged_loc":
		return &r.VerbosityFlaggedLOC
	case "clone_loc":
		return &r.CloneLOC
	case "ast_grep_flagged_loc":
		return &r.AstGrepFlaggedLOC
	case "structural_rule_loc":
		return &r.StructuralRuleLOC
	case "structural_rule_findings":
		return &r.StructuralRuleFindings
	case "total_functions":
		return &r.TotalFunctions
	case "high_cc_functions":
		return &r.HighCCFunctions
	case "high_cog_functions":
		return &r.HighCogFunctions
	case "total_mass":
		return &r.TotalMass
	case "high_cc_mass":
		return &r.HighCCMass
	case "total_cog_mass":
		return &r.TotalCogMass
	case "high_cog_mass":
		return &r.HighCogMass
	case "syntax_tree_count":
		return &r.SyntaxTreeCount
	case "syntax_node_count":
		return &r.SyntaxNodeCount
	case "dir":
		if r.DIR == nil {
			return (*float64)(nil)
		}
		return r.DIR.Dir
	}
	return nil
}

// HighComplexity is the threshold above which (strictly) a callable is an
// erosion finding: the one erosion counts high callables with.
const HighComplexity = erosion.Threshold

// HasFindings reports whether the run found anything that makes the
// reference exit with status 1: clones, ast-grep and structural findings,
// functions over a complexity threshold. Metric findings an ignore
// directive hides (CloneBlock.Ignored, Callable.Ignored) do not count,
// though they stay in the metrics; with none hidden this is the
// reference's has_findings.
func (r *Report) HasFindings() bool {
	ignoredBlocks, ignoredCC, ignoredCog := 0, 0, 0
	for _, b := range r.CloneBlocks {
		if b.Ignored {
			ignoredBlocks++
		}
	}
	for _, f := range r.Files {
		for _, c := range f.Callables {
			if c.CC > HighComplexity && slices.Contains(c.Ignored, rules.CyclomaticComplexityID) {
				ignoredCC++
			}
			if c.Cog > HighComplexity && slices.Contains(c.Ignored, rules.CognitiveComplexityID) {
				ignoredCog++
			}
		}
	}
	// Clone lines come only from clone blocks: when every block is
	// hidden, so are their lines.
	clones := len(r.CloneBlocks) > ignoredBlocks || r.CloneLOC > 0 && ignoredBlocks == 0
	return clones || r.AstGrepFlaggedLOC > 0 || len(r.Findings) > 0 ||
		r.StructuralRuleFindings > 0 || r.HighCCFunctions > ignoredCC || r.HighCogFunctions > ignoredCog
}
