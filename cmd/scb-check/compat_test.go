package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// highCC has cc 11 (ten ifs) and cognitive complexity 10 (each if +1 at
// nesting 0) over 22 SLOC lines (the def, ten ifs with their returns, the
// last return): a high-CC function, a finding that makes 0.2.0's check
// exit 1.
var highCC = "def f(x):\n" + strings.Repeat("    if x == 1:\n        return 1\n", 10) + "    return 0\n"

// The 0.1.3 profile prints 0.1.3's JSON
// and exits 0 with findings; the flag, then the environment, then the
// configuration choose it.
func TestCheckCompat013(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte(highCC), 0o644))
	t.Chdir(dir)

	// erosion 1 (one of one function high); masses 11√22 and 10√22; no
	// high-cog function, so its mass is the integer 0.
	const json013 = `{"verbosity": 0.0, "erosion": 1.0, "cog_erosion": 0.0, "files_scanned": 1, "total_loc": 22, ` +
		`"verbosity_flagged_loc": 0, "clone_loc": 0, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 0, "trivial_wrappers": 0, ` +
		`"total_functions": 1, "high_cc_functions": 1, "high_cog_functions": 0, ` +
		`"total_mass": 51.59457335805773, "high_cc_mass": 51.59457335805773, "total_cog_mass": 46.9041575982343, "high_cog_mass": 0}`
	cases := []struct {
		name   string
		args   []string
		env    string
		config string
		code   int
		json13 bool
	}{
		{"--compat 0.1.3", []string{"--compat", "0.1.3"}, "", "", exitClean, true},
		{"the environment", nil, "0.1.3", "", exitClean, true},
		{"the configuration", nil, "", `compat = "0.1.3"`, exitClean, true},
		{"the flag over the environment", []string{"--compat", "0.2.0"}, "0.1.3", "", exitFindings, false},
		{"the environment over the configuration", nil, "0.2.0", `compat = "0.1.3"`, exitFindings, false},
		{"the default", nil, "", "", exitFindings, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envCompat, tc.env)
			cfg := filepath.Join(dir, "scb-check.toml")
			require.NoError(t, os.RemoveAll(cfg))
			if tc.config != "" {
				require.NoError(t, os.WriteFile(cfg, []byte(tc.config+"\n"), 0o644))
			}
			code, out, errOut := runIn(t, append([]string{"check", "--report", "--include-all", "--disable-sg", "a.py"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errOut)
			if tc.json13 {
				assert.Equal(t, json013, out)
			} else {
				assert.True(t, strings.HasPrefix(out, `{"verbosity":0.0,"erosion":1.0,`), out)
				assert.True(t, strings.HasSuffix(out, "}\n"), out)
			}
		})
	}

	t.Run("0.1.3 refuses a key it does not read", func(t *testing.T) {
		t.Setenv(envCompat, "0.1.3")
		cfg := filepath.Join(dir, "scb-check.toml")
		require.NoError(t, os.WriteFile(cfg, []byte("languages = [\"go\"]\n"), 0o644))
		t.Cleanup(func() { _ = os.Remove(cfg) })
		code, _, errOut := runIn(t, "check", "--report", "a.py")
		assert.Equal(t, exitError, code)
		assert.Equal(t, cfg+`: key "languages" is not a setting of scb-check 0.1.3 (it reads only exclude and context)`+"\n", errOut)
	})
}

// wrapper013 is one public single-return function: 0.1.3 flags it as a
// trivial wrapper (0.2.0 does not: it is public). Worked out by hand: 2
// SLOC lines, both the wrapper's, so verbosity 1; cc 1 and cog 0, so
// total_mass √2 and total_cog_mass 0.0 (a float: one function summed);
// no high function, so the high masses are the integer 0.
const (
	wrapper013     = "def f(x):\n    return x\n"
	wrapper013JSON = `{"verbosity": 1.0, "erosion": 0.0, "cog_erosion": 0.0, "files_scanned": 1, "total_loc": 2, ` +
		`"verbosity_flagged_loc": 2, "clone_loc": 0, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 2, "trivial_wrappers": 1, ` +
		`"total_functions": 1, "high_cc_functions": 0, "high_cog_functions": 0, ` +
		`"total_mass": 1.4142135623730951, "high_cc_mass": 0, "total_cog_mass": 0.0, "high_cog_mass": 0}`
)

// keys013 are the 17 keys of 0.1.3's report, in its order (0.1.3 §12).
var keys013 = []string{
	"verbosity", "erosion", "cog_erosion", "files_scanned", "total_loc", "verbosity_flagged_loc", "clone_loc",
	"ast_grep_flagged_loc", "trivial_wrapper_loc", "trivial_wrappers", "total_functions", "high_cc_functions",
	"high_cog_functions", "total_mass", "high_cc_mass", "total_cog_mass", "high_cog_mass",
}

