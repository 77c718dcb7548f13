package releasetest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// The action on a pull request: the base branch holds old findings, the
// pull request adds one; the action's steps run in a clone checked out
// as actions/checkout checks out a pull request (the merge commit,
// detached, with the base branch as origin/main).
//
// The files, and the findings in them:
//
//	app.py    gate: CC 1 + a comprehension + 10 if clauses = 12, over 10
//	          (cyclomatic-complexity); pick: d.get("k", None) on line 6
//	          (dict-get-default-none). Both on main from the start.
//	extra.py  other: d.get("y", None) on line 2; on main after the pull
//	          request branched off, so in its base (the merge base of
//	          origin/main and the merge commit is main's tip).
//	lib.py    lookup: d.get("x", None) on line 2 (column 13): the pull
//	          request's one new finding. The pull request also swaps gate
//	          and pick in app.py: moved code, no news.
const (
	prGate  = "def gate(rows):\n    return [r for r in rows if r.a if r.b if r.c if r.d if r.e if r.f if r.g if r.h if r.i if r.j]\n"
	prPick  = "def pick(d):\n    value = d.get(\"k\", None)\n    return [value, value]\n"
	prExtra = "def other(d):\n    v = d.get(\"y\", None)\n    return [v, v]\n"
	prLib   = "def lookup(d):\n    found = d.get(\"x\", None)\n    return [found, d]\n"
	// prClean is a function without findings.
	prClean = "def total(values):\n    result = 0\n    for v in values:\n        result += v\n    return [result, values]\n"
)

// pullRequest makes the origin repository: main, then the branches
// "topic" (the pull request: files) and "pr-merge" (main's tip with topic
// merged, as GitHub's refs/pull/N/merge), after which main gains
// extra.py. It returns the origin's directory.
func pullRequest(t *testing.T, files map[string]string) *testkit.GitRepo {
	origin := testkit.NewGitRepo(t)
	origin.Commit("base", map[string]string{"app.py": prGate + "\n\n" + prPick})
	origin.Git("checkout", "-q", "-b", "topic")
	origin.Commit("the pull request", files)
	origin.Git("checkout", "-q", "main")
	origin.Commit("main moves on", map[string]string{"extra.py": prExtra})
	origin.Git("checkout", "-q", "-b", "pr-merge")
	origin.Git("merge", "-q", "--no-ff", "-m", "merge topic into main", "topic")
	origin.Git("checkout", "-q", "main")
	return origin
}

// checkout clones origin into a new directory and checks out the merge
// commit detached, as actions/checkout does for a pull request; cloneArgs
// are more options of git clone (a depth).
func checkout(t *testing.T, origin *testkit.GitRepo, cloneArgs ...string) string {
	return checkoutAt(t, origin, "pr-merge", cloneArgs...)
}

// checkoutAt clones origin into a new directory and checks out its branch
// detached.
func checkoutAt(t *testing.T, origin *testkit.GitRepo, branch string, cloneArgs ...string) string {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	origin.Git(append(append([]string{"clone", "-q"}, cloneArgs...), "file://"+origin.Dir, dir)...)
	origin.Git("-C", dir, "checkout", "-q", "--detach", "origin/"+branch)
	return dir
}

// pullRequestEnv is the runner's environment on a pull_request event
// whose base branch is main, with the job summary file summary.
func pullRequestEnv(summary string) []string {
	return []string{"GITHUB_EVENT_NAME=pull_request", "GITHUB_BASE_REF=main", "GITHUB_HEAD_REF=topic",
		"GITHUB_STEP_SUMMARY=" + summary}
}

// sarifResult is a SARIF result's rule and place.
type sarifResult struct {
	Rule string
	URI  string
	Line int
}

// sarifResults reads the results of the SARIF log at path, checking it
// against the schema.
func sarifResults(t *testing.T, path string) []sarifResult {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	testkit.ValidateSARIF(t, data)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(data, &log))
	require.Len(t, log.Runs, 1)
	out := []sarifResult{}
	for _, r := range log.Runs[0].Results {
		require.NotEmpty(t, r.Locations, r.RuleID)
		p := r.Locations[0].PhysicalLocation
		out = append(out, sarifResult{r.RuleID, p.ArtifactLocation.URI, p.Region.StartLine})
	}
	return out
}

