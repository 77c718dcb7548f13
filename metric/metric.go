// Package metric is the table of a report's numbers: each metric once,
// with its JSON key, its kind, whether a gate bounds it and in which
// direction, whether a baseline may ratchet it, and whether trajectories
// trend it. The gates (flags, configuration keys, the baseline
// comparison), the baseline's metric record, the JSON report's numbers,
// the human summary and the trajectory summaries and deltas all derive
// from All, so that a gated, trended metric is one entry here plus its
// computation (and the report field it is read from).
//
// The package is a leaf: the configuration, below the report, validates
// gate keys against it.
package metric

import (
	"sort"
	"strings"
)

// Kind is what a metric's number is.
type Kind int

// The kinds of metric.
const (
	// Share is a ratio from 0 to 1.
	Share Kind = iota
	// Count is a whole number.
	Count
	// Mass is a sum of function masses (complexity times the square
	// root of SLOC).
	Mass
)

var kindNames = [...]string{Share: "share", Count: "count", Mass: "mass"}

// String names the kind: share, count or mass.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Direction is which way a gate bounds a metric.
type Direction int

// The gate directions.
const (
	// Ungated metrics have no gate.
	Ungated Direction = iota
	// AtMost metrics are gated by max-KEY: a run fails when the metric
	// is above the limit (lower is better).
	AtMost
)

// Metric is one number of a report.
type Metric struct {
	// Key is the metric's JSON key (and its name in every output).
	Key  string
	Kind Kind
	// Reference marks the reference report's numbers: the JSON report
	// writes them first, in table order; a baseline records them; the
	// trajectory CSV has a column for each.
	Reference bool
	// Gate is the direction of the metric's gate (flag --max-KEY,
	// configuration key max-KEY), Ungated for none.
	Gate Direction
	// GateHelp says when the gate fails, in its flag's help ("erosion is
	// above SHARE (0 to 1)"); empty for "KEY is above SHARE" (N for a
	// count).
	GateHelp string
	// Ratchet marks a gated metric a baseline bounds too: the gate
	// max-KEY-increase is the most it may rise over the baseline's value
	// (0 unless set). It applies only with a baseline, so the metric must
	// be a Reference one.
	Ratchet bool
	// Headline is the metric's place (from 1) among the headline metrics,
	// the order gates are checked and listed in and the human summary
	// shows its shares in; 0 when it is not one.
	Headline int
	// Trend is the metric's place (from 1) among the metrics
	// trajectories follow (deltas, summary trends, chart lines, table
	// columns); 0 when they do not follow it.
	Trend int
	// Part and Whole are, for a share, the keys of the numbers it is the
	// ratio of.
	Part, Whole string
	// Summary describes Part in the human summary's row of a headline
	// share that counts the functions over the complexity threshold: the
	// row reads "Summary THRESHOLD: PART of WHOLE".
	Summary string
	// Scoped marks the numbers the JSON report's scopes key holds for
	// the production code and for the test code (the headline numbers
	// and the parts of verbosity); every metric but dir is measured per
	// scope all the same (--scope, --gate-scope).
	Scoped bool
	// Rule is the metric rule whose findings are the functions the
	// metric counts; the metric's key names that rule too (its id
	// before), in ignore directives and `scb-check rule`.
	Rule string
}

