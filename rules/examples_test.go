package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
)

// examples are a rule's own test snippets.
type examples struct {
	Invalid []string `yaml:"invalid"`
	Valid   []string `yaml:"valid"`
}

// exampleDoc is what the examples test reads from a rule document: its
// examples and whether it declares metadata.matches_nothing, a rule that
// on purpose flags nothing at all (it has valid examples only, and none of
// any rule's examples may be flagged by it).
type exampleDoc struct {
	Metadata struct {
		MatchesNothing bool `yaml:"matches_nothing"`
	} `yaml:"metadata"`
	Examples examples `yaml:"examples"`
}

// ruleExamples reads the examples of a rule document.
func ruleExamples(r Rule) (exampleDoc, error) {
	var doc exampleDoc
	err := yaml.Unmarshal([]byte(r.Doc), &doc)
	return doc, err
}

// example is one snippet written to its own file.
type example struct {
	rule  string
	kind  string // "invalid" or "valid"
	index int
}

func (e example) String() string { return fmt.Sprintf("%s: examples.%s[%d]", e.rule, e.kind, e.index) }

// exampleFailures runs the examples of rules through ast-grep in one
// process, every example in its own file, and returns one message per
// failure: an invalid example with no finding of its rule, a valid example
// with one, and any finding of a rule declaring metadata.matches_nothing
// in any rule's example. A rule that ast-grep rejects is a failure of its
// own; the others still run.
func exampleFailures(t *testing.T, scanner *Scanner, rules []Rule) []string {
	t.Helper()
	var failures []string
	dir := t.TempDir()
	byFile := map[string]example{}
	matchesNothing := map[string]bool{}
	var files []string
	for i, r := range rules {
		doc, err := ruleExamples(r)
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: cannot read its examples: %v", r.ID, err))
			continue
		}
		matchesNothing[r.ID] = doc.Metadata.MatchesNothing
		ex := doc.Examples
		for kind, snippets := range map[string][]string{"invalid": ex.Invalid, "valid": ex.Valid} {
			for j, code := range snippets {
				f := filepath.Join(dir, fmt.Sprintf("%03d-%s-%s-%d.%s", i, r.ID, kind, j, exampleExt(r)))
				require.NoError(t, os.WriteFile(f, []byte(code), 0o644))
				byFile[f] = example{rule: r.ID, kind: kind, index: j}
				files = append(files, f)
			}
		}
	}
	sort.Strings(files)

	findings, err := scanner.Scan(context.Background(), (&Catalog{Rules: rules}).Active(SeverityHint), files)
	if err != nil {
		// Name the rules ast-grep rejects (one process each, on failure
		// only), then run the others together again.
		var accepted []Rule
		for _, r := range rules {
			empty := filepath.Join(t.TempDir(), "empty."+exampleExt(r))
			require.NoError(t, os.WriteFile(empty, nil, 0o644))
			if _, rerr := scanner.Scan(context.Background(), (&Catalog{Rules: []Rule{r}}).Active(SeverityHint), []string{empty}); rerr != nil {
				failures = append(failures, fmt.Sprintf("%s: ast-grep rejects the rule: %v", r.ID, rerr))
				continue
			}
			accepted = append(accepted, r)
		}
		if len(accepted) == len(rules) || len(accepted) == 0 {
			return append(failures, fmt.Sprintf("the examples scan failed: %v", err))
		}
		findings, err = scanner.Scan(context.Background(), (&Catalog{Rules: accepted}).Active(SeverityHint), files)
		if err != nil {
			return append(failures, fmt.Sprintf("the examples scan failed without the rejected rules: %v", err))
		}
		rules = accepted
	}

	own := map[string][]finding.Finding{} // file -> findings of the file's own rule
	for _, f := range findings {
		ex, ok := byFile[f.Path]
		if ok && ex.rule == f.RuleID {
			own[f.Path] = append(own[f.Path], f)
		} else if ok && matchesNothing[f.RuleID] {
			failures = append(failures, fmt.Sprintf("%s matches nothing and flags %s at line %d %q", f.RuleID, ex, f.Line, f.Text))
		}
	}
	ran := map[string]bool{}
	for _, r := range rules {
		ran[r.ID] = true
	}
	for _, f := range files {
		ex := byFile[f]
		if !ran[ex.rule] {
			continue
		}
		switch got := own[f]; {
		case ex.kind == "invalid" && len(got) == 0:
			failures = append(failures, fmt.Sprintf("%s must be flagged by %s and is not", ex, ex.rule))
		case ex.kind == "valid" && len(got) > 0:
			var lines []string
			for _, g := range got {
				lines = append(lines, fmt.Sprintf("line %d %q", g.Line, g.Text))
			}
			failures = append(failures, fmt.Sprintf("%s must not be flagged by %s and is, at %s", ex, ex.rule, strings.Join(lines, ", ")))
		}
	}
	sort.Strings(failures)
	return failures
}

