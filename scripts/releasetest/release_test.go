package releasetest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/scbcheck/scbcheck"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The release workflow (.github/workflows/release.yml): actionlint checks
// it with the other workflows (TestGitHubFilesPassActionlint); here its
// triggers and permissions are checked, and its own scripts run on a
// stand-in dist/ with stand-ins for gh and npm.

type workflowJob struct {
	Needs       string            `yaml:"needs"`
	RunsOn      string            `yaml:"runs-on"`
	Environment string            `yaml:"environment"`
	Permissions map[string]string `yaml:"permissions"`
	Steps       []actionStep      `yaml:"steps"`
}

type workflowDef struct {
	Name string `yaml:"name"`
	On   struct {
		Push struct {
			Tags []string `yaml:"tags"`
		} `yaml:"push"`
	} `yaml:"on"`
	Permissions map[string]string      `yaml:"permissions"`
	Jobs        map[string]workflowJob `yaml:"jobs"`
}

func loadRelease(t *testing.T) workflowDef {
	t.Helper()
	var w workflowDef
	loadYAMLStrict(t, ".github/workflows/release.yml", &w)
	return w
}

// releaseStep is the step of job named name.
func releaseStep(t *testing.T, w workflowDef, job, name string) actionStep {
	t.Helper()
	for _, s := range w.Jobs[job].Steps {
		if s.Name == name {
			require.NotEmpty(t, s.Run, "%s: %q runs no script", job, name)
			return s
		}
	}
	t.Fatalf("job %s has no step %q", job, name)
	return actionStep{}
}

// runWorkflowStep runs a workflow step's script in dir as the runner does
// (bash -e, the step's env with the expressions of values substituted),
// with extraEnv (KEY=VALUE) over it. It returns the output and exit code.
func runWorkflowStep(t *testing.T, s actionStep, dir string, values map[string]string, extraEnv ...string) (string, int) {
	t.Helper()
	script := filepath.Join(t.TempDir(), "step.sh")
	require.NoError(t, os.WriteFile(script, []byte(s.Run), 0o644))
	cmd := exec.Command("bash", "-e", script)
	cmd.Dir = dir
	// HOME is the test's: go (the tag's check) keeps its build cache there.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "RUNNER_TEMP=" + t.TempDir(), "LC_ALL=C"}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "GO") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+exprRE.ReplaceAllStringFunc(v, func(m string) string {
			g := exprRE.FindStringSubmatch(m)
			value, ok := values[g[1]+"."+g[2]]
			require.True(t, ok, "the test gives no %s", m)
			return value
		}))
	}
	cmd.Env = append(cmd.Env, extraEnv...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	require.NoError(t, err)
	return string(out), 0
}

// runWithFake runs step s as runWorkflowStep does, with a stand-in for
// the program tool first on PATH: it appends its arguments, one line per
// call, to BIN/TOOL.log, then runs the shell code extra. It returns the
// output, the exit code and BIN.
func runWithFake(t *testing.T, s actionStep, dir string, values map[string]string, tool, extra string) (string, int, string) {
	t.Helper()
	bin := t.TempDir()
	script := "#!/bin/sh\necho \"$*\" >> \"$(dirname \"$0\")/" + tool + ".log\"\n" + extra
	require.NoError(t, os.WriteFile(filepath.Join(bin, tool), []byte(script), 0o755))
	out, code := runWorkflowStep(t, s, dir, values, "PATH="+bin+":"+os.Getenv("PATH"))
	return out, code, bin
}

// fakeDist makes a dist/ in a new directory holding the files scripts/dist
// makes for version (empty stand-ins), and returns the directory.
func fakeDist(t *testing.T, version string) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "dist"), 0o755))
	for _, name := range []string{
		"scb-check_" + version + "_linux_amd64.tar.gz",
		"scb-check_" + version + "_linux_arm64.tar.gz",
		"scbcheck-" + version + "-py3-none-manylinux_2_17_x86_64.whl",
		"scbcheck-" + version + "-py3-none-manylinux_2_17_aarch64.whl",
		"scbcheck-cli-" + version + ".tgz",
		"scbcheck-cli-linux-arm64-" + version + ".tgz",
		"scbcheck-cli-linux-x64-" + version + ".tgz",
		"scb-check_" + version + "_sha256sums.txt",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "dist", name), []byte(name), 0o644))
	}
	return dir
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

