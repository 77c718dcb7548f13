package releasetest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/rules"
)

// The GitHub integration: the composite action (action.yml), the workflow
// the README shows (docs/github/scb-check.yml) and this repository's own
// workflows. The action's steps are run here by a small stand-in for the
// runner (runAction), with the actions/cache steps answered by the test.

type actionInput struct {
	Description string  `yaml:"description"`
	Default     *string `yaml:"default"`
}

type actionOutput struct {
	Description string `yaml:"description"`
	Value       string `yaml:"value"`
}

type actionStep struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Shell string            `yaml:"shell"`
	Run   string            `yaml:"run"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
}

type actionDef struct {
	Name        string                  `yaml:"name"`
	Description string                  `yaml:"description"`
	Author      string                  `yaml:"author"`
	Branding    map[string]string       `yaml:"branding"`
	Inputs      map[string]actionInput  `yaml:"inputs"`
	Outputs     map[string]actionOutput `yaml:"outputs"`
	Runs        struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

func loadAction(t *testing.T) actionDef {
	t.Helper()
	var a actionDef
	loadYAMLStrict(t, "action.yml", &a)
	return a
}

// loadYAMLStrict decodes the YAML file path into v, failing on a key that
// v has no field for.
func loadYAMLStrict(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	require.NoError(t, dec.Decode(v), path)
}

func TestActionDeclaresItsInterface(t *testing.T) {
	a := loadAction(t)
	assert.Equal(t, "composite", a.Runs.Using)
	assert.NotEmpty(t, a.Description)
	// Every gate of `check --help` has an input, under the flag's name.
	for _, name := range []string{"max-erosion", "max-cog-erosion", "max-verbosity",
		"max-high-cc-functions", "baseline", "max-erosion-increase", "max-verbosity-increase",
		"path", "output-format", "report", "args", "version", "baseline-ref", "mode", "base", "summary"} {
		in, ok := a.Inputs[name]
		if assert.True(t, ok, "input %s", name) {
			assert.NotEmpty(t, in.Description, name)
			assert.NotNil(t, in.Default, "%s: an input without a default is required", name)
		}
	}
	assert.Equal(t, "sarif", *a.Inputs["output-format"].Default)
	assert.Equal(t, ".", *a.Inputs["path"].Default)
	assert.Empty(t, *a.Inputs["mode"].Default, "the event decides")
	assert.Equal(t, "true", *a.Inputs["summary"].Default)
	for _, name := range []string{"exit-code", "report", "sarif", "mode", "summary"} {
		assert.Contains(t, a.Outputs, name)
	}
	for i, s := range a.Runs.Steps {
		if s.Run == "" {
			assert.NotEmpty(t, s.Uses, "step %d", i)
			continue
		}
		assert.Equal(t, "bash", s.Shell, "step %d", i)
		// Inputs reach the scripts through env only: an expression pasted
		// into a script is a shell injection.
		assert.NotContains(t, s.Run, "${{", "step %d: use env", i)
	}
}

// actionRun is what runAction saw: the action's outputs, the steps' output
// together, the exit code of the step that failed the action (0: none) and
// the steps that ran, in order (a step's id, else what it uses).
type actionRun struct {
	outputs map[string]string
	log     string
	failed  int
	ran     []string
}

var (
	exprRE   = regexp.MustCompile(`\$\{\{\s*([a-z]+)\.([A-Za-z0-9_.-]+)\s*\}\}`)
	stepIfRE = regexp.MustCompile(`^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+) (==|!=) '([^']*)'$`)
)

// The image name the runner stand-in gives in ImageOS, as GitHub's
// Ubuntu 24.04 runners do.
const testImageOS = "ubuntu24"

