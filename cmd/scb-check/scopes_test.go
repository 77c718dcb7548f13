package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/report"
)

// scopeTree copies testdata/scopes/numbers (see the library's
// TestScopeNumbersWorkedOutByHand) into a work directory, as "tree".
// Its erosion is 11·√22 / (11·√22 + 2·√5 + 2·√5 + 2·√2) = 0.8143 for
// the whole tree, 11·√22 / (11·√22 + 2·√5) = 0.9202 for its production
// code and 0 for its tests.
func scopeTree(t *testing.T) string {
	t.Helper()
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	files := map[string]string{}
	for _, f := range []string{"pkg/core.py", "pkg/util.py", "tests/test_util.py"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "testdata", "scopes", "numbers", filepath.FromSlash(f)))
		require.NoError(t, err)
		files["tree/"+f] = string(text)
	}
	writeTree(t, work, files)
	return work
}

func scopeErosions() (whole, production float64) {
	grade, fn := 11*math.Sqrt(22), 2*math.Sqrt(5)
	return grade / (grade + 2*fn + 2*math.Sqrt(2)), grade / (grade + fn)
}

// The gates read the numbers of --gate-scope, or of the scope measured;
// a --gate-scope the run does not measure, or an unknown scope, is a
// usage error.
func TestScopeGates(t *testing.T) {
	whole, production := scopeErosions()
	require.Less(t, whole, 0.85)
	require.Greater(t, production, 0.85)
	failed := fmt.Sprintf("gate max-erosion failed: erosion is %s, allowed at most 0.85\n", strconv.FormatFloat(production, 'g', -1, 64))
	work := scopeTree(t)
	cases := []struct {
		name     string
		args     []string
		exit     string
		stderr   string
		contains bool
	}{
		{"the whole tree passes", []string{"--max-erosion", "0.85"}, "0\n", "", false},
		{"the production code fails the gate while the whole tree is measured",
			[]string{"--max-erosion", "0.85", "--gate-scope", "production"}, "1\n", failed, false},
		{"the production code measured alone fails it",
			[]string{"--max-erosion", "0.85", "--scope", "production"}, "1\n", failed, false},
		{"a gate scope equal to the scope measured is the same gate",
			[]string{"--max-erosion", "0.85", "--scope", "production", "--gate-scope", "production"}, "1\n", failed, false},
		{"the tests pass a gate of 0", []string{"--max-erosion", "0", "--gate-scope", "tests"}, "0\n", "", false},
		{"a gate scope the run does not measure", []string{"--scope", "production", "--gate-scope", "tests"}, "2\n",
			"error: '--gate-scope tests' cannot be used with '--scope production'", true},
		{"an unknown scope", []string{"--scope", "prod"}, "2\n",
			"error: invalid value 'prod' for '--scope <SCOPE>'\n  [possible values: all, production, tests]", true},
		{"an unknown gate scope", []string{"--gate-scope", ""}, "2\n",
			"error: invalid value '' for '--gate-scope <SCOPE>'", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runBinary(t, work, append(append([]string{"check", "--disable-sg", "--report"}, tc.args...), "tree"), nil)
			assert.Equal(t, tc.exit, got[secExit], got[secStderr])
			if tc.contains {
				assert.Contains(t, got[secStderr], tc.stderr)
			} else {
				assert.Equal(t, tc.stderr, got[secStderr])
			}
		})
	}
}

// A baseline records the numbers the gates read and the scope they are
// of: a run gating another scope cannot compare with it.
func TestBaselineOfAScope(t *testing.T) {
	_, production := scopeErosions()
	work := scopeTree(t)
	got := runBinary(t, work, []string{"check", "--disable-sg", "--report", "--gate-scope", "production", "--write-baseline", "base.json", "tree"}, nil)
	// No gate is set: the findings (the clone, grade's complexity) fail it.
	require.Equal(t, "1\n", got[secExit], got[secStderr])
	b, err := report.ReadBaseline(filepath.Join(work, "base.json"))
	require.NoError(t, err)
	assert.Equal(t, "production", b.Settings["scope"])
	assert.Equal(t, "null", b.Settings["tests"])
	assert.Equal(t, "null", b.Settings["production"])
	assert.InDelta(t, production, b.Metrics["erosion"], 1e-12)
	assert.Equal(t, 2.0, b.Metrics["files_scanned"])

	got = runBinary(t, work, []string{"check", "--disable-sg", "--report", "--baseline", "base.json", "tree"}, nil)
	assert.Equal(t, "2\n", got[secExit])
	assert.Contains(t, got[secStderr], "scope is production there, not set here")

	got = runBinary(t, work, []string{"check", "--disable-sg", "--report", "--scope", "production", "--baseline", "base.json", "tree"}, nil)
	assert.Equal(t, "0\n", got[secExit], got[secStderr])
	assert.Contains(t, got[secStderr], "gate max-erosion-increase passed: erosion is")
}

