package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
)

// scoped is a report of 3 files, 2 of them production code, with its
// scopes' numbers.
func scoped() *Report {
	prod := &Report{Verbosity: 0.25, Erosion: 0.5, CogErosion: 0.125, FilesScanned: 2, TotalLOC: 1200,
		VerbosityFlaggedLOC: 300, CloneLOC: 200, AstGrepFlaggedLOC: 90, StructuralRuleLOC: 10,
		StructuralRuleFindings: 4, TotalFunctions: 40, HighCCFunctions: 3, TotalMass: 99}
	tests := &Report{FilesScanned: 1, TotalLOC: 8, TotalFunctions: 1}
	return &Report{Verbosity: 0.2, Erosion: 0.4, FilesScanned: 3, TotalLOC: 1208, TotalFunctions: 41, HighCCFunctions: 3,
		Scopes: &Scopes{Production: prod, Tests: tests}}
}

// The JSON report ends with the scopes key: production then tests, each
// with the numbers of metric.Scoped in table order (no mass, no
// structural_rule_findings).
func TestWriteJSONScopes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, scoped()))
	want := `,"if50":null,"scopes":{"production":{"verbosity":0.25,"erosion":0.5,"cog_erosion":0.125,` +
		`"files_scanned":2,"total_loc":1200,"verbosity_flagged_loc":300,"clone_loc":200,"ast_grep_flagged_loc":90,` +
		`"structural_rule_loc":10,"total_functions":40,"high_cc_functions":3},"tests":{"verbosity":0.0,"erosion":0.0,` +
		`"cog_erosion":0.0,"files_scanned":1,"total_loc":8,"verbosity_flagged_loc":0,"clone_loc":0,` +
		`"ast_grep_flagged_loc":0,"structural_rule_loc":0,"total_functions":1,"high_cc_functions":0}}}` + "\n"
	assert.True(t, strings.HasSuffix(b.String(), want), b.String())

	r := scoped()
	r.Scopes = nil
	b.Reset()
	require.NoError(t, WriteJSON(&b, r))
	assert.NotContains(t, b.String(), "scopes", "a report without scopes has no key")
}

// The human summary has a row per scope under the totals when the tree
// has both test and production files; a run of one scope names it in the
// summary's title.
func TestHumanSummaryScopes(t *testing.T) {
	summary := func(r *Report) string {
		var b bytes.Buffer
		require.NoError(t, WriteHuman(&b, r, HumanOptions{}))
		return b.String()
	}
	out := summary(scoped())
	assert.Contains(t, out, "  functions     41      3 over complexity 10, 0 over cognitive complexity 10\n"+
		"  production    erosion 0.500, cog_erosion 0.125, verbosity 0.250: 2 files, 1,200 SLOC, 40 functions, 3 over complexity 10\n"+
		"  tests         erosion 0.000, cog_erosion 0.000, verbosity 0.000: 1 file, 8 SLOC, 1 function, 0 over complexity 10\n")
	assert.True(t, strings.HasPrefix(out, "Summary\n"), "a run of all the code has the plain title")

	onlyProduction := scoped()
	onlyProduction.Scopes.Tests = &Report{}
	assert.NotContains(t, summary(onlyProduction), "  production ")

	r := scoped()
	r.Scope = lang.ScopeProduction
	r.Scopes.Tests = &Report{}
	assert.Contains(t, summary(r), "Summary of the production code (test files left out)\n")
	r.Scope = lang.ScopeTests
	assert.Contains(t, summary(r), "Summary of the test code (production files left out)\n")
}

// InScope is the report itself for all (and for no scope named), else
// the scope's numbers; nil without them.
func TestInScope(t *testing.T) {
	r := scoped()
	assert.Same(t, r, r.InScope(""))
	assert.Same(t, r, r.InScope(lang.ScopeAll))
	assert.Same(t, r.Scopes.Production, r.InScope(lang.ScopeProduction))
	assert.Same(t, r.Scopes.Tests, r.InScope(lang.ScopeTests))
	r.Scopes = nil
	assert.Nil(t, r.InScope(lang.ScopeTests))
}