func TestReleaseWorkflowTriggersAndPermissions(t *testing.T) {
	w := loadRelease(t)
	assert.Equal(t, []string{"v*"}, w.On.Push.Tags, "a release is a pushed tag v*")
	assert.Equal(t, map[string]string{"contents": "read"}, w.Permissions, "read-only unless a job says more")
	// Each publishing job starts from the build's tested files and holds
	// only the permission it publishes with.
	for job, perms := range map[string]map[string]string{
		"github": {"contents": "write"},
		"pypi":   {"id-token": "write"},
		"npm":    {"id-token": "write"},
	} {
		assert.Equal(t, "build", w.Jobs[job].Needs, job)
		assert.Equal(t, perms, w.Jobs[job].Permissions, job)
	}
	assert.Empty(t, w.Jobs["build"].Permissions)
	assert.Equal(t, "pypi", w.Jobs["pypi"].Environment, "PyPI's trusted publisher names the environment")
	var runs []string
	for _, s := range w.Jobs["build"].Steps {
		runs = append(runs, s.Run)
	}
	assert.Contains(t, runs, "scripts/test-dist", "what is published was tested as installed")
}

func TestReleaseWorkflowChecksTheTag(t *testing.T) {
	s := releaseStep(t, loadRelease(t), "build", "The tag is the source's version")
	root, err := os.Getwd()
	require.NoError(t, err)
	out, code := runWorkflowStep(t, s, root, map[string]string{"github.ref_name": "v" + scbcheck.Version})
	assert.Zero(t, code, out)
	out, code = runWorkflowStep(t, s, root, map[string]string{"github.ref_name": "v9.9.9"})
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "::error::the tag is v9.9.9, but the source's version is "+scbcheck.Version)
}

func TestReleaseWorkflowCreatesTheGitHubRelease(t *testing.T) {
	s := releaseStep(t, loadRelease(t), "github", "Create the GitHub release")
	changelog := `# Changelog

Intro.

## [Unreleased]

- not yet

## [1.1.0-rc.1] - 2027-01-02

### Fixed

- the candidate's fix

## [1.0.0] - 2027-01-01

- the first one

[1.1.0-rc.1]: https://example.invalid/v1.1.0-rc.1
[1.0.0]: https://example.invalid/v1.0.0
`
	cases := []struct {
		tag, notes string
		prerelease bool
	}{
		{tag: "v1.0.0", notes: "\n- the first one\n\n"},
		{tag: "v1.1.0-rc.1", notes: "\n### Fixed\n\n- the candidate's fix\n\n", prerelease: true},
	}
	for _, c := range cases {
		t.Run(c.tag, func(t *testing.T) {
			version := strings.TrimPrefix(c.tag, "v")
			dir := fakeDist(t, version)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "CHANGELOG.md"), []byte(changelog), 0o644))
			// The stand-in keeps the notes file, which the step leaves in RUNNER_TEMP.
			keepNotes := `while [ $# -gt 1 ]; do [ "$1" = --notes-file ] && cp "$2" "$(dirname "$0")/notes.md"; shift; done`
			out, code, bin := runWithFake(t, s, dir, map[string]string{"github.ref_name": c.tag, "github.token": "tok"},
				"gh", keepNotes)
			require.Zero(t, code, out)
			calls, err := os.ReadFile(filepath.Join(bin, "gh.log"))
			require.NoError(t, err)
			args := strings.Fields(string(calls))
			require.GreaterOrEqual(t, len(args), 7, string(calls))
			assert.Equal(t, []string{"release", "create", c.tag, "--verify-tag", "--title", c.tag, "--notes-file"}, args[:7])
			files := args[8:]
			if c.prerelease {
				require.NotEmpty(t, files)
				assert.Equal(t, "--prerelease", files[0])
				files = files[1:]
			}
			var want []string
			for _, name := range listDir(t, filepath.Join(dir, "dist")) {
				want = append(want, "dist/"+name)
			}
			assert.Equal(t, want, files, "every file of dist/ is attached")
			notes, err := os.ReadFile(filepath.Join(bin, "notes.md"))
			require.NoError(t, err)
			assert.Equal(t, c.notes, string(notes))
		})
	}

	t.Run("no section", func(t *testing.T) {
		dir := fakeDist(t, "2.0.0")
		require.NoError(t, os.WriteFile(filepath.Join(dir, "CHANGELOG.md"), []byte(changelog), 0o644))
		out, code, bin := runWithFake(t, s, dir, map[string]string{"github.ref_name": "v2.0.0", "github.token": "tok"}, "gh", "")
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "::error::CHANGELOG.md has no section for 2.0.0")
		assert.NoFileExists(t, filepath.Join(bin, "gh.log"), "no release without notes")
	})

	// This repository's CHANGELOG has the section of its version.
	root, err := os.Getwd()
	require.NoError(t, err)
	out, code, _ := runWithFake(t, s, root, map[string]string{"github.ref_name": "v" + scbcheck.Version, "github.token": "tok"},
		"gh", "")
	assert.Zero(t, code, out)
}

