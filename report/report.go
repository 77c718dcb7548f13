package report

// Report is the result of one analysis. The top-level metrics are the
// reference report's; Files and Skipped carry the per-file detail that the
// reference keeps in memory only.
type Report struct {
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
}

// LanguageSyntax is one entry of syntax_by_language.
type LanguageSyntax struct {
	Language  string
	TreeCount int
	NodeCount int
}

// File is one parsed source file.
type File struct {
	// Path is the canonical absolute path.
	Path     string
	Language string
	// Lines is the number of physical lines.
	Lines int
	// SLOC is the number of source lines of code.
	SLOC  int
	Nodes int
	// Callables are the file's functions in source order.
	Callables []Callable
}

// Callable is one function's measurements.
type Callable struct {
	Name          string
	QualifiedName string
	StartLine     int
	EndLine       int
	Public        bool
	Params        []string
	SLOC          int
	CC            int
	Cog           int
	MaxNesting    int
	CCMass        float64
	CogMass       float64
}

// Skipped is a file left out of the analysis, with the reason.
type Skipped struct {
	Path     string
	Language string
	Reason   string
}

// HighComplexity is the threshold above which (strictly) a callable is an
// erosion finding.
const HighComplexity = 10

// HasFindings reports whether the run found anything that makes the
// reference exit with status 1.
func (r *Report) HasFindings() bool {
	return r.CloneLOC > 0 || r.AstGrepFlaggedLOC > 0 || r.StructuralRuleFindings > 0 ||
		r.HighCCFunctions > 0 || r.HighCogFunctions > 0
}
