package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trajectoryDoc is the part of trajectory's JSON these tests read.
type trajectoryDoc struct {
	Points []struct {
		Index      int             `json:"index"`
		Checkpoint string          `json:"checkpoint"`
		Commit     string          `json:"commit"`
		Report     json.RawMessage `json:"report"`
		Error      *string         `json:"error"`
	} `json:"points"`
}

func decodeTrajectory(t *testing.T, out string) trajectoryDoc {
	t.Helper()
	var doc trajectoryDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc), out)
	return doc
}

// TestTrajectoryEqualsCheck: every point carries exactly what a separate
// `check --report` run prints for its checkpoint, ast-grep rules included,
// and the output does not depend on -j.
func TestTrajectoryEqualsCheck(t *testing.T) {
	work, dirs := exampleCheckpoints(t)
	got := runBinary(t, work, append([]string{"trajectory", "--report", "-j", "1"}, dirs...), nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	doc := decodeTrajectory(t, got[secStdout])
	require.Len(t, doc.Points, len(dirs))
	for i, d := range dirs {
		check := runBinary(t, work, []string{"check", "--report", d}, nil)
		require.Contains(t, []string{"0\n", "1\n"}, check[secExit], check[secStderr])
		assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), string(doc.Points[i].Report), d)
		assert.Equal(t, d, doc.Points[i].Checkpoint)
	}
	assert.False(t, strings.HasPrefix(string(doc.Points[1].Report), `{"verbosity":0.0,`), "the fixture has verbosity findings")

	for _, format := range []string{"json", "csv", "human"} {
		one := runBinary(t, work, append([]string{"trajectory", "--output-format", format, "-j", "1"}, dirs...), nil)
		two := runBinary(t, work, append([]string{"trajectory", "--output-format", format, "-j2"}, dirs...), nil)
		assert.Equal(t, one, two, "%s output does not depend on -j", format)
	}
}

// exampleCheckpoints copies the example fixtures into a work directory as
// three checkpoints: example, example_slop and both together (clones
// across files, structural rules and erosion).
func exampleCheckpoints(t *testing.T) (string, []string) {
	t.Helper()
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for _, d := range []string{"example", "example_slop"} {
		src := filepath.Join("..", "..", "testdata", d)
		entries, err := os.ReadDir(src)
		require.NoError(t, err)
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			require.NoError(t, err)
			require.NoError(t, os.MkdirAll(filepath.Join(work, d), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(work, d, e.Name()), data, 0o644))
		}
	}
	require.NoError(t, os.MkdirAll(filepath.Join(work, "both"), 0o755))
	for _, p := range []string{"example/shapes.py", "example_slop/slop.py"} {
		data, err := os.ReadFile(filepath.Join(work, p))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(work, "both", filepath.Base(p)), data, 0o644))
	}
	return work, []string{"example", "example_slop", "both"}
}

