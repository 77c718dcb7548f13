package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests treat a repository as an attacker's: its configuration,
// attributes, links and file names must not make git run anything, make
// the tool read anything outside the commit's tree, or stop a run.

// rawAttributes, in a repository's info/attributes (which win over the
// tree's), make git write each file as committed: no export attribute,
// filter, end-of-line, ident or encoding conversion. The tests' own git
// commands (add, archive) run with them.
const rawAttributes = "* -export-ignore -export-subst -filter -text -eol -ident -working-tree-encoding\n"

// gitT runs git in dir for the test's own setup (never under the
// configuration a case plants) and returns its output, trimmed.
func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2024-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2024-01-02T03:04:05Z")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

// newRepoT makes an empty repository at dir whose own adds and archives
// see the files as they are (rawAttributes).
func newRepoT(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	gitT(t, dir, "init", "-q", "-b", "main")
	gitT(t, dir, "config", "user.name", "Test")
	gitT(t, dir, "config", "user.email", "test@example.com")
	gitT(t, dir, "config", "commit.gpgsign", "false")
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "info", "attributes"), []byte(rawAttributes), 0o644))
}

// commitT writes the files (an empty text deletes one; a text starting
// with "-> " makes a symbolic link to the rest), stages everything and
// commits; it returns the commit's hash.
func commitT(t *testing.T, dir, msg string, files map[string]string) string {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		_ = os.Remove(p)
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "-> "):
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.Symlink(strings.TrimPrefix(text, "-> "), p))
		default:
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		}
	}
	gitT(t, dir, "add", "-A")
	gitT(t, dir, "commit", "-q", "--allow-empty", "-m", msg)
	return gitT(t, dir, "rev-parse", "HEAD")
}

