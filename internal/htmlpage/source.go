package htmlpage

// SourceFile is a file's source, whole or in excerpts, with each flagged
// line marked by where its flag comes from and the findings shown under
// the line they start on.
type SourceFile struct {
	// ID is the file's anchor; Path its name as shown.
	ID, Path string
	// Summary sums up the file's findings and flagged lines in a line.
	Summary string
	// Note says what of the source is shown (excerpts, left out).
	Note string
	// Open shows the file's source when the page opens; a closed file
	// shows its name and summary, and opens on a click (or when a link
	// leads into it), so that a page of many files lays out quickly.
	Open  bool
	Lines []SourceLine
	// Findings are the file's findings, listed after the source (all of
	// them, also when no source is shown).
	Findings []Note
}

// SourceLine is one row of a SourceFile: a line of source, or a gap
// standing for Gap lines not shown.
type SourceLine struct {
	// ID is the line's anchor, "" for none.
	ID   string
	N    int
	Text string
	Gap  int
	// Flagged marks a line counted in verbosity.
	Flagged bool
	Marks   []Mark
	// Notes are the findings that start on the line.
	Notes []Note
}

// Mark is where a line's flag comes from: Kind is its class (clone,
// ast-grep, structural, complexity), Short the letter shown in the
// gutter and Label the word it stands for.
type Mark struct {
	Kind, Short, Label string
}

// Note is one finding as the page shows it.
type Note struct {
	// Link is the anchor of the line the finding starts on ("" when the
	// line is not shown), Line its number.
	Link string
	Line int
	// Kind is the mark's class of the finding's source.
	Kind     string
	Severity string
	Rule     string
	// RuleLink is the anchor of the rule's docs, "" when the page has
	// none.
	RuleLink string
	Message  string
	// Also are other places the finding names (a clone group's other
	// instances).
	Also []Place
}

// Place is a place a finding names: its text, and the anchor it links
// to, "" for none.
type Place struct {
	Text, Link string
}

// The marks of the sources of a flag, in the order a line shows them.
var (
	MarkClone      = Mark{"clone", "C", "clone"}
	MarkAstGrep    = Mark{"ast-grep", "A", "ast-grep rule"}
	MarkStructural = Mark{"structural", "S", "structural rule"}
	MarkComplexity = Mark{"complexity", "X", "complexity over the threshold"}
	// MarkFlagged marks a flagged line no finding of the page spans.
	MarkFlagged = Mark{"flagged", "F", "flagged"}
)
