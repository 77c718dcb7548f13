package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixture pair of the diff tests, worked out by hand (mass = cc·√SLOC,
// cog_mass = cog·√SLOC; blank lines are no SLOC):
//
//	base: port (cc 1, cog 0, 2 SLOC), parse (2, 1, 4), size (2, 1, 4),
//	      legacy (1, 0, 2): 12 SLOC, total_mass 8 + 2√2 = 10.83,
//	      total_cog_mass 2 + 2 = 4; port's settings.get("port", None) is
//	      the one dict-get-default-none finding: 1 flagged line, verbosity
//	      1/12.
//	head: port (1, 0, 3: edited, still flagged), parse (3, 3, 5: a nested
//	      if, cog 1 + 2), size (1, 0, 2), host (1, 0, 2, flagged): 12 SLOC,
//	      total_mass √3 + 3√5 + 2√2 = 11.27, total_cog_mass 3√5 = 6.71;
//	      2 flagged lines, verbosity 2/12.
//
// So parse regressed (mass +2.71), host is new (+1.41), size improved
// (√2 - 4 = -2.59), legacy was removed (-1.41) and port is unchanged (its
// complexities are the same); the one new finding is host's: port's finding
// was edited, not added.
var (
	diffBase = map[string]string{"app.py": `def port(settings):
    return settings.get("port", None)


def parse(args):
    if args:
        return args[0]
    return ""


def size(items):
    if items:
        return len(items) * 2
    return 0


def legacy():
    return 1
`}
	diffHead = map[string]string{"app.py": `def port(settings):
    value = settings.get("port", None)
    return value


def parse(args):
    if args:
        if args[0]:
            return args[0]
    return ""


def size(items):
    return len(items) * 2


def host(settings):
    return settings.get("host", None)
`}
)

// hostFinding is the new finding's message: the rule's, its
// metavariables filled in.
const hostFinding = "`settings.get(\"host\", None)` spells out the default that .get() already returns; write `settings.get(\"host\")`."

// diffFixture writes the pair into a directory of the test's own (for a
// test that adds files to it) and returns it.
func diffFixture(t *testing.T) string {
	t.Helper()
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeFixture(t, work)
	return work
}

// writeFixture writes the pair into work as two directories, base and
// head, and as a repository, repo, whose two commits hold them.
func writeFixture(t *testing.T, work string) {
	t.Helper()
	for dir, files := range map[string]map[string]string{"base": diffBase, "head": diffHead} {
		for name, text := range files {
			require.NoError(t, os.MkdirAll(filepath.Join(work, dir), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(work, dir, name), []byte(text), 0o644))
		}
	}
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	commitT(t, repo, "base", diffBase)
	commitT(t, repo, "head", diffHead)
}

// The shared fixture pair and the runs made on it: the tests that only
// read the pair share one copy and each distinct run's output, so that
// the package's end-to-end time stays what it is.
var shared struct {
	once sync.Once
	work string
	mu   sync.Mutex
	runs map[string]map[string]string
}

// sharedFixture is the fixture pair (diffFixture) the read-only tests
// share, made once under the binary's directory (removed by TestMain).
func sharedFixture(t *testing.T) string {
	t.Helper()
	shared.once.Do(func() {
		dir, err := filepath.EvalSymlinks(filepath.Dir(binary))
		require.NoError(t, err)
		work := filepath.Join(dir, "diff-fixture")
		writeFixture(t, work)
		shared.work, shared.runs = work, map[string]map[string]string{}
	})
	require.NotEmpty(t, shared.work, "the shared fixture could not be made")
	return shared.work
}

// runOnce is runBinary's output for args run in dir, run once per
// package: the fixture it reads is not written to.
func runOnce(t *testing.T, dir string, args ...string) map[string]string {
	t.Helper()
	key := strings.Join(append([]string{dir}, args...), "\x00")
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if got, ok := shared.runs[key]; ok {
		return got
	}
	got := runBinary(t, dir, args, nil)
	shared.runs[key] = got
	return got
}

// diffRun runs scb-check diff in dir (once per package) and returns its
// exit code, stdout and stderr.
func diffRun(t *testing.T, dir string, args ...string) (string, string, string) {
	t.Helper()
	got := runOnce(t, dir, append([]string{"diff"}, args...)...)
	return strings.TrimSuffix(got[secExit], "\n"), got[secStdout], got[secStderr]
}

// checkReport is what check --report (with extra) prints for path, run
// in dir.
func checkReport(t *testing.T, dir, path string, extra ...string) string {
	t.Helper()
	got := runOnce(t, dir, append([]string{"check", "--report", path}, extra...)...)
	require.Contains(t, []string{"0\n", "1\n"}, got[secExit], got[secStderr])
	return strings.TrimSuffix(got[secStdout], "\n")
}

// The JSON of two directories is the JSON of two revisions holding the
// same files (no file renamed), and each side is check --report of that
// tree, byte for byte.
func TestDiffDirectoriesEqualRevisions(t *testing.T) {
	work := sharedFixture(t)
	code, dirs, stderr := diffRun(t, work, "--output-format", "json", "base", "head")
	require.Equal(t, "0", code, stderr)
	code, revs, stderr := diffRun(t, filepath.Join(work, "repo"), "--output-format", "json", "HEAD~1", "HEAD")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, dirs, revs)
	assert.Empty(t, stderr)

	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(dirs), &doc))
	assert.Equal(t, checkReport(t, work, "base"), string(doc["base"]))
	assert.Equal(t, checkReport(t, work, "head"), string(doc["head"]))

	// HEAD defaults to the working tree: the same comparison once the
	// head commit's files are on disk (they are, after the commit).
	code, work2, stderr := diffRun(t, filepath.Join(work, "repo"), "--report", "HEAD~1")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, dirs, work2)
}