// runAction runs the action's steps in workspace as the runner would:
// expressions of the inputs (with their defaults), github.action_path (this
// repository) and the steps' outputs are substituted; a step's condition
// may only compare step outputs with strings (== or !=), joined by &&; a
// failed step skips the rest. A `uses:` step is answered by uses, which returns its outputs.
// extraEnv (KEY=VALUE) is set in every run step, over the runner's.
func runAction(t *testing.T, a actionDef, workspace string, inputs map[string]string,
	uses func(step actionStep, with map[string]string) map[string]string, extraEnv ...string) actionRun {
	t.Helper()
	root, err := os.Getwd()
	require.NoError(t, err)
	for name := range inputs {
		require.Contains(t, a.Inputs, name, "the test gives an input the action does not have")
	}
	values := map[string]string{}
	for name, in := range a.Inputs {
		values[name] = *in.Default
		if v, ok := inputs[name]; ok {
			values[name] = v
		}
	}
	home, temp := t.TempDir(), t.TempDir()
	steps := map[string]map[string]string{}
	eval := func(s string) string {
		return exprRE.ReplaceAllStringFunc(s, func(m string) string {
			g := exprRE.FindStringSubmatch(m)
			switch {
			case g[1] == "inputs":
				v, ok := values[g[2]]
				require.True(t, ok, "unknown input in %s", m)
				return v
			case g[1] == "github" && g[2] == "action_path":
				return root
			case g[1] == "steps":
				parts := strings.SplitN(g[2], ".", 3)
				require.Len(t, parts, 3, m)
				require.Equal(t, "outputs", parts[1], m)
				return steps[parts[0]][parts[2]]
			}
			t.Fatalf("the test runner does not know %s", m)
			return ""
		})
	}
	var log strings.Builder
	run := actionRun{outputs: map[string]string{}}
	holds := func(i int, cond string) bool {
		for _, term := range strings.Split(cond, " && ") {
			g := stepIfRE.FindStringSubmatch(term)
			require.NotNil(t, g, "step %d: the test runner does not know the condition %q", i, term)
			if (steps[g[1]][g[2]] == g[4]) != (g[3] == "==") {
				return false
			}
		}
		return true
	}
	for i, s := range a.Runs.Steps {
		if s.If != "" && !holds(i, s.If) {
			continue
		}
		name := s.ID
		if name == "" {
			name = s.Uses
		}
		run.ran = append(run.ran, name)
		out := map[string]string{}
		if s.Run == "" {
			with := map[string]string{}
			for k, v := range s.With {
				with[k] = eval(v)
			}
			out = uses(s, with)
		} else {
			outFile := filepath.Join(temp, fmt.Sprintf("output-%d", i))
			require.NoError(t, os.WriteFile(outFile, nil, 0o644))
			script := filepath.Join(temp, fmt.Sprintf("step-%d.sh", i))
			require.NoError(t, os.WriteFile(script, []byte(s.Run), 0o644))
			// The runner's command line for shell: bash.
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
			cmd.Dir = workspace
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "RUNNER_TEMP=" + temp,
				"RUNNER_OS=Linux", "RUNNER_ARCH=X64", "ImageOS=" + testImageOS, "GITHUB_OUTPUT=" + outFile, "LC_ALL=C"}
			for k, v := range s.Env {
				cmd.Env = append(cmd.Env, k+"="+eval(v))
			}
			cmd.Env = append(cmd.Env, extraEnv...)
			var buf bytes.Buffer
			cmd.Stdout, cmd.Stderr = &buf, &buf
			err := cmd.Run()
			log.Write(buf.Bytes())
			out = readOutputs(t, outFile)
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				run.failed = exit.ExitCode()
			} else {
				require.NoError(t, err)
			}
		}
		if s.ID != "" {
			steps[s.ID] = out
		}
		if run.failed != 0 {
			break
		}
	}
	for name, o := range a.Outputs {
		run.outputs[name] = eval(o.Value)
	}
	run.log = log.String()
	return run
}

// readOutputs reads a GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), "=")
		require.True(t, ok, "output line %q", sc.Text())
		out[name] = value
	}
	return out
}

var (
	actionBinaryOnce sync.Once
	actionBinary     string
	actionBinaryErr  error
)

// builtBinary builds scb-check once for the action's tests.
func builtBinary(t *testing.T) string {
	t.Helper()
	actionBinaryOnce.Do(func() {
		dir, err := os.MkdirTemp("", "scb-check-action")
		if err != nil {
			actionBinaryErr = err
			return
		}
		actionBinary = filepath.Join(dir, "scb-check")
		out, err := exec.Command("go", "build", "-o", actionBinary, "./cmd/scb-check").CombinedOutput()
		if err != nil {
			actionBinaryErr = fmt.Errorf("go build: %w: %s", err, out)
		}
	})
	require.NoError(t, actionBinaryErr)
	return actionBinary
}

