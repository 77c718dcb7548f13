package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
)

// metricDoc is the shape of a metric rule's `scb-check rule ID` document.
type metricDoc struct {
	ID       string   `yaml:"id"`
	Aliases  []string `yaml:"aliases"`
	Severity string   `yaml:"severity"`
	Target   string   `yaml:"target"`
	Kind     string   `yaml:"kind"`
	Metric   string   `yaml:"metric"`
	Message  string   `yaml:"message"`
	Docs     struct {
		Title       string `yaml:"title"`
		Measures    string `yaml:"measures"`
		Threshold   int    `yaml:"threshold"`
		Why         string `yaml:"why"`
		Instead     string `yaml:"instead"`
		Suppression string `yaml:"suppression"`
	} `yaml:"docs"`
}

// Each metric rule is one definition: the ids, the listing, the SARIF
// descriptions and `rule ID` (under its id and its aliases) agree.
func TestMetricRulesDefinedOnce(t *testing.T) {
	cases := []struct {
		id, alias, metric string
		threshold         int
	}{
		{CyclomaticComplexityID, "erosion", "erosion", 10},
		{CognitiveComplexityID, "cog_erosion", "cog_erosion", 10},
		{DuplicateStructureID, "", "verbosity", 0},
	}
	cat := &Catalog{}
	require.Equal(t, []string{"cyclomatic-complexity", "cognitive-complexity", "duplicate-structure"}, MetricIDs)
	ids, entries, infos := cat.IDs(), cat.Entries(), cat.Infos()
	n := len(StructuralIDs)
	require.Len(t, entries, n+len(cases))
	require.Len(t, infos, n+len(cases))
	for i, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			assert.Equal(t, tc.id, ids[n+i])
			assert.Equal(t, Entry{ID: tc.id, Kind: KindMetric, Language: "any", Severity: "warning", Category: "metric", Source: SourceBuiltIn}, entries[n+i])
			info := infos[n+i]
			assert.Equal(t, tc.id, info.ID)
			assert.Equal(t, finding.Warning, info.Severity)
			assert.Equal(t, finding.Warning, MetricSeverity(tc.id))

			text, ok := cat.Lookup(tc.id)
			require.True(t, ok)
			var doc metricDoc
			require.NoError(t, yaml.Unmarshal([]byte(text), &doc), text)
			r := lookupMetric(tc.id)
			require.NotNil(t, r)
			assert.Equal(t, tc.id, doc.ID)
			assert.Equal(t, "warning", doc.Severity)
			assert.Equal(t, "symbol", doc.Target)
			assert.Equal(t, "metric", doc.Kind)
			assert.Equal(t, tc.metric, doc.Metric)
			assert.Equal(t, info.Message, doc.Message)
			assert.Equal(t, info.Title, doc.Docs.Title)
			assert.Equal(t, tc.threshold, doc.Docs.Threshold)
			// The folded docs read back as the rule's texts, and the
			// listing's Why and Instead are made of them.
			assert.Equal(t, r.Measures, doc.Docs.Measures)
			assert.Equal(t, r.Why, doc.Docs.Why)
			assert.Equal(t, r.Instead, doc.Docs.Instead)
			assert.Equal(t, r.Measures+" "+r.Why, info.Why)
			assert.Equal(t, r.Instead+" "+doc.Docs.Suppression, info.Instead)
			assert.Contains(t, doc.Docs.Suppression, "`scbc ignore["+tc.id+"] reason`")
			assert.Contains(t, doc.Docs.Suppression, "never changes a metric")
			assert.Contains(t, doc.Docs.Suppression, tc.metric)
			for _, line := range splitLines(text) {
				assert.LessOrEqual(t, len(line), docWidth+4, "folded: %q", line)
			}

			if tc.alias == "" {
				assert.Empty(t, doc.Aliases)
				return
			}
			assert.Equal(t, []string{tc.alias}, doc.Aliases)
			aliased, ok := cat.Lookup(tc.alias)
			require.True(t, ok, "rule %s is found under its alias", tc.alias)
			assert.Equal(t, text, aliased)
			assert.NotContains(t, ids, tc.alias, "an alias is no rule of its own")
		})
	}
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func TestCanonicalID(t *testing.T) {
	cases := []struct{ name, id, want string }{
		{"erosion is the old id of cyclomatic-complexity", "erosion", CyclomaticComplexityID},
		{"cog_erosion is the old id of cognitive-complexity", "cog_erosion", CognitiveComplexityID},
		{"a metric rule's id is its own", CyclomaticComplexityID, CyclomaticComplexityID},
		{"duplicate-structure kept its id", DuplicateStructureID, DuplicateStructureID},
		{"any other id is left alone", "for-range-len", "for-range-len"},
		{"an unknown id is left alone (validation rejects it)", "cog-erosion", "cog-erosion"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, CanonicalID(tc.id))
		})
	}
}

// A metric of the table that names a rule names a metric rule, and its
// key is that rule's old id; every complexity rule has such a metric.
func TestMetricTableNamesTheComplexityRules(t *testing.T) {
	var named []string
	for _, m := range metric.All {
		if m.Rule == "" {
			continue
		}
		named = append(named, m.Rule)
		assert.Contains(t, MetricIDs, m.Rule, m.Key)
		assert.Equal(t, m.Rule, CanonicalID(m.Key), m.Key)
	}
	assert.Equal(t, []string{CyclomaticComplexityID, CognitiveComplexityID}, named)
}
