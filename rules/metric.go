package rules

import (
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
)

// The metric rules' ids, in the order they are listed (see MetricIDs).
const (
	CyclomaticComplexityID = "cyclomatic-complexity"
	CognitiveComplexityID  = "cognitive-complexity"
	DuplicateStructureID   = "duplicate-structure"
)

// KindMetric is the Kind of the metric rules in the listing.
const KindMetric = "metric"

// ComplexityThreshold is the complexity over which (strictly) a function
// is a cyclomatic- or cognitive-complexity finding: the reference's fixed
// limit, erosion.Threshold, which this package may not import (a test of
// the report keeps the two equal).
const ComplexityThreshold = 10

// metricRule is one rule whose findings come from a metric, defined once:
// what `scb-check rule ID`, `scb-check rules`, the SARIF rule list and
// directive validation show of it derives from this value. The report
// makes its findings from the measurements; an ignore directive hides a
// finding but never changes a measurement.
type metricRule struct {
	ID string
	// Aliases are older ids that name the rule too, in ignore directives
	// and in `scb-check rule ID`.
	Aliases []string
	// Severity is the label its findings carry.
	Severity string
	// Title names what the rule flags and Message describes it in a line.
	Title, Message string
	// Measures says what is measured and its threshold, Why why it
	// matters, Instead what to write instead.
	Measures, Why, Instead string
	// Threshold is the limit the measure is compared to (0: none).
	Threshold int
}

// complexityRule is the metric rule of a complexity measure (named by
// measure) whose functions over ComplexityThreshold a metric counts by
// their mass (its noun, "mass" or "cognitive mass"): measures says how the
// measure is taken. The metric's key is the rule's old id.
func complexityRule(id, measure, mass, measures, why, instead string) metricRule {
	key := metricOf(id)
	return metricRule{
		ID: id, Aliases: []string{key}, Severity: finding.Warning, Threshold: ComplexityThreshold,
		Title:   fmt.Sprintf("%s over %d", strings.ToUpper(measure[:1])+measure[1:], ComplexityThreshold),
		Message: fmt.Sprintf("Function's %s is over %d.", measure, ComplexityThreshold),
		Measures: fmt.Sprintf("%s A function over %d is flagged, and its %s (complexity times the square root of its SLOC) "+
			"is what %s counts: the share of all functions' %[3]s held by those over %[2]d.",
			measures, ComplexityThreshold, mass, key),
		Why: why, Instead: instead,
	}
}

// metricOf is the key of the metric whose functions are the findings of
// the metric rule id (metric.Metric.Rule); verbosity, which counts the
// lines of clones and of every other rule, for a rule no metric names.
func metricOf(id string) string {
	for _, m := range metric.All {
		if m.Rule == id {
			return m.Key
		}
	}
	return "verbosity"
}

// metricRules are the metric rules, in the order they are listed.
var metricRules = []metricRule{
	complexityRule(CyclomaticComplexityID, "cyclomatic complexity", "mass",
		"The function's cyclomatic complexity: 1 plus one for each decision in its whole body "+
			"(branches, loops, exception handlers, boolean operators, conditional expressions, comprehensions; "+
			"nested functions included).",
		"Each independent path through a function is a case to read, test and keep in mind while changing it; "+
			"past a handful of paths a function is more often misread and its changes break more.",
		"Split the function into smaller ones with a name each, return early instead of nesting, "+
			"or replace chains of branches with a table or polymorphism."),
	complexityRule(CognitiveComplexityID, "cognitive complexity", "cognitive mass",
		"The function's cognitive complexity: each break in the linear flow (branch, else, loop, "+
			"exception handler, conditional expression) scores one plus the depth of nesting it sits at, and each "+
			"boolean operator, break and continue scores one.",
		"Nested conditions and loops cost a reader more than the same number of flat ones: each level must be "+
			"held in mind to understand the line inside it.",
		"Flatten the nesting with guard clauses and early returns, and move nested blocks into functions of their own."),
	{
		ID: DuplicateStructureID, Severity: finding.Warning,
		Title:   "Duplicated function body",
		Message: "Function body has the same structure as another.",
		Measures: "Functions whose bodies have the same statements once names, literals, strings and comments are set aside " +
			"(at least two statements) form a clone group; under compatibility 0.1.3, statement blocks of at least " +
			"three SLOC lines do. Every instance of a group is flagged, and every instance's " +
			"SLOC lines count toward verbosity (clone_loc). There is no threshold: hiding small groups from " +
			"the findings shown never removes them from the metrics.",
		Why: "Copies drift apart: a fix made in one is missed in the others, and a reader must compare them to learn " +
			"that they do the same thing.",
		Instead: "Keep one implementation and call it from each place, passing what differs as parameters.",
	},
}