// fakeCache answers the action's uses: steps. A restore hits when hit is
// set, and then puts what the cache holds in place: for the binary's cache
// the test's build, for ast-grep's the pinned ast-grep of the tests (as
// npm's --prefix directory). With leftover, a missing restore finds them
// in place too, as an earlier use of the action in the job left them. A
// save checks that what it saves is there, under the key restored, and is
// recorded; setup-go does nothing. Any other action is an error.
type fakeCache struct {
	t             *testing.T
	binary        string
	astGrepPrefix string
	hit, leftover bool
	restored      map[string]string // restore step id: "key path"
	saved         []string          // the save steps' ids, in order
	used          []string          // every uses:, in order
}

func newFakeCache(t *testing.T, hit bool) *fakeCache {
	astGrep := testkit.AstGrep(t)
	return &fakeCache{t: t, binary: builtBinary(t), hit: hit, restored: map[string]string{},
		// .../PREFIX/node_modules/.bin/ast-grep: npm's --prefix directory.
		astGrepPrefix: filepath.Dir(filepath.Dir(filepath.Dir(astGrep)))}
}

// cacheHits is a warm cache: every restore hits, nothing is built or saved.
func cacheHits(t *testing.T) func(actionStep, map[string]string) map[string]string {
	return newFakeCache(t, true).uses
}

// cacheFile is the file in a cache directory that the install step made.
func cacheFile(saveOrRestoreID string) string {
	if strings.HasPrefix(saveOrRestoreID, "bin-") {
		return "scb-check"
	}
	return filepath.Join("node_modules", ".bin", "ast-grep")
}

func (c *fakeCache) uses(s actionStep, with map[string]string) map[string]string {
	t := c.t
	c.used = append(c.used, s.Uses)
	action, _, _ := strings.Cut(s.Uses, "@")
	path := with["path"]
	switch action {
	case "actions/cache/restore":
		require.NotEmpty(t, with["key"], s.ID)
		c.restored[s.ID] = with["key"] + " " + path
		if c.hit || c.leftover {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			switch s.ID {
			case "bin-restore":
				require.NoError(t, os.MkdirAll(path, 0o755))
				require.NoError(t, os.Symlink(c.binary, filepath.Join(path, "scb-check")))
			case "ast-grep-restore":
				require.NoError(t, os.Symlink(c.astGrepPrefix, path))
			default:
				t.Fatalf("unexpected cache step %q", s.ID)
			}
		}
		return map[string]string{"cache-hit": fmt.Sprint(c.hit)}
	case "actions/cache/save":
		require.False(t, c.hit, "%s: a cache hit saves nothing", s.ID)
		restore := strings.TrimSuffix(s.ID, "-save") + "-restore"
		assert.Equal(t, c.restored[restore], with["key"]+" "+path, "%s saves what %s restored", s.ID, restore)
		assert.FileExists(t, filepath.Join(path, cacheFile(s.ID)), "%s: the install is in place", s.ID)
		c.saved = append(c.saved, s.ID)
	case "actions/setup-go":
		require.False(t, c.hit, "a cache hit builds nothing")
	default:
		t.Fatalf("unexpected %s", s.Uses)
	}
	return map[string]string{}
}

