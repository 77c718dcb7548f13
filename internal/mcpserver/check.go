package mcpserver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

const checkDescription = "Measure a file or directory as `scb-check check` does: erosion and cog_erosion (the share of " +
	"complexity mass in functions over complexity 10), verbosity (the share of SLOC flagged by clones, ast-grep slop rules " +
	"and structural rules) and its parts, the functions over the thresholds, DIR, the findings counted by rule, and the first " +
	"findings with file, line, rule and message. Paths are relative to the answer's root. Call rule with a finding's rule id " +
	"to learn how to fix it."

// defaultFindings is how many findings check lists unless told.
const defaultFindings = 50

// analysisArgs are the analysis settings a call may choose; the
// server's own (its command line) apply to those it leaves out.
type analysisArgs struct {
	IncludeAll *bool    `json:"include_all,omitempty" jsonschema:"measure as SlopCodeBench does: also the files .gitignore excludes, the info-level rules, no ignore directives or thresholds"`
	Compat     *string  `json:"compat,omitempty" jsonschema:"the compatibility profile: 0.2.0 (the default) or 0.1.3 (the numbers of the release the paper published)"`
	Languages  []string `json:"languages,omitempty" jsonschema:"the languages to analyse besides Python and Rust (go, javascript, typescript, tsx, java, c, cpp) or all"`
}

// choice is what the arguments choose of the analysis settings.
func (a analysisArgs) choice() choice {
	return choice{IncludeAll: a.IncludeAll, Compat: a.Compat, Languages: a.Languages}
}

// checkArgs are check's arguments.
type checkArgs struct {
	Path string `json:"path" jsonschema:"the file or directory to measure: absolute, or relative to the server's working directory"`
	analysisArgs
	DisableSG *bool `json:"disable_sg,omitempty" jsonschema:"run no ast-grep rule (verbosity then counts clones and structural rules only)"`
	Limit     *int  `json:"limit,omitempty" jsonschema:"how many findings to list, in path and line order (default 50); all are counted"`
}

// checkSchema bounds limit and lists the profiles.
func checkSchema(s *jsonschema.Schema) {
	analysisSchema(s)
	s.Properties["limit"].Minimum = ptr(0.0)
	s.Properties["limit"].Default = json.RawMessage(strconv.Itoa(defaultFindings))
}

// analysisSchema lists the profiles a call may choose.
func analysisSchema(s *jsonschema.Schema) {
	for _, v := range config.CompatVersions {
		s.Properties["compat"].Enum = append(s.Properties["compat"].Enum, v)
	}
}

// ptr is a pointer to v.
func ptr[T any](v T) *T { return &v }

// CheckAnswer is check's answer.
type CheckAnswer struct {
	// Root is the directory the answer's paths are relative to.
	Root string `json:"root"`
	// Metrics are the report's numbers by key, as `check --report`
	// writes them; null for one that has no value (dir with no public
	// symbols).
	Metrics map[string]*float64 `json:"metrics"`
	// FindingsTotal counts every finding; FindingsByRule counts them by
	// rule, most first.
	FindingsTotal  int         `json:"findings_total"`
	FindingsByRule []RuleCount `json:"findings_by_rule"`
	// Findings are the first findings, in path and line order: as many as
	// the call's limit, fewer when the answer's bound left some out.
	Findings []Finding `json:"findings"`
	// LeftOut counts the findings within the limit that the bound left
	// out.
	LeftOut int `json:"left_out"`
	// Skipped are the files that could not be read or parsed: they count
	// in no metric.
	Skipped []Skipped `json:"skipped"`
	// Warnings are the inputs other than sources passed over.
	Warnings []string `json:"warnings"`
	// Cache is what the run found in the server's cache.
	Cache Cache `json:"cache"`
}

// RuleCount is how many findings one rule has.
type RuleCount struct {
	Rule  string `json:"rule"`
	Count int    `json:"count"`
}