// All are the metrics, in the reference report's key order, the ones of
// ours after.
var All = []Metric{
	{Key: "verbosity", Kind: Share, Reference: true, Scoped: true, Gate: AtMost, Ratchet: true, Headline: 3, Trend: 2,
		Part: "verbosity_flagged_loc", Whole: "total_loc"},
	{Key: "erosion", Kind: Share, Reference: true, Scoped: true, Gate: AtMost, Ratchet: true, Headline: 1, Trend: 1,
		GateHelp: "erosion is above SHARE (0 to 1)", Part: "high_cc_mass", Whole: "total_mass",
		Summary: "complexity mass of the functions over complexity", Rule: "cyclomatic-complexity"},
	{Key: "cog_erosion", Kind: Share, Reference: true, Scoped: true, Gate: AtMost, Headline: 2, Trend: 3,
		Part: "high_cog_mass", Whole: "total_cog_mass",
		Summary: "cognitive mass of the functions over cognitive complexity", Rule: "cognitive-complexity"},
	{Key: "files_scanned", Kind: Count, Reference: true, Scoped: true},
	{Key: "total_loc", Kind: Count, Reference: true, Scoped: true},
	{Key: "verbosity_flagged_loc", Kind: Count, Reference: true, Scoped: true},
	{Key: "clone_loc", Kind: Count, Reference: true, Scoped: true},
	{Key: "ast_grep_flagged_loc", Kind: Count, Reference: true, Scoped: true},
	{Key: "structural_rule_loc", Kind: Count, Reference: true, Scoped: true},
	{Key: "structural_rule_findings", Kind: Count, Reference: true},
	{Key: "total_functions", Kind: Count, Reference: true, Scoped: true},
	{Key: "high_cc_functions", Kind: Count, Reference: true, Scoped: true, Gate: AtMost, Headline: 4,
		GateHelp: "more than N functions have complexity > 10"},
	{Key: "high_cog_functions", Kind: Count, Reference: true},
	{Key: "total_mass", Kind: Mass, Reference: true},
	{Key: "high_cc_mass", Kind: Mass, Reference: true},
	{Key: "total_cog_mass", Kind: Mass, Reference: true},
	{Key: "high_cog_mass", Kind: Mass, Reference: true},
	{Key: "syntax_tree_count", Kind: Count, Reference: true},
	{Key: "syntax_node_count", Kind: Count, Reference: true},
	{Key: "dir", Kind: Share, Trend: 4},
}

// Lookup returns the metric of key; false when there is none.
func Lookup(key string) (Metric, bool) {
	for _, m := range All {
		if m.Key == key {
			return m, true
		}
	}
	return Metric{}, false
}

// Reference returns the reference report's metrics, in table order.
func Reference() []Metric {
	return filter(func(m Metric) bool { return m.Reference })
}

// Scoped returns the metrics the scopes key holds per scope, in table
// order.
func Scoped() []Metric {
	return filter(func(m Metric) bool { return m.Scoped })
}

// Headlines returns the headline metrics in headline order.
func Headlines() []Metric {
	return ordered(func(m Metric) int { return m.Headline })
}

// Trended returns the metrics trajectories follow, in their order.
func Trended() []Metric {
	return ordered(func(m Metric) int { return m.Trend })
}

// Keys returns the keys of ms.
func Keys(ms []Metric) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Key
	}
	return out
}

// Gate is one gate: an absolute limit on a gated metric, or, for a
// ratcheted one, the most it may rise over a baseline.
type Gate struct {
	// Name is the gate's configuration key, and its flag without the
	// leading "--": max-KEY or max-KEY-increase, the key's underscores
	// as hyphens.
	Name   string
	Metric Metric
	// Increase marks the ratchet's gate.
	Increase bool
}

// Flag is the gate's command-line flag.
func (g Gate) Flag() string { return "--" + g.Name }

// Placeholder names the gate's value in help and messages: SHARE, N or
// MASS, by the metric's kind.
func (g Gate) Placeholder() string {
	switch g.Metric.Kind {
	case Count:
		return "N"
	case Mass:
		return "MASS"
	}
	return "SHARE"
}

// Gates returns every gate in the order they are checked and listed:
// the absolute limits in headline order, then the increases.
func Gates() []Gate {
	var limits, increases []Gate
	for _, m := range Headlines() {
		if m.Gate == Ungated {
			continue
		}
		name := "max-" + strings.ReplaceAll(m.Key, "_", "-")
		limits = append(limits, Gate{Name: name, Metric: m})
		if m.Ratchet {
			increases = append(increases, Gate{Name: name + "-increase", Metric: m, Increase: true})
		}
	}
	return append(limits, increases...)
}

// GateNamed returns the gate of a configuration key (or a flag without
// its "--"); false when there is none.
func GateNamed(name string) (Gate, bool) {
	for _, g := range Gates() {
		if g.Name == name {
			return g, true
		}
	}
	return Gate{}, false
}

// Ratcheted returns the metrics a baseline bounds, in headline order.
func Ratcheted() []Metric {
	var out []Metric
	for _, m := range Headlines() {
		if m.Ratchet {
			out = append(out, m)
		}
	}
	return out
}

func filter(keep func(Metric) bool) []Metric {
	var out []Metric
	for _, m := range All {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

// ordered returns the metrics whose place is not 0, by place.
func ordered(place func(Metric) int) []Metric {
	out := filter(func(m Metric) bool { return place(m) > 0 })
	sort.SliceStable(out, func(i, j int) bool { return place(out[i]) < place(out[j]) })
	return out
}
