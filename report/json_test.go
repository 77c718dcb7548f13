package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteJSONKeyOrderAndFormat(t *testing.T) {
	r := &Report{
		Verbosity: 1, Erosion: math.Copysign(0, -1), FilesScanned: 2, TotalLOC: 8, TotalFunctions: 2,
		TotalMass: 4, SyntaxTreeCount: 2, SyntaxNodeCount: 70,
		SyntaxByLanguage: []LanguageSyntax{{"python", 1, 57}, {"rust", 1, 13}},
	}
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, r))
	want := `{"verbosity":1.0,"erosion":0.0,"cog_erosion":0.0,"files_scanned":2,"total_loc":8,` +
		`"verbosity_flagged_loc":0,"clone_loc":0,"ast_grep_flagged_loc":0,"structural_rule_loc":0,` +
		`"structural_rule_findings":0,"total_functions":2,"high_cc_functions":0,"high_cog_functions":0,` +
		`"total_mass":4.0,"high_cc_mass":0.0,"total_cog_mass":0.0,"high_cog_mass":0.0,` +
		`"syntax_tree_count":2,"syntax_node_count":70,` +
		`"syntax_by_language":{"python":{"tree_count":1,"node_count":57},"rust":{"tree_count":1,"node_count":13}}}` + "\n"
	assert.Equal(t, want, b.String())
	assert.NotContains(t, b.String(), "-0")

	var decoded map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &decoded), "the output is valid JSON")
	assert.Len(t, decoded, 20, "the reference report has 20 keys")
}

func TestWriteJSONNoLanguages(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, &Report{}))
	assert.True(t, strings.HasSuffix(b.String(), `"syntax_by_language":{}}`+"\n"))
}