// fakeInstallers writes go and npm stand-ins that log their arguments to
// the file log and "build" or "install" by linking the test's scb-check
// and ast-grep into place. It returns the extra environment of runAction.
func fakeInstallers(t *testing.T, c *fakeCache) (env []string, log string) {
	dir := t.TempDir()
	log = filepath.Join(dir, "calls.log")
	goTool := `#!/bin/sh
echo "go $*" >> "$FAKE_LOG"
test "$CGO_ENABLED" = 1 || { echo "go: cgo is off" >&2; exit 97; }
case $1 in
install) ln -s "$FAKE_BINARY" "$GOBIN/scb-check" ;;
build) while [ $# -gt 1 ]; do if [ "$1" = -o ]; then ln -s "$FAKE_BINARY" "$2"; fi; shift; done ;;
esac
`
	npmTool := `#!/bin/sh
echo "npm $*" >> "$FAKE_LOG"
while [ $# -gt 1 ]; do if [ "$1" = --prefix ]; then ln -s "$FAKE_AST_GREP_PREFIX/node_modules" "$2/node_modules"; fi; shift; done
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go"), []byte(goTool), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "npm"), []byte(npmTool), 0o755))
	return []string{"PATH=" + dir + ":" + os.Getenv("PATH"), "FAKE_LOG=" + log,
		"FAKE_BINARY=" + c.binary, "FAKE_AST_GREP_PREFIX=" + c.astGrepPrefix}, log
}

func readLog(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	require.NoError(t, err)
	return string(data)
}

func TestActionRunsTheCheck(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	slop := "testdata/example_slop"
	// testdata/example_slop/slop.py: erosion 12·√12 / 46.98 = 0.885 (one
	// function of CC 12 and 12 SLOC), verbosity 10/22 = 0.455.
	cases := []struct {
		name     string
		inputs   map[string]string
		code     string
		sarif    bool
		inLog    []string
		notInLog []string
	}{
		{name: "findings without gates", inputs: map[string]string{"path": slop},
			code: "1", sarif: true, inLog: []string{"scb-check: findings, or a gate failed (exit 1)"}},
		{name: "passing gates", inputs: map[string]string{"path": slop, "max-erosion": "0.9", "max-verbosity": "0.5"},
			code: "0", sarif: true},
		{name: "failing gate", inputs: map[string]string{"path": slop, "max-erosion": "0.8"},
			code: "1", sarif: true, inLog: []string{"gate max-erosion failed: erosion is 0.88476"}},
		{name: "high-cc gate", inputs: map[string]string{"path": slop, "max-high-cc-functions": "0"},
			code: "1", sarif: true, inLog: []string{"gate max-high-cc-functions failed: high_cc_functions is 1, allowed at most 0"}},
		{name: "an error gives no SARIF", inputs: map[string]string{"path": "does-not-exist"},
			code: "2", sarif: false, inLog: []string{"scb-check failed (exit 2)"}},
		{name: "a bad gate value is an error", inputs: map[string]string{"path": slop, "max-verbosity": "25"},
			code: "2", sarif: false},
		{name: "text is shown in the log", inputs: map[string]string{"path": slop, "output-format": "text", "max-cog-erosion": "1"},
			code: "0", inLog: []string{"testdata/example_slop/slop.py:17:1: warning[cyclomatic-complexity]: function `tangled`"}},
		{name: "extra args are split", inputs: map[string]string{"path": slop, "output-format": "text",
			"args": "--disable-sg  --min-duplicate-lines 100\t--exit-zero"},
			code: "0", inLog: []string{"warning[cyclomatic-complexity]"}, notInLog: []string{"duplicate-structure"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := runAction(t, a, root, c.inputs, cacheHits(t))
			assert.Equal(t, c.code, run.outputs["exit-code"], run.log)
			if c.code == "0" {
				assert.Zero(t, run.failed, "the action must pass")
			} else {
				assert.Equal(t, c.code, fmt.Sprint(run.failed), "the action fails with the check's code")
			}
			report := run.outputs["report"]
			require.NotEmpty(t, report)
			if c.sarif {
				assert.Equal(t, report, run.outputs["sarif"])
				data, err := os.ReadFile(report)
				require.NoError(t, err)
				testkit.ValidateSARIF(t, data)
			} else {
				assert.Empty(t, run.outputs["sarif"], "no SARIF to upload")
			}
			for _, s := range c.inLog {
				assert.Contains(t, run.log, s)
			}
			for _, s := range c.notInLog {
				assert.NotContains(t, run.log, s)
			}
		})
	}
}

func TestActionReportInput(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	report := filepath.Join(t.TempDir(), "out.json")
	run := runAction(t, a, root, map[string]string{"path": "testdata/example_slop",
		"output-format": "json", "report": report, "max-erosion": "1"}, cacheHits(t))
	assert.Equal(t, "0", run.outputs["exit-code"], run.log)
	assert.Equal(t, report, run.outputs["report"])
	assert.Empty(t, run.outputs["sarif"], "JSON is no SARIF")
	data, err := os.ReadFile(report)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"erosion":0.8847633469264936`)
}

