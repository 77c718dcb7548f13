package releasetest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// The recipes of docs/ci.md, each run on the pull request of
// action_change_test.go (pullRequest: the base branch holds old findings,
// the change adds one, lib.py:2).

// docsBlock is the one fenced block of docs/ci.md in the language lang
// whose first line is first.
func docsBlock(t *testing.T, lang, first string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("docs", "ci.md"))
	require.NoError(t, err)
	var found []string
	for _, block := range strings.Split(string(data), "```"+lang+"\n")[1:] {
		body, _, ok := strings.Cut(block, "```\n")
		require.True(t, ok, "an unclosed %s block in docs/ci.md", lang)
		if strings.HasPrefix(body, first+"\n") {
			found = append(found, body)
		}
	}
	require.Len(t, found, 1, "docs/ci.md has one %s block starting %q", lang, first)
	return found[0]
}

// newFindingLine is the text output's line of the pull request's new
// finding.
const newFindingLine = "lib.py:2:13: warning[dict-get-default-none]: `d.get(\"x\", None)` spells out the default " +
	"that .get() already returns; write `d.get(\"x\")`.\n"

// shellRun runs script with bash in dir, with scb-check (the test's
// build) first on PATH and the tests' ast-grep, and env; it returns the
// exit code, stdout and stderr.
func shellRun(t *testing.T, dir string, env []string, args ...string) (int, string, string) {
	t.Helper()
	bin := filepath.Dir(builtBinary(t))
	require.FileExists(t, filepath.Join(bin, "scb-check"))
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + bin + ":" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "LC_ALL=C",
		"SCB_CHECK_AST_GREP=" + testkit.AstGrep(t)}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	require.NoError(t, err)
	return 0, stdout.String(), stderr.String()
}

// The workflow of docs/ci.md, its expressions evaluated for the event:
// on the pull request, the action (mode change) fails on the one new
// finding, with no gate but the ratchet; on a push to main, it checks
// the whole tree against the absolute limits.
func TestDocsWorkflowRunsTheAction(t *testing.T) {
	a := loadAction(t)
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				ID   string            `yaml:"id"`
				Uses string            `yaml:"uses"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	data, err := os.ReadFile("docs/github/scb-check.yml")
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(data, &wf))
	var with map[string]string
	for _, s := range wf.Jobs["scb-check"].Steps {
		if strings.HasPrefix(s.Uses, "scbcheck/scbcheck@") {
			require.Equal(t, "scb", s.ID, "the upload step reads steps.scb.outputs.sarif")
			with = s.With
		}
	}
	require.NotNil(t, with, "the workflow uses the action")

	origin := pullRequest(t, map[string]string{"lib.py": prLib})
	baseSHA := origin.Git("rev-parse", "main") // the base branch's tip when the event fired
	// inputs evaluates the step's with: for the event, knowing only the
	// expressions the docs use.
	ternary := regexp.MustCompile(`^\$\{\{ github\.event_name == '([a-z_]+)' && '([^']*)' \|\| '' \}\}$`)
	inputs := func(event string) map[string]string {
		out := map[string]string{}
		for k, v := range with {
			switch g := ternary.FindStringSubmatch(v); {
			case v == "${{ github.event.pull_request.base.sha }}":
				out[k] = map[bool]string{true: baseSHA}[event == "pull_request"]
			case g != nil:
				out[k] = map[bool]string{true: g[2]}[event == g[1]]
			case strings.Contains(v, "${{"):
				t.Fatalf("the test does not know the expression %q", v)
			default:
				out[k] = v
			}
		}
		return out
	}

	summary := filepath.Join(t.TempDir(), "summary.md")
	run := runAction(t, a, checkout(t, origin), inputs("pull_request"), cacheHits(t), pullRequestEnv(summary)...)
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, "change", run.outputs["mode"])
	assert.Equal(t, []sarifResult{{"dict-get-default-none", "lib.py", 2}}, sarifResults(t, run.outputs["sarif"]))
	assert.NotContains(t, run.log, "gate max-erosion failed", "no absolute limit on a pull request")
	assert.Contains(t, run.log, "gate max-verbosity-increase passed", "the ratchet runs")
	assert.FileExists(t, summary)

	// A push to main: the whole tree (app.py's gate is over CC 10:
	// erosion 12·√2 / (12·√2 + 2·√3) = 0.83 > 0.3).
	main := checkoutAt(t, origin, "main")
	run = runAction(t, a, main, inputs("push"), cacheHits(t), "GITHUB_EVENT_NAME=push")
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, "tree", run.outputs["mode"])
	assert.Contains(t, run.log, "gate max-erosion failed: erosion is 0.8304791528014628, allowed at most 0.3")
	assert.NotEmpty(t, run.outputs["sarif"])
}