// MetricIDs are the ids of the metric rules, in the order they are listed.
// No ast-grep rule may use one of them or one of their aliases.
var MetricIDs = idsOf(metricRules, func(r *metricRule) string { return r.ID })

// CanonicalID returns the rule id an id names: a metric rule's id for one
// of its aliases (the key of the metric it counts toward, erosion for
// cyclomatic-complexity), else the id itself.
func CanonicalID(id string) string {
	for _, r := range metricRules {
		for _, a := range r.Aliases {
			if a == id {
				return r.ID
			}
		}
	}
	return id
}

// lookupMetric returns the metric rule an id or alias names, nil when
// there is none.
func lookupMetric(id string) *metricRule {
	id = CanonicalID(id)
	for i := range metricRules {
		if metricRules[i].ID == id {
			return &metricRules[i]
		}
	}
	return nil
}

// metric is the metric a rule's findings count toward.
func (r *metricRule) metric() string { return metricOf(r.ID) }

// suppression is the rule's note on ignore directives.
func (r *metricRule) suppression() string {
	directive := fmt.Sprintf("An ignore directive (a comment `scbc ignore[%s] reason`) on the function's first line, "+
		"on one of its decorator or attribute lines, or alone on the line above them,", r.ID)
	if r.ID == DuplicateStructureID {
		return directive + " hides that instance's finding from the findings shown and from the exit status; " +
			"the group's other instances keep theirs. It never changes a metric: every instance still counts toward verbosity."
	}
	return directive + " hides the finding from the findings shown and from the exit status. " +
		"It never changes a metric: the function still counts toward " + r.metric() + " and high-complexity counts as before."
}

// info is the rule's Info: the measure and why it matters as Why, what to
// do instead and what a suppression does as Instead.
func (r *metricRule) info() Info {
	return Info{ID: r.ID, Severity: r.Severity, Title: r.Title, Message: r.Message,
		Why: r.Measures + " " + r.Why, Instead: r.Instead + " " + r.suppression()}
}

// MetricInfos describes the metric rules, in the order they are listed
// (for writers that list them without a catalog).
func MetricInfos() []Info {
	out := make([]Info, len(metricRules))
	for i := range metricRules {
		out[i] = metricRules[i].info()
	}
	return out
}

// MetricSeverity is the severity label of a metric rule's findings
// (finding.Warning for an id that names none).
func MetricSeverity(id string) string {
	if r := lookupMetric(id); r != nil {
		return r.Severity
	}
	return finding.Warning
}

// doc is the rule's document as `scb-check rule ID` prints it: its
// metadata, then its docs (what it measures, the threshold, why, what
// instead, and what a suppression does), in YAML.
func (r *metricRule) doc() string {
	var b strings.Builder
	b.WriteString("id: " + r.ID + "\n")
	if len(r.Aliases) > 0 {
		b.WriteString("aliases: [" + strings.Join(r.Aliases, ", ") + "]\n")
	}
	b.WriteString("severity: " + r.Severity + "\ntarget: symbol\nkind: " + KindMetric + "\nmetric: " + r.metric() + "\n")
	b.WriteString("message: " + r.Message + "\ndocs:\n  title: " + r.Title + "\n")
	folded(&b, "measures", r.Measures)
	if r.Threshold > 0 {
		fmt.Fprintf(&b, "  threshold: %d\n", r.Threshold)
	}
	folded(&b, "why", r.Why)
	folded(&b, "instead", r.Instead)
	folded(&b, "suppression", r.suppression())
	return strings.TrimSuffix(b.String(), "\n")
}

// docWidth is the widest line of a folded docs text.
const docWidth = 76

// folded writes "  key: >-" and text folded into lines of at most
// docWidth characters (a longer word, or `code` span, keeps its own line),
// indented four spaces: YAML reads the lines back as text.
func folded(b *strings.Builder, key, text string) {
	b.WriteString("  " + key + ": >-\n")
	line := ""
	for _, w := range foldWords(text) {
		if line != "" && len(line)+1+len(w) > docWidth {
			b.WriteString("    " + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	b.WriteString("    " + line + "\n")
}

// foldWords splits text at its spaces, but not inside a `code` span.
func foldWords(text string) []string {
	var words []string
	open := false
	for _, w := range strings.Fields(text) {
		if open {
			words[len(words)-1] += " " + w
		} else {
			words = append(words, w)
		}
		if strings.Count(w, "`")%2 == 1 {
			open = !open
		}
	}
	return words
}