// The ratchet against a revision: the base is measured in a worktree from
// the same subdirectory, so that the baseline's path setting matches.
func TestActionBaselineRef(t *testing.T) {
	a := loadAction(t)
	repo := testkit.NewGitRepo(t)
	clean := "def add(a, b):\n    return a + b\n"
	base := repo.Commit("base", map[string]string{"sub/app.py": clean})
	tangled := "def tangled(x):\n" + strings.Repeat("    if x:\n        x -= 1\n", 11) + "    return x\n"
	repo.Commit("worse", map[string]string{"sub/app.py": clean + "\n\n" + tangled})
	work := filepath.Join(repo.Dir, "sub")

	run := runAction(t, a, work, map[string]string{"baseline-ref": base, "args": "--disable-sg"}, cacheHits(t))
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Contains(t, run.log, "gate max-erosion-increase failed: erosion is ")
	assert.Contains(t, run.log, "baseline 0.0")

	// The baseline records the base's findings too: with the rises
	// allowed, tangled's CC 12 and cognitive complexity 11 (eleven ifs
	// in a row), which the base lacks, still fail the check, the two
	// results of the SARIF.
	run = runAction(t, a, work, map[string]string{"baseline-ref": base, "args": "--disable-sg",
		"max-erosion-increase": "1", "max-verbosity-increase": "1"}, cacheHits(t))
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Contains(t, run.log, "gate max-erosion-increase passed")
	require.NotEmpty(t, run.outputs["sarif"])
	sarif, err := os.ReadFile(run.outputs["sarif"])
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(sarif), `"ruleId": "cyclomatic-complexity"`), string(sarif))
	assert.Equal(t, 1, strings.Count(string(sarif), `"ruleId": "cognitive-complexity"`), string(sarif))
	assert.Equal(t, 2, strings.Count(string(sarif), `"ruleId": `), string(sarif))
	// The temporary worktree is gone.
	assert.Equal(t, 1, strings.Count(repo.Git("worktree", "list", "--porcelain"), "worktree "))

	run = runAction(t, a, work, map[string]string{"baseline-ref": "no-such-rev"}, cacheHits(t))
	assert.Equal(t, "2", run.outputs["exit-code"], run.log)
	assert.Contains(t, run.log, "could not write the baseline of no-such-rev")
	assert.Empty(t, run.outputs["sarif"])
}

// On cache misses the action builds scb-check and installs ast-grep, and
// saves each cache right after its install, before the check runs: a job
// that the check then fails (here: findings, exit 1) has saved both. With
// the caches warm, nothing is built, installed or saved.
func TestActionSavesTheCachesBeforeTheCheck(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	inputs := map[string]string{"path": "testdata/example_slop"}

	cold := newFakeCache(t, false)
	env, log := fakeInstallers(t, cold)
	run := runAction(t, a, root, inputs, cold.uses, env...)
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, 1, run.failed, "findings fail the job")
	assert.Equal(t, []string{"prep", "bin-restore", "actions/setup-go@v7", "bin-build", "bin-save",
		"ast-grep-restore", "ast-grep-install", "ast-grep-save", "check", "verdict"}, run.ran)
	assert.Equal(t, []string{"bin-save", "ast-grep-save"}, cold.saved)
	assert.Regexp(t, `^scb-check-Linux-X64-`+testImageOS+`-src-[0-9a-f]{32} `, cold.restored["bin-restore"])
	calls := readLog(t, log)
	assert.Regexp(t, `(?m)^go build -trimpath -o \S+/scb-check \./cmd/scb-check$`, calls)
	assert.Contains(t, calls, "npm install --prefix ")
	assert.Contains(t, calls, " @ast-grep/cli@"+rules.PinnedAstGrep+"\n")

	warm := newFakeCache(t, true)
	env, log = fakeInstallers(t, warm)
	run = runAction(t, a, root, inputs, warm.uses, env...)
	assert.Equal(t, "1", run.outputs["exit-code"], run.log)
	assert.Equal(t, []string{"prep", "bin-restore", "ast-grep-restore", "check", "verdict"}, run.ran)
	assert.Empty(t, warm.saved)
	assert.Empty(t, readLog(t, log), "nothing built or installed")
}

