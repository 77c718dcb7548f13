package report

import (
	"fmt"
	"strconv"

	"github.com/scbcheck/scbcheck/metric"
)

// metricAbout says in a sentence what each metric of metric.All is, for
// the HTML pages (a tree's, a trajectory's, a change's).
var metricAbout = map[string]string{
	"erosion": fmt.Sprintf("The share of the complexity mass (cyclomatic complexity × √SLOC, summed over the functions) "+
		"that sits in functions with cyclomatic complexity over %d: how much of the code's weight is in functions too branchy to follow. "+
		"Lower is better.", HighComplexity),
	"cog_erosion": fmt.Sprintf("The same share for cognitive complexity: the cognitive mass (cognitive complexity × √SLOC) of the "+
		"functions with cognitive complexity over %d, over all cognitive mass. Lower is better.", HighComplexity),
	"verbosity": "The share of the source lines of code flagged as slop: lines of a clone (functions with the same shape), " +
		"lines an ast-grep rule of the catalog matches, lines of a function a structural rule flags; a line flagged " +
		"several times counts once. Lower is better.",
	"files_scanned":            "Source files analysed (parsed).",
	"total_loc":                "Source lines of code: the lines holding code (blank lines and comments do not count).",
	"verbosity_flagged_loc":    "SLOC lines flagged by any of the three sources, each counted once (verbosity's part).",
	"clone_loc":                "SLOC lines inside clones.",
	"ast_grep_flagged_loc":     "SLOC lines matched by an ast-grep rule.",
	"structural_rule_loc":      "SLOC lines of the functions a structural rule flags.",
	"structural_rule_findings": "Functions a structural rule flags.",
	"total_functions":          "Functions, methods, closures and lambdas measured.",
	"high_cc_functions":        fmt.Sprintf("Functions with cyclomatic complexity over %d.", HighComplexity),
	"high_cog_functions":       fmt.Sprintf("Functions with cognitive complexity over %d.", HighComplexity),
	"total_mass":               "Complexity mass of all functions: the sum of cyclomatic complexity × √SLOC (erosion's whole).",
	"high_cc_mass":             fmt.Sprintf("Complexity mass of the functions with cyclomatic complexity over %d (erosion's part).", HighComplexity),
	"total_cog_mass":           "Cognitive mass of all functions: the sum of cognitive complexity × √SLOC (cog_erosion's whole).",
	"high_cog_mass":            fmt.Sprintf("Cognitive mass of the functions with cognitive complexity over %d (cog_erosion's part).", HighComplexity),
	"syntax_tree_count":        "Syntax trees parsed (one per file).",
	"syntax_node_count":        "Syntax tree nodes parsed.",
	"dir": "The dependency integration ratio (from the SLUMP benchmark): the share of the public symbols of standalone " +
		"modules that other modules use; null when there is none. Higher is better.",
}

// MetricAbout says in a sentence what the metric of key is and, for the
// headline shares, its threshold and which way is better; "" for a key
// that names no metric.
func MetricAbout(key string) string { return metricAbout[key] }

// MetricText shows a value of the metric of key as the HTML pages show
// it: a share with three decimals (see shareText), a count with
// thousands separators, a mass with one decimal.
func MetricText(key string, v float64) string {
	m, _ := metric.Lookup(key)
	switch m.Kind {
	case metric.Count:
		return count(int(v))
	case metric.Mass:
		return massText(v)
	}
	return shareText(v)
}

// MetricExact is a value of the metric of key as the JSON report writes
// it: a count as a whole number, any other value in the reference's float
// format.
func MetricExact(key string, v float64) string {
	if m, _ := metric.Lookup(key); m.Kind == metric.Count {
		return strconv.Itoa(int(v))
	}
	return formatFloat(v)
}