// On a pull request the action judges the change: the SARIF log and the
// job summary hold the pull request's one new finding, not the base's
// three, and the action fails (exit 1) because of it. On the same
// checkout mode: tree reports the old findings too.
func TestActionJudgesThePullRequest(t *testing.T) {
	a := loadAction(t)
	origin := pullRequest(t, map[string]string{"lib.py": prLib, "app.py": prPick + "\n\n" + prGate})
	work := checkout(t, origin)
	summaryFile := filepath.Join(t.TempDir(), "step-summary.md")

	run := runAction(t, a, work, map[string]string{"args": "--disable-sg"}, cacheHits(t), pullRequestEnv(summaryFile)...)
	// --disable-sg: no ast-grep rule, so no d.get finding anywhere; the
	// change adds no complexity nor clone: nothing new.
	assert.Equal(t, "0", run.outputs["exit-code"], run.log)
	assert.Equal(t, "change", run.outputs["mode"])
	assert.Empty(t, sarifResults(t, run.outputs["sarif"]))

	require.NoError(t, os.Remove(summaryFile))
	run = runAction(t, a, work, nil, cacheHits(t), pullRequestEnv(summaryFile)...)
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, 1, run.failed, "the new finding fails the job")
	assert.Equal(t, "change", run.outputs["mode"])
	assert.Contains(t, run.log, "::error::scb-check: the change adds findings, or a gate failed (exit 1)")
	assert.NotContains(t, run.log, "gate max-", "no gate is set")
	assert.Equal(t, []sarifResult{{"dict-get-default-none", "lib.py", 2}}, sarifResults(t, run.outputs["sarif"]))

	summary, err := os.ReadFile(summaryFile)
	require.NoError(t, err)
	written, err := os.ReadFile(run.outputs["summary"])
	require.NoError(t, err)
	assert.Equal(t, string(written), string(summary), "the job summary is the summary output's file")
	md := string(summary)
	assert.True(t, strings.HasPrefix(md, "### scb-check check\n\n| metric | base | head | delta |\n"), md)
	assert.Contains(t, md, "| total_functions | 3 | 4 | +1 |\n", "gate, pick and other; then lookup")
	assert.Contains(t, md, "\n#### Functions (0 regressed, 1 new, 0 improved, 0 removed)\n")
	assert.Contains(t, md, "| new | lookup | lib\\.py:1 | 1 | 0 | 3 |")
	assert.Contains(t, md, "\n#### New findings (1)\n")
	assert.Contains(t, md, "| warning | dict\\-get\\-default\\-none | lib\\.py:2 | \\`d\\.get\\(\\\"x\\\", None\\)\\`")
	for _, old := range []string{"app\\.py", "extra\\.py", "gate", "pick", "other"} {
		assert.NotContains(t, md, old, "the base's code is no news")
	}

	// The whole tree, on the same checkout: the base's findings too.
	tree := runAction(t, a, work, map[string]string{"mode": "tree", "summary": "true"}, cacheHits(t),
		pullRequestEnv(filepath.Join(t.TempDir(), "tree-summary.md"))...)
	assert.Equal(t, "1", tree.outputs["exit-code"], tree.log)
	assert.Equal(t, "tree", tree.outputs["mode"])
	results := sarifResults(t, tree.outputs["sarif"])
	for _, want := range []sarifResult{
		{"cyclomatic-complexity", "app.py", 6}, {"dict-get-default-none", "app.py", 2},
		{"dict-get-default-none", "extra.py", 2}, {"dict-get-default-none", "lib.py", 2},
	} {
		assert.Contains(t, results, want)
	}
	assert.Empty(t, tree.outputs["summary"], "no change, no summary")
	assert.NoFileExists(t, filepath.Join(filepath.Dir(summaryFile), "tree-summary.md"))
}

// A pull request that adds only clean code passes (exit 0) with an empty
// SARIF log, though the tree has old findings; its summary says no new
// finding.
func TestActionPassesAPullRequestWithoutNewFindings(t *testing.T) {
	a := loadAction(t)
	origin := pullRequest(t, map[string]string{"clean.py": prClean})
	work := checkout(t, origin)
	summaryFile := filepath.Join(t.TempDir(), "step-summary.md")
	run := runAction(t, a, work, nil, cacheHits(t), pullRequestEnv(summaryFile)...)
	assert.Equal(t, "0", run.outputs["exit-code"], run.log)
	assert.Zero(t, run.failed)
	assert.Empty(t, sarifResults(t, run.outputs["sarif"]))
	summary, err := os.ReadFile(summaryFile)
	require.NoError(t, err)
	assert.Contains(t, string(summary), "\n#### New findings (0)\n")
	assert.Contains(t, string(summary), "| new | total | clean\\.py:1 |")

	// On a push the action checks the whole tree, as before.
	push := runAction(t, a, work, nil, cacheHits(t), "GITHUB_EVENT_NAME=push", "GITHUB_STEP_SUMMARY="+summaryFile)
	assert.Equal(t, "1", push.outputs["exit-code"], push.log)
	assert.Equal(t, "tree", push.outputs["mode"])
	assert.Contains(t, push.log, "::error::scb-check: findings, or a gate failed (exit 1)")
	again, err := os.ReadFile(summaryFile)
	require.NoError(t, err)
	assert.Equal(t, string(summary), string(again), "a tree check writes no summary")
}

