package report

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBaselineRoundTrip(t *testing.T) {
	tenth, fifth := 0.1, 0.2 // variables: their float sum is 0.30000000000000004
	r := &Report{Verbosity: 1.0 / 3, Erosion: tenth + fifth, CogErosion: math.Copysign(0, -1), TotalMass: math.Sqrt2,
		FilesScanned: 2, TotalLOC: 13, HighCCFunctions: 1, SyntaxNodeCount: 81}
	b := NewBaseline(r, "1.2.3", map[string]string{"path": ".", "include_all": "false"})
	var buf bytes.Buffer
	require.NoError(t, WriteBaseline(&buf, b))
	want := `{
  "schema_version": 1,
  "tool": "scb-check",
  "tool_version": "1.2.3",
  "settings": {
    "include_all": "false",
    "path": "."
  },
  "metrics": {
    "verbosity": 0.3333333333333333,
    "erosion": 0.30000000000000004,
    "cog_erosion": 0,
    "files_scanned": 2,
    "total_loc": 13,
    "verbosity_flagged_loc": 0,
    "clone_loc": 0,
    "ast_grep_flagged_loc": 0,
    "structural_rule_loc": 0,
    "structural_rule_findings": 0,
    "total_functions": 0,
    "high_cc_functions": 1,
    "high_cog_functions": 0,
    "total_mass": 1.4142135623730951,
    "high_cc_mass": 0,
    "total_cog_mass": 0,
    "high_cog_mass": 0,
    "syntax_tree_count": 0,
    "syntax_node_count": 81
  }
}
`
	assert.Equal(t, want, buf.String())

	path := filepath.Join(t.TempDir(), "base.json")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	back, err := ReadBaseline(path)
	require.NoError(t, err)
	assert.Equal(t, b, back, "floats read back exactly")
	assert.Equal(t, r.Erosion, back.Metrics["erosion"])
}

func TestReadBaselineRefuses(t *testing.T) {
	tests := []struct {
		name, content, want string
	}{
		{"not JSON", "{", "baseline FILE: not JSON: unexpected end of JSON input"},
		{"an empty file", "", "baseline FILE: not JSON: unexpected end of JSON input"},
		{"a JSON report", `{"verbosity":0.0,"erosion":0.0}`,
			"baseline FILE: this is a JSON report, which records no tool version or settings; write the baseline with WriteBaseline instead"},
		{"some other JSON", `{"a":1}`, "baseline FILE: not a baseline written by scb-check (no schema_version)"},
		{"another tool", `{"schema_version":1,"tool":"other"}`, `baseline FILE: written by "other", not by scb-check`},
		{"another schema version", `{"schema_version":2,"tool":"scb-check"}`,
			"baseline FILE: schema version 2, but this scb-check reads version 1; write the baseline again with this version"},
		{"a wrong type", `{"schema_version":1,"tool":"scb-check","metrics":{"erosion":"high"}}`,
			"baseline FILE: metrics.erosion: json: cannot unmarshal string into Go value of type float64"},
		{"a count that is not whole", `{"schema_version":1,"tool":"scb-check","metrics":{"total_loc":1.5}}`,
			"baseline FILE: metrics.total_loc: json: cannot unmarshal number 1.5 into Go value of type int"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "b.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.content), 0o644))
			_, err := ReadBaseline(path)
			require.Error(t, err)
			assert.Equal(t, tt.want, replacePath(err.Error(), path))
		})
	}
	t.Run("a missing file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "none.json")
		_, err := ReadBaseline(path)
		require.Error(t, err)
		assert.True(t, errors.Is(err, os.ErrNotExist))
		assert.Contains(t, err.Error(), path)
	})
}

func replacePath(s, path string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte(path), []byte("FILE")))
}

func TestBaselineCheckCompatible(t *testing.T) {
	base := &Baseline{ToolVersion: "1.0.0", Settings: map[string]string{
		"path": ".", "include_all": "false", "ast_grep": "0.44.0", "old": "x",
	}}
	tests := []struct {
		name     string
		version  string
		settings map[string]string
		want     string // "" for compatible
	}{
		{"same version and settings", "1.0.0", map[string]string{"path": ".", "include_all": "false", "ast_grep": "0.44.0", "old": "x"}, ""},
		{"another version", "1.0.1", base.Settings,
			"refused: it was written by scb-check 1.0.0 and this is scb-check 1.0.1; write it again with this version"},
		{"other settings, each named with both values", "1.0.0", map[string]string{"path": "src", "include_all": "true", "ast_grep": "", "new": "y"},
			"refused: it was written with other settings (ast_grep is 0.44.0 there, \"\" here; include_all is false there, true here; " +
				"new is not recorded there, y here; old is x there, not set here; path is . there, src here); write it again with this run's settings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := base.CheckCompatible(tt.version, tt.settings)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrBaselineMismatch)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}