// Cache misses after an earlier use of the action in the same job whose
// save did not take (or of an uncached version): nothing is built or
// installed again. go and npm are stand-ins that fail, so a rebuild would
// fail the run.
func TestActionReusesAnEarlierInstall(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	fake := t.TempDir()
	for _, tool := range []string{"go", "npm"} {
		require.NoError(t, os.WriteFile(filepath.Join(fake, tool), []byte("#!/bin/sh\necho \"$0 ran\"; exit 97\n"), 0o755))
	}
	c := newFakeCache(t, false)
	c.leftover = true
	run := runAction(t, a, root, map[string]string{"path": "testdata/example_slop", "max-erosion": "1"}, c.uses,
		"PATH="+fake+":"+os.Getenv("PATH"))
	assert.Zero(t, run.failed, run.log)
	assert.Equal(t, "0", run.outputs["exit-code"], run.log)
	assert.NotContains(t, run.log, " ran")
	assert.Equal(t, []string{"actions/cache/restore@v6", "actions/setup-go@v7", "actions/cache/save@v6",
		"actions/cache/restore@v6", "actions/cache/save@v6"}, c.used)
}

// A version that moves (a branch here) is built with go install, in the
// job's temporary directory, and neither restored nor saved.
func TestActionBuildsAMovingVersionUncached(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	c := newFakeCache(t, false)
	c.leftover = true // ast-grep's cache: in place either way
	env, log := fakeInstallers(t, c)
	run := runAction(t, a, root, map[string]string{"path": "testdata/example_slop", "max-erosion": "1",
		"version": "main"}, c.uses, env...)
	assert.Equal(t, "0", run.outputs["exit-code"], run.log)
	assert.Equal(t, []string{"prep", "actions/setup-go@v7", "bin-build",
		"ast-grep-restore", "ast-grep-install", "ast-grep-save", "check"}, run.ran)
	assert.Equal(t, []string{"ast-grep-save"}, c.saved)
	assert.NotContains(t, c.restored, "bin-restore")
	assert.Equal(t, "go install github.com/scbcheck/scbcheck/cmd/scb-check@main\n", readLog(t, log))
	assert.Contains(t, run.log, "version main is neither a release tag (vX.Y.Z) nor a full commit hash")
}

func TestActionRefusesOtherRunners(t *testing.T) {
	a := loadAction(t)
	root, err := os.Getwd()
	require.NoError(t, err)
	none := func(actionStep, map[string]string) map[string]string { t.Fatal("no uses step"); return nil }
	run := runAction(t, a, root, nil, none, "RUNNER_OS=Windows")
	assert.Equal(t, 2, run.failed)
	assert.Contains(t, run.log, "the scb-check action runs on Linux runners, not Windows")
}

