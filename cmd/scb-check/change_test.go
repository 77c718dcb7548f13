package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// The base of the change tests, app.py, with its numbers worked out by
// hand (testdata/python/erosion: a comprehension is +1 for cc, each of its
// if clauses +1, none of them cognitive):
//
//	line  1  load: cc 1 + comprehension + if clause = 3, 6 SLOC
//	line  9  gate: cc 1 + comprehension + 10 if clauses = 12, over 10
//	line 14  dict-get-default-none (d.get("k", None)) at column 13
const (
	appLoad = `def load(path):
    with open(path) as handle:
        text = handle.read()
    lines = text.splitlines()
    kept = [line.strip() for line in lines if line.strip()]
    return kept
`
	appGate = `def gate(rows):
    return [r for r in rows if r.a if r.b if r.c if r.d if r.e if r.f if r.g if r.h if r.i if r.j]
`
	appPick = `def pick(d):
    value = d.get("k", None)
    return [value, value]
`
	appBase = appLoad + "\n\n" + appGate + "\n\n" + appPick
	// appAdded are three functions app.py gains, from line 18: a copy of
	// load (line 18), route (line 26: cc 1 + comprehension + 13 if
	// clauses = 15) holding one line dict-get-default-none matches (line
	// 27, column 13).
	appAdded = "\n\n" + `def load_copy(path):
    with open(path) as handle:
        text = handle.read()
    lines = text.splitlines()
    kept = [line.strip() for line in lines if line.strip()]
    return kept


def route(rows):
    label = rows.get("label", None)
    kept = [r for r in rows if r.a if r.b if r.c if r.d if r.e if r.f if r.g if r.h if r.i if r.j if r.k if r.l if r.m]
    return [label, kept]
`
)

// changeRepo is a repository whose one commit holds files.
func changeRepo(t *testing.T, files map[string]string) *testkit.GitRepo {
	t.Helper()
	r := testkit.NewGitRepo(t)
	r.Commit("base", files)
	return r
}

// writeFiles writes files into dir (an empty text deletes one).
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if text == "" {
			require.NoError(t, os.Remove(p))
			continue
		}
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// stdoutLines are a run's stdout lines (the text format: one a finding).
func stdoutLines(out map[string]string) []string {
	return strings.Split(strings.TrimSuffix(out[secStdout], "\n"), "\n")
}

// changeJSON is what check --new-from-* --report prints, in part.
type changeJSON struct {
	TotalFunctions int `json:"total_functions"`
	Findings       []struct {
		Rule         string `json:"rule"`
		Path         string `json:"path"`
		Line         int    `json:"line"`
		Message      string `json:"message"`
		Counterparts []struct {
			Path string `json:"path"`
			Line int    `json:"line"`
		} `json:"counterparts"`
	} `json:"findings"`
	Change struct {
		Base      map[string]any     `json:"base"`
		Delta     map[string]float64 `json:"delta"`
		Functions []struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		} `json:"functions"`
	} `json:"change"`
}