// assertReport013 checks that a report is 0.1.3's shape: its 17 keys in
// order, with its separators.
func assertReport013(t *testing.T, report string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(report))
	tok, err := dec.Token()
	require.NoError(t, err, report)
	require.Equal(t, json.Delim('{'), tok, report)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err, report)
		keys = append(keys, k.(string))
		var v json.RawMessage
		require.NoError(t, dec.Decode(&v), report)
	}
	assert.Equal(t, keys013, keys)
	assert.True(t, strings.HasPrefix(report, `{"verbosity": `), report)
}

// Under 0.1.3, every point of a trajectory and every line of a batch
// carries, byte for byte, what `check --compat 0.1.3 --report
// --include-all` prints for the snapshot (0.1.3's 17 keys, separators and
// floats), inside the commands' own envelope, however 0.1.3 is chosen.
func TestTrajectoryAndBatchCompat013EqualCheck(t *testing.T) {
	work, dirs := exampleCheckpoints(t)
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte(strings.Join(dirs, "\n")+"\n"), 0o644))
	cfg := filepath.Join(work, "scb-check.toml")
	cases := []struct {
		name   string
		args   []string
		env    []string
		config string
	}{
		{"--compat 0.1.3", []string{"--compat", "0.1.3"}, nil, ""},
		{"the environment", nil, []string{envCompat + "=0.1.3"}, ""},
		{"the configuration", nil, nil, `compat = "0.1.3"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, os.RemoveAll(cfg))
			if tc.config != "" {
				require.NoError(t, os.WriteFile(cfg, []byte(tc.config+"\n"), 0o644))
			}
			checks := make([]string, len(dirs))
			for i, d := range dirs {
				check := runBinary(t, work, append([]string{"check", "--report", "--include-all", d}, tc.args...), tc.env)
				require.Equal(t, "0\n", check[secExit], check[secStderr])
				assertReport013(t, check[secStdout])
				checks[i] = check[secStdout]
			}
			assert.NotEqual(t, checks[0], checks[1], "the checkpoints differ")

			traj := runBinary(t, work, append([]string{"trajectory", "--report", "--include-all", "-j", "1"}, append(tc.args, dirs...)...), tc.env)
			require.Equal(t, "0\n", traj[secExit], traj[secStderr])
			assert.True(t, strings.HasPrefix(traj[secStdout], `{"schema_version":1,"points":[`+"\n"+`{"index":0,"checkpoint":"example","report":{"verbosity": `),
				"the envelope is ours, compact; the report 0.1.3's: %s", traj[secStdout])
			doc := decodeTrajectory(t, traj[secStdout])
			require.Len(t, doc.Points, len(dirs))
			for i, d := range dirs {
				assert.Equal(t, checks[i], string(doc.Points[i].Report), d)
			}

			got := runBinary(t, work, append([]string{"batch", "--include-all", "-j", "1", "m.txt"}, tc.args...), tc.env)
			require.Equal(t, "0\n", got[secExit], got[secStderr])
			lines := strings.SplitAfter(strings.TrimSuffix(got[secStdout], "\n"), "\n")
			require.Len(t, lines, len(dirs))
			for i, d := range dirs {
				assert.True(t, strings.HasPrefix(lines[i], `{"snapshot":"`+d+`","index":`+strconv.Itoa(i)+`,"status":"ok","skipped":[],"verbosity": `), lines[i])
				assert.Equal(t, checks[i], reportOf(t, lines[i]), d)
			}
		})
	}
}

// A commit whose own configuration chooses 0.1.3 is measured and printed
// as 0.1.3 (its point's report is 0.1.3's JSON), the commit before it as
// the default profile.
func TestGitTrajectoryCommitChoosesCompat013(t *testing.T) {
	r := testkit.NewGitRepo(t)
	r.Commit("wrapper", map[string]string{"a.py": wrapper013})
	r.Commit("compat", map[string]string{"scb-check.toml": "compat = \"0.1.3\"\n"})
	work := filepath.Dir(r.Dir)
	got := runBinary(t, work, []string{"trajectory", "--report", "--include-all", "--disable-sg", "--git", r.Dir}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	doc := decodeTrajectory(t, got[secStdout])
	require.Len(t, doc.Points, 2)
	// 0.2.0: f is public, no trivial wrapper; 2 SLOC lines.
	assert.True(t, strings.HasPrefix(string(doc.Points[0].Report),
		`{"verbosity":0.0,"erosion":0.0,"cog_erosion":0.0,"files_scanned":1,"total_loc":2,"verbosity_flagged_loc":0,`), string(doc.Points[0].Report))
	assert.Equal(t, wrapper013JSON, string(doc.Points[1].Report))
}

// The gates work under 0.1.3: a failed gate exits 1 although 0.1.3 exits
// 0 with findings; a baseline written under 0.1.3 records it, ratchets a
// 0.1.3 run, and is refused by a run of the default profile (and a
// default profile's baseline by a 0.1.3 run).
func TestGatesCompat013(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	write := func(src string) { require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte(src), 0o644)) }
	write(wrapper013)
	t.Chdir(dir)
	t.Setenv(envCompat, "0.1.3")
	check := func(args ...string) (int, string, string) {
		return runIn(t, append([]string{"check", "--disable-sg", "--include-all"}, append(args, "a.py")...)...)
	}

	// wrapper013: verbosity 1.0, erosion 0; highCC: erosion 1.0.
	code, out, errOut := check("--report", "--max-verbosity", "0.5")
	assert.Equal(t, exitFindings, code)
	assert.Equal(t, "gate max-verbosity failed: verbosity is 1.0, allowed at most 0.5\n", errOut)
	assert.Equal(t, wrapper013JSON, out, "the report is 0.1.3's")
	code, _, errOut = check("--max-verbosity", "1")
	assert.Equal(t, exitClean, code, errOut)

	code, _, errOut = check("--write-baseline", "b013.json")
	require.Equal(t, exitClean, code, errOut)
	b, err := report.ReadBaseline(filepath.Join(dir, "b013.json"))
	require.NoError(t, err)
	assert.Equal(t, "0.1.3", b.Settings["compat"])
	assert.Equal(t, 1.0, b.Metrics["structural_rule_findings"], "the trivial wrapper")
	code, _, errOut = check("--baseline", "b013.json")
	assert.Equal(t, exitClean, code, errOut)

	write(highCC)
	code, out, errOut = check("--report", "--baseline", "b013.json")
	assert.Equal(t, exitFindings, code)
	assert.Contains(t, errOut, "gate max-erosion-increase failed: erosion is 1.0, baseline 0.0 (+1), allowed increase 0.0\n")
	// A baseline of findings is judged as a change: 0.1.3's report kept
	// whole under "report", f's CC 11 the one new finding (the wrapper
	// is gone: its finding is stale).
	var judged struct {
		Report   json.RawMessage
		Findings []struct{ Rule string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &judged), out)
	assertReport013(t, string(judged.Report))
	require.Len(t, judged.Findings, 1)
	assert.Equal(t, "cyclomatic-complexity", judged.Findings[0].Rule)
	assert.Contains(t, errOut, "baseline b013.json: 0 old findings hidden, 1 stale (no longer found as recorded; write it again with --write-baseline)\n")

	code, _, errOut = check("--compat", "0.2.0", "--baseline", "b013.json")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "compat is 0.1.3 there, not set here")
	t.Setenv(envCompat, "")
	code, _, errOut = runIn(t, "check", "--disable-sg", "--include-all", "--exit-zero", "--write-baseline", "b020.json", "a.py")
	require.Equal(t, exitClean, code, errOut)
	t.Setenv(envCompat, "0.1.3")
	code, _, errOut = check("--baseline", "b020.json")
	assert.Equal(t, exitError, code)
	assert.Contains(t, errOut, "compat is not recorded there, 0.1.3 here")
}

// dir under 0.1.3 is DIR over the files 0.1.3's check reads: .py files
// only, ignore files not honoured. By hand: a.py exports f and g; under
// 0.2.0 b.pyw uses f and the ignored c.py is not read; under 0.1.3 c.py
// uses g and b.pyw is not read. However 0.1.3 is chosen.
func TestDirCompat013(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	for name, src := range map[string]string{
		"a.py":       "def f():\n    return 1\n\n\ndef g():\n    return 2\n",
		"b.pyw":      "from a import f\n\nf()\n",
		"c.py":       "from a import g\n\ng()\n",
		".gitignore": "c.py\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	t.Chdir(dir)
	cfg := filepath.Join(dir, "scb-check.toml")
	cases := []struct {
		name, env, config string
		args              []string
		used, unused      string
	}{
		{"the default", "", "", nil, "a.f", "a.g"},
		{"--compat 0.1.3", "", "", []string{"--compat", "0.1.3"}, "a.g", "a.f"},
		{"the environment", "0.1.3", "", nil, "a.g", "a.f"},
		{"the configuration", "", `compat = "0.1.3"`, nil, "a.g", "a.f"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envCompat, tc.env)
			require.NoError(t, os.RemoveAll(cfg))
			if tc.config != "" {
				require.NoError(t, os.WriteFile(cfg, []byte(tc.config+"\n"), 0o644))
			}
			code, out, errOut := runIn(t, append([]string{"dir", "."}, tc.args...)...)
			require.Equal(t, exitClean, code, errOut)
			assert.Regexp(t, `(?m)^  used +`+tc.used+` `, out)
			assert.Regexp(t, `(?m)^  unused +`+tc.unused+` `, out)
		})
	}
}

// 0.1.3 looks for a configuration up to a .git directory only: a .git file
// (a worktree's, a submodule's) does not stop it, so a profile chosen by
// the flag or the environment finds the parent's scb-check.toml, whose
// exclude drops inner/proj/b.py. The default profile stops at the .git
// file and reads both files.
func TestCompat013ConfigSearchPassesGitFile(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	testkit.WriteTree(t, dir, testkit.ConfigAboveGitFile)
	t.Chdir(filepath.Join(dir, "inner"))
	cases := []struct {
		name      string
		args      []string
		env       string
		wantFiles int
	}{
		{"--compat 0.1.3", []string{"--compat", "0.1.3"}, "", 1},
		{"the environment", nil, "0.1.3", 1},
		{"the default", nil, "", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envCompat, tc.env)
			code, out, errOut := runIn(t, append([]string{"check", "--report", "--disable-sg", "proj"}, tc.args...)...)
			require.Equal(t, exitClean, code, errOut)
			var r struct {
				FilesScanned int `json:"files_scanned"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &r), out)
			assert.Equal(t, tc.wantFiles, r.FilesScanned)
		})
	}
}

// 0.1.3's directives may name only its rules file's ids (the Python
// ast-grep rules) and trivial-wrapper: any other id is a directive error
// (exit 2) unless --include-all, which reads no directive. The default
// profile knows every id of its catalog.
func TestCompat013DirectiveIDs(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	t.Chdir(dir)
	cases := []struct {
		id       string
		known013 bool
	}{
		{"trivial-wrapper", true},
		{"bool-comparison", true},
		{"low-use-short-function", false},
		{"cyclomatic-complexity", false},
		{"duplicate-structure", false},
		{"go-else-after-return", false},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			src := "x = 1  # scbc ignore[" + tc.id + "]\n"
			require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte(src), 0o644))
			unknown := ":1: unknown rule id: " + tc.id

			code, _, errOut := runIn(t, "check", "--compat", "0.1.3", "--report", "--disable-sg", "a.py")
			if tc.known013 {
				assert.Equal(t, exitClean, code, errOut)
				assert.NotContains(t, errOut, unknown)
			} else {
				assert.Equal(t, exitError, code, errOut)
				assert.Contains(t, errOut, unknown)
			}

			code, _, errOut = runIn(t, "check", "--compat", "0.1.3", "--report", "--include-all", "--disable-sg", "a.py")
			assert.Equal(t, exitClean, code, errOut)

			code, _, errOut = runIn(t, "check", "--compat", "0.2.0", "--report", "--disable-sg", "a.py")
			assert.Equal(t, exitClean, code, errOut)
			assert.NotContains(t, errOut, unknown)
		})
	}
}