func TestReleaseWorkflowPublishesOnlyWheelsToPyPI(t *testing.T) {
	w := loadRelease(t)
	s := releaseStep(t, w, "pypi", "Only the wheels")
	dir := fakeDist(t, "1.0.0")
	out, code := runWorkflowStep(t, s, dir, nil)
	require.Zero(t, code, out)
	assert.Equal(t, []string{"scbcheck-1.0.0-py3-none-manylinux_2_17_aarch64.whl",
		"scbcheck-1.0.0-py3-none-manylinux_2_17_x86_64.whl"}, listDir(t, filepath.Join(dir, "dist", "wheels")))
	for _, name := range listDir(t, filepath.Join(dir, "dist")) {
		assert.False(t, strings.HasSuffix(name, ".whl"), name)
	}
	steps := w.Jobs["pypi"].Steps
	last := steps[len(steps)-1]
	assert.True(t, strings.HasPrefix(last.Uses, "pypa/gh-action-pypi-publish@"), last.Uses)
	assert.Equal(t, "dist/wheels/", last.With["packages-dir"])
}

func TestReleaseWorkflowPublishesNpmPlatformPackagesFirst(t *testing.T) {
	s := releaseStep(t, loadRelease(t), "npm", "Publish the platform packages, then the main one")
	for _, c := range []struct{ tag, distTag string }{{"v1.0.0", "latest"}, {"v1.1.0-rc.1", "next"}} {
		t.Run(c.tag, func(t *testing.T) {
			version := strings.TrimPrefix(c.tag, "v")
			dir := fakeDist(t, version)
			out, code, bin := runWithFake(t, s, dir, map[string]string{"github.ref_name": c.tag, "secrets.NPM_TOKEN": "tok"},
				"npm", `test "$NODE_AUTH_TOKEN" = tok || { echo "npm: no token" >&2; exit 97; }`)
			require.Zero(t, code, out)
			calls, err := os.ReadFile(filepath.Join(bin, "npm.log"))
			require.NoError(t, err)
			flags := " --provenance --access public --tag " + c.distTag
			assert.Equal(t, "publish dist/scbcheck-cli-linux-arm64-"+version+".tgz"+flags+"\n"+
				"publish dist/scbcheck-cli-linux-x64-"+version+".tgz"+flags+"\n"+
				"publish dist/scbcheck-cli-"+version+".tgz"+flags+"\n", string(calls))
		})
	}

	t.Run("no platform package", func(t *testing.T) {
		dir := fakeDist(t, "1.0.0")
		for _, cpu := range []string{"x64", "arm64"} {
			require.NoError(t, os.Remove(filepath.Join(dir, "dist", "scbcheck-cli-linux-"+cpu+"-1.0.0.tgz")))
		}
		out, code, bin := runWithFake(t, s, dir, map[string]string{"github.ref_name": "v1.0.0", "secrets.NPM_TOKEN": "tok"}, "npm", "")
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "::error::dist/ needs the platform packages and one main package")
		assert.NoFileExists(t, filepath.Join(bin, "npm.log"), "nothing published")
	})
}