// The prep step: the ast-grep version comes from the source's pin, and the
// binary's cache key names what is built.
func TestActionCacheKeys(t *testing.T) {
	a := loadAction(t)
	prep := a.Runs.Steps[0]
	require.Equal(t, "prep", prep.ID)
	only := actionDef{Inputs: a.Inputs}
	only.Runs.Steps = []actionStep{prep}
	only.Outputs = map[string]actionOutput{}
	for _, name := range []string{"bin-key", "bin-dir", "ast-grep-version", "ast-grep-key", "ast-grep-dir"} {
		only.Outputs[name] = actionOutput{Value: "${{ steps.prep.outputs." + name + " }}"}
	}
	root, err := os.Getwd()
	require.NoError(t, err)
	none := func(actionStep, map[string]string) map[string]string { t.Fatal("no uses step"); return nil }

	first := runAction(t, only, root, nil, none)
	require.Zero(t, first.failed, first.log)
	assert.Equal(t, rules.PinnedAstGrep, first.outputs["ast-grep-version"])
	assert.Equal(t, "scb-check-ast-grep-Linux-X64-"+rules.PinnedAstGrep, first.outputs["ast-grep-key"])
	assert.Regexp(t, `^scb-check-Linux-X64-`+testImageOS+`-src-[0-9a-f]{32}$`, first.outputs["bin-key"])
	again := runAction(t, only, root, nil, none)
	assert.Equal(t, first.outputs["bin-key"], again.outputs["bin-key"], "the key is stable")

	sha := strings.Repeat("0123456789abcdef", 3)[:40]
	// A version is cached (under its name) only when it names one build
	// for good: a full release tag or a full commit hash. The rest moves.
	cases := []struct {
		version string
		key     string // "": not cached
		dir     string // the end of bin-dir
	}{
		{version: "v0.2.0", key: "scb-check-Linux-X64-ubuntu24-v-v0.2.0", dir: "/.cache/scb-check/bin/v-v0.2.0"},
		{version: "v1.10.3-rc.1", key: "scb-check-Linux-X64-ubuntu24-v-v1.10.3-rc.1", dir: "/.cache/scb-check/bin/v-v1.10.3-rc.1"},
		{version: sha, key: "scb-check-Linux-X64-ubuntu24-v-" + sha, dir: "/.cache/scb-check/bin/v-" + sha},
		{version: "main", dir: "/scb-check-bin/v-main"},
		{version: "feature/new-rule", dir: "/scb-check-bin/v-feature_new-rule"},
		{version: "latest", dir: "/scb-check-bin/v-latest"},
		{version: "v0", dir: "/scb-check-bin/v-v0"},     // go's query for the newest v0
		{version: "v0.2", dir: "/scb-check-bin/v-v0.2"}, // and for the newest v0.2.x
		{version: "vnext", dir: "/scb-check-bin/v-vnext"},
		{version: sha[:12], dir: "/scb-check-bin/v-" + sha[:12]},
		{version: strings.ToUpper(sha), dir: "/scb-check-bin/v-" + strings.ToUpper(sha)},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			run := runAction(t, only, root, map[string]string{"version": c.version}, none)
			require.Zero(t, run.failed, run.log)
			assert.Equal(t, c.key, run.outputs["bin-key"])
			assert.True(t, strings.HasSuffix(run.outputs["bin-dir"], c.dir), run.outputs["bin-dir"])
			if c.key == "" {
				assert.NotContains(t, run.outputs["bin-dir"], "/.cache/", "a moving version is built per job")
				assert.Contains(t, run.log, "is neither a release tag")
			}
		})
	}

	pinned := runAction(t, only, root, map[string]string{"ast-grep-version": "0.45.1"}, none)
	assert.Equal(t, "0.45.1", pinned.outputs["ast-grep-version"])
	assert.Equal(t, "scb-check-ast-grep-Linux-X64-0.45.1", pinned.outputs["ast-grep-key"])

	// Off GitHub's runners (no ImageOS) the image is os-release's.
	id, version := osRelease(t)
	selfHosted := runAction(t, only, root, nil, none, "ImageOS=")
	assert.Equal(t, strings.Replace(first.outputs["bin-key"], testImageOS, id+version, 1), selfHosted.outputs["bin-key"])
}

// osRelease reads ID and VERSION_ID from /etc/os-release.
func osRelease(t *testing.T) (id, version string) {
	data, err := os.ReadFile("/etc/os-release")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("no /etc/os-release")
	}
	require.NoError(t, err)
	for _, line := range strings.Split(string(data), "\n") {
		k, v, _ := strings.Cut(line, "=")
		v = strings.Trim(v, `"'`)
		switch k {
		case "ID":
			id = v
		case "VERSION_ID":
			version = v
		}
	}
	return id, version
}

