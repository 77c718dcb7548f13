package erosion_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// DecisionPoints names the nodes behind a callable's cyclomatic count, in
// tree order; the expected kinds are read off each snippet by hand.
func TestDecisionPoints(t *testing.T) {
	tests := []struct {
		name string
		spec *lang.Spec
		src  string
		want []string
	}{
		{
			name: "a runtime && counts and an #if && does not in c",
			spec: lang.C,
			src:  "int f(int a, int b) {\n#if defined(A) && B\n    return a && b ? 1 : 0;\n#endif\n    return 0;\n}\n",
			want: []string{"conditional_expression", "binary_expression"},
		},
		{
			name: "an #elif || adds nothing and a default label adds nothing in cpp",
			spec: lang.Cpp,
			src:  "int f(int x) {\n#if A\n    return 0;\n#elif B || C\n    switch (x) { case 1: return 1; default: return 2; }\n#endif\n}\n",
			want: []string{"case_statement"},
		},
		{
			name: "a catch and an || count in java",
			spec: lang.Java,
			src:  "class T { int f(boolean a, boolean b) { try { return a || b ? 1 : 0; } catch (Exception e) { return 2; } } }\n",
			want: []string{"ternary_expression", "binary_expression", "catch_clause"},
		},
		{
			name: "a straight function has none in c",
			spec: lang.C,
			src:  "int f(void) { return 1; }\n",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := source.NewParser(tt.spec)
			require.NoError(t, err)
			defer p.Close()
			tree, err := p.Parse([]byte(tt.src))
			require.NoError(t, err)
			fns := tree.Callables(tree.SLOC())
			require.Len(t, fns, 1)
			var got []string
			for _, j := range erosion.DecisionPoints(tree, fns[0].Node) {
				got = append(got, tree.Kind(j))
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, len(tt.want)+1, erosion.Measure(tree, fns)[0].CC)
		})
	}
}
