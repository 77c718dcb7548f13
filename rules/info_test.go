package rules

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.Len(t, infos, len(cat.Rules)+2, "every ast-grep rule, then the two structural rules")
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

	assert.Equal(t, TrivialWrapperID, infos[len(infos)-2].ID)
	assert.Equal(t, "warning", infos[len(infos)-2].Severity)
	assert.Equal(t, LowUseShortFunctionID, infos[len(infos)-1].ID)
	assert.Equal(t, "info", infos[len(infos)-1].Severity)
	for _, in := range infos[:len(cat.Rules)] {
		if !strings.HasPrefix(in.ID, "extra-") {
			assert.NotEmpty(t, in.Why, "bundled rule %s documents why", in.ID)
		}
	}
}