// TestReadmeWorkflowIsTheDocsFile: the docs' GitHub Actions workflow is
// docs/github/scb-check.yml byte for byte, so that the one actionlint checks
// is the one users copy.
func TestReadmeWorkflowIsTheDocsFile(t *testing.T) {
	want, err := os.ReadFile("docs/github/scb-check.yml")
	require.NoError(t, err)
	firstLine, _, _ := strings.Cut(string(want), "\n")
	readme, err := os.ReadFile(filepath.Join("docs", "ci.md"))
	require.NoError(t, err)
	var blocks []string
	for _, block := range strings.Split(string(readme), "```yaml\n")[1:] {
		body, _, ok := strings.Cut(block, "```\n")
		require.True(t, ok, "an unclosed yaml block in docs/ci.md")
		if strings.HasPrefix(body, firstLine+"\n") {
			blocks = append(blocks, body)
		}
	}
	require.Len(t, blocks, 1, "docs/ci.md has one yaml block starting %q", firstLine)
	assert.Equal(t, string(want), blocks[0])
}

// lintTool finds a linter: $env names it, else .tools/bin, else PATH. When
// it is missing the test is skipped, unless SCB_REQUIRE_LINT is set
// (scripts/test-github sets it after installing both linters).
func lintTool(t *testing.T, env, name string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		return p
	}
	if p, err := filepath.Abs(filepath.Join(".tools", "bin", name)); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if os.Getenv("SCB_REQUIRE_LINT") != "" {
		t.Fatalf("%s is not installed (scripts/test-github installs it)", name)
	}
	t.Skipf("%s is not installed; scripts/test-github installs it", name)
	return ""
}

// TestGitHubFilesPassActionlint lints the workflows with actionlint (and
// shellcheck through it), and the action's steps as a reusable workflow
// with the action's inputs, since actionlint does not read action.yml.
func TestGitHubFilesPassActionlint(t *testing.T) {
	actionlint := lintTool(t, "SCB_ACTIONLINT", "actionlint")
	shellcheck := lintTool(t, "SCB_SHELLCHECK", "shellcheck")

	data, err := os.ReadFile("action.yml")
	require.NoError(t, err)
	var raw struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Steps []any `yaml:"steps"`
		} `yaml:"runs"`
	}
	require.NoError(t, yaml.Unmarshal(data, &raw))
	inputs := map[string]any{}
	for name, in := range raw.Inputs {
		inputs[name] = map[string]any{"type": "string", "required": false, "default": in.Default}
	}
	workflow := map[string]any{
		"name": "action.yml as a workflow",
		"on":   map[string]any{"workflow_call": map[string]any{"inputs": inputs}},
		"jobs": map[string]any{"action": map[string]any{"runs-on": "ubuntu-latest", "steps": raw.Runs.Steps}},
	}
	asWorkflow, err := yaml.Marshal(workflow)
	require.NoError(t, err)
	synthetic := filepath.Join(t.TempDir(), "action-steps.yml")
	require.NoError(t, os.WriteFile(synthetic, asWorkflow, 0o644))

	files, err := filepath.Glob(".github/workflows/*.yml")
	require.NoError(t, err)
	docs, err := filepath.Glob("docs/github/*.yml")
	require.NoError(t, err)
	for _, want := range []string{".github/workflows/test-action.yml", ".github/workflows/release.yml", "docs/github/scb-check.yml"} {
		require.Contains(t, append(files, docs...), want)
	}
	files = append(append(files, docs...), synthetic)
	cmd := exec.Command(actionlint, append([]string{"-shellcheck", shellcheck, "-no-color"}, files...)...)
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "actionlint:\n%s", out)
}

// TestActionScriptsPassShellcheck runs shellcheck on each run: script of
// the action as it is, with every check on (actionlint leaves some out).
func TestActionScriptsPassShellcheck(t *testing.T) {
	shellcheck := lintTool(t, "SCB_SHELLCHECK", "shellcheck")
	a := loadAction(t)
	dir := t.TempDir()
	n := 0
	for i, s := range a.Runs.Steps {
		if s.Run == "" {
			continue
		}
		n++
		path := filepath.Join(dir, fmt.Sprintf("step-%d.sh", i))
		require.NoError(t, os.WriteFile(path, []byte("#!/usr/bin/env bash\n"+s.Run), 0o644))
		out, err := exec.Command(shellcheck, "--shell=bash", "--severity=style", path).CombinedOutput()
		assert.NoError(t, err, "step %d (%s):\n%s", i, s.ID, out)
	}
	assert.GreaterOrEqual(t, n, 4)
}
