package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The baseline of findings, end to end with the real ast-grep, on app.py
// of the change tests (appBase: gate's CC 12 and pick's d.get("k", None)
// are its two findings). With the ratchet's increases allowed, the exit
// code follows the findings the baseline does not hold.
func TestBaselineOfFindings(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeFiles(t, work, map[string]string{"app.py": appBase})
	loose := []string{"--max-erosion-increase", "1", "--max-verbosity-increase", "1"}
	check := func(args ...string) map[string]string {
		return runBinary(t, work, append(append([]string{"check", "--baseline", "base.json", "--output-format", "text"}, loose...), append(args, ".")...), nil)
	}
	baselineLine := func(out map[string]string) string {
		for _, l := range strings.Split(out[secStderr], "\n") {
			if strings.HasPrefix(l, "baseline ") {
				return l
			}
		}
		return ""
	}

	out := runBinary(t, work, []string{"check", "--write-baseline", "base.json", "--output-format", "text", "."}, nil)
	require.Equal(t, "1\n", out[secExit], "the tree's own findings: %s", out[secStderr])
	require.Len(t, stdoutLines(out), 2, out[secStdout])
	written, err := os.ReadFile(filepath.Join(work, "base.json"))
	require.NoError(t, err)
	assert.Contains(t, string(written), "\n  \"findings\": [\n"+
		`    {"rule":"cyclomatic-complexity","path":"app.py","line":9,"end_line":10,"callable":"gate"},`+"\n"+
		`    {"rule":"dict-get-default-none","path":"app.py","line":14,"end_line":14,"callable":"pick","match":"`)
	unchanged := func(t *testing.T) {
		t.Helper()
		now, err := os.ReadFile(filepath.Join(work, "base.json"))
		require.NoError(t, err)
		assert.Equal(t, string(written), string(now), "check --baseline never rewrites the baseline")
	}

	t.Run("the same tree shows no finding and exits 0", func(t *testing.T) {
		out := runBinary(t, work, []string{"check", "--baseline", "base.json", "--output-format", "text", "."}, nil)
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout])
		// Masses: load 3·√6, gate 12·√2 (over 10), pick 1·√3, so erosion
		// is 12·√2 / (3·√6 + 12·√2 + √3) = 0.6514340647154371; one
		// flagged line (14) of 11 SLOC gives verbosity 1/11.
		assert.Equal(t, "baseline base.json: 2 old findings hidden, 0 stale\n"+
			"gate max-erosion-increase passed: erosion is 0.6514340647154371, baseline 0.6514340647154371 (+0), allowed increase 0.0\n"+
			"gate max-verbosity-increase passed: verbosity is 0.09090909090909091, baseline 0.09090909090909091 (+0), allowed increase 0.0\n",
			out[secStderr])

		out = runBinary(t, work, []string{"check", "--baseline", "base.json", "--color", "never", "."}, nil)
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Contains(t, out[secStdout], "Summary (base -> head)\n")
		assert.Contains(t, out[secStdout], "  functions         3 -> 3 (+0)\n")
		assert.Contains(t, out[secStdout], "No new findings.")
		unchanged(t)
	})

	t.Run("a verbatim copy of a baselined function into a new file is exactly the new finding", func(t *testing.T) {
		writeFiles(t, work, map[string]string{"lib/copy.py": appLoad})
		defer writeFiles(t, work, map[string]string{"lib/copy.py": ""})
		out := check()
		assert.Equal(t, "1\n", out[secExit], out[secStderr])
		assert.Equal(t, []string{
			"lib/copy.py:1:1: warning[duplicate-structure]: duplicated block (6 lines, 2 instances), also at app.py:1",
		}, stdoutLines(out))
		// The head's four findings (two clone instances, gate, pick) less
		// the new one.
		assert.Equal(t, "baseline base.json: 3 old findings hidden, 0 stale", baselineLine(out))
		unchanged(t)
	})

	t.Run("a function moved to a new file is no news", func(t *testing.T) {
		writeFiles(t, work, map[string]string{"app.py": appGate + "\n\n" + appPick, "lib/load.py": appLoad})
		defer writeFiles(t, work, map[string]string{"app.py": appBase, "lib/load.py": ""})
		out := check()
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout])
		assert.Equal(t, "baseline base.json: 2 old findings hidden, 0 stale", baselineLine(out))
	})

	t.Run("editing inside flagged regions is not new", func(t *testing.T) {
		edited := strings.NewReplacer(`d.get("k", None)`, `d.get("key", None)`, "for r in rows", "for r in list(rows)").Replace(appBase)
		require.NotEqual(t, appBase, edited)
		writeFiles(t, work, map[string]string{"app.py": edited})
		defer writeFiles(t, work, map[string]string{"app.py": appBase})
		out := check()
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout])
		assert.Equal(t, "baseline base.json: 2 old findings hidden, 0 stale", baselineLine(out))
	})

	t.Run("a flagged function made more complex is new, with both numbers", func(t *testing.T) {
		writeFiles(t, work, map[string]string{"app.py": strings.Replace(appBase, "if r.j]", "if r.j if r.k]", 1)})
		defer writeFiles(t, work, map[string]string{"app.py": appBase})
		out := check()
		assert.Equal(t, "1\n", out[secExit], out[secStderr])
		assert.Equal(t, []string{
			"app.py:9:1: warning[cyclomatic-complexity]: function `gate` exceeds complexity threshold (complexity 12 -> 13 > 10, sloc 2)",
		}, stdoutLines(out))
	})

	t.Run("removed code leaves stale entries", func(t *testing.T) {
		writeFiles(t, work, map[string]string{"app.py": appLoad + "\n\n" + appGate})
		defer writeFiles(t, work, map[string]string{"app.py": appBase})
		out := check()
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout])
		assert.Equal(t, "baseline base.json: 1 old finding hidden, 1 stale (no longer found as recorded; write it again with --write-baseline)",
			baselineLine(out))
		unchanged(t)
	})

	t.Run("the ratchet still fails on its own", func(t *testing.T) {
		writeFiles(t, work, map[string]string{"app.py": appLoad + "\n\n" + appGate})
		defer writeFiles(t, work, map[string]string{"app.py": appBase})
		out := runBinary(t, work, []string{"check", "--baseline", "base.json", "--output-format", "text", "."}, nil)
		assert.Equal(t, "1\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout], "no new finding")
		assert.Contains(t, out[secStderr], "gate max-erosion-increase failed")
	})

	t.Run("a baseline larger than --max-config-size is refused", func(t *testing.T) {
		out := runBinary(t, work, []string{"check", "--baseline", "base.json", "--max-config-size", "1KB", "."}, nil)
		assert.Equal(t, "2\n", out[secExit])
		assert.Regexp(t, `^baseline base.json: \d+ bytes, over the limit of 1024 bytes \(--max-config-size raises the limit\)\n$`, out[secStderr])
		out = runBinary(t, work, []string{"check", "--baseline", "base.json", "--max-config-size", "0", "--output-format", "text", "."}, nil)
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
	})

	t.Run("writing the baseline again gives the same bytes", func(t *testing.T) {
		out := runBinary(t, work, []string{"check", "--write-baseline", "again.json", "-j", "1", "--output-format", "text", "."}, nil)
		require.Equal(t, "1\n", out[secExit], out[secStderr])
		again, err := os.ReadFile(filepath.Join(work, "again.json"))
		require.NoError(t, err)
		assert.Equal(t, string(written), string(again))
	})
}