// --compat 0.2.0 and SCB_CHECK_COMPAT=0.2.0 are the default profile: on a
// few end-to-end cases (JSON reports, human text, dir, a trajectory, a
// batch) each prints byte for byte what the case prints without them,
// which TestEndToEnd holds to the case's golden sections.
func TestCompat020IsTheDefault(t *testing.T) {
	for _, name := range []string{"report_contract", "dir_report_keys", "clones_human", "astgrep_human", "dir_human", "trajectory_human", "batch_lines"} {
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(filepath.Join("..", "..", "testdata", "e2e", name+".txtar"))
			require.NoError(t, err)
			run := func(flag bool, env string) map[string]string {
				work, err := filepath.EvalSymlinks(t.TempDir())
				require.NoError(t, err)
				c := writeCase(t, ar, work)
				args := c.args
				if flag {
					args = append([]string{args[0], "--compat", "0.2.0"}, args[1:]...)
				}
				got := runBinary(t, work, args, append(c.env, envCompat+"="+env))
				for k, v := range got {
					got[k] = strings.ReplaceAll(v, work, "$WORK")
				}
				return got
			}
			def := run(false, "")
			require.NotEmpty(t, def[secStdout])
			assert.Equal(t, def, run(true, ""), "--compat 0.2.0")
			assert.Equal(t, def, run(false, "0.2.0"), "SCB_CHECK_COMPAT=0.2.0")
		})
	}
}
