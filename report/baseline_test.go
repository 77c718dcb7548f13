package report

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
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
		{"another schema version", `{"schema_version":3,"tool":"scb-check"}`,
			"baseline FILE: schema version 3, but this scb-check reads versions 1 and 2; write the baseline again with this version"},
		{"version 2 without its findings", `{"schema_version":2,"tool":"scb-check","files":[],"functions":[]}`,
			`baseline FILE: schema version 2 but no "findings"`},
		{"version 2 with a function in no file", `{"schema_version":2,"tool":"scb-check","files":["a.py"],"findings":[],` +
			`"functions":[{"path":"b.py","name":"f","kind":"function","line":1,"end_line":2}]}`,
			`baseline FILE: functions[0]: "b.py" is not among the files`},
		{"version 2 with a finding ending before it starts", `{"schema_version":2,"tool":"scb-check","files":["a.py"],"functions":[],` +
			`"findings":[{"rule":"r","path":"a.py","line":3,"end_line":2}]}`,
			`baseline FILE: findings[0]: lines 3-2 of a.py are no span`},
		{"version 2 with a clone without its group", `{"schema_version":2,"tool":"scb-check","files":["a.py"],"functions":[],` +
			`"findings":[{"rule":"duplicate-structure","path":"a.py","line":1,"end_line":2}]}`,
			`baseline FILE: findings[0]: a duplicate-structure finding without its group`},
		{"version 2 with a complexity finding on no function over the threshold", `{"schema_version":2,"tool":"scb-check","files":["a.py"],` +
			`"functions":[{"path":"a.py","name":"f","kind":"function","line":1,"end_line":2,"cc":10}],` +
			`"findings":[{"rule":"cyclomatic-complexity","path":"a.py","line":1,"end_line":2,"callable":"f"}]}`,
			`baseline FILE: findings[0]: cyclomatic-complexity at lines 1-2 of a.py: no function of that span is over the threshold`},
		{"version 2 listing a file twice", `{"schema_version":2,"tool":"scb-check","files":["a.py","a.py"],"functions":[],"findings":[]}`,
			`baseline FILE: files[1]: "a.py" is empty or listed twice`},
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

// A version 2 baseline is written as version 1's header, then its files,
// functions and findings one entry a line (no HTML escaping), and read
// back as it was.
func TestBaselineOfFindingsRoundTrip(t *testing.T) {
	b := &Baseline{
		SchemaVersion: BaselineVersion, Tool: ToolName, ToolVersion: "1.2.3", Settings: map[string]string{"path": "."},
		Metrics: Metrics{"total_functions": 2},
		Files:   []string{"a.py", "b.py"},
		Functions: []BaselineFunction{
			{Path: "a.py", Name: "f", Kind: "function", Line: 1, EndLine: 14, CC: 12, Cog: 3, SLOC: 9, Mass: 36, Body: "abc"},
			{Path: "a.py", Name: "f.<lambda>", Kind: "lambda", Line: 2, EndLine: 2, CC: 1, SLOC: 1, Mass: 1},
		},
		Findings: []BaselineFinding{
			{Rule: "cyclomatic-complexity", Path: "a.py", Line: 1, EndLine: 14, Callable: "f"},
			{Rule: "dict-get-default-none", Path: "a.py", Line: 2, EndLine: 2, Callable: "f.<lambda>", Match: "0011223344556677"},
		},
	}
	var buf bytes.Buffer
	require.NoError(t, WriteBaseline(&buf, b))
	want := `{
  "schema_version": 2,
  "tool": "scb-check",
  "tool_version": "1.2.3",
  "settings": {
    "path": "."
  },
  "metrics": {
    "verbosity": 0,
    "erosion": 0,
    "cog_erosion": 0,
    "files_scanned": 0,
    "total_loc": 0,
    "verbosity_flagged_loc": 0,
    "clone_loc": 0,
    "ast_grep_flagged_loc": 0,
    "structural_rule_loc": 0,
    "structural_rule_findings": 0,
    "total_functions": 2,
    "high_cc_functions": 0,
    "high_cog_functions": 0,
    "total_mass": 0,
    "high_cc_mass": 0,
    "total_cog_mass": 0,
    "high_cog_mass": 0,
    "syntax_tree_count": 0,
    "syntax_node_count": 0
  },
  "files": [
    "a.py",
    "b.py"
  ],
  "functions": [
    {"path":"a.py","name":"f","kind":"function","line":1,"end_line":14,"cc":12,"cog":3,"sloc":9,"mass":36,"body":"abc"},
    {"path":"a.py","name":"f.<lambda>","kind":"lambda","line":2,"end_line":2,"cc":1,"cog":0,"sloc":1,"mass":1}
  ],
  "findings": [
    {"rule":"cyclomatic-complexity","path":"a.py","line":1,"end_line":14,"callable":"f"},
    {"rule":"dict-get-default-none","path":"a.py","line":2,"end_line":2,"callable":"f.<lambda>","match":"0011223344556677"}
  ]
}
`
	assert.Equal(t, want, buf.String())

	path := filepath.Join(t.TempDir(), "base.json")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	back, err := ReadBaseline(path)
	require.NoError(t, err)
	b.Metrics = Metrics{}
	for _, k := range []string{"verbosity", "erosion", "cog_erosion", "files_scanned", "total_loc", "verbosity_flagged_loc", "clone_loc",
		"ast_grep_flagged_loc", "structural_rule_loc", "structural_rule_findings", "high_cc_functions", "high_cog_functions", "total_mass",
		"high_cc_mass", "total_cog_mass", "high_cog_mass", "syntax_tree_count", "syntax_node_count"} {
		b.Metrics[k] = 0
	}
	b.Metrics["total_functions"] = 2
	assert.Equal(t, b, back)
	assert.True(t, back.HasFindings())

	t.Run("empty lists are written as such", func(t *testing.T) {
		var buf bytes.Buffer
		empty := &Baseline{SchemaVersion: BaselineVersion, Tool: ToolName, Files: []string{"a.py"}}
		require.NoError(t, WriteBaseline(&buf, empty))
		assert.Contains(t, buf.String(), "  \"files\": [\n    \"a.py\"\n  ],\n  \"functions\": [],\n  \"findings\": []\n}\n")
	})
}

