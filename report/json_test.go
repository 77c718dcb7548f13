package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/reuse"
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
		`"syntax_by_language":{"python":{"tree_count":1,"node_count":57},"rust":{"tree_count":1,"node_count":13}},` +
		`"dir":null,"dir_exported":0,"dir_used":0,"dir_with_tests":null,"dir_reachable":null,"dir_lenient":null,` +
		`"mcf":null,"if50":null}` + "\n"
	assert.Equal(t, want, b.String())
	assert.NotContains(t, b.String(), "-0")

	var decoded map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &decoded), "the output is valid JSON")
	assert.Len(t, decoded, 28, "the reference report's 20 keys and our 8")
}

func TestWriteJSONNoLanguages(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, &Report{}))
	assert.Contains(t, b.String(), `"syntax_by_language":{},"dir":null`)
}

// DIR values, integers and MCF/IF50 follow the reference's float format;
// a reachable variant without entry modules stays null.
func TestWriteJSONDIR(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	r := &Report{
		DIR: &reuse.Result{Dir: f(0.4), Exported: 5, Used: 2, WithTests: f(0.6), Lenient: f(1)},
		MCF: &reuse.MCF{Value: 3}, IF50: f(0.575),
	}
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, r))
	assert.True(t, strings.HasSuffix(b.String(),
		`"dir":0.4,"dir_exported":5,"dir_used":2,"dir_with_tests":0.6,"dir_reachable":null,"dir_lenient":1.0,"mcf":3.0,"if50":0.575}`+"\n"),
		b.String())
}

// Language names are written as serde_json writes strings, so the report
// stays valid JSON whatever a name holds (strconv.Quote wrote Go escapes
// such as \x00, which JSON does not have).
func TestWriteJSONEscapesStrings(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want string
	}{
		{"plain", "python", `"python"`},
		{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
		{"short escapes", "\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"other control characters as lowercase \\u00xx", "\x00\x1b\x1f", `"\u0000\u001b\u001f"`},
		{"delete and non-ASCII as is", "\x7fé\u2028😀", "\"\x7fé\u2028😀\""},
		{"each invalid byte is U+FFFD", "a\xff\xfeb", "\"a\ufffd\ufffdb\""},
		{"a cut sequence is one U+FFFD per byte", "\xe2\x82", "\"\ufffd\ufffd\""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeString(&b, tc.in)
			assert.Equal(t, tc.want, b.String())
			var back string
			require.NoError(t, json.Unmarshal([]byte(b.String()), &back), "valid JSON")
			var again strings.Builder
			writeString(&again, back)
			assert.Equal(t, tc.want, again.String(), "read back and written again")
		})
	}
}