// A commit that adds a copy of an existing function, a function of CC 15
// and one line an ast-grep rule matches gives exactly those three new
// findings, in every format, and exit 1; the findings of the base (gate's
// complexity, pick's d.get) are not repeated.
func TestCheckNewFromRevReportsWhatTheCommitAdds(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	r.Commit("grow", map[string]string{"app.py": appBase + appAdded})

	out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Equal(t, []string{
		"app.py:18:1: warning[duplicate-structure]: duplicated block (6 lines, 2 instances), also at app.py:1",
		"app.py:26:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 15 > 10, sloc 4)",
		"app.py:27:13: warning[dict-get-default-none]: `rows.get(\"label\", None)` spells out the default that .get() already returns; write `rows.get(\"label\")`.",
	}, stdoutLines(out))

	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--color", "never", "."}, nil)
	assert.Equal(t, "1\n", out[secExit])
	assert.Contains(t, out[secStdout], "Summary (base -> head)\n")
	assert.Contains(t, out[secStdout], "  functions         3 -> 5 (+2)\n", "load, gate and pick; then load_copy and route")
	assert.Contains(t, out[secStdout], "  high_cc_functions 1 -> 2 (+1)\n")
	assert.Contains(t, out[secStdout], "Made worse over a threshold\n  `route` in app.py: CC 15 (new), over 10\n")
	assert.Contains(t, out[secStdout], "Found 3 new findings: 3 warnings.")
	assert.NotContains(t, out[secStdout], "`gate`", "gate did not change")

	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--report", "."}, nil)
	assert.Equal(t, "1\n", out[secExit])
	var doc changeJSON
	require.NoError(t, json.Unmarshal([]byte(out[secStdout]), &doc), out[secStdout])
	assert.Equal(t, 5, doc.TotalFunctions, "the report's keys are the head's")
	require.Len(t, doc.Findings, 3)
	// In the order the report lists findings: clones, rule findings,
	// complexity.
	assert.Equal(t, []string{"duplicate-structure", "dict-get-default-none", "cyclomatic-complexity"},
		[]string{doc.Findings[0].Rule, doc.Findings[1].Rule, doc.Findings[2].Rule})
	require.Len(t, doc.Findings[0].Counterparts, 1)
	assert.Equal(t, []any{"app.py", 1}, []any{doc.Findings[0].Counterparts[0].Path, doc.Findings[0].Counterparts[0].Line},
		"the copy's counterpart is load, which the change left alone")
	assert.Equal(t, 3.0, doc.Change.Base["total_functions"])
	assert.Equal(t, 2.0, doc.Change.Delta["total_functions"])
	assert.Equal(t, 10.0, doc.Change.Delta["total_loc"], "11 SLOC in the base (6 + 2 + 3), 21 in the head (+ 6 + 4)")
	require.Len(t, doc.Change.Functions, 1)
	assert.Equal(t, []string{"route", "new"}, []string{doc.Change.Functions[0].Name, doc.Change.Functions[0].Status})

	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--output-format", "sarif", "."}, nil)
	assert.Equal(t, "1\n", out[secExit])
	testkit.ValidateSARIF(t, []byte(out[secStdout]))
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out[secStdout]), &sarif))
	var ids []string
	for _, res := range sarif.Runs[0].Results {
		ids = append(ids, res.RuleID)
	}
	sort.Strings(ids)
	assert.Equal(t, []string{"cyclomatic-complexity", "dict-get-default-none", "duplicate-structure"}, ids)

	// 0.1.3's object is kept whole, nested; findings never fail 0.1.3's
	// check.
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--report", "--compat", "0.1.3", "."}, nil)
	assert.Equal(t, "0\n", out[secExit], out[secStderr])
	plain := runBinary(t, r.Dir, []string{"check", "--report", "--compat", "0.1.3", "."}, nil)
	assert.True(t, strings.HasPrefix(out[secStdout], `{"report":`+plain[secStdout]+`,"findings":[`),
		"0.1.3's report, byte for byte, then ours:\n%s\n%s", out[secStdout], plain[secStdout])
}