// The JSON's numbers, worked out by hand (see diffBase).
func TestDiffJSON(t *testing.T) {
	work := sharedFixture(t)
	code, out, stderr := diffRun(t, work, "--output-format", "json", "base", "head")
	require.Equal(t, "0", code, stderr)
	var doc struct {
		Delta     map[string]*float64
		Functions []struct {
			Path, Name, Kind, Status string
			Base, Head               *struct {
				Path          string
				Line          int
				EndLine       int `json:"end_line"`
				CC, Cog, SLOC int
				Mass          float64
			}
		}
		NewFindings []struct {
			Rule, Severity, Path, Message string
			Line                          int
			EndLine                       int `json:"end_line"`
			Counterparts                  []any
		} `json:"new_findings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))

	near := func(want float64, got *float64, key string) {
		if assert.NotNil(t, got, key) {
			assert.InDelta(t, want, *got, 1e-12, key)
		}
	}
	near(2.0/12-1.0/12, doc.Delta["verbosity"], "verbosity")
	near(0, doc.Delta["total_loc"], "total_loc")
	near(1, doc.Delta["verbosity_flagged_loc"], "verbosity_flagged_loc")
	near(1, doc.Delta["ast_grep_flagged_loc"], "ast_grep_flagged_loc")
	near(0, doc.Delta["total_functions"], "total_functions")
	near(math.Sqrt(3)+3*math.Sqrt(5)+2*math.Sqrt(2)-(8+2*math.Sqrt(2)), doc.Delta["total_mass"], "total_mass")
	near(3*math.Sqrt(5)-4, doc.Delta["total_cog_mass"], "total_cog_mass")
	near(0, doc.Delta["erosion"], "erosion")
	assert.Contains(t, doc.Delta, "mcf", "every number of the report, null when undefined")
	assert.Nil(t, doc.Delta["mcf"])
	assert.Contains(t, out, `"delta":{"verbosity":0.08333333333333333,"erosion":0.0,`, "floats as the report writes them")
	assert.Contains(t, out, `"total_loc":0,`, "counts as whole numbers")

	type fn struct {
		name, status                   string
		baseCC, baseCog, baseSLOC      int
		headCC, headCog, headSLOC, row int
	}
	want := []fn{
		{"parse", "regressed", 2, 1, 4, 3, 3, 5, 6},
		{"host", "new", -1, -1, -1, 1, 0, 2, 17},
		{"size", "improved", 2, 1, 4, 1, 0, 2, 13},
		{"legacy", "removed", 1, 0, 2, -1, -1, -1, 17},
	}
	require.Len(t, doc.Functions, len(want), "port is unchanged: not listed")
	for i, w := range want {
		f := doc.Functions[i]
		assert.Equal(t, []string{"app.py", w.name, "function", w.status}, []string{f.Path, f.Name, f.Kind, f.Status})
		if w.baseCC < 0 {
			assert.Nil(t, f.Base, w.name)
		} else if assert.NotNil(t, f.Base, w.name) {
			assert.Equal(t, []int{w.baseCC, w.baseCog, w.baseSLOC}, []int{f.Base.CC, f.Base.Cog, f.Base.SLOC}, w.name)
			assert.InDelta(t, float64(w.baseCC)*math.Sqrt(float64(w.baseSLOC)), f.Base.Mass, 1e-12, w.name)
		}
		if w.headCC < 0 {
			assert.Nil(t, f.Head, w.name)
		} else if assert.NotNil(t, f.Head, w.name) {
			assert.Equal(t, []int{w.headCC, w.headCog, w.headSLOC, w.row}, []int{f.Head.CC, f.Head.Cog, f.Head.SLOC, f.Head.Line}, w.name)
			assert.InDelta(t, float64(w.headCC)*math.Sqrt(float64(w.headSLOC)), f.Head.Mass, 1e-12, w.name)
		}
	}

	require.Len(t, doc.NewFindings, 1)
	nf := doc.NewFindings[0]
	assert.Equal(t, []string{"dict-get-default-none", "warning", "app.py", hostFinding}, []string{nf.Rule, nf.Severity, nf.Path, nf.Message})
	assert.Equal(t, []int{18, 18}, []int{nf.Line, nf.EndLine})
	assert.Nil(t, nf.Counterparts, "not a clone: no counterparts key")
}

// syntaxRows are the syntax_tree_count and syntax_node_count values of
// check --report for base and head: tree-sitter's node counts are not
// worked out by hand, but each side's must be check's.
func syntaxRows(t *testing.T, work string) (trees, nodes [2]int) {
	t.Helper()
	for i, dir := range []string{"base", "head"} {
		var r struct {
			Trees int `json:"syntax_tree_count"`
			Nodes int `json:"syntax_node_count"`
		}
		require.NoError(t, json.Unmarshal([]byte(checkReport(t, work, dir)), &r))
		trees[i], nodes[i] = r.Trees, r.Nodes
	}
	return trees, nodes
}

// signed is a count's delta as the human and Markdown outputs write it.
func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

func TestDiffHuman(t *testing.T) {
	work := sharedFixture(t)
	trees, nodes := syntaxRows(t, work)
	row := func(key, base, head, delta string) string {
		return strings.TrimRight(fmt.Sprintf("  %-24s  %5s  %5s  %6s", key, base, head, delta), " ") + "\n"
	}
	want := "Metrics\n" +
		row("METRIC", "BASE", "HEAD", "DELTA") +
		row("verbosity", "0.083", "0.167", "+0.083") +
		row("erosion", "0.000", "0.000", "0.000") +
		row("cog_erosion", "0.000", "0.000", "0.000") +
		row("files_scanned", "1", "1", "0") +
		row("total_loc", "12", "12", "0") +
		row("verbosity_flagged_loc", "1", "2", "+1") +
		row("clone_loc", "0", "0", "0") +
		row("ast_grep_flagged_loc", "1", "2", "+1") +
		row("structural_rule_loc", "0", "0", "0") +
		row("structural_rule_findings", "0", "0", "0") +
		row("total_functions", "4", "4", "0") +
		row("high_cc_functions", "0", "0", "0") +
		row("high_cog_functions", "0", "0", "0") +
		row("total_mass", "10.83", "11.27", "+0.44") +
		row("high_cc_mass", "0.00", "0.00", "0.00") +
		row("total_cog_mass", "4.00", "6.71", "+2.71") +
		row("high_cog_mass", "0.00", "0.00", "0.00") +
		row("syntax_tree_count", fmt.Sprint(trees[0]), fmt.Sprint(trees[1]), signed(trees[1]-trees[0])) +
		row("syntax_node_count", fmt.Sprint(nodes[0]), fmt.Sprint(nodes[1]), signed(nodes[1]-nodes[0])) +
		// No module uses app.py's four public functions.
		row("dir", "0.000", "0.000", "0.000") +
		"\nFunctions (1 regressed, 1 new, 1 improved, 1 removed)\n" +
		"  STATUS         CC     COG    SLOC          MASS  CHANGE  LOCATION   FUNCTION\n" +
		"  regressed  2 -> 3  1 -> 3  4 -> 5  4.00 -> 6.71   +2.71  app.py:6   parse\n" +
		"  new             1       0       2          1.41   +1.41  app.py:17  host\n" +
		"  improved   2 -> 1  1 -> 0  4 -> 2  4.00 -> 1.41   -2.59  app.py:13  size\n" +
		"  removed         1       0       2          1.41   -1.41  app.py:17  legacy\n"
	findings := "\nNew findings (1)\n" +
		"warning[dict-get-default-none]: " + hostFinding + "\n" +
		"  --> app.py:18\n"
	code, out, stderr := diffRun(t, work, "base", "head")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, want+findings, out)

	// --all-functions adds port, unchanged (its SLOC 2 -> 3, mass √2 ->
	// √3: +0.32).
	code, out, stderr = diffRun(t, work, "--all-functions", "base", "head")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, want+
		"  unchanged       1       0  2 -> 3  1.41 -> 1.73   +0.32  app.py:1   port\n"+findings, out)

	code, out, _ = diffRun(t, work, "--color", "always", "base", "head")
	require.Equal(t, "0", code)
	assert.Contains(t, out, "\x1b[1mMetrics\x1b[0m\n")
	assert.Contains(t, out, "  \x1b[1;31mregressed\x1b[0m  ")
	assert.Contains(t, out, "\x1b[1;33mwarning\x1b[0m[\x1b[1mdict-get-default-none\x1b[0m]: ")
}

func TestDiffMarkdown(t *testing.T) {
	work := sharedFixture(t)
	trees, nodes := syntaxRows(t, work)
	want := "### scb-check diff\n\n" +
		"| metric | base | head | delta |\n| --- | ---: | ---: | ---: |\n" +
		"| verbosity | 0.083 | 0.167 | **+0.083** |\n" +
		"| erosion | 0.000 | 0.000 | 0.000 |\n" +
		"| cog_erosion | 0.000 | 0.000 | 0.000 |\n" +
		"| files_scanned | 1 | 1 | 0 |\n" +
		"| total_loc | 12 | 12 | 0 |\n" +
		"| verbosity_flagged_loc | 1 | 2 | +1 |\n" +
		"| clone_loc | 0 | 0 | 0 |\n" +
		"| ast_grep_flagged_loc | 1 | 2 | +1 |\n" +
		"| structural_rule_loc | 0 | 0 | 0 |\n" +
		"| structural_rule_findings | 0 | 0 | 0 |\n" +
		"| total_functions | 4 | 4 | 0 |\n" +
		"| high_cc_functions | 0 | 0 | 0 |\n" +
		"| high_cog_functions | 0 | 0 | 0 |\n" +
		"| total_mass | 10.83 | 11.27 | +0.44 |\n" +
		"| high_cc_mass | 0.00 | 0.00 | 0.00 |\n" +
		"| total_cog_mass | 4.00 | 6.71 | +2.71 |\n" +
		"| high_cog_mass | 0.00 | 0.00 | 0.00 |\n" +
		fmt.Sprintf("| syntax_tree_count | %d | %d | %s |\n", trees[0], trees[1], signed(trees[1]-trees[0])) +
		fmt.Sprintf("| syntax_node_count | %d | %d | %s |\n", nodes[0], nodes[1], signed(nodes[1]-nodes[0])) +
		"| dir | 0.000 | 0.000 | 0.000 |\n" +
		"\n#### Functions (1 regressed, 1 new, 1 improved, 1 removed)\n\n" +
		"| status | function | location | CC | COG | SLOC | mass | change |\n" +
		"| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n" +
		"| regressed | parse | app\\.py:6 | 2 → 3 | 1 → 3 | 4 → 5 | 4.00 → 6.71 | +2.71 |\n" +
		"| new | host | app\\.py:17 | 1 | 0 | 2 | 1.41 | +1.41 |\n" +
		"| improved | size | app\\.py:13 | 2 → 1 | 1 → 0 | 4 → 2 | 4.00 → 1.41 | -2.59 |\n" +
		"| removed | legacy | app\\.py:17 | 1 | 0 | 2 | 1.41 | -1.41 |\n" +
		"\n#### New findings (1)\n\n" +
		"| severity | rule | location | message |\n| --- | --- | --- | --- |\n" +
		"| warning | dict\\-get\\-default\\-none | app\\.py:18 | \\`settings\\.get\\(\\\"host\\\", None\\)\\` spells out the default " +
		"that \\.get\\(\\) already returns; write \\`settings\\.get\\(\\\"host\\\"\\)\\`\\. |\n"
	code, out, stderr := diffRun(t, work, "--output-format", "markdown", "base", "head")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, want, out)
}

// --fail-on-new exits 1 when the change adds a finding, 0 when it adds
// none (the head's old findings do not count); without it, 0.
func TestDiffFailOnNew(t *testing.T) {
	work := sharedFixture(t)
	for _, tc := range []struct {
		name string
		args []string
		code string
	}{
		{"a new finding fails", []string{"--fail-on-new", "base", "head"}, "1"},
		{"without the flag it does not", []string{"base", "head"}, "0"},
		{"old findings alone do not", []string{"--fail-on-new", "head", "head"}, "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := diffRun(t, work, append([]string{"--output-format", "json"}, tc.args...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.True(t, json.Valid([]byte(out)), "the comparison is written whatever the exit code")
		})
	}
}

// Under --compat 0.1.3 each side is 0.1.3's report, as its check
// --report prints it; the delta and the functions stay ours.
func TestDiffCompat(t *testing.T) {
	work := sharedFixture(t)
	code, out, stderr := diffRun(t, work, "--compat", "0.1.3", "--report", "base", "head")
	require.Equal(t, "0", code, stderr)
	base := checkReport(t, work, "base", "--compat", "0.1.3")
	head := checkReport(t, work, "head", "--compat", "0.1.3")
	assert.True(t, strings.HasPrefix(out, `{"base":`+base+`,"head":`+head+`,"delta":{"verbosity":`), out)
	assert.Contains(t, out, `"functions":[{"path":"app.py","name":"parse","kind":"function","status":"regressed",`)
}

func TestDiffErrors(t *testing.T) {
	work := sharedFixture(t)
	repo := filepath.Join(work, "repo")
	for _, tc := range []struct {
		name, dir string
		args      []string
		stderr    string
	}{
		{"a revision that names no commit", repo, []string{"no-such-rev"}, "BASE 'no-such-rev': unknown revision 'no-such-rev'"},
		{"a bad HEAD revision", repo, []string{"HEAD", "v9"}, "HEAD 'v9': unknown revision 'v9'"},
		{"no repository", work, []string{"HEAD"}, "BASE 'HEAD': not a git repository"},
		{"a revision spelt as an option is no option", repo, []string{"--", "--output=out.txt"}, "BASE '--output=out.txt': unknown revision"},
		{"a directory needs a directory to compare with", work, []string{"base"}, "error: BASE 'base' is a directory: give HEAD"},
		{"a missing directory", work, []string{"base", "nothere"}, "error: HEAD 'nothere' is not a directory (BASE 'base' is one)"},
		{"a revision and a directory", repo, []string{"HEAD", "../head"}, "error: HEAD '../head' is a directory but BASE 'HEAD' is not"},
		{"--path is for revisions", work, []string{"--path", "repo", "base", "head"}, "error: '--path' applies to revisions"},
		{"--all-functions is for the human output", work, []string{"--all-functions", "--report", "base", "head"}, "error: '--all-functions' applies to the human output"},
		{"a BASE is required", work, nil, "the following required arguments were not provided:\n  <BASE>"},
		{"at most two trees", work, []string{"base", "head", "repo"}, "error: unexpected argument 'repo' found"},
		{"gates belong to check", work, []string{"--max-erosion", "0.1", "base", "head"}, "'--max-erosion' is an option of check, not of diff"},
		{"--exit-zero belongs to check", work, []string{"--exit-zero", "base", "head"}, "'--exit-zero' is an option of check, not of diff"},
		{"diff's formats", work, []string{"--output-format", "sarif", "base", "head"}, "invalid value 'sarif' for '--output-format <FORMAT>' of diff"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := diffRun(t, tc.dir, tc.args...)
			assert.Equal(t, "2", code)
			assert.Empty(t, out)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
	_, err := os.Lstat(filepath.Join(repo, "out.txt"))
	assert.ErrorIs(t, err, os.ErrNotExist, "git wrote no file")
}

// A file a side could not parse counts in no number of that side; the
// run names it on stderr with the side, as check names it.
func TestDiffNamesSkippedFiles(t *testing.T) {
	work := diffFixture(t)
	require.NoError(t, os.WriteFile(filepath.Join(work, "base", "latin.py"), []byte("x = \"\xff\"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(work, "head", "broken.py"), []byte("def f(:\n"), 0o644))
	code, out, stderr := diffRun(t, work, "--report", "base", "head")
	require.Equal(t, "0", code, stderr)
	assert.Equal(t, "BASE 'base': failed to parse file: latin.py: stream did not contain valid UTF-8\n"+
		"HEAD 'head': failed to parse file: broken.py: failed to parse python source\n", stderr)
	assert.Contains(t, out, `"delta":{"verbosity":0.08333333333333333,"erosion":0.0,"cog_erosion":0.0,"files_scanned":0,"total_loc":0,`,
		"neither file counts")
}
