package trajectory

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

// With Options.Functions each point carries its functions, enough to
// attribute its erosion to them; the checkpoints are configured from
// their own trees, not from the caller's working directory, whose
// pyproject.toml would exclude every extra.py.
func TestDirectoriesFunctions(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	helper := "def helper():\n    return 1\n"
	writeFiles(t, filepath.Join(root, "c0"), map[string]string{"a.py": smallFunction, "extra.py": helper})
	writeFiles(t, filepath.Join(root, "c1"), map[string]string{"a.py": smallFunction + "\n\n" + bigFunction("big", 11, 1), "extra.py": helper})
	harness := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(harness, "pyproject.toml"), []byte("[tool.ruff]\nexclude = [\"*/extra.py\"]\n"), 0o644))
	t.Chdir(harness)

	type fn struct {
		name     string
		cc, sloc int
		mass     float64
	}
	functions := func(p Point) []fn {
		var out []fn
		for _, f := range p.Functions {
			out = append(out, fn{f.Path + ":" + f.QualifiedName, f.CC, f.SLOC, f.CCMass})
		}
		return out
	}
	dirs := []string{filepath.Join(root, "c0"), filepath.Join(root, "c1")}
	tr, err := Directories(context.Background(), dirs, Options{Analysis: scbcheck.Options{DisableSG: true}, Functions: true})
	require.NoError(t, err)
	// mass = cc * sqrt(SLOC): small 1*2, helper 1*sqrt(2), big (11 ifs,
	// 1 pad line: cc 12, SLOC 25) 12*5.
	assert.Equal(t, []fn{{"a.py:small", 1, 4, 2}, {"extra.py:helper", 1, 2, math.Sqrt2}}, functions(tr.Points[0]))
	assert.Equal(t, []fn{{"a.py:small", 1, 4, 2}, {"a.py:big", 12, 25, 60}, {"extra.py:helper", 1, 2, math.Sqrt2}}, functions(tr.Points[1]))

	// Erosion is the mass of the functions over cc 10 over all the mass:
	// big's 60 of 62 + sqrt(2), which the point's functions account for.
	var high, total float64
	for _, f := range tr.Points[1].Functions {
		total += f.CCMass
		if f.CC > report.HighComplexity {
			high += f.CCMass
		}
	}
	assert.InDelta(t, 60/(62+math.Sqrt2), tr.Points[1].Metrics["erosion"], 1e-12)
	assert.InDelta(t, high/total, tr.Points[1].Metrics["erosion"], 1e-12)

	tr, err = Directories(context.Background(), dirs, Options{Analysis: scbcheck.Options{DisableSG: true}})
	require.NoError(t, err)
	assert.Nil(t, tr.Points[1].Functions, "functions are kept only when asked for")
}