// checkOfCommits is, for each commit, what `check --report` (with the
// extra arguments) prints for its tree written by `git archive` into a
// directory of its own (with an empty .git, as a clone's root has), the
// files as committed.
func checkOfCommits(t *testing.T, work, repo string, hashes []string, extra ...string) []string {
	t.Helper()
	var reports []string
	for i, h := range hashes {
		dir := filepath.Join(work, "archive-"+strconv.Itoa(i))
		require.NoError(t, os.MkdirAll(filepath.Join(dir, ".git"), 0o755))
		cmd := exec.Command("sh", "-c", `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, "sh", repo, h, dir)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		check := runBinary(t, dir, append([]string{"check", "--report", "."}, extra...), nil)
		require.Contains(t, []string{"0\n", "1\n"}, check[secExit], check[secStderr])
		reports = append(reports, strings.TrimSuffix(check[secStdout], "\n"))
	}
	return reports
}

// manifestOf writes a batch manifest naming repo (relative to work) at
// each commit and returns its name.
func manifestOf(t *testing.T, work, repo string, hashes []string) string {
	t.Helper()
	var lines []string
	for _, h := range hashes {
		lines = append(lines, repo+"@"+h)
	}
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return "m.txt"
}

// assertPointsAre checks a trajectory --report output against the
// expected reports, commit by commit.
func assertPointsAre(t *testing.T, got map[string]string, hashes, want []string) {
	t.Helper()
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	doc := decodeTrajectory(t, got[secStdout])
	require.Len(t, doc.Points, len(hashes))
	for i, h := range hashes {
		assert.Equal(t, h, doc.Points[i].Commit)
		assert.Equal(t, want[i], string(doc.Points[i].Report), "commit %d", i)
	}
}

// assertLinesAre checks a batch output (one line per commit, in order)
// against the expected reports.
func assertLinesAre(t *testing.T, out string, hashes, want []string) {
	t.Helper()
	lines := strings.SplitAfter(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(hashes), out)
	for i, h := range hashes {
		var head struct{ Commit, Status string }
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &head), lines[i])
		assert.Equal(t, h, head.Commit)
		assert.Equal(t, "ok", head.Status, lines[i])
		assert.Equal(t, want[i], reportOf(t, lines[i]), "commit %d", i)
	}
}

// hookNames are the hooks git knows (githooks(5)).
var hookNames = []string{
	"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
	"prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge",
	"pre-push", "pre-receive", "update", "proc-receive", "post-receive", "post-update",
	"reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite", "sendemail-validate",
	"fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit",
	"post-index-change",
}

// markerScript writes an executable at dir/name that appends its name
// and arguments to marker when run.
func markerScript(t *testing.T, dir, name, marker string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	p := filepath.Join(dir, name)
	script := fmt.Sprintf("#!/bin/sh\necho \"%s $*\" >> '%s'\nexit 0\n", name, marker)
	require.NoError(t, os.WriteFile(p, []byte(script), 0o755))
	return p
}

// TestGitRunsNothing: a marker script set as every program git can be
// configured to run for the commands the tool uses (fsmonitor, filters
// and their process, textconv and external diffs, pager, signature
// verification, hooks), in the repository's configuration, in the user's
// and through the environment, with .gitattributes asking for the
// filter, diff driver, ident and working-tree-encoding: after trajectory
// --git and batch the marker does not exist, and every point is `check`
// of the files as committed.
func TestGitRunsNothing(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	attrs := "* filter=evil diff=evil ident\n*.py working-tree-encoding=UTF-16LE\n"
	hashes := []string{
		commitT(t, repo, "code", map[string]string{
			"a.py": "def f(x):\n    if x:\n        return 1\n    return 2\n",
			"b.py": "def g(y):\n    for i in y:\n        if i:\n            return i\n    return None\n",
		}),
		commitT(t, repo, "attributes", map[string]string{
			".gitattributes": attrs,
			"a.py":           "# $Id$\ndef f(x):\n    if x:\n        return 1\n    return 2\n",
		}),
		commitT(t, repo, "more", map[string]string{"c.py": "def h(z):\n    while z:\n        z -= 1\n    return z\n"}),
	}
	// The last commit signed (a signature git verifies with gpg.program
	// when log.showSignature is set).
	body := gitT(t, repo, "cat-file", "commit", "HEAD")
	head, msg, ok := strings.Cut(body, "\n\n")
	require.True(t, ok)
	signed := head + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n" + msg + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(work, "signed.txt"), []byte(signed), 0o644))
	hashes[2] = gitT(t, repo, "hash-object", "-t", "commit", "-w", filepath.Join(work, "signed.txt"))
	gitT(t, repo, "update-ref", "refs/heads/main", hashes[2])
	gitT(t, repo, "reset", "-q", "--hard")

	want := checkOfCommits(t, work, repo, hashes)
	assert.Contains(t, want[1], `"total_loc":9`, "the committed a.py and b.py, not UTF-16")
	// From here on, git in the repository sees the attributes.
	require.NoError(t, os.Remove(filepath.Join(repo, ".git", "info", "attributes")))

	marker := filepath.Join(work, "marker")
	bin := filepath.Join(work, "bin")
	hooks := filepath.Join(work, "hooks")
	for _, h := range hookNames {
		markerScript(t, hooks, h, marker)
		markerScript(t, filepath.Join(repo, ".git", "hooks"), h, marker)
	}
	knobs := [][2]string{
		{"core.fsmonitor", markerScript(t, bin, "fsmonitor", marker)},
		{"filter.evil.smudge", markerScript(t, bin, "smudge", marker)},
		{"filter.evil.clean", markerScript(t, bin, "clean", marker)},
		{"filter.evil.process", markerScript(t, bin, "process", marker)},
		{"filter.evil.required", "true"},
		{"diff.evil.textconv", markerScript(t, bin, "textconv", marker)},
		{"diff.evil.command", markerScript(t, bin, "diff-command", marker)},
		{"diff.external", markerScript(t, bin, "external-diff", marker)},
		{"core.pager", markerScript(t, bin, "pager", marker)},
		{"pager.log", markerScript(t, bin, "pager-log", marker)},
		{"gpg.program", markerScript(t, bin, "gpg", marker)},
		{"log.showSignature", "true"},
		{"core.hooksPath", hooks},
	}
	var configText strings.Builder
	for _, k := range knobs {
		section, key, _ := strings.Cut(k[0], ".")
		if sub, name, ok := strings.Cut(key, "."); ok {
			fmt.Fprintf(&configText, "[%s %q]\n\t%s = %s\n", section, sub, name, k[1])
		} else {
			fmt.Fprintf(&configText, "[%s]\n\t%s = %s\n", section, key, k[1])
		}
	}
	// git itself runs them: the knobs are live.
	require.NoError(t, os.WriteFile(filepath.Join(work, "probe.gitconfig"), []byte(configText.String()), 0o644))
	probe := exec.Command("git", "-C", repo, "log", "-1", "--format=%H")
	probe.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+filepath.Join(work, "probe.gitconfig"))
	_, _ = probe.CombinedOutput()
	live, err := os.ReadFile(marker)
	require.NoError(t, err, "git log runs gpg.program for the signed commit")
	assert.Contains(t, string(live), "gpg ")
	require.NoError(t, os.Remove(marker))

	repoConfig, err := os.ReadFile(filepath.Join(repo, ".git", "config"))
	require.NoError(t, err)
	envConfig := []string{"GIT_CONFIG_COUNT=" + strconv.Itoa(len(knobs))}
	var params []string
	for i, k := range knobs {
		envConfig = append(envConfig, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, k[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, k[1]))
		params = append(params, fmt.Sprintf("'%s=%s'", k[0], k[1]))
	}
	home := filepath.Join(work, "home")
	xdg := filepath.Join(work, "xdg")
	cases := []struct {
		name string
		// plant writes the knobs; env is the caller's environment.
		plant func(t *testing.T)
		env   []string
	}{
		{name: "repository config", plant: func(t *testing.T) {
			require.NoError(t, os.WriteFile(filepath.Join(repo, ".git", "config"), append(append([]byte{}, repoConfig...), configText.String()...), 0o644))
		}},
		{name: "user config", plant: func(t *testing.T) {
			require.NoError(t, os.MkdirAll(filepath.Join(xdg, "git"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(configText.String()), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(xdg, "git", "config"), []byte(configText.String()), 0o644))
		}, env: []string{"HOME=" + home, "XDG_CONFIG_HOME=" + xdg}},
		{name: "environment", env: append(append([]string{
			"GIT_CONFIG_PARAMETERS=" + strings.Join(params, " "),
			"GIT_EXTERNAL_DIFF=" + markerScript(t, bin, "env-external-diff", marker),
			"GIT_PAGER=" + markerScript(t, bin, "env-pager", marker),
		}, envConfig...), "GIT_CONFIG_GLOBAL="+filepath.Join(work, "probe.gitconfig"))},
	}
	require.NoError(t, os.MkdirAll(home, 0o755))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.plant != nil {
				tc.plant(t)
			}
			defer func() {
				require.NoError(t, os.WriteFile(filepath.Join(repo, ".git", "config"), repoConfig, 0o644))
				_ = os.RemoveAll(xdg)
				_ = os.Remove(filepath.Join(home, ".gitconfig"))
				_ = os.Remove(marker)
			}()
			got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, tc.env)
			lines := runBinary(t, work, []string{"batch", manifestOf(t, work, "repo", hashes)}, tc.env)
			ran, err := os.ReadFile(marker)
			assert.ErrorIs(t, err, os.ErrNotExist, "git ran: %s", ran)
			assertPointsAre(t, got, hashes, want)
			require.Equal(t, "0\n", lines[secExit], lines[secStderr])
			assertLinesAre(t, lines[secStdout], hashes, want)
		})
	}
}

// TestGitIgnoresCallersGitVariables: GIT_DIR and GIT_WORK_TREE in the
// caller's environment do not make the tool read another repository.
func TestGitIgnoresCallersGitVariables(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo, other := filepath.Join(work, "repo"), filepath.Join(work, "other")
	newRepoT(t, repo)
	newRepoT(t, other)
	hashes := []string{commitT(t, repo, "one", map[string]string{"a.py": "def f(x):\n    return x\n"})}
	commitT(t, other, "other", map[string]string{"o.py": "def o():\n    return 1\n", "p.py": "def p():\n    return 2\n"})
	want := checkOfCommits(t, work, repo, hashes)
	env := []string{"GIT_DIR=" + filepath.Join(other, ".git"), "GIT_WORK_TREE=" + other, "GIT_CEILING_DIRECTORIES=" + work}
	got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, env)
	assertPointsAre(t, got, hashes, want)
	lines := runBinary(t, work, []string{"batch", manifestOf(t, work, "repo", hashes)}, env)
	require.Equal(t, "0\n", lines[secExit], lines[secStderr])
	assertLinesAre(t, lines[secStdout], hashes, want)
}

// TestGitPartialCloneFetchesNothing: a missing object of a "partial
// clone" is not fetched (the fetch would run the remote's uploadpack, a
// program the repository's configuration names), and does not stop the
// run (issue 25, item 4): a source file whose blob is missing is skipped
// with the reason, naming the blob, in its point; a missing data file the
// analysis does not read is not mentioned; and nothing ran.
func TestGitPartialCloneFetchesNothing(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	hashes := []string{commitT(t, repo, "one", map[string]string{"a.py": "def f(x):\n    return x\n", "b.py": "b = 1\n", "data.csv.bz2": "BZh9 not really\n"})}
	var missing []string
	for _, name := range []string{"b.py", "data.csv.bz2"} {
		blob := gitT(t, repo, "rev-parse", "HEAD:"+name)
		require.NoError(t, os.Remove(filepath.Join(repo, ".git", "objects", blob[:2], blob[2:])))
		missing = append(missing, blob)
	}
	marker := filepath.Join(work, "marker")
	gitT(t, repo, "config", "core.repositoryformatversion", "1")
	gitT(t, repo, "config", "extensions.partialClone", "origin")
	gitT(t, repo, "config", "remote.origin.url", filepath.Join(work, "nowhere"))
	gitT(t, repo, "config", "remote.origin.promisor", "true")
	gitT(t, repo, "config", "remote.origin.uploadpack", markerScript(t, filepath.Join(work, "bin"), "uploadpack", marker))
	gitT(t, repo, "config", "protocol.file.allow", "always")

	reason := "blob " + missing[0] + " is missing from the repository (a partial clone, or a copy without it; nothing is fetched); not read"
	got := runBinary(t, work, []string{"trajectory", "--git", "repo", "--output-format", "json"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	var traj struct {
		Points []struct {
			Skipped []map[string]string `json:"skipped"`
			Report  struct {
				TotalFunctions int `json:"total_functions"`
			} `json:"report"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &traj), got[secStdout])
	require.Len(t, traj.Points, 1)
	assert.Equal(t, []map[string]string{{"path": "b.py", "reason": reason}}, traj.Points[0].Skipped)
	assert.Equal(t, 1, traj.Points[0].Report.TotalFunctions, "a.py is measured")
	lines := runBinary(t, work, []string{"batch", manifestOf(t, work, "repo", hashes)}, nil)
	assert.Equal(t, "0\n", lines[secExit], lines[secStderr])
	assert.Contains(t, lines[secStdout], `"status":"ok"`)
	assert.Contains(t, lines[secStdout], `"skipped":[{"path":"b.py","reason":"`+reason+`"}]`)
	for _, out := range []string{got[secStdout], got[secStderr], lines[secStdout], lines[secStderr]} {
		assert.NotContains(t, out, "data.csv.bz2")
		assert.NotContains(t, out, missing[1])
	}
	ran, err := os.ReadFile(marker)
	assert.ErrorIs(t, err, os.ErrNotExist, "git ran: %s", ran)
}