// The GitLab CI job of docs/ci.md: its script lines, run with a merge
// request pipeline's variables in a full clone checked out at the merge
// request's head, report the one new finding, exit 1 and leave the
// Markdown artifact; on a merge request without new findings they pass.
// (before_script installs the wheel; the test's build stands for it.)
func TestGitLabRecipe(t *testing.T) {
	var doc map[string]struct {
		Rules []struct {
			If string `yaml:"if"`
		} `yaml:"rules"`
		Variables    map[string]string `yaml:"variables"`
		BeforeScript []string          `yaml:"before_script"`
		Script       []string          `yaml:"script"`
		Artifacts    struct {
			When  string   `yaml:"when"`
			Paths []string `yaml:"paths"`
		} `yaml:"artifacts"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(docsBlock(t, "yaml", "# .gitlab-ci.yml")), &doc))
	job, ok := doc["scb-check"]
	require.True(t, ok, "a job named scb-check")
	require.Len(t, job.Rules, 1)
	assert.Equal(t, `$CI_PIPELINE_SOURCE == "merge_request_event"`, job.Rules[0].If)
	assert.Equal(t, "0", job.Variables["GIT_DEPTH"], "a full clone holds the merge base")
	assert.Equal(t, []string{"pip install --quiet scb-check-go==0.2.0"}, job.BeforeScript)
	require.NotEmpty(t, job.Script)
	require.Len(t, job.Artifacts.Paths, 1)
	artifact := job.Artifacts.Paths[0]

	run := func(t *testing.T, files map[string]string) (code int, stdout, stderr, dir string) {
		origin := pullRequest(t, files)
		dir = checkoutAt(t, origin, "topic")
		env := []string{"CI_PIPELINE_SOURCE=merge_request_event",
			"CI_MERGE_REQUEST_DIFF_BASE_SHA=" + origin.Git("merge-base", "main", "topic"),
			"CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main", "CI_COMMIT_SHA=" + origin.Git("rev-parse", "topic")}
		for _, line := range job.Script {
			var out, errs string
			code, out, errs = shellRun(t, dir, env, "bash", "-eo", "pipefail", "-c", line)
			stdout, stderr = stdout+out, stderr+errs
			if code != 0 {
				break
			}
		}
		return code, stdout, stderr, dir
	}

	code, stdout, stderr, dir := run(t, map[string]string{"lib.py": prLib})
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, newFindingLine, stdout, "the merge request's finding only")
	md, err := os.ReadFile(filepath.Join(dir, artifact))
	require.NoError(t, err, "the artifact is written")
	assert.Contains(t, string(md), "\n#### New findings (1)\n")
	assert.Contains(t, string(md), "| warning | dict\\-get\\-default\\-none | lib\\.py:2 |")

	code, stdout, stderr, dir = run(t, map[string]string{"clean.py": prClean})
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	assert.FileExists(t, filepath.Join(dir, artifact))
}

// The shell gate of docs/ci.md: exit 1 with the branch's one new finding,
// 0 on a branch that adds none, 2 in a clone without the base.
func TestShellGateRecipe(t *testing.T) {
	script := filepath.Join(t.TempDir(), "scb-check-gate.sh")
	require.NoError(t, os.WriteFile(script, []byte(docsBlock(t, "sh", "#!/bin/sh")), 0o755))

	origin := pullRequest(t, map[string]string{"lib.py": prLib})
	code, stdout, stderr := shellRun(t, checkoutAt(t, origin, "topic"), nil, "sh", script)
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, newFindingLine, stdout)
	code, stdout, stderr = shellRun(t, checkoutAt(t, origin, "topic"), nil, "sh", script, "origin/main")
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, newFindingLine, stdout)

	clean := pullRequest(t, map[string]string{"clean.py": prClean})
	code, stdout, stderr = shellRun(t, checkoutAt(t, clean, "topic"), nil, "sh", script)
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)

	code, _, stderr = shellRun(t, checkoutAt(t, origin, "topic", "--depth", "1", "--branch", "topic"), nil, "sh", script)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--new-from-merge-base: unknown revision 'origin/main' in ., a shallow clone that may lack it: ")
	assert.Contains(t, stderr, "GIT_DEPTH: \"0\" in GitLab CI")
}