// A commit that only moves code gives no new finding, though the base
// has findings (gate over the threshold, pick's d.get): functions moved
// within a file, then the file renamed with its functions moved again.
func TestCheckNewFromRevMovedCodeIsNotNew(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	r.Commit("reorder", map[string]string{"app.py": appPick + "\n\n" + appGate + "\n\n" + appLoad})
	require.NoError(t, os.MkdirAll(filepath.Join(r.Dir, "lib"), 0o755))
	r.Git("mv", "app.py", "lib/core.py")
	r.Commit("rename", map[string]string{"lib/core.py": appGate + "\n\n" + appPick + "\n\n" + appLoad})

	for _, rev := range []string{"HEAD~2", "HEAD~1"} {
		t.Run(rev, func(t *testing.T) {
			out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", rev, "--color", "never", "."}, nil)
			assert.Equal(t, "0\n", out[secExit], out[secStdout]+out[secStderr])
			assert.Contains(t, out[secStdout], "No new findings.")
			assert.Contains(t, out[secStdout], "  high_cc_functions 1 -> 1 (+0)\n")
		})
	}
	plain := runBinary(t, r.Dir, []string{"check", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", plain[secExit], "the tree has findings of its own")
	assert.Len(t, stdoutLines(plain), 2, "gate's complexity and pick's d.get")
}

// Making a function over the threshold worse is one complexity finding
// naming both numbers: gate's CC 12 becomes 13 (one more if clause).
func TestCheckNewFromRevOverThresholdWorse(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	worse := strings.Replace(appBase, "if r.j]", "if r.j if r.k]", 1)
	r.Commit("worse", map[string]string{"app.py": worse})

	out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	lines := stdoutLines(out)
	require.Len(t, lines, 1, out[secStdout])
	assert.True(t, strings.HasPrefix(lines[0], "app.py:9:1: warning[cyclomatic-complexity]: "), lines[0])
	assert.Contains(t, lines[0], "12")
	assert.Contains(t, lines[0], "13")

	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--color", "never", "."}, nil)
	assert.Contains(t, out[secStdout], "Made worse over a threshold\n  `gate` in app.py: CC 12 -> 13, over 10\n")
}

// An improvement-only commit exits 0: gate drops to CC 11 (still over the
// threshold, but lower) and pick loses its d.get; the summary shows the
// fall.
func TestCheckNewFromRevImprovementExitsZero(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	better := strings.Replace(appBase, " if r.j]", "]", 1)
	better = strings.Replace(better, `d.get("k", None)`, `d.get("k")`, 1)
	r.Commit("better", map[string]string{"app.py": better})

	out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--color", "never", "."}, nil)
	assert.Equal(t, "0\n", out[secExit], out[secStdout]+out[secStderr])
	assert.Contains(t, out[secStdout], "No new findings.")
	assert.NotContains(t, out[secStdout], "Made worse")
	// The ratchet compares with the base: nothing rose.
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--max-erosion-increase", "0", "--max-verbosity-increase", "0", "."}, nil)
	assert.Equal(t, "0\n", out[secExit], out[secStderr])
}

// The ratchet's increase limits compare with the base, no baseline file:
// the commit that adds route raises erosion, which fails the gate even
// when the findings alone would not (--compat 0.1.3's check never fails
// on findings).
func TestCheckNewFromRevRatchetsAgainstTheBase(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	r.Commit("grow", map[string]string{"app.py": appBase + appAdded})
	out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--max-erosion-increase", "0.5", "--max-verbosity-increase", "0.9", "--compat", "0.1.3", "."}, nil)
	assert.Equal(t, "0\n", out[secExit], "erosion and verbosity rose by less: %s", out[secStderr])
	assert.Contains(t, out[secStderr], "gate max-erosion-increase passed")
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD~1", "--max-erosion-increase", "0", "--compat", "0.1.3", "."}, nil)
	assert.Equal(t, "1\n", out[secExit])
	assert.Contains(t, out[secStderr], "gate max-erosion-increase failed")
}

// --staged compares HEAD with the index: the staged line is new, the
// working tree's unstaged one is not seen; with nothing staged, nothing
// is new whatever the working tree holds.
func TestCheckStagedSeesTheIndex(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	staged := appBase + "\n\ndef extra(d):\n    first = d.get(\"first\", None)\n    return [first, d]\n"
	writeFiles(t, r.Dir, map[string]string{"app.py": staged})
	r.Git("add", "app.py")
	writeFiles(t, r.Dir, map[string]string{"app.py": staged + "\n\ndef more(d):\n    second = d.get(\"second\", None)\n    return [second, d]\n"})

	out := runBinary(t, r.Dir, []string{"check", "--staged", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Equal(t, []string{
		"app.py:19:13: warning[dict-get-default-none]: `d.get(\"first\", None)` spells out the default that .get() already returns; write `d.get(\"first\")`.",
	}, stdoutLines(out))

	r.Git("reset", "-q")
	out = runBinary(t, r.Dir, []string{"check", "--staged", "--output-format", "text", "."}, nil)
	assert.Equal(t, "0\n", out[secExit], out[secStdout]+out[secStderr])
	assert.Empty(t, out[secStdout])
}

// --staged shows the staged source, not the working tree's: the staged
// app.py gains a method route (line 19, indented 4: CC 1 + comprehension
// + 13 if clauses = 15, over 10) which the working tree has replaced by
// a function other at the same line. The text format's column of the
// complexity finding is the staged line's indentation (5), and the human
// excerpt shows the staged line (issue 27).
func TestCheckStagedShowsTheStagedSource(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	staged := appBase + "\n\nclass Box:\n    def route(self, rows):\n" +
		"        kept = [r for r in rows if r.a if r.b if r.c if r.d if r.e if r.f if r.g if r.h if r.i if r.j if r.k if r.l if r.m]\n" +
		"        return kept\n"
	writeFiles(t, r.Dir, map[string]string{"app.py": staged})
	r.Git("add", "app.py")
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + "\n\n# other\ndef other():\n    return 1\n"})

	out := runBinary(t, r.Dir, []string{"check", "--staged", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	lines := stdoutLines(out)
	require.Len(t, lines, 1, out[secStdout])
	assert.True(t, strings.HasPrefix(lines[0], "app.py:19:5: "), lines[0])
	assert.Contains(t, lines[0], "cyclomatic-complexity")

	out = runBinary(t, r.Dir, []string{"check", "--staged", "--output-format", "human", "--color", "never", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Contains(t, out[secStdout], "    def route(self, rows):")
	assert.NotContains(t, out[secStdout], "def other")
}

// --new-from-patch keeps the findings on the lines a hand-written patch
// adds: of the two d.get lines of the tree, the one the patch adds (line
// 19); no base is measured.
func TestCheckNewFromPatch(t *testing.T) {
	dir := t.TempDir()
	tree := appBase + "\n\ndef extra(d):\n    first = d.get(\"first\", None)\n    return [first, d]\n"
	writeFiles(t, dir, map[string]string{"src/app.py": tree, "change.patch": `diff --git a/src/app.py b/src/app.py
--- a/src/app.py
+++ b/src/app.py
@@ -14,2 +14,7 @@ def pick(d):
     value = d.get("k", None)
     return [value, value]
+
+
+def extra(d):
+    first = d.get("first", None)
+    return [first, d]
`, "bad.patch": "--- a/src/app.py\n+++ b/src/app.py\n@@ -14,2 +14,3 @@\n x\n"})

	out := runBinary(t, dir, []string{"check", "--new-from-patch", "change.patch", "--output-format", "text", "src"}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Equal(t, []string{
		"src/app.py:19:13: warning[dict-get-default-none]: `d.get(\"first\", None)` spells out the default that .get() already returns; write `d.get(\"first\")`.",
	}, stdoutLines(out))

	out = runBinary(t, dir, []string{"check", "--new-from-patch", "change.patch", "--report", "src"}, nil)
	var doc changeJSON
	require.NoError(t, json.Unmarshal([]byte(out[secStdout]), &doc))
	assert.Nil(t, doc.Change.Base, "no base is measured")
	require.Len(t, doc.Findings, 1)
	assert.Equal(t, "app.py", doc.Findings[0].Path, "relative to the analysed directory, as every path of the report")

	out = runBinary(t, dir, []string{"check", "--new-from-patch", "bad.patch", "src"}, nil)
	assert.Equal(t, "2\n", out[secExit])
	assert.Equal(t, "bad.patch:4: the hunk at line 3 ends early: 1 old and 2 new lines missing\n", out[secStderr])
}

// A tree with thousands of old findings and a commit that touches no
// code: no new finding, exit 0, where check alone fails. The project is a
// real one: modules of this machine's Python standard library.
func TestCheckNewFromRevOldFindingsAreNotNew(t *testing.T) {
	modules, _ := filepath.Glob("/usr/lib/python3*/[a-m]*.py")
	if len(modules) < 20 {
		t.Skip("no Python standard library to copy")
	}
	files := map[string]string{}
	for _, m := range modules {
		b, err := os.ReadFile(m)
		require.NoError(t, err)
		files["std/"+filepath.Base(m)] = string(b)
	}
	r := changeRepo(t, files)
	first := filepath.Base(modules[0])
	r.Commit("a comment", map[string]string{"std/" + first: files["std/"+first] + "\n# a comment, no code\n"})

	plain := runBinary(t, r.Dir, []string{"check", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", plain[secExit])
	assert.Greater(t, len(stdoutLines(plain)), 1000, "thousands of old findings")
	for _, rev := range []string{"HEAD", "HEAD~1"} {
		out := runBinary(t, r.Dir, []string{"check", "--new-from-rev", rev, "--output-format", "text", "."}, nil)
		assert.Equal(t, "0\n", out[secExit], out[secStderr])
		assert.Empty(t, out[secStdout], rev)
	}
}

// What check cannot judge is exit 2 with what to do: no git repository,
// a revision that names no commit, a shallow clone without the merge
// base; and two change options together.
func TestCheckChangeErrors(t *testing.T) {
	plainDir := t.TempDir()
	writeFiles(t, plainDir, map[string]string{"app.py": appBase})
	out := runBinary(t, plainDir, []string{"check", "--new-from-rev", "HEAD", "."}, nil)
	assert.Equal(t, "2\n", out[secExit])
	assert.Contains(t, out[secStderr], "--new-from-rev: not a git repository")

	r := changeRepo(t, map[string]string{"app.py": appBase})
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "no-such-rev", "."}, nil)
	assert.Equal(t, "2\n", out[secExit])
	assert.Contains(t, out[secStderr], "--new-from-rev: unknown revision 'no-such-rev'")

	out = runBinary(t, r.Dir, []string{"check", "--staged", "--new-from-rev", "HEAD", "."}, nil)
	assert.Equal(t, "2\n", out[secExit])
	assert.Contains(t, out[secStderr], "error: the argument '--new-from-rev <REV>' cannot be used with '--staged'")
	out = runBinary(t, r.Dir, []string{"check", "--new-from-rev", "HEAD", "--baseline", "b.json", "."}, nil)
	assert.Equal(t, "2\n", out[secExit])
	assert.Contains(t, out[secStderr], "error: the argument '--baseline <FILE>' cannot be used with '--new-from-rev <REV>'")
	out = runBinary(t, r.Dir, []string{"check", "--new-from-patch", "p.patch", "--max-erosion-increase", "0", "."}, nil)
	assert.Equal(t, "2\n", out[secExit], "a patch has no base to ratchet against")

	// A branch from the first commit, and main two commits on: a clone
	// of depth 1 holds neither the merge base nor the history to it.
	first := r.Git("rev-parse", "HEAD")
	r.Commit("two", map[string]string{"app.py": appBase + "\n\nx = 1\n"})
	r.Commit("three", map[string]string{"app.py": appBase + "\n\nx = 2\n"})
	r.Git("branch", "topic", first)
	clone := t.TempDir()
	r.Git("clone", "-q", "--depth", "1", "--no-single-branch", "file://"+r.Dir, clone)
	out = runBinary(t, clone, []string{"check", "--new-from-merge-base", "origin/topic", "."}, nil)
	assert.Equal(t, "2\n", out[secExit], out[secStdout])
	assert.Contains(t, out[secStderr], "--new-from-merge-base: ")
	assert.Contains(t, out[secStderr], "fetch-depth: 0")
}
