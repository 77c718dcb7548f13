package harness_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// build builds the three programs into a temporary directory and returns
// it, with the pinned ast-grep put on PATH as "ast-grep" (the programs
// name it so): $SCB_CHECK_AST_GREP, else the one scripts/setup installs.
func build(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	out, err := exec.Command("go", "build", "-o", bin, "./checkpoint", "./sequence", "./memory").CombinedOutput()
	require.NoError(t, err, "%s", out)
	astGrep := os.Getenv("SCB_CHECK_AST_GREP")
	if astGrep == "" {
		astGrep = filepath.Join("..", "..", ".tools", "ast-grep", "node_modules", ".bin", "ast-grep")
	}
	astGrep, err = filepath.Abs(astGrep)
	require.NoError(t, err)
	_, err = os.Stat(astGrep)
	require.NoError(t, err, "the harness needs the pinned ast-grep: run scripts/setup")
	require.NoError(t, os.Symlink(astGrep, filepath.Join(bin, "ast-grep")))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return bin
}

// run runs the program name of bin with args and returns its output.
func run(t *testing.T, bin, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, name), args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "%s", stderr.String())
	assert.Empty(t, stderr.String())
	return string(out)
}

func TestHarness(t *testing.T) {
	bin := build(t)

	// The repository's presets fixture as SlopCodeBench measures it
	// (`scb-check check --report --include-all --compat 0.1.3` prints the
	// same totals): mass is cc * sqrt(SLOC), table 12*sqrt(24), total
	// 4*sqrt(7), label 3*sqrt(6); erosion 58.7878/82.6056; verbosity
	// 33 flagged of 44 SLOC.
	t.Run("a checkpoint and its heaviest functions", func(t *testing.T) {
		assert.Equal(t, `erosion 0.7117 verbosity 0.7500 functions 5 mass 82.6056
generated.py:1 table cc 12 sloc 24 mass 58.7878
app.py:12 total cc 4 sloc 7 mass 10.5830
app.py:21 label cc 3 sloc 6 mass 7.3485
`, run(t, bin, "checkpoint", filepath.Join("..", "..", "testdata", "presets")))
	})

	// 1: total (cc 2, 5 SLOC, mass 2*sqrt(5)), its loop a manual sum (2
	// of 5 lines flagged). 2: total grows to cc 4 and 7 SLOC (4*sqrt(7),
	// +6.1109), its nested ifs flagged (3 lines), count added (cc 2, 5
	// SLOC): 3 of 12 lines. 3: total has 10 ifs in all, cc 12 and 24
	// SLOC (12*sqrt(24) = 58.7878, +48.2047), nothing flagged; erosion
	// 58.7878 / (58.7878 + 2*sqrt(5)).
	t.Run("a sequence of checkpoints with deltas", func(t *testing.T) {
		seq := filepath.Join("testdata", "seq")
		assert.Equal(t, `0 erosion 0.0000 verbosity 0.4000 most mass added: app.py:total (+4.4721)
1 erosion 0.0000 (+0.0000) verbosity 0.2500 (-0.1500) most mass added: app.py:total (+6.1109)
2 erosion 0.9293 (+0.9293) verbosity 0.0000 (-0.2500) most mass added: app.py:total (+48.2047)
`, run(t, bin, "sequence", filepath.Join(seq, "1"), filepath.Join(seq, "2"), filepath.Join(seq, "3")))
	})

	// The tree in memory is at a directory that exists on disk and holds
	// other files: the numbers are the memory tree's (shapes.py: area cc
	// 3, 6 SLOC; cells, a one-return wrapper, cc 3, 2 SLOC; a repeated
	// if and the wrapper flag 4 of 8 lines), and the directory keeps its
	// files.
	t.Run("a tree in memory over an existing directory", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "disk.py"), []byte("def on_disk():\n    return 1\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("kept\n"), 0o644))
		assert.Equal(t, `shapes.py area cc 3 sloc 6
shapes.py cells cc 3 sloc 2
files 1 functions 2 erosion 0.0000 verbosity 0.5000
on disk: disk.py notes.txt
`, run(t, bin, "memory", dir))
		data, err := os.ReadFile(filepath.Join(dir, "disk.py"))
		require.NoError(t, err)
		assert.Equal(t, "def on_disk():\n    return 1\n", string(data))
	})
}
