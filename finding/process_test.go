package finding_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/finding"
)

// at builds a finding of a kind, rule and severity at path:line.
func at(kind finding.Kind, rule, severity, path string, line int) finding.Finding {
	return finding.Finding{Kind: kind, RuleID: rule, Severity: severity, Path: path, Line: line, EndLine: line}
}

func ast(rule, path string, line int) finding.Finding {
	return at(finding.AstGrep, rule, finding.Warning, path, line)
}

func structural(rule, path string, line int) finding.Finding {
	return at(finding.Structural, rule, finding.Warning, path, line)
}

// on reports whether a finding is the rule's on the line of the file.
func on(rule, path string, line int) func(finding.Finding) bool {
	return func(f finding.Finding) bool { return f.RuleID == rule && f.Path == path && f.Line == line }
}

func TestProcessors(t *testing.T) {
	parsed := func(path string) bool { return path != "broken.py" }
	cases := []struct {
		name string
		p    finding.Processor
		in   []finding.Finding
		want []finding.Finding
	}{
		{
			name: "in-parsed-files drops the findings of files that did not parse, of any kind",
			p:    finding.InFiles(parsed),
			in:   []finding.Finding{ast("r", "a.py", 1), ast("r", "broken.py", 1), structural("s", "broken.py", 2), structural("s", "a.py", 3)},
			want: []finding.Finding{ast("r", "a.py", 1), structural("s", "a.py", 3)},
		},
		{
			name: "min-severity warning drops info ast-grep findings, keeps warning and critical ones",
			p:    finding.MinSeverity(finding.Warning),
			in: []finding.Finding{at(finding.AstGrep, "i", finding.Info, "a.py", 1), at(finding.AstGrep, "w", finding.Warning, "a.py", 2),
				at(finding.AstGrep, "c", finding.Critical, "a.py", 3)},
			want: []finding.Finding{at(finding.AstGrep, "w", finding.Warning, "a.py", 2), at(finding.AstGrep, "c", finding.Critical, "a.py", 3)},
		},
		{
			name: "min-severity leaves info structural findings alone (configuration switches those rules)",
			p:    finding.MinSeverity(finding.Critical),
			in:   []finding.Finding{at(finding.Structural, "low-use-short-function", finding.Info, "a.py", 1)},
			want: []finding.Finding{at(finding.Structural, "low-use-short-function", finding.Info, "a.py", 1)},
		},
		{
			name: "min-severity info keeps everything",
			p:    finding.MinSeverity(finding.Info),
			in:   []finding.Finding{at(finding.AstGrep, "i", finding.Info, "a.py", 1)},
			want: []finding.Finding{at(finding.AstGrep, "i", finding.Info, "a.py", 1)},
		},
		{
			name: "ignore-directives drops the targeted findings of every kind",
			p:    finding.Ignores(func(f finding.Finding) bool { return on("r", "a.py", 1)(f) || on("s", "a.py", 2)(f) }),
			in:   []finding.Finding{ast("r", "a.py", 1), ast("q", "a.py", 1), structural("s", "a.py", 2), ast("r", "b.py", 1)},
			want: []finding.Finding{ast("q", "a.py", 1), ast("r", "b.py", 1)},
		},
		{
			name: "boundary-directives drops bounded ast-grep findings only",
			p:    finding.Boundaries(func(f finding.Finding) bool { return f.Path == "a.py" }),
			in:   []finding.Finding{ast("r", "a.py", 1), structural("s", "a.py", 1), ast("r", "b.py", 1)},
			want: []finding.Finding{structural("s", "a.py", 1), ast("r", "b.py", 1)},
		},
		{
			name: "min-file-count keeps a rule's findings in files that have enough of them, counting per file",
			p:    finding.MinFileCount(map[string]int{"r": 2}),
			in:   []finding.Finding{ast("r", "a.py", 1), ast("q", "b.py", 1), ast("r", "b.py", 2), ast("r", "a.py", 3)},
			want: []finding.Finding{ast("r", "a.py", 1), ast("q", "b.py", 1), ast("r", "a.py", 3)},
		},
		{
			name: "min-file-count of 1 or none drops nothing",
			p:    finding.MinFileCount(map[string]int{"r": 1}),
			in:   []finding.Finding{ast("r", "a.py", 1), ast("q", "a.py", 1)},
			want: []finding.Finding{ast("r", "a.py", 1), ast("q", "a.py", 1)},
		},
		{
			name: "sort orders by path, line, kind (ast-grep before structural) and rule, stably",
			p:    finding.Sorted(),
			in: []finding.Finding{structural("a", "a.py", 1), ast("z", "a.py", 1), ast("b", "b.py", 1), ast("a", "a.py", 2),
				{Kind: finding.AstGrep, RuleID: "z", Path: "a.py", Line: 1, Col: 9}},
			want: []finding.Finding{ast("z", "a.py", 1), {Kind: finding.AstGrep, RuleID: "z", Path: "a.py", Line: 1, Col: 9},
				structural("a", "a.py", 1), ast("a", "a.py", 2), ast("b", "b.py", 1)},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.p.Process(tc.in))
		})
	}
}

