package scbcheck_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// fixtureTrees are every fixture tree of testdata: each language's, each
// DIR fixture's and the examples.
func fixtureTrees(t *testing.T) []string {
	t.Helper()
	var trees []string
	entries, err := os.ReadDir("testdata")
	require.NoError(t, err)
	for _, e := range entries {
		switch {
		case !e.IsDir() || e.Name() == "e2e":
		case e.Name() == "reuse":
			sub, err := os.ReadDir(filepath.Join("testdata", "reuse"))
			require.NoError(t, err)
			for _, s := range sub {
				trees = append(trees, filepath.Join("testdata", "reuse", s.Name()))
			}
		default:
			trees = append(trees, filepath.Join("testdata", e.Name()))
		}
	}
	require.Greater(t, len(trees), 20)
	return trees
}

// The functions listed are the ones the report counts: as many as
// total_functions, each mass cc·√SLOC (cog·√SLOC), and summed as the
// report sums them (erosion.Summarize: compensated, in path, start line
// and name order) exactly the report's total_mass and total_cog_mass.
// Paths are relative to the analysed directory.
func TestFunctionsSumToTheReportsTotals(t *testing.T) {
	counted := 0
	t.Cleanup(func() { assert.Greater(t, counted, 200, "the fixture trees hold many functions") })
	for _, tree := range fixtureTrees(t) {
		t.Run(tree, func(t *testing.T) {
			r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
				Path: tree, Config: config.Default(tree), Languages: []string{"all"}, IncludeAll: true, AstGrep: testkit.AstGrep(t),
			})
			require.NoError(t, err)
			root := r.Root
			fns := r.Functions()
			require.Len(t, fns, r.TotalFunctions)
			counted += len(fns)
			entries := make([]erosion.Entry, len(fns))
			var plain float64
			for k, fn := range fns {
				assert.False(t, filepath.IsAbs(fn.Path), fn.Path)
				assert.False(t, strings.HasPrefix(fn.Path, ".."), fn.Path)
				_, err := os.Stat(filepath.Join(root, filepath.FromSlash(fn.Path)))
				assert.NoError(t, err, "the path names the file under the root")
				assert.Equal(t, float64(fn.CC)*math.Sqrt(float64(fn.SLOC)), fn.CCMass, fn.QualifiedName)
				assert.Equal(t, float64(fn.Cog)*math.Sqrt(float64(fn.SLOC)), fn.CogMass, fn.QualifiedName)
				assert.Contains(t, []string{"function", "method", "closure", "lambda"}, fn.Kind)
				assert.GreaterOrEqual(t, fn.StartCol, 1)
				entries[k] = erosion.Entry{Path: fn.Path, StartLine: fn.StartLine, Name: fn.Name, SLOC: fn.SLOC,
					Complexity: erosion.Complexity{CC: fn.CC, Cog: fn.Cog}}
				plain += fn.CCMass
			}
			sum := erosion.Summarize(entries)
			assert.Equal(t, r.TotalFunctions, sum.TotalFunctions)
			assert.Equal(t, r.TotalMass, sum.TotalMass, "total_mass, exactly")
			assert.Equal(t, r.TotalCogMass, sum.TotalCogMass, "total_cog_mass, exactly")
			assert.Equal(t, r.HighCCFunctions, sum.HighCCFunctions)
			assert.InDelta(t, r.TotalMass, plain, 1e-9*math.Max(1, r.TotalMass), "a plain sum differs by rounding at most")
		})
	}
}