// TestGitDubiousOwnership: a repository owned by another user is refused
// with git's own reason, unless the user's configuration marks it safe.
func TestGitDubiousOwnership(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("chown to another user needs root")
	}
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	hashes := []string{commitT(t, repo, "one", map[string]string{"a.py": "def f(x):\n    return x\n"})}
	want := checkOfCommits(t, work, repo, hashes)
	require.NoError(t, exec.Command("chown", "-R", "12345:12345", repo).Run())
	home := filepath.Join(work, "home")
	require.NoError(t, os.MkdirAll(home, 0o755))
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "xdg")}

	got := runBinary(t, work, []string{"trajectory", "--git", "repo"}, env)
	assert.Equal(t, "2\n", got[secExit])
	assert.Contains(t, got[secStderr], "--git: repo: git rev-parse: fatal: detected dubious ownership in repository at '"+repo+"'")
	assert.Contains(t, got[secStderr], "safe.directory")
	assert.NotContains(t, got[secStderr], "not a git repository")
	lines := runBinary(t, work, []string{"batch", manifestOf(t, work, "repo", hashes)}, env)
	assert.Equal(t, "1\n", lines[secExit], lines[secStderr])
	assert.Contains(t, lines[secStdout], `"status":"error","error":"`+repo+`: git rev-parse: fatal: detected dubious ownership`)

	// The user's configuration is the user's: it may mark the repository
	// safe.
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[safe]\n\tdirectory = "+repo+"\n"), 0o644))
	got = runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, env)
	assertPointsAre(t, got, hashes, want)
}

