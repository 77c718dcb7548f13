package compat013

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/rules"
)

func TestWeighed(t *testing.T) {
	cat, err := rules.LoadCatalog(nil)
	require.NoError(t, err)
	w := Weighed(cat)
	require.Len(t, w.Rules, len(cat.Rules))
	assert.NotEqual(t, cat.Identity(), w.Identity())

	// Hand-picked bundled Python rules: weight 5, 6 and 1, one of them an
	// error rule in our catalog.
	byID := func(c *rules.Catalog) map[string]rules.Rule {
		m := map[string]rules.Rule{}
		for _, r := range c.Rules {
			m[r.ID] = r
		}
		return m
	}
	orig, got := byID(cat), byID(w)
	cases := []struct{ id, before, after string }{
		{"bool-comparison", "warning", "warning"},  // weight 5
		{"boolean-return-if-else", "info", "info"}, // weight 1
		{"bool-numeric-triple-guard", "", "info"},  // weight 1
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			if tc.before != "" {
				assert.Equal(t, tc.before, orig[tc.id].Severity)
			}
			assert.Equal(t, tc.after, got[tc.id].Severity)
			assert.Contains(t, got[tc.id].Doc, "\nseverity: "+tc.after+"\n")
		})
	}

	// Every bundled Python rule: no error left, each severity from its
	// weight; 197 rules as in 0.1.3.
	counts := map[string]int{}
	python := 0
	for _, r := range w.Rules {
		if r.Language != "python" {
			continue
		}
		python++
		counts[r.Severity]++
		wt, ok := rules.ScanField(r.Doc, "weight:")
		require.True(t, ok, r.ID)
		if wt == "1" {
			assert.Equal(t, "info", r.Severity, r.ID)
		} else {
			assert.Equal(t, "warning", r.Severity, r.ID)
		}
	}
	assert.Equal(t, 197, python)
	// 111 rules of weight 1, 83 of weight 5 and 3 of weight 6 (counted in
	// the rule files).
	assert.Equal(t, map[string]int{"info": 111, "warning": 86}, counts)
}