// Under --compat 0.1.3 the report keeps 0.1.3's keys unless --scope is
// given; then scopes comes last, in 0.1.3's style.
func TestCompat013ScopesOnlyWhenAsked(t *testing.T) {
	work := scopeTree(t)
	got := runBinary(t, work, []string{"check", "--compat", "0.1.3", "--report", "tree"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	assert.NotContains(t, got[secStdout], "scopes")

	got = runBinary(t, work, []string{"check", "--compat", "0.1.3", "--report", "--scope", "all", "tree"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	var doc struct {
		FilesScanned int `json:"files_scanned"`
		Scopes       map[string]struct {
			FilesScanned int `json:"files_scanned"`
			TotalLOC     int `json:"total_loc"`
		} `json:"scopes"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &doc), got[secStdout])
	assert.Equal(t, 3, doc.FilesScanned)
	assert.Equal(t, 2, doc.Scopes["production"].FilesScanned)
	assert.Equal(t, 1, doc.Scopes["tests"].FilesScanned)
	assert.Equal(t, 8, doc.Scopes["tests"].TotalLOC)
}

// trajectory --scope measures each checkpoint's scope: a point's report
// is check --scope's, and the human table says which code it follows.
func TestTrajectoryOfAScope(t *testing.T) {
	work := scopeTree(t)
	check := runBinary(t, work, []string{"check", "--disable-sg", "--report", "--scope", "production", "tree"}, nil)
	require.Equal(t, "1\n", check[secExit], check[secStderr])
	got := runBinary(t, work, []string{"trajectory", "--disable-sg", "--report", "--scope", "production", "tree"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	doc := decodeTrajectory(t, got[secStdout])
	require.Len(t, doc.Points, 1)
	assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), string(doc.Points[0].Report))

	got = runBinary(t, work, []string{"trajectory", "--disable-sg", "--scope", "tests", "tree"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	assert.True(t, strings.HasPrefix(got[secStdout], "Trajectory of the test code of 1 checkpoints (1 measured)\n"), got[secStdout])
}

// The configuration's tests and production keys are checked as every
// key is: a value of the wrong type stops the run, naming the key.
func TestScopeConfigKeysAreChecked(t *testing.T) {
	work := scopeTree(t)
	writeTree(t, work, map[string]string{"scb-check.toml": "tests = \"tests/\"\n"})
	got := runBinary(t, work, []string{"check", "--disable-sg", "tree"}, nil)
	assert.Equal(t, "2\n", got[secExit])
	assert.Contains(t, got[secStderr], `failed to parse config: key "tests" must be an array of glob strings, found string "tests/"`)

	writeTree(t, work, map[string]string{"scb-check.toml": "tests = [\"tree/pkg/util.py\"]\n"})
	got = runBinary(t, work, []string{"check", "--disable-sg", "--report", "--scope", "tests", "tree"}, nil)
	// total and its copy total_copy are a clone group in this scope now.
	assert.Equal(t, "1\n", got[secExit], got[secStderr])
	var doc struct {
		FilesScanned int `json:"files_scanned"`
		CloneLOC     int `json:"clone_loc"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &doc))
	assert.Equal(t, 2, doc.FilesScanned, "tests/test_util.py, and pkg/util.py by the glob, relative to the configuration's directory")
	assert.Equal(t, 10, doc.CloneLOC)
}

// functions, batch and diff take --scope as check does: each measures the
// chosen scope alone (scopeTree: grade and total are production code,
// total_copy and test_total test code).
func TestScopeOfOtherCommands(t *testing.T) {
	_, production := scopeErosions()
	work := scopeTree(t)

	names := func(out string) []string {
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var f struct{ Name string }
			require.NoError(t, json.Unmarshal([]byte(line), &f), line)
			got = append(got, f.Name)
		}
		return got
	}
	for scope, want := range map[string][]string{
		"production": {"grade", "total"},
		"tests":      {"total_copy", "test_total"},
		"all":        {"grade", "total", "total_copy", "test_total"},
	} {
		got := runBinary(t, work, []string{"functions", "--report", "--scope", scope, "tree"}, nil)
		require.Equal(t, "0\n", got[secExit], got[secStderr])
		assert.Equal(t, want, names(got[secStdout]), scope)
	}

	writeTree(t, work, map[string]string{"manifest.txt": "tree\n"})
	got := runBinary(t, work, []string{"batch", "--disable-sg", "--scope", "production", "manifest.txt"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	var line struct {
		Status       string  `json:"status"`
		FilesScanned int     `json:"files_scanned"`
		Erosion      float64 `json:"erosion"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &line), got[secStdout])
	assert.Equal(t, "ok", line.Status)
	assert.Equal(t, 2, line.FilesScanned)
	assert.InDelta(t, production, line.Erosion, 1e-12)

	// A change to a production file and to a test file: diff --scope
	// shows the one its scope holds, each side measured in that scope.
	dir := filepath.Join(work, "tree")
	newRepoT(t, dir)
	commitT(t, dir, "one", map[string]string{})
	writeTree(t, dir, map[string]string{
		"pkg/util.py":        "def total(items):\n    acc = 0\n    for item in items:\n        acc += item\n    return acc\n\n\ndef half(x):\n    return x / 2\n",
		"tests/test_util.py": "def test_half():\n    assert 1\n",
	})
	for scope, want := range map[string]struct {
		files int
		fn    string
	}{"production": {2, "half"}, "tests": {1, "test_half"}} {
		got := runBinary(t, dir, []string{"diff", "--disable-sg", "--report", "--scope", scope, "HEAD"}, nil)
		require.Equal(t, "0\n", got[secExit], got[secStderr])
		var d struct {
			Base, Head struct {
				FilesScanned int `json:"files_scanned"`
			}
			Functions []struct{ Name, Status string }
		}
		require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &d), got[secStdout])
		assert.Equal(t, want.files, d.Base.FilesScanned, scope)
		assert.Equal(t, want.files, d.Head.FilesScanned, scope)
		require.NotEmpty(t, d.Functions, scope)
		for _, f := range d.Functions {
			if f.Status == "new" {
				assert.Equal(t, want.fn, f.Name, scope)
			}
		}
	}
}
