package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/source"
)

func TestCatalogInfos(t *testing.T) {
	extra := writeRuleFile(t, t.TempDir(), "extra.yml", `id: extra-error
language: python
severity: error
message: Do not.
rule:
  pattern: pass
---
id: extra-bare
language: python
rule:
  pattern: x
---
id: extra-off
language: python
severity: off
docs: not a mapping
rule:
  pattern: y
`)
	cat, err := LoadCatalog([]string{extra})
	require.NoError(t, err)
	infos := cat.Infos()
	require.Len(t, infos, len(cat.Rules)+5, "every ast-grep rule, then the two structural rules and the three metric rules")
	byID := map[string]Info{}
	for _, in := range infos {
		byID[in.ID] = in
	}

	bc := byID["bool-comparison"]
	assert.Equal(t, "warning", bc.Severity)
	assert.Equal(t, "Equality comparison with a bool literal", bc.Title)
	assert.Equal(t, "Comparing with `==`/`!=` against True or False; test the value's truth directly.", bc.Message)
	assert.Contains(t, bc.Why, "`flag == True` and `flag != False` restate")
	assert.Contains(t, bc.Instead, "Write `if flag:` or `if not flag:`.")

	tests := []struct {
		id   string
		want Info
	}{
		{"extra-error", Info{ID: "extra-error", Severity: "critical", Title: "Do not.", Message: "Do not."}},
		{"extra-bare", Info{ID: "extra-bare", Severity: "info", Title: "extra-bare"}},
		{"extra-off", Info{ID: "extra-off", Severity: "off", Title: "extra-off"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, byID[tt.id], tt.id)
	}

	assert.Equal(t, TrivialWrapperID, infos[len(infos)-5].ID)
	assert.Equal(t, "warning", infos[len(infos)-5].Severity)
	assert.Equal(t, LowUseShortFunctionID, infos[len(infos)-4].ID)
	assert.Equal(t, "info", infos[len(infos)-4].Severity)
	assert.Equal(t, MetricInfos(), infos[len(infos)-3:])
	for _, in := range infos[:len(cat.Rules)] {
		if !strings.HasPrefix(in.ID, "extra-") {
			assert.NotEmpty(t, in.Why, "bundled rule %s documents why", in.ID)
		}
	}
}

// Each structural rule is one definition: the ids, the listing, the SARIF
// descriptions, `rule ID` and the findings agree on its id and severity.
func TestStructuralRulesDefinedOnce(t *testing.T) {
	cat := &Catalog{}
	require.Equal(t, append(slices.Clone(StructuralIDs), MetricIDs...), cat.IDs(), "an empty catalog lists the structural and metric rules only")
	entries, infos := cat.Entries(), cat.Infos()
	require.Len(t, entries, len(StructuralIDs)+len(MetricIDs))
	require.Len(t, infos, len(StructuralIDs)+len(MetricIDs))
	severities := map[string]string{TrivialWrapperID: "warning", LowUseShortFunctionID: "info"}
	for i, id := range StructuralIDs {
		assert.Equal(t, id, entries[i].ID)
		assert.Equal(t, id, infos[i].ID)
		assert.Equal(t, severities[id], entries[i].Severity, id)
		assert.Equal(t, severities[id], infos[i].Severity, id)
		doc, ok := cat.Lookup(id)
		require.True(t, ok, id)
		assert.Contains(t, doc, "\nseverity: "+severities[id]+"\n")
		assert.True(t, strings.HasSuffix(doc, "\nmessage: "+infos[i].Message), doc)
		r := lookupStructural(id)
		require.NotNil(t, r, id)
		f := r.finding(FileFacts{Path: "a.py"}, source.Callable{Name: "f", StartLine: 3, EndLine: 4}, "m", "fix")
		assert.Equal(t, []any{id, severities[id], 3, 4, "f"}, []any{f.RuleID, f.Severity, f.Line, f.EndLine, f.Subject})
	}
}

// Describe finds a rule by id or alias, with its examples from the rule
// file (bool-comparison.yml: three flagged snippets, four clean ones).
func TestDescribe(t *testing.T) {
	cat, err := LoadCatalog(nil)
	require.NoError(t, err)
	bc, ok := cat.Describe("bool-comparison")
	require.True(t, ok)
	assert.Equal(t, "Equality comparison with a bool literal", bc.Title)
	require.Len(t, bc.Flagged, 3)
	assert.Equal(t, "if user.is_active == True:\n    grant(user)\n", bc.Flagged[0])
	require.Len(t, bc.Clean, 4)
	assert.Equal(t, "both = left == right == True\n", bc.Clean[0])

	cc, ok := cat.Describe("erosion")
	require.True(t, ok, "a metric rule's alias names it")
	assert.Equal(t, CyclomaticComplexityID, cc.ID)
	assert.Empty(t, cc.Flagged)
	tw, ok := cat.Describe(TrivialWrapperID)
	require.True(t, ok)
	assert.Equal(t, "Function adds no behavior", tw.Title)

	_, ok = cat.Describe("no-such-rule")
	assert.False(t, ok)
}