func TestParseTrajectory(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"checkpoints need a path or --git", []string{"--disable-sg"}, "<PATH>... or --git <REPO>"},
		{"--git and paths exclude each other", []string{"--git", "repo", "a"}, "'--git <REPO>' cannot be used with checkpoint paths ('a')"},
		{"--rev-range needs --git", []string{"--rev-range", "A..B", "a"}, "'--rev-range' needs '--git <REPO>'"},
		{"--max-commits needs --git", []string{"--max-commits", "3", "a"}, "'--max-commits' needs '--git <REPO>'"},
		{"--only-source-commits needs --git", []string{"--only-source-commits", "a"}, "'--only-source-commits' needs '--git <REPO>'"},
		{"--max-commits is a positive number", []string{"--git", "r", "--max-commits", "0"}, "invalid value '0' for '--max-commits <N>'"},
		{"--max-commits takes a value", []string{"--git", "r", "--max-commits"}, "a value is required for '--max-commits <N>'"},
		{"sarif is not a trajectory format", []string{"--output-format", "sarif", "a"}, "invalid value 'sarif' for '--output-format <OUTPUT_FORMAT>' of trajectory"},
		{"gates belong to check", []string{"--max-erosion", "0.1", "a"}, "'--max-erosion' is an option of check, not of trajectory"},
		{"unknown options are named", []string{"--frobnicate", "a"}, "unexpected argument '--frobnicate' found"},
		{"check's options are checked", []string{"-j", "0", "a"}, "invalid value '0' for '--jobs <N>'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseTrajectory(tt.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}

	a, err := parseTrajectory([]string{"--report", "a", "--languages", "go", "b", "--", "-c"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b", "-c"}, a.paths)
	assert.Equal(t, formatJSON, a.format)
	assert.Equal(t, []string{"go"}, a.check.languages)

	a, err = parseTrajectory([]string{"--git=repo", "--rev-range", "v1..v2", "--max-commits=30", "--only-source-commits", "--output-format", "csv"})
	require.NoError(t, err)
	assert.Equal(t, "repo", a.git)
	assert.Equal(t, "v1..v2", a.revRange)
	assert.Equal(t, 30, a.maxCommits)
	assert.True(t, a.onlySource)
	assert.Equal(t, formatCSV, a.format)
}

// TestGitTrajectoryEqualsCheck: each commit's point is what `check
// --report` prints at the root of a clone checked out at that commit, and
// the repository is left as it was.
func TestGitTrajectoryEqualsCheck(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return strings.TrimSpace(string(out))
	}
	require.NoError(t, os.MkdirAll(repo, 0o755))
	git(repo, "init", "-q", "-b", "main")
	git(repo, "config", "user.name", "Test")
	git(repo, "config", "user.email", "test@example.com")
	git(repo, "config", "commit.gpgsign", "false")
	slop, err := os.ReadFile(filepath.Join("..", "..", "testdata", "example_slop", "slop.py"))
	require.NoError(t, err)
	shapes, err := os.ReadFile(filepath.Join("..", "..", "testdata", "example", "shapes.py"))
	require.NoError(t, err)
	steps := []map[string][]byte{
		{"shapes.py": shapes},
		{"pkg/slop.py": slop},
		{"scb-check.toml": []byte("exclude = [\"pkg/**\"]\n")},
	}
	var hashes []string
	for i, files := range steps {
		for name, data := range files {
			p := filepath.Join(repo, filepath.FromSlash(name))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, data, 0o644))
		}
		git(repo, "add", "-A")
		git(repo, "commit", "-q", "-m", "step "+strconv.Itoa(i))
		hashes = append(hashes, git(repo, "rev-parse", "HEAD"))
	}
	// An uncommitted change must not show in any point.
	require.NoError(t, os.WriteFile(filepath.Join(repo, "wip.py"), []byte("def wip():\n    return 1\n"), 0o644))

	got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	doc := decodeTrajectory(t, got[secStdout])
	require.Len(t, doc.Points, len(hashes))
	for i, h := range hashes {
		clone := filepath.Join(work, "clone"+strconv.Itoa(i))
		git(work, "clone", "-q", "repo", clone)
		git(clone, "checkout", "-q", h)
		check := runBinary(t, clone, []string{"check", "--report", "."}, nil)
		require.Contains(t, []string{"0\n", "1\n"}, check[secExit], check[secStderr])
		assert.Equal(t, h, doc.Points[i].Commit)
		assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), string(doc.Points[i].Report), "commit %d", i)
	}
	assert.Equal(t, "?? wip.py", git(repo, "status", "--porcelain"))

	bad := runBinary(t, work, []string{"trajectory", "--git", "repo", "--rev-range", "nope..HEAD"}, nil)
	assert.Equal(t, "2\n", bad[secExit])
	assert.Equal(t, "--rev-range: unknown revision 'nope' in repo\n", bad[secStderr])
}

func TestTrajectoryChart(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for i, body := range []string{"    return x\n", "    if x:\n        return 1\n    return x\n"} {
		dir := filepath.Join(work, "v"+strconv.Itoa(i))
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def f(x):\n"+body), 0o644))
	}
	got := runBinary(t, work, []string{"trajectory", "--disable-sg", "--chart", "out.svg", "v0", "v1"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	svg, err := os.ReadFile(filepath.Join(work, "out.svg"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(svg), "<?xml"))
	assert.Contains(t, string(svg), "<svg")
	assert.Contains(t, string(svg), ">cog_erosion</text>")

	require.NoError(t, os.WriteFile(filepath.Join(work, "plain"), []byte("a file"), 0o644))
	bad := runBinary(t, work, []string{"trajectory", "--disable-sg", "--chart", "plain/out.svg", "v0", "v1"}, nil)
	assert.Equal(t, "2\n", bad[secExit])
	assert.Empty(t, bad[secStdout], "nothing is printed when the chart cannot be written")
	assert.Equal(t, "--chart plain/out.svg: mkdir plain: not a directory\n", bad[secStderr])

	made := runBinary(t, work, []string{"trajectory", "--disable-sg", "--chart", "charts/new/out.svg", "v0", "v1"}, nil)
	require.Equal(t, "0\n", made[secExit], made[secStderr])
	_, err = os.Stat(filepath.Join(work, "charts", "new", "out.svg"))
	assert.NoError(t, err, "the chart's missing directories are created")
}