// A version 1 baseline (metrics only), as scb-check 0.2.0 wrote it, is
// still read, and records no findings.
func TestReadMetricsOnlyBaseline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"schema_version": 1, "tool": "scb-check", "tool_version": "0.2.0",
  "settings": {"path": "."}, "metrics": {"erosion": 0.25, "total_functions": 3}}`), 0o644))
	b, err := ReadBaseline(path)
	require.NoError(t, err)
	assert.Equal(t, MetricsBaselineVersion, b.SchemaVersion)
	assert.False(t, b.HasFindings())
	assert.Equal(t, Metrics{"erosion": 0.25, "total_functions": 3}, b.Metrics)
	_, err = b.Report()
	assert.EqualError(t, err, "schema version 1 records no functions or findings")
}

// The report a baseline records: its metrics, its files with their
// callables, its findings by kind, and an ignore directive for a function
// over a threshold whose finding the baseline does not hold.
func TestBaselineReport(t *testing.T) {
	b := &Baseline{
		SchemaVersion: BaselineVersion, Metrics: Metrics{"erosion": 0.5, "total_functions": 3},
		Files: []string{"a.py", "b.py"},
		Functions: []BaselineFunction{
			{Path: "a.py", Name: "C.big", Kind: "method", Line: 1, EndLine: 30, CC: 12, Cog: 11, SLOC: 25, Mass: 60, Body: "h1"},
			{Path: "b.py", Name: "copy", Kind: "function", Line: 1, EndLine: 5, CC: 1, SLOC: 5, Mass: 2.2, Body: "h2"},
			{Path: "a.py", Name: "copy", Kind: "function", Line: 33, EndLine: 37, CC: 1, SLOC: 5, Mass: 2.2, Body: "h2"},
		},
		Findings: []BaselineFinding{
			// big's cognitive complexity (11) has no finding: hidden.
			{Rule: "cyclomatic-complexity", Path: "a.py", Line: 1, EndLine: 30, Callable: "C.big"},
			{Rule: "trivial-wrapper", Path: "a.py", Line: 2, EndLine: 2, Callable: "C.big"},
			{Rule: "duplicate-structure", Path: "a.py", Line: 33, EndLine: 37, Callable: "copy", Group: "h2"},
			{Rule: "dict-get-default-none", Path: "b.py", Line: 3, EndLine: 3, Callable: "copy", Match: "00"},
			{Rule: "duplicate-structure", Path: "b.py", Line: 1, EndLine: 5, Callable: "copy", Group: "h2"},
		},
	}
	r, err := b.Report()
	require.NoError(t, err)
	v, _ := r.Value("erosion")
	assert.Equal(t, 0.5, v)
	_, ok := r.Value("dir")
	assert.False(t, ok, "a baseline records no dir")
	require.Len(t, r.Files, 2)
	assert.Equal(t, []Callable{
		{Name: "C.big", QualifiedName: "C.big", Kind: "method", StartLine: 1, EndLine: 30, SLOC: 25, CC: 12, Cog: 11, CCMass: 60, Body: "h1",
			Ignored: []string{"cognitive-complexity"}},
		{Name: "copy", QualifiedName: "copy", Kind: "function", StartLine: 33, EndLine: 37, SLOC: 5, CC: 1, CCMass: 2.2, Body: "h2"},
	}, r.Files[0].Callables)
	assert.Equal(t, "b.py", r.Files[1].Path)
	assert.Len(t, r.Files[1].Callables, 1)
	assert.Equal(t, []CloneBlock{
		{Path: "a.py", StartLine: 33, EndLine: 37, Group: "h2", Instances: 2},
		{Path: "b.py", StartLine: 1, EndLine: 5, Group: "h2", Instances: 2},
	}, r.CloneBlocks)
	require.Len(t, r.Findings, 2)
	assert.Equal(t, finding.Structural, r.Findings[0].Kind)
	assert.Equal(t, finding.AstGrep, r.Findings[1].Kind)
	var rules []string
	for _, f := range r.Issues(0) {
		rules = append(rules, f.RuleID+" "+f.Path+":"+strconv.Itoa(f.Line))
	}
	assert.Equal(t, []string{
		"duplicate-structure a.py:33", "duplicate-structure b.py:1", "trivial-wrapper a.py:2", "dict-get-default-none b.py:3",
		"cyclomatic-complexity a.py:1",
	}, rules, "the baseline's five findings, the hidden cognitive one left out")
}
