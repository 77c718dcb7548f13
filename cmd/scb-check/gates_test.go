package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// writeTree writes files (slash paths) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// Two functions of cc 2 and SLOC 4 each (mass 4 each): erosion 0.
const ratchetBase = `def a(x):
    if x:
        return 1
    return 0


def b(x):
    while x:
        x -= 1
    return x
`

// ratchetWorse adds c: ten ifs, so cc 11 (over 10) and cog 10 (not
// over); SLOC 22, mass 11·√22 = 51.59457335805773. Erosion becomes
// 51.59457335805773 / (4 + 4 + 51.59457335805773) = 0.8657595893516313.
const ratchetWorse = ratchetBase + `

def c(v):
    if v == 1:
        return 1
    if v == 2:
        return 2
    if v == 3:
        return 3
    if v == 4:
        return 4
    if v == 5:
        return 5
    if v == 6:
        return 6
    if v == 7:
        return 7
    if v == 8:
        return 8
    if v == 9:
        return 9
    if v == 10:
        return 10
    return 0
`

func TestBaselineRatchet(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	writeTree(t, work, map[string]string{"src/m.py": ratchetBase})

	// On "main": write the baseline.
	got := runBinary(t, work, []string{"check", "--disable-sg", "--report", "--write-baseline", "base.json", "src"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	assert.Empty(t, got[secStderr])
	b, err := report.ReadBaseline(filepath.Join(work, "base.json"))
	require.NoError(t, err)
	assert.Equal(t, report.BaselineVersion, b.SchemaVersion)
	assert.Equal(t, scbcheck.Version, b.ToolVersion)
	assert.Equal(t, 0.0, b.Metrics["erosion"])
	assert.Equal(t, 2.0, b.Metrics["total_functions"])
	assert.Equal(t, "src", b.Settings["path"])
	assert.Equal(t, "true", b.Settings["disable_sg"])
	assert.Equal(t, "", b.Settings["ast_grep"])
	assert.True(t, b.HasFindings(), "check writes a baseline of findings")

	// The ratchet as it was before baselines recorded findings: with a
	// baseline of metrics only (version 1, as an earlier scb-check wrote
	// it), every finding is the run's own and the gates alone decide.
	old := report.NewBaseline(&report.Report{}, b.ToolVersion, b.Settings)
	old.Metrics = b.Metrics
	var buf strings.Builder
	require.NoError(t, report.WriteBaseline(&buf, old))
	require.Equal(t, 1, old.SchemaVersion)
	require.NotContains(t, buf.String(), `"findings"`)
	writeTree(t, work, map[string]string{"old.json": buf.String()})

	t.Run("unchanged code passes and prints the deltas", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--baseline", "old.json", "src"}, nil)
		assert.Equal(t, "0\n", got[secExit])
		assert.Equal(t, "gate max-erosion-increase passed: erosion is 0.0, baseline 0.0 (+0), allowed increase 0.0\n"+
			"gate max-verbosity-increase passed: verbosity is 0.0, baseline 0.0 (+0), allowed increase 0.0\n", got[secStderr])
	})

	writeTree(t, work, map[string]string{"src/m.py": ratchetWorse})
	t.Run("worse code fails the ratchet", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--report", "--baseline", "old.json", "src"}, nil)
		assert.Equal(t, "1\n", got[secExit])
		assert.Equal(t, "gate max-erosion-increase failed: erosion is 0.8657595893516313, baseline 0.0 (+0.86576), allowed increase 0.0\n"+
			"gate max-verbosity-increase passed: verbosity is 0.0, baseline 0.0 (+0), allowed increase 0.0\n", got[secStderr])
		assert.Contains(t, got[secStdout], `"erosion":0.8657595893516313,`)
	})

	t.Run("an allowed increase as large as the rise passes", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--baseline", "old.json", "--max-erosion-increase", "1", "src"}, nil)
		assert.Equal(t, "0\n", got[secExit], got[secStderr])
		assert.Contains(t, got[secStderr], "gate max-erosion-increase passed: erosion is 0.8657595893516313, baseline 0.0 (+0.86576), allowed increase 1.0\n")
	})

	t.Run("the config's increase limit applies with a baseline", func(t *testing.T) {
		writeTree(t, work, map[string]string{"scb-check.toml": "[gates]\nmax-erosion-increase = 1\n"})
		defer os.Remove(filepath.Join(work, "scb-check.toml"))
		got := runBinary(t, work, []string{"check", "--disable-sg", "--baseline", "old.json", "src"}, nil)
		assert.Equal(t, "0\n", got[secExit], got[secStderr])
	})

	t.Run("other settings are refused, naming them", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--include-all", "--baseline", "old.json", "src"}, nil)
		assert.Equal(t, "2\n", got[secExit])
		assert.Empty(t, got[secStdout], "nothing is printed before the refusal")
		assert.Equal(t, "baseline old.json: refused: it was written with other settings (include_all is false there, true here); "+
			"write it again with this run's settings\n", got[secStderr])
	})

	t.Run("another path is another setting", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--baseline", "old.json", "src/m.py"}, nil)
		assert.Equal(t, "2\n", got[secExit])
		assert.Contains(t, got[secStderr], "path is src there, src/m.py here")
	})

	t.Run("extra rules change the rules setting", func(t *testing.T) {
		writeTree(t, work, map[string]string{"extra.yml": "id: extra-pass\nlanguage: python\nseverity: warning\nrule:\n  pattern: pass\n"})
		got := runBinary(t, work, []string{"check", "--disable-sg", "--rules", "extra.yml", "--baseline", "old.json", "src"}, nil)
		assert.Equal(t, "2\n", got[secExit])
		assert.Regexp(t, `\(rules is [0-9a-f]{16} there, [0-9a-f]{16} here\)`, got[secStderr])
	})

	t.Run("gates and the baseline file together", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--baseline", "old.json", "--write-baseline", "next.json",
			"--max-high-cc-functions", "0", "src"}, nil)
		assert.Equal(t, "1\n", got[secExit])
		assert.Contains(t, got[secStderr], "gate max-high-cc-functions failed: high_cc_functions is 1, allowed at most 0\n")
		next, err := report.ReadBaseline(filepath.Join(work, "next.json"))
		require.NoError(t, err)
		assert.Equal(t, 1.0, next.Metrics["high_cc_functions"], "the new baseline records this run")
		assert.Equal(t, b.Settings, next.Settings)
	})

	t.Run("an unwritable baseline file is an error", func(t *testing.T) {
		require.NoError(t, os.WriteFile(filepath.Join(work, "plain"), []byte("a file"), 0o644))
		got := runBinary(t, work, []string{"check", "--disable-sg", "--write-baseline", "plain/dir/b.json", "src"}, nil)
		assert.Equal(t, "2\n", got[secExit])
		assert.Contains(t, got[secStderr], "failed to write baseline: mkdir plain/dir: not a directory")
	})

	t.Run("a baseline's missing directories are created", func(t *testing.T) {
		got := runBinary(t, work, []string{"check", "--disable-sg", "--write-baseline", "new/dir/b.json", "src"}, nil)
		require.Contains(t, []string{"0\n", "1\n"}, got[secExit], got[secStderr])
		_, err := os.Stat(filepath.Join(work, "new", "dir", "b.json"))
		assert.NoError(t, err)
	})
}

