package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
)

// functions on each language's fixture tree lists total_functions lines,
// whose masses, summed as the report sums them (erosion.Summarize), are
// the JSON report's total_mass and total_cog_mass exactly.
func TestFunctionsMatchTheReportOnEveryLanguage(t *testing.T) {
	for _, l := range lang.All() {
		t.Run(l.Name, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", l.Name))
			require.NoError(t, err)
			got := runBinary(t, dir, []string{"functions", "--output-format", "json", "--languages", "all", "."}, nil)
			require.Equal(t, "0\n", got[secExit], got[secStderr])
			want := runBinary(t, dir, []string{"check", "--report", "--disable-sg", "--languages", "all", "."}, nil)
			var totals struct {
				TotalFunctions int     `json:"total_functions"`
				TotalMass      float64 `json:"total_mass"`
				TotalCogMass   float64 `json:"total_cog_mass"`
			}
			require.NoError(t, json.Unmarshal([]byte(want[secStdout]), &totals))
			require.NotZero(t, totals.TotalFunctions)

			var entries []erosion.Entry
			languages := map[string]bool{}
			for _, line := range strings.Split(strings.TrimSuffix(got[secStdout], "\n"), "\n") {
				var fn struct {
					Path, Name, Language string
					Kind                 string
					StartLine            int `json:"start_line"`
					CC, Cog, SLOC        int
					Mass                 float64
					CogMass              float64 `json:"cog_mass"`
				}
				require.NoError(t, json.Unmarshal([]byte(line), &fn), line)
				assert.False(t, filepath.IsAbs(fn.Path), "paths are relative to PATH: %s", fn.Path)
				languages[fn.Language] = true
				e := erosion.Entry{Path: fn.Path, StartLine: fn.StartLine, Name: fn.Name, SLOC: fn.SLOC,
					Complexity: erosion.Complexity{CC: fn.CC, Cog: fn.Cog}}
				assert.Equal(t, e.CCMass(), fn.Mass, "mass of %s", fn.Name)
				assert.Equal(t, e.CogMass(), fn.CogMass, "cog_mass of %s", fn.Name)
				entries = append(entries, e)
			}
			assert.True(t, languages[l.Name], "the tree's own language is listed")
			sum := erosion.Summarize(entries)
			assert.Equal(t, totals.TotalFunctions, len(entries))
			assert.Equal(t, totals.TotalMass, sum.TotalMass)
			assert.Equal(t, totals.TotalCogMass, sum.TotalCogMass)
		})
	}
}