// Finding is one finding.
type Finding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	EndLine  int    `json:"end_line"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	// Also are a clone's other instances, as file:line.
	Also []string `json:"also,omitempty"`
}

// Skipped is a file left out of the metrics, with the reason.
type Skipped struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
	// Tree is diff's tree the file was skipped in: base or head.
	Tree string `json:"tree,omitempty"`
}

// check measures the path and answers its metrics and findings.
func (s *server) check(c *call, args checkArgs) (CheckAnswer, error) {
	limit, err := limitArg(args.Limit, defaultFindings)
	if err != nil {
		return CheckAnswer{}, err
	}
	ch := args.choice()
	ch.DisableSG = args.DisableSG
	sess, err := s.session(ch)
	if err != nil {
		return CheckAnswer{}, err
	}
	r, stats, err := s.analyse(c, sess, args.Path)
	if err != nil {
		return CheckAnswer{}, err
	}
	a := CheckAnswer{Root: r.Root, Metrics: metricsOf(r), Cache: cacheOf(stats), FindingsByRule: []RuleCount{}, Findings: []Finding{},
		Skipped: []Skipped{}, Warnings: []string{}}
	all := r.AllFindings()
	a.FindingsTotal = len(all)
	counts := map[string]int{}
	for _, f := range all {
		counts[f.RuleID]++
	}
	for rule, n := range counts {
		a.FindingsByRule = append(a.FindingsByRule, RuleCount{rule, n})
	}
	slices.SortFunc(a.FindingsByRule, func(x, y RuleCount) int { return cmp.Or(cmp.Compare(y.Count, x.Count), cmp.Compare(x.Rule, y.Rule)) })
	for _, f := range all[:min(limit, len(all))] {
		a.Findings = append(a.Findings, findingOf(f))
	}
	for _, sk := range r.Skipped {
		a.Skipped = append(a.Skipped, Skipped{File: sk.Path, Reason: sk.Reason.Spell(callWords{})})
	}
	for _, w := range r.Warnings {
		a.Warnings = append(a.Warnings, w.Spell(callWords{}))
	}
	return a, nil
}

// limitArg is a call's limit, def when it gives none; an error when it
// is below 0.
func limitArg(limit *int, def int) (int, error) {
	if limit == nil {
		return def, nil
	}
	if *limit < 0 {
		return 0, fmt.Errorf("limit is %d: give 0 or more", *limit)
	}
	return *limit, nil
}

// metricsOf is every metric of the table with r's value, null for one
// r has none of.
func metricsOf(r *report.Report) map[string]*float64 {
	values := report.MetricsOf(r)
	out := map[string]*float64{}
	for _, m := range metric.All {
		if v, ok := values[m.Key]; ok {
			out[m.Key] = &v
		} else {
			out[m.Key] = nil
		}
	}
	return out
}

// findingOf is f as an answer lists it.
func findingOf(f finding.Finding) Finding {
	out := Finding{File: f.Path, Line: f.Line, EndLine: f.EndLine, Rule: f.RuleID, Severity: f.Severity, Message: f.Message}
	for k, p := range f.Group {
		if k != f.Self {
			out.Also = append(out.Also, fmt.Sprintf("%s:%d", p.Path, p.Line))
		}
	}
	return out
}

func (a CheckAnswer) items() int { return len(a.Findings) }

func (a CheckAnswer) keep(n int) CheckAnswer {
	a.LeftOut += len(a.Findings) - n
	a.Findings = a.Findings[:n]
	return a
}

// text renders the answer: the headline metrics with what they are the
// ratio of, the counts, the findings by rule, then the findings.
func (a CheckAnswer) text() string {
	var b strings.Builder
	v := func(key string) string {
		if p := a.Metrics[key]; p != nil {
			return strconv.FormatFloat(*p, 'f', -1, 64)
		}
		return "null"
	}
	fmt.Fprintf(&b, "scb-check check of %s\n", a.Root)
	fmt.Fprintf(&b, "erosion %s (high_cc_mass %s of total_mass %s; %s functions over complexity %d)\n",
		v("erosion"), v("high_cc_mass"), v("total_mass"), v("high_cc_functions"), report.HighComplexity)
	fmt.Fprintf(&b, "cog_erosion %s (high_cog_mass %s of total_cog_mass %s; %s functions over cognitive complexity %d)\n",
		v("cog_erosion"), v("high_cog_mass"), v("total_cog_mass"), v("high_cog_functions"), report.HighComplexity)
	fmt.Fprintf(&b, "verbosity %s (%s of %s SLOC flagged: clones %s, ast-grep %s, structural %s)\n",
		v("verbosity"), v("verbosity_flagged_loc"), v("total_loc"), v("clone_loc"), v("ast_grep_flagged_loc"), v("structural_rule_loc"))
	fmt.Fprintf(&b, "dir %s\n", v("dir"))
	fmt.Fprintf(&b, "files %s, functions %s", v("files_scanned"), v("total_functions"))
	if len(a.Skipped) > 0 {
		fmt.Fprintf(&b, ", %d files skipped (they count in no metric)", len(a.Skipped))
	}
	b.WriteString("\n")
	for _, sk := range a.Skipped {
		fmt.Fprintf(&b, "skipped %s: %s\n", sk.File, sk.Reason)
	}
	for _, w := range a.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	if a.FindingsTotal == 0 {
		b.WriteString("no findings\n")
		return b.String()
	}
	var rules []string
	for _, rc := range a.FindingsByRule {
		rules = append(rules, fmt.Sprintf("%s %d", rc.Rule, rc.Count))
	}
	fmt.Fprintf(&b, "%d findings by rule: %s\n", a.FindingsTotal, strings.Join(rules, ", "))
	listed := len(a.Findings) + a.LeftOut
	if listed < a.FindingsTotal {
		fmt.Fprintf(&b, "first %d findings (raise limit for more):\n", listed)
	} else {
		b.WriteString("findings:\n")
	}
	for _, f := range a.Findings {
		fmt.Fprintf(&b, "%s:%d %s: %s\n", f.File, f.Line, f.Rule, f.Message)
		if len(f.Also) > 0 {
			fmt.Fprintf(&b, "  also at %s\n", strings.Join(f.Also, ", "))
		}
	}
	b.WriteString(leftOutLine(a.LeftOut, "findings"))
	return b.String()
}