// TestGitTimeout: a git that does not answer (here, the user's own
// configuration includes a named pipe: the repository's may not) is
// stopped after --git-timeout.
func TestGitTimeout(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	hashes := []string{commitT(t, repo, "one", map[string]string{"a.py": "def f(x):\n    return x\n"})}
	home := filepath.Join(work, "home")
	require.NoError(t, os.MkdirAll(home, 0o755))
	require.NoError(t, exec.Command("mkfifo", filepath.Join(home, "pipe")).Run())
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[include]\n\tpath = pipe\n"), 0o644))
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}

	got := runBinary(t, work, []string{"trajectory", "--git", "repo", "--git-timeout", "1s"}, env)
	assert.Equal(t, "2\n", got[secExit])
	assert.Equal(t, "--git: repo: git config: no answer within 1s (the git timeout)\n", got[secStderr])
	lines := runBinary(t, work, []string{"batch", "--git-timeout", "1s", manifestOf(t, work, "repo", hashes)}, env)
	assert.Equal(t, "1\n", lines[secExit], lines[secStderr])
	assert.Contains(t, lines[secStdout], `"error":"`+repo+`: git config: no answer within 1s (the git timeout)"`)

	bad := runBinary(t, work, []string{"trajectory", "--git", "repo", "--git-timeout", "0s"}, nil)
	assert.Equal(t, "2\n", bad[secExit])
	assert.Contains(t, bad[secStderr], "invalid value '0s' for '--git-timeout <DURATION>'")
}

