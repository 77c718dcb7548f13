package finding

// Kind is what produced a finding. Kinds are declared in the order findings
// on the same line are shown (the reference's order).
type Kind int

// The kinds of findings.
const (
	// Clone is one instance of a group of functions with the same body
	// fingerprint.
	Clone Kind = iota
	// AstGrep is a match of an ast-grep rule of the catalog.
	AstGrep
	// Structural is a function flagged by a structural rule.
	Structural
	// Cyclomatic is a function over the cyclomatic complexity threshold
	// (the rule cyclomatic-complexity).
	Cyclomatic
	// Cognitive is a function over the cognitive complexity threshold
	// (the rule cognitive-complexity).
	Cognitive
)

var kindNames = [...]string{Clone: "clone", AstGrep: "ast-grep", Structural: "structural",
	Cyclomatic: "cyclomatic-complexity", Cognitive: "cognitive-complexity"}

// String names the kind: clone, ast-grep, structural, and for the
// complexity findings the id of their metric rule,
// cyclomatic-complexity or cognitive-complexity.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// The reported severity labels, lowest first.
const (
	Info     = "info"
	Warning  = "warning"
	Critical = "critical"
)

// SeverityRank orders severity labels: info 0, warning 1, critical 2; a
// label that is none of them ranks with info.
func SeverityRank(label string) int {
	switch label {
	case Warning:
		return 1
	case Critical:
		return 2
	}
	return 0
}

// Finding is one finding of any kind. The fields only some kinds set are
// left out of its JSON when empty (the file cache stores ast-grep
// findings as JSON).
type Finding struct {
	Kind   Kind
	RuleID string
	// Severity is the reported label: Info, Warning or Critical.
	Severity string
	Message  string
	// Path names the file: as the analysis spelt it while a run finds
	// and filters, relative to the report's root once in a report
	// (report.Report.Abs).
	Path string
	// Line and Col are where the finding starts, 1-based, Col in the
	// columns ast-grep counts (Unicode code points). Col is 0 while not
	// known: a function-level finding's is the first non-blank character
	// of its first line, read from the source by the writers that show it.
	Line, Col int
	// EndLine and EndCol are where it ends; EndCol is exclusive and 0 when
	// not known (only ast-grep matches have one).
	EndLine, EndCol int

	// FixTitle is a structural finding's suggested fix.
	FixTitle string `json:",omitempty"`
	// Subject is the name of the function a structural or complexity
	// finding is about.
	Subject string `json:",omitempty"`
	// Text is the source text an ast-grep rule matched; two matches equal
	// in every field are one.
	Text string
	// Group is, on a clone finding, every instance of its group in path
	// and line order, and Self the finding's own index in it.
	Group []Place `json:",omitempty"`
	Self  int     `json:",omitempty"`
	// Measure is, on a complexity finding, the measurement over its limit.
	Measure *Measure `json:",omitempty"`
}

// Place is one instance of a clone group.
type Place struct {
	// Path names the file as Finding.Path does.
	Path          string
	Line, EndLine int
	// Lines are the first (at most three) source lines of the instance.
	Lines []string
}

// Measure is a function's complexity over the limit.
type Measure struct {
	// Metric names the measure: "complexity" or "cognitive complexity".
	Metric string
	// Value is the function's measure and Limit the most it may be.
	Value, Limit int
	// SLOC is the function's number of source lines of code.
	SLOC int
}
