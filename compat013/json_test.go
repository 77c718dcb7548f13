package compat013

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
)

func TestPythonRepr(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0.0"},
		{1, "1.0"},
		{0.5, "0.5"},
		{0.2866756393001346, "0.2866756393001346"},
		{0.30000000000000004, "0.30000000000000004"},
		{0.0001, "0.0001"},
		{0.00001, "1e-05"},
		{0.000015, "1.5e-05"},
		{1.234e-7, "1.234e-07"},
		{1e-100, "1e-100"},
		{123456789012345.6, "123456789012345.6"},
		{1234567890123456, "1234567890123456.0"},
		{1e16, "1e+16"},
		{1.5e17, "1.5e+17"},
		{math.Copysign(0, -1), "-0.0"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "Infinity"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			assert.Equal(t, tc.want, pythonRepr(tc.in))
		})
	}
}

// TestWriteJSON checks the bytes against reports whose output was
// written out by hand from 0.1.3 §12.
func TestWriteJSON(t *testing.T) {
	cases := []struct {
		name string
		r    report.Report
		want string
	}{
		{
			name: "no functions: every mass the integer 0",
			r:    report.Report{FilesScanned: 1, TotalLOC: 3},
			want: `{"verbosity": 0.0, "erosion": 0.0, "cog_erosion": 0.0, "files_scanned": 1, "total_loc": 3, ` +
				`"verbosity_flagged_loc": 0, "clone_loc": 0, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 0, ` +
				`"trivial_wrappers": 0, "total_functions": 0, "high_cc_functions": 0, "high_cog_functions": 0, ` +
				`"total_mass": 0, "high_cc_mass": 0, "total_cog_mass": 0, "high_cog_mass": 0}`,
		},
		{
			name: "functions but none high: total masses floats, high masses 0",
			r: report.Report{Verbosity: 0.25, FilesScanned: 2, TotalLOC: 8, VerbosityFlaggedLOC: 2, CloneLOC: 1,
				AstGrepFlaggedLOC: 1, StructuralRuleLOC: 2, StructuralRuleFindings: 1, TotalFunctions: 2,
				TotalMass: 4, TotalCogMass: 2.8284271247461903},
			want: `{"verbosity": 0.25, "erosion": 0.0, "cog_erosion": 0.0, "files_scanned": 2, "total_loc": 8, ` +
				`"verbosity_flagged_loc": 2, "clone_loc": 1, "ast_grep_flagged_loc": 1, "trivial_wrapper_loc": 2, ` +
				`"trivial_wrappers": 1, "total_functions": 2, "high_cc_functions": 0, "high_cog_functions": 0, ` +
				`"total_mass": 4.0, "high_cc_mass": 0, "total_cog_mass": 2.8284271247461903, "high_cog_mass": 0}`,
		},
		{
			name: "a high function: its masses floats, a tiny share in exponent form",
			r: report.Report{Verbosity: 0.00001, Erosion: 0.9, CogErosion: 1, FilesScanned: 1, TotalLOC: 100000,
				VerbosityFlaggedLOC: 1, AstGrepFlaggedLOC: 1, TotalFunctions: 1, HighCCFunctions: 1, HighCogFunctions: 1,
				TotalMass: 40, HighCCMass: 36, TotalCogMass: 12, HighCogMass: 12},
			want: `{"verbosity": 1e-05, "erosion": 0.9, "cog_erosion": 1.0, "files_scanned": 1, "total_loc": 100000, ` +
				`"verbosity_flagged_loc": 1, "clone_loc": 0, "ast_grep_flagged_loc": 1, "trivial_wrapper_loc": 0, ` +
				`"trivial_wrappers": 0, "total_functions": 1, "high_cc_functions": 1, "high_cog_functions": 1, ` +
				`"total_mass": 40.0, "high_cc_mass": 36.0, "total_cog_mass": 12.0, "high_cog_mass": 12.0}`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteJSON(&b, &tc.r))
			assert.Equal(t, tc.want, b.String())
		})
	}
}

// The scopes key is written, last and in 0.1.3's style, only when the run
// named a scope: the 0.1.3 JSON of a default run keeps its 17 keys.
func TestWriteJSONScopes(t *testing.T) {
	r := &report.Report{FilesScanned: 2, TotalLOC: 10, Scopes: &report.Scopes{
		Production: &report.Report{Verbosity: 0.5, FilesScanned: 1, TotalLOC: 6, VerbosityFlaggedLOC: 3, StructuralRuleLOC: 3},
		Tests:      &report.Report{FilesScanned: 1, TotalLOC: 4},
	}}
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, r))
	assert.NotContains(t, b.String(), "scopes")
	assert.Equal(t, 17, bytes.Count(b.Bytes(), []byte(": ")))

	r.Scope = lang.ScopeAll
	b.Reset()
	require.NoError(t, WriteJSON(&b, r))
	assert.Contains(t, b.String(), `"high_cog_mass": 0, "scopes": {"production": {"verbosity": 0.5, "erosion": 0.0, `+
		`"cog_erosion": 0.0, "files_scanned": 1, "total_loc": 6, "verbosity_flagged_loc": 3, "clone_loc": 0, `+
		`"ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 3, "total_functions": 0, "high_cc_functions": 0}, `+
		`"tests": {"verbosity": 0.0, "erosion": 0.0, "cog_erosion": 0.0, "files_scanned": 1, "total_loc": 4, `+
		`"verbosity_flagged_loc": 0, "clone_loc": 0, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 0, `+
		`"total_functions": 0, "high_cc_functions": 0}}}`)
}
