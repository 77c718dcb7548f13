package reuse_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/reuse"
)

func TestLoadMCF(t *testing.T) {
	cases := []struct {
		name    string
		json    string
		want    float64
		comps   int
		wantErr []string
	}{
		{name: "a given mean is taken as it is", json: `{"mcf": 3.1}`, want: 3.1},
		{name: "component scores are averaged", json: `{"components":[{"id":"C1","score":4,"evidence":"x"},{"id":"C2","score":1},{"id":"C3","score":2}],"rubric_version":"v1","judge":"human"}`, want: 7.0 / 3, comps: 3},
		{name: "a score outside 0-4 names the component", json: `{"components":[{"id":"C1","score":5}]}`, wantErr: []string{"components[0] (C1): score 5 is not an integer level from 0 to 4"}},
		{name: "a fractional score names the component", json: `{"components":[{"id":"C1","score":4},{"id":"C2","score":2.5}]}`, wantErr: []string{"components[1] (C2): score 2.5"}},
		{name: "every bad component is reported", json: `{"components":[{"score":1},{"id":"A","score":-1},{"id":"A","score":1}]}`, wantErr: []string{"components[0]: missing \"id\"", "components[1] (A): score -1", "components[2] (A): id repeats components[1]"}},
		{name: "a missing score names the component", json: `{"components":[{"id":"C9"}]}`, wantErr: []string{"components[0] (C9): missing \"score\""}},
		{name: "a mean outside 0-4 is refused", json: `{"mcf": 4.5}`, wantErr: []string{`"mcf": 4.5 is outside 0-4`}},
		{name: "both forms at once are refused", json: `{"mcf": 3, "components":[{"id":"C1","score":3}]}`, wantErr: []string{"not both"}},
		{name: "no scores are refused", json: `{"judge":"x"}`, wantErr: []string{"no scores"}},
		{name: "an empty component list is refused", json: `{"components":[]}`, wantErr: []string{`"components" is empty`}},
		{name: "an unknown key is named", json: `{"mcf": 3, "score": 2}`, wantErr: []string{`unknown field "score"`}},
		{name: "malformed JSON gives the line", json: "{\n\"mcf\": 3,,\n}", wantErr: []string{"line 2"}},
		{name: "a wrong type gives the line", json: "{\n\"mcf\": \"high\"\n}", wantErr: []string{"line 2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "scores.json")
			require.NoError(t, os.WriteFile(path, []byte(tc.json), 0o644))
			got, err := reuse.LoadMCF(path)
			if tc.wantErr != nil {
				require.Error(t, err)
				for _, w := range tc.wantErr {
					assert.Contains(t, err.Error(), w)
				}
				assert.Contains(t, err.Error(), path)
				return
			}
			require.NoError(t, err)
			assert.InDelta(t, tc.want, got.Value, 1e-12)
			assert.Len(t, got.Components, tc.comps)
		})
	}
	_, err := reuse.LoadMCF(filepath.Join(t.TempDir(), "missing.json"))
	assert.ErrorContains(t, err, "missing.json: failed to read MCF scores")
}

// IF50 = 0.5*(MCF/4) + 0.5*DIR; the DIR spec's check on SLUMP's aggregate
// numbers (Codex single-shot MCF 3.245, DIR 0.289) gives 0.5501.
func TestIF50(t *testing.T) {
	dir := 0.289
	got := reuse.IF50(&reuse.MCF{Value: 3.245}, &dir)
	require.NotNil(t, got)
	assert.InDelta(t, 0.5*3.245/4+0.5*0.289, *got, 1e-15)
	assert.InDelta(t, 0.5501, *got, 5e-5)
	assert.Nil(t, reuse.IF50(nil, &dir), "no MCF, no IF50")
	assert.Nil(t, reuse.IF50(&reuse.MCF{Value: 3}, nil), "null DIR, no IF50")
}
