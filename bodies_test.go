package scbcheck_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// bodies maps each callable of r to its body hash, by qualified name.
func bodies(r *report.Report) map[string]string {
	out := map[string]string{}
	for _, fn := range r.Functions() {
		out[fn.QualifiedName] = fn.Body
	}
	return out
}

// A callable's body hash is its clone candidate's: two functions with
// the same body share the clone group's hash, one with a single statement
// (no candidate) has none, nor do callables sharing one span, whose
// candidate cannot be told; under 0.1.3, whose clone candidates are
// blocks, no callable has one.
func TestCallableBodyHashes(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteTree(t, dir, map[string]string{
		"a.py": "def first(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n\n\n" +
			"def second(ys):\n    acc = 0\n    for y in ys:\n        acc += y\n    return acc\n\n\n" +
			"def single():\n    return 1\n",
		"b.js": "function outer(){function inner(){a();b()}}\n",
	})
	analyze := func(compat string, languages []string) *report.Report {
		r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, DisableSG: true,
			Languages: languages, Compat: compat, AstGrep: testkit.AstGrep(t)})
		require.NoError(t, err)
		return r
	}
	r := analyze("", []string{"all"})
	got := bodies(r)
	require.Len(t, r.CloneBlocks, 2, "first and second are one clone group")
	group := r.CloneBlocks[0].Group
	assert.Equal(t, group, got["first"])
	assert.Equal(t, group, got["second"])
	assert.Empty(t, got["single"], "one statement: no clone candidate")
	assert.Empty(t, got["outer"], "outer and inner share a span")
	assert.Empty(t, got["outer.inner"])

	r013 := analyze("0.1.3", nil)
	require.NotEmpty(t, r013.CloneBlocks, "0.1.3 finds the clone blocks")
	for name, body := range bodies(r013) {
		assert.Empty(t, body, "%s: 0.1.3's clone candidates are blocks", name)
	}
}
