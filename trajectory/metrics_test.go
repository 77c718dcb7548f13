package trajectory

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/metric"
)

// Every trended metric of the table reaches every output of a
// trajectory: the summary, each point's deltas, the CSV (a value column
// for every metric, a delta column for each trended one), the human
// table and the chart.
func TestEveryTrendedMetricIsInEveryOutput(t *testing.T) {
	tr := sampleTrajectory()
	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, tr))
	var doc struct {
		Points []struct {
			Delta map[string]*float64 `json:"delta"`
		} `json:"points"`
		Summary map[string]json.RawMessage `json:"summary"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &doc))

	var c bytes.Buffer
	require.NoError(t, WriteCSV(&c, tr))
	rows, err := csv.NewReader(&c).ReadAll()
	require.NoError(t, err)
	header := rows[0]

	var h bytes.Buffer
	require.NoError(t, WriteHuman(&h, tr))
	table := strings.Fields(strings.Split(h.String(), "\n")[2])

	var trends []string
	for _, s := range tr.Summary.Trends {
		trends = append(trends, s.Metric)
	}
	keys := metric.Keys(metric.Trended())
	assert.Equal(t, keys, trends, "the summary's trends")
	assert.Equal(t, keys, chartOf(t, tr).series, "the chart's lines")
	assert.Equal(t, keys, table[2:2+len(keys)], "the human table's columns, after # and checkpoint")
	for _, k := range keys {
		assert.Contains(t, doc.Summary, k, "JSON summary")
		assert.Contains(t, doc.Points[0].Delta, k, "JSON delta")
		assert.Contains(t, header, "delta_"+k, "CSV delta column")
	}
	for _, m := range metric.All {
		assert.Contains(t, header, m.Key, "CSV value column")
	}
}