// The ratchet: baseline-ref on a pull request turns it on against the
// change's base, with no increase allowed by default. The pull request
// adds route (CC 1 + a comprehension + 13 if clauses = 15, 2 SLOC: mass
// 15·√2). Erosion is the mass of the functions over CC 10 over the whole
// mass: in the base gate's 12·√2 of 12·√2 + 2·√3 (pick and other: CC 1,
// 3 SLOC each) = 0.8304791528014628, in the head 27·√2 of 27·√2 + 2·√3 =
// 0.916824034501873.
func TestActionBaselineRefInChangeMode(t *testing.T) {
	a := loadAction(t)
	route := "def route(rows):\n    return [r for r in rows if r.a if r.b if r.c if r.d if r.e if r.f if r.g if r.h if r.i if r.j if r.k if r.l if r.m]\n"
	origin := pullRequest(t, map[string]string{"route.py": route})
	work := checkout(t, origin)
	base := origin.Git("rev-parse", "main")
	run := runAction(t, a, work, map[string]string{"baseline-ref": base}, cacheHits(t),
		pullRequestEnv(filepath.Join(t.TempDir(), "summary.md"))...)
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Contains(t, run.log, "scb-check: in change mode the ratchet compares with the change's base")
	assert.Contains(t, run.log, "gate max-erosion-increase failed: erosion is 0.916824034501873, baseline 0.8304791528014628 (+0.0863449), allowed increase 0.0\n")
	assert.Contains(t, run.log, "gate max-verbosity-increase passed")
	// No temporary worktree was made.
	assert.Equal(t, 1, strings.Count(origin.Git("-C", work, "worktree", "list", "--porcelain"), "worktree "))

	// Without baseline-ref no ratchet runs; with a limit it passes.
	run = runAction(t, a, work, nil, cacheHits(t), pullRequestEnv(filepath.Join(t.TempDir(), "summary.md"))...)
	assert.NotContains(t, run.log, "gate max-")
	run = runAction(t, a, work, map[string]string{"baseline-ref": base, "max-erosion-increase": "0.1"}, cacheHits(t),
		pullRequestEnv(filepath.Join(t.TempDir(), "summary.md"))...)
	assert.Contains(t, run.log, "gate max-erosion-increase passed: erosion is 0.916824034501873, baseline 0.8304791528014628 (+0.0863449), allowed increase 0.1\n")
}

// What the action cannot judge is exit 2 with an error that says what to
// do: a clone without the base branch or without the history to the
// merge base (actions/checkout's default depth of 1), a mode it does not
// know, change mode without a base, a baseline file in change mode.
func TestActionChangeModeErrors(t *testing.T) {
	a := loadAction(t)
	origin := pullRequest(t, map[string]string{"lib.py": prLib})
	summary := filepath.Join(t.TempDir(), "summary.md")
	cases := []struct {
		name   string
		work   string
		inputs map[string]string
		env    []string
		want   string
	}{
		{name: "depth 1: no base branch", work: checkout(t, origin, "--depth", "1", "--branch", "pr-merge"),
			env: pullRequestEnv(summary),
			want: "::error::scb-check: --new-from-merge-base: unknown revision 'refs/remotes/origin/main' in ., a shallow clone that may lack it: " +
				"fetch it with the whole history (fetch-depth: 0 in actions/checkout, GIT_DEPTH: \"0\" in GitLab CI, git fetch --unshallow by hand) and try again"},
		{name: "depth 1: no merge base", work: checkout(t, origin, "--depth", "1", "--no-single-branch"),
			env:  pullRequestEnv(summary),
			want: "a shallow clone: fetch the history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout) and try again"},
		{name: "unknown mode", work: checkout(t, origin), inputs: map[string]string{"mode": "pr"},
			env: pullRequestEnv(summary), want: "::error::scb-check: the mode input is change or tree, not 'pr'"},
		{name: "change mode on a push", work: checkout(t, origin), inputs: map[string]string{"mode": "change"},
			env:  []string{"GITHUB_EVENT_NAME=push"},
			want: "::error::scb-check: mode change needs a base: this push event names no pull request base branch; set the base input"},
		{name: "a baseline file", work: checkout(t, origin), inputs: map[string]string{"baseline": "b.json"},
			env:  pullRequestEnv(summary),
			want: "::error::scb-check: the baseline input is for mode: tree; in change mode the change's base is the baseline"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := runAction(t, a, c.work, c.inputs, cacheHits(t), c.env...)
			assert.Equal(t, "2", run.outputs["exit-code"], run.log)
			assert.Equal(t, 2, run.failed)
			assert.Contains(t, run.log, c.want)
			assert.Empty(t, run.outputs["sarif"])
			assert.Empty(t, run.outputs["summary"])
			assert.NoFileExists(t, summary)
		})
	}
	// The check's own error is an annotation too.
	run := runAction(t, a, checkout(t, origin, "--depth", "1", "--no-single-branch"), nil, cacheHits(t), pullRequestEnv(summary)...)
	assert.Regexp(t, `(?m)^::error::scb-check: --new-from-merge-base: no merge base of 'refs/remotes/origin/main' and HEAD in .*, a shallow clone: fetch the history`, run.log)

	// Outside the pull request's events a base makes change mode work.
	run = runAction(t, a, checkout(t, origin), map[string]string{"mode": "change", "base": "origin/main"}, cacheHits(t),
		"GITHUB_EVENT_NAME=workflow_dispatch")
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, []sarifResult{{"dict-get-default-none", "lib.py", 2}}, sarifResults(t, run.outputs["sarif"]))
}