func TestRuleExamples(t *testing.T) {
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: 5 * time.Minute}
	cat, err := LoadCatalog(nil)
	require.NoError(t, err)
	for _, f := range exampleFailures(t, scanner, cat.Rules) {
		t.Error(f)
	}
}

// TestExampleChecker checks the examples test itself on a correct rule, a
// rule whose examples contradict it, and a rule ast-grep rejects.
func TestExampleChecker(t *testing.T) {
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}
	cat, err := LoadCatalog(nil)
	require.NoError(t, err)
	rangeLen, ok := cat.byID()["for-range-len"]
	require.True(t, ok)
	emptyDefault, ok := cat.byID()["dict-get-empty-string-default"]
	require.True(t, ok)

	broken := `id: broken-print
language: python
severity: info
message: print call
rule:
  pattern: print($X)
examples:
  invalid:
    - print(1)
    - x = 1
  valid:
    - print(2)
    - y = 2
---
id: rejected-kind
language: python
severity: warning
message: no such kind
rule:
  kind: not_a_node_kind
examples:
  invalid:
    - pass
  valid:
    - x = 1
---
id: said-nothing-len
language: python
severity: warning
message: a len call
metadata:
  matches_nothing: true
rule:
  pattern: len($X)
examples:
  valid:
    - x = 1
    - n = len(rows)
`
	extra, errs := parseRuleFile("broken.yml", "broken.yml", []byte(broken))
	require.Empty(t, errs)
	require.Len(t, extra, 3)

	cases := []struct {
		name  string
		rules []Rule
		want  []string // prefixes of the failures, sorted
	}{
		{"for-range-len's examples hold", []Rule{rangeLen}, nil},
		{"contradicting examples are named by rule and index", []Rule{rangeLen, extra[0]}, []string{
			"broken-print: examples.invalid[1] must be flagged by broken-print and is not",
			"broken-print: examples.valid[0] must not be flagged by broken-print and is, at line 1 \"print(2)\"",
		}},
		{"a rule ast-grep rejects is named and the others still run", []Rule{rangeLen, extra[0], extra[1]}, []string{
			"broken-print: examples.invalid[1] must be flagged by broken-print and is not",
			"broken-print: examples.valid[0] must not be flagged by broken-print and is, at line 1 \"print(2)\"",
			"rejected-kind: ast-grep rejects the rule: ast-grep failed",
		}},
		{"a rule that matches nothing and flags nothing passes", []Rule{rangeLen, emptyDefault}, nil},
		{"a rule declared to match nothing fails on its own and other rules' examples", []Rule{rangeLen, extra[2]}, []string{
			"said-nothing-len matches nothing and flags for-range-len: examples.invalid[0] at line 2 \"len(items)\"",
			"said-nothing-len matches nothing and flags for-range-len: examples.invalid[1] at line 1 \"len(rows)\"",
			"said-nothing-len matches nothing and flags for-range-len: examples.valid[2] at line 1 \"len(items)\"",
			"said-nothing-len: examples.valid[1] must not be flagged by said-nothing-len and is, at line 1 \"len(rows)\"",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := exampleFailures(t, scanner, tc.rules)
			require.Len(t, got, len(tc.want), "failures: %q", got)
			for i := range tc.want {
				assert.True(t, strings.HasPrefix(got[i], tc.want[i]), "failure %q, want prefix %q", got[i], tc.want[i])
			}
		})
	}
}

// exampleExt is the file extension an example of the rule is written
// with: its language's first.
func exampleExt(r Rule) string {
	if spec := lang.ForAstGrep(r.Language); spec != nil {
		return spec.Extensions[0]
	}
	return "txt"
}