// TestGitLinksOutOfTheTree: committed symbolic links leading out of the
// commit's tree (absolute, or with enough ".." to leave it) as the
// configuration, pyproject.toml, ignore files, a data file and source
// files are never followed: every point is `check` of the commit written
// out by `git archive` (whose links lead to the same host files, then
// holding only comments), and once the host files hold what would show
// or change something if read (a key of the configuration the error
// would name, an ignore pattern for every source), nothing changes and
// their text appears in no output.
func TestGitLinksOutOfTheTree(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	const secret = "SCB_HOST_SECRET_5d41402a"
	host := filepath.Join(work, "host", "notes.txt")
	hostIgnore := filepath.Join(work, "host", "ignore")
	require.NoError(t, os.MkdirAll(filepath.Dir(host), 0o755))
	require.NoError(t, os.WriteFile(host, []byte("# "+secret+"\n"), 0o644))
	require.NoError(t, os.WriteFile(hostIgnore, []byte("# "+secret+"\n"), 0o644))
	up := strings.Repeat("../", 16) + strings.TrimPrefix(host, "/")
	upIgnore := strings.Repeat("../", 16) + strings.TrimPrefix(hostIgnore, "/")
	repo := filepath.Join(work, "repo")
	newRepoT(t, repo)
	fn := "def f(x):\n    if x:\n        return 1\n    return 2\n"
	hashes := []string{
		commitT(t, repo, "links", map[string]string{
			"ok.py": fn, "scb-check.toml": "-> " + host, "pyproject.toml": "-> " + host, ".gitignore": "-> " + hostIgnore,
			"a.py": "-> " + host, ".ignore": "-> " + upIgnore, "data.json": "-> " + host, "sub/.gitignore": "-> " + upIgnore,
		}),
		commitT(t, repo, "more links", map[string]string{
			"ok.py": fn + "\ndef g():\n    return 3\n", "sub/b.py": "-> " + up, "sub/in.py": "-> ../ok.py",
			"hostdir": "-> " + filepath.Dir(host),
		}),
		commitT(t, repo, "fewer links", map[string]string{"a.py": "", "scb-check.toml": "-> " + up}),
	}
	want := checkOfCommits(t, work, repo, hashes)
	assert.Contains(t, want[0], `"files_scanned":1`, "the linked a.py is skipped on disk too")
	require.NoError(t, os.WriteFile(host, []byte(secret+" = \"*.py\"\n"), 0o644))
	require.NoError(t, os.WriteFile(hostIgnore, []byte(secret+"\n*.py\n"), 0o644))
	// Read, the configuration would be an error naming the key.
	readable := filepath.Join(work, "readable")
	require.NoError(t, os.MkdirAll(filepath.Join(readable, ".git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(readable, "ok.py"), []byte(fn), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(readable, "scb-check.toml"), []byte(secret+" = \"*.py\"\n"), 0o644))
	hostile := runBinary(t, readable, []string{"check", "--report", "."}, nil)
	require.Equal(t, "2\n", hostile[secExit])
	require.Contains(t, hostile[secStderr], secret)

	got := runBinary(t, work, []string{"trajectory", "--report", "--git", "repo"}, nil)
	assertPointsAre(t, got, hashes, want)
	human := runBinary(t, work, []string{"trajectory", "-v", "--git", "repo"}, nil)
	assert.Equal(t, "0\n", human[secExit], human[secStderr])
	assert.Contains(t, human[secStdout], "a.py: symlink to "+host+", outside the analysed tree (not followed)")
	lines := runBinary(t, work, []string{"batch", "-v", manifestOf(t, work, "repo", hashes)}, nil)
	require.Equal(t, "0\n", lines[secExit], lines[secStderr])
	assertLinesAre(t, lines[secStdout], hashes, want)
	for _, out := range []map[string]string{got, human, lines} {
		assert.NotContains(t, out[secStdout], secret)
		assert.NotContains(t, out[secStderr], secret)
	}
}