func TestSARIFOutput(t *testing.T) {
	repo, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(repo, ".git"), 0o755))
	writeTree(t, repo, map[string]string{
		"sub/pkg/a.py": "def _identity(value):\n    return value\n\n\ndef noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n",
		"sub/pkg/m.rs": "fn first(v: i32) -> i32 {\n    let x = v + 1;\n    let y = x * 2;\n    y\n}\n\nfn second(w: i32) -> i32 {\n    let a = w + 3;\n    let b = a * 4;\n    b\n}\n",
	})
	sub := filepath.Join(repo, "sub")
	run := func(jobs string) map[string]string {
		got := runBinary(t, sub, []string{"check", "--output-format", "sarif", "-j", jobs, "."}, nil)
		require.Equal(t, "1\n", got[secExit], got[secStderr])
		return got
	}
	got := run("1")
	assert.Empty(t, got[secStderr])
	testkit.ValidateSARIF(t, []byte(got[secStdout]))
	assert.Equal(t, got[secStdout], run("4")[secStdout], "byte-identical for every -j")

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string `json:"version"`
					Rules   []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &log))
	r := log.Runs[0]
	assert.Equal(t, scbcheck.Version, r.Tool.Driver.Version)
	ids := map[string]bool{}
	for _, rule := range r.Tool.Driver.Rules {
		assert.False(t, ids[rule.ID], "rule %s listed once", rule.ID)
		ids[rule.ID] = true
	}
	for _, id := range []string{"for-range-len", "bool-comparison", "trivial-wrapper", "low-use-short-function", "duplicate-structure", "cyclomatic-complexity", "cognitive-complexity"} {
		assert.True(t, ids[id], "rule %s is listed", id)
	}
	assert.False(t, ids["erosion"] || ids["cog_erosion"], "an alias is no rule of the list")
	var results []string
	for _, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation.ArtifactLocation
		assert.Equal(t, "%SRCROOT%", loc.URIBaseID)
		results = append(results, res.RuleID+" "+loc.URI)
	}
	// URIs are relative to the repository root, not to the working
	// directory (sub).
	assert.Equal(t, []string{
		"trivial-wrapper sub/pkg/a.py",
		"for-range-len sub/pkg/a.py",
		"duplicate-structure sub/pkg/m.rs",
		"duplicate-structure sub/pkg/m.rs",
	}, results)
}