func TestProcessorList(t *testing.T) {
	cases := []struct {
		name   string
		policy finding.Policy
		want   []string
	}{
		{"the default policy: every filter, then the order",
			finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Warning},
			[]string{"in-parsed-files", "min-severity", "ignore-directives", "boundary-directives", "min-file-count", "sort"}},
		{"include-all: only what no policy turns off",
			finding.Policy{},
			[]string{"in-parsed-files", "sort"}},
		{"suppressions without thresholds",
			finding.Policy{Suppressions: true},
			[]string{"in-parsed-files", "ignore-directives", "boundary-directives", "sort"}},
		{"thresholds with every severity",
			finding.Policy{Thresholds: true, MinSeverity: finding.Info},
			[]string{"in-parsed-files", "min-severity", "min-file-count", "sort"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, finding.Names(finding.Processors(tc.policy, finding.Facts{})))
		})
	}
}

// The thresholds count what the directives left: a rule of min_file_count
// 2 with two findings in a file, one of them ignored, loses both; the
// findings come out in report order.
func TestProcessorsRunInOrder(t *testing.T) {
	facts := finding.Facts{
		Parsed:       func(string) bool { return true },
		Ignored:      on("r", "a.py", 5),
		Bounded:      func(finding.Finding) bool { return false },
		MinFileCount: map[string]int{"r": 2},
	}
	in := []finding.Finding{ast("r", "a.py", 5), ast("r", "a.py", 1), ast("q", "b.py", 1), structural("s", "a.py", 3), ast("q", "a.py", 3)}
	filtered := finding.Policy{Suppressions: true, Thresholds: true}
	assert.Equal(t, []finding.Finding{ast("q", "a.py", 3), structural("s", "a.py", 3), ast("q", "b.py", 1)},
		finding.Apply(append([]finding.Finding(nil), in...), finding.Processors(filtered, facts)))
	assert.Equal(t, []finding.Finding{ast("r", "a.py", 1), ast("q", "a.py", 3), structural("s", "a.py", 3), ast("r", "a.py", 5), ast("q", "b.py", 1)},
		finding.Apply(append([]finding.Finding(nil), in...), finding.Processors(finding.Policy{}, facts)),
		"without suppressions and thresholds only the order changes")
}

func TestKindAndSeverity(t *testing.T) {
	assert.Equal(t, []string{"clone", "ast-grep", "structural", "cyclomatic-complexity", "cognitive-complexity", "unknown"},
		[]string{finding.Clone.String(), finding.AstGrep.String(), finding.Structural.String(), finding.Cyclomatic.String(),
			finding.Cognitive.String(), finding.Kind(9).String()})
	assert.Less(t, finding.SeverityRank(finding.Info), finding.SeverityRank(finding.Warning))
	assert.Less(t, finding.SeverityRank(finding.Warning), finding.SeverityRank(finding.Critical))
	assert.Equal(t, finding.SeverityRank(finding.Info), finding.SeverityRank("hint"), "an unknown label ranks with info")
}