// oddNames builds a history whose commits hold file names that are not
// UTF-8 or hold a newline, a tab or a control character, added, changed,
// renamed and deleted, plus extra files in the second commit.
func oddNames(t *testing.T, repo string, extra map[string]string) []string {
	t.Helper()
	newRepoT(t, repo)
	fn := "def f(x):\n    if x:\n        return 1\n    return 2\n"
	second := map[string]string{
		"d\xfe/readme.md": "# d\n", "tab\tname.py": "def t(a):\n    return a\n",
		"new\nline.py": "def n(b):\n    while b:\n        b -= 1\n    return b\n",
	}
	for k, v := range extra {
		second[k] = v
	}
	hashes := []string{
		commitT(t, repo, "odd", map[string]string{"a.py": fn, "notes\xff.txt": "n\n", "new\nline.py": "def n(b):\n    return b\n", "ctl\x01.md": "c\n"}),
		commitT(t, repo, "odder", second),
	}
	gitT(t, repo, "mv", "d\xfe/readme.md", "d\xfe/moved.md")
	return append(hashes, commitT(t, repo, "rename and delete", map[string]string{"notes\xff.txt": ""}))
}

// TestGitOddFileNames: names that are not UTF-8, or hold a newline, a
// tab or a control character, in a commit never stop trajectory --git or
// batch; the batch lines are written and a second run resumes past them.
func TestGitOddFileNames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra map[string]string
		args  []string
	}{
		{name: "ast-grep scans the sources"},
		{
			// A source file whose name is not UTF-8 cannot be given to
			// ast-grep; without it, the file is what discovery makes of it.
			name: "a source file named in no encoding", extra: map[string]string{"b\xff.py": "def b(c):\n    return c\n"},
			args: []string{"--disable-sg"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			repo := filepath.Join(work, "repo")
			hashes := oddNames(t, repo, tc.extra)
			want := checkOfCommits(t, work, repo, hashes, tc.args...)

			got := runBinary(t, work, append([]string{"trajectory", "--report", "--git", "repo"}, tc.args...), nil)
			assertPointsAre(t, got, hashes, want)
			m := manifestOf(t, work, "repo", hashes)
			first := runBinary(t, work, append([]string{"batch", "--output", "out.jsonl", m}, tc.args...), nil)
			require.Equal(t, "0\n", first[secExit], first[secStderr])
			out, err := os.ReadFile(filepath.Join(work, "out.jsonl"))
			require.NoError(t, err)
			assertLinesAre(t, string(out), hashes, want)
			again := runBinary(t, work, append([]string{"batch", "--output", "out.jsonl", m}, tc.args...), nil)
			assert.Equal(t, "0\n", again[secExit], again[secStderr])
			assert.Contains(t, again[secStderr], "snapshots=3 resumed=3 measured=0 errors=0")
			unchanged, err := os.ReadFile(filepath.Join(work, "out.jsonl"))
			require.NoError(t, err)
			assert.Equal(t, string(out), string(unchanged))
		})
	}
}