func TestParseCheckFormatsAndGates(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		format string
		err    string
	}{
		{"human by default", []string{"."}, "", ""},
		{"sarif", []string{"--output-format", "sarif", "."}, "sarif", ""},
		{"text with =", []string{"--output-format=text", "."}, "text", ""},
		{"the last of --report and --output-format wins", []string{"--output-format", "sarif", "--report", "."}, "json", ""},
		{"and the other way round", []string{"--report", "--output-format", "text", "."}, "text", ""},
		{"a count gate takes a whole number", []string{"--max-high-cc-functions", "1.5", "."}, "",
			"error: invalid value '1.5' for '--max-high-cc-functions <N>': expected a whole number >= 0\n\nFor more information, try '--help'."},
		{"a share gate rejects NaN", []string{"--max-verbosity", "NaN", "."}, "",
			"error: invalid value 'NaN' for '--max-verbosity <SHARE>': expected a share from 0 to 1 (not a percentage), such as 0.25\n\nFor more information, try '--help'."},
		{"a gate needs its value", []string{".", "--max-erosion"}, "",
			"error: a value is required for '--max-erosion <SHARE>' but none was supplied\n\nFor more information, try '--help'."},
		{"--baseline needs a file name", []string{"--baseline=", "."}, "",
			"error: '--baseline <FILE>' needs a file name\n\nFor more information, try '--help'."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := parseCheck(tt.args)
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.format, a.format)
		})
	}
}

func TestCheckExit(t *testing.T) {
	tests := []struct {
		name string
		in   exitInput
		want int
	}{
		{"no gates: findings give 1", exitInput{hasFindings: true}, exitFindings},
		{"no gates, no findings: 0", exitInput{}, exitClean},
		{"gates passed: 0 despite findings", exitInput{hasFindings: true, gatesSet: true}, exitClean},
		{"a gate failed: 1 without findings", exitInput{gatesSet: true, gatesFailed: true}, exitFindings},
		{"--exit-zero wins over a failed gate", exitInput{gatesSet: true, gatesFailed: true, exitZero: true}, exitClean},
		{"--exit-zero wins over findings", exitInput{hasFindings: true, exitZero: true}, exitClean},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, exitCode(checkOutcome(tt.in), nil))
		})
	}
}

// TestSARIFOverGitHubLimit runs the binary on 25,001 trivial wrappers:
// one result more than code scanning accepts. The last one in path order
// is left out, the log and stderr say so.
func TestSARIFOverGitHubLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes an 18 MB SARIF log")
	}
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	var src strings.Builder
	for i := 0; i <= report.GitHubMaxResults; i++ {
		fmt.Fprintf(&src, "def _f%d(v):\n    return v\n\n\n", i)
	}
	writeTree(t, work, map[string]string{"many.py": src.String()})
	got := runBinary(t, work, []string{"check", "--disable-sg", "--output-format", "sarif", "."}, nil)
	require.Equal(t, "1\n", got[secExit], got[secStderr])
	assert.Equal(t, "warning: SARIF output holds 25000 of 25001 results: 1 omitted because GitHub code scanning accepts "+
		"at most 25000 results per run (the lowest-severity ones, the latest in path order first)\n", got[secStderr])
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
			Properties struct {
				OmittedResults int `json:"omittedResults"`
			} `json:"properties"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &log))
	run := log.Runs[0]
	require.Len(t, run.Results, report.GitHubMaxResults)
	assert.Equal(t, 1, run.Properties.OmittedResults)
	// _f24999 starts at line 4·24999 + 1; _f25000, at 100001, is cut.
	assert.Equal(t, 99997, run.Results[len(run.Results)-1].Locations[0].PhysicalLocation.Region.StartLine)
}
