package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The findings appAdded brings to appBase (worked out in
// TestCheckNewFromRevReportsWhatTheCommitAdds), as the text format
// prints them.
var appAddedLines = []string{
	"app.py:18:1: warning[duplicate-structure]: duplicated block (6 lines, 2 instances), also at app.py:1",
	"app.py:26:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 15 > 10, sloc 4)",
	"app.py:27:13: warning[dict-get-default-none]: `rows.get(\"label\", None)` spells out the default that .get() already returns; write `rows.get(\"label\")`.",
}

// hasCache reports whether dir holds a cache (its packs' directory).
func hasCache(dir string) bool {
	packs, _ := filepath.Glob(filepath.Join(dir, "v*"))
	return len(packs) > 0
}

// check --staged, the pre-commit hook's command, keeps a cache in the
// default directory ($SCB_CHECK_CACHE_DIR, else $XDG_CACHE_HOME/scb-check,
// else ~/.cache/scb-check) unless --cache or --no-cache (the last given
// wins) chose; without any of them it warns and keeps none. Other checks
// keep none by default. The findings are the same every way.
func TestCheckStagedCachesByDefault(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + appAdded})
	r.Git("add", "app.py")
	tests := []struct {
		name string
		args []string
		// env gets XDG_CACHE_HOME=<tmp>/xdg, SCB_CHECK_CACHE_DIR=
		// and HOME=<tmp>/home first; <tmp> in a value is the test's
		// directory.
		env []string
		// used is the directory (under <tmp>) that must hold the cache,
		// "" for none anywhere.
		used    string
		warning string
	}{
		{"XDG_CACHE_HOME", nil, nil, "xdg/scb-check", ""},
		{"SCB_CHECK_CACHE_DIR first", nil, []string{"SCB_CHECK_CACHE_DIR=<tmp>/mine"}, "mine", ""},
		{"HOME without XDG_CACHE_HOME", nil, []string{"XDG_CACHE_HOME="}, "home/.cache/scb-check", ""},
		{"--cache first", []string{"--cache", "<tmp>/given"}, []string{"SCB_CHECK_CACHE_DIR=<tmp>/mine"}, "given", ""},
		{"--no-cache keeps none", []string{"--no-cache"}, nil, "", ""},
		{"--no-cache then --cache: the last wins", []string{"--no-cache", "--cache", "<tmp>/given"}, nil, "given", ""},
		{"--cache then --no-cache: the last wins", []string{"--cache", "<tmp>/given", "--no-cache"}, nil, "", ""},
		{"no directory known: a warning, no cache", nil, []string{"XDG_CACHE_HOME=", "HOME="}, "",
			"warning: no cache directory: set SCB_CHECK_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache DIR; this run keeps none\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			fill := func(s string) string { return strings.ReplaceAll(s, "<tmp>", tmp) }
			env := []string{"XDG_CACHE_HOME=" + tmp + "/xdg", "SCB_CHECK_CACHE_DIR=", "HOME=" + tmp + "/home"}
			for _, kv := range tt.env {
				env = append(env, fill(kv))
			}
			args := []string{"check", "--staged", "--output-format", "text"}
			for _, a := range tt.args {
				args = append(args, fill(a))
			}
			out := runBinary(t, r.Dir, append(args, "."), env)
			assert.Equal(t, "1\n", out[secExit], out[secStderr])
			assert.Equal(t, appAddedLines, stdoutLines(out))
			assert.Equal(t, tt.warning, out[secStderr])
			for _, dir := range []string{"xdg/scb-check", "mine", "home/.cache/scb-check", "given"} {
				assert.Equal(t, dir == tt.used, hasCache(filepath.Join(tmp, dir)), dir)
			}
		})
	}

	t.Run("other checks keep none by default", func(t *testing.T) {
		tmp := t.TempDir()
		env := []string{"XDG_CACHE_HOME=" + tmp + "/xdg", "SCB_CHECK_CACHE_DIR=" + tmp + "/mine", "HOME=" + tmp + "/home"}
		for _, args := range [][]string{
			{"check", "--output-format", "text", "."},
			{"check", "--new-from-rev", "HEAD", "--output-format", "text", "."},
		} {
			out := runBinary(t, r.Dir, args, env)
			assert.Equal(t, "1\n", out[secExit], out[secStderr])
			assert.Empty(t, out[secStderr])
		}
		entries, err := os.ReadDir(tmp)
		require.NoError(t, err)
		assert.Empty(t, entries)
	})
}

// A warm run reads every file back from the default cache and reports
// what a cold one does; --max-cache-size bounds the directory, and a run
// under a bound too small for anything leaves no pack behind.
func TestCheckStagedCacheIsReusedAndBounded(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase, "lib.py": appPick})
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + appAdded})
	r.Git("add", "app.py")
	cache := t.TempDir()
	env := []string{"SCB_CHECK_CACHE_DIR=" + cache}
	args := []string{"check", "--staged", "--output-format", "text", "-v", "."}

	cold := runBinary(t, r.Dir, args, env)
	assert.Equal(t, "1\n", cold[secExit], cold[secStderr])
	assert.Contains(t, cold[secStderr], "info cache dir="+cache+" file_hits=")
	assert.NotContains(t, cold[secStderr], "file_misses=0 ", "the first run analyses")
	warm := runBinary(t, r.Dir, args, env)
	assert.Equal(t, cold[secStdout], warm[secStdout])
	// Each side's two files are read back, none analysed.
	assert.Contains(t, warm[secStderr], "info cache dir="+cache+" file_hits=4 file_misses=0 ")

	tiny := runBinary(t, r.Dir, append([]string{"check", "--staged", "--output-format", "text", "--max-cache-size", "1"}, "."), env)
	assert.Equal(t, cold[secStdout], tiny[secStdout])
	packs, err := filepath.Glob(filepath.Join(cache, "v*", "*.pack"))
	require.NoError(t, err)
	assert.Empty(t, packs, "a bound of one byte holds no pack")

	out := runBinary(t, r.Dir, append([]string{"check", "--staged", "--max-cache-size", "lots"}, "."), env)
	assert.Equal(t, "2\n", out[secExit])
	assert.Contains(t, out[secStderr], "error: invalid value 'lots' for '--max-cache-size <SIZE>'")
}

// The first commit of a repository (HEAD unborn) is judged against
// nothing: every finding staged is new.
func TestCheckStagedFirstCommit(t *testing.T) {
	r := changeRepo(t, nil)
	r.Git("update-ref", "-d", "HEAD")
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + appAdded})
	r.Git("add", "app.py")
	out := runBinary(t, r.Dir, []string{"check", "--staged", "--no-cache", "--output-format", "text", "."}, nil)
	assert.Equal(t, "1\n", out[secExit], out[secStderr])
	assert.Equal(t, []string{
		"app.py:1:1: warning[duplicate-structure]: duplicated block (6 lines, 2 instances), also at app.py:18",
		"app.py:9:1: warning[cyclomatic-complexity]: function `gate` exceeds complexity threshold (complexity 12 > 10, sloc 2)",
		"app.py:14:13: warning[dict-get-default-none]: `d.get(\"k\", None)` spells out the default that .get() already returns; write `d.get(\"k\")`.",
		appAddedLines[0], appAddedLines[1], appAddedLines[2],
	}, stdoutLines(out))
}

// `git commit -a` and `git commit PATH` stage into an index of their own,
// named to the pre-commit hook by $GIT_INDEX_FILE: the hook judges that
// index, so such a commit of a copy fails as `git add` then `git commit`
// does, and a commit adding nothing passes.
func TestCheckStagedInGitCommitHook(t *testing.T) {
	for _, tt := range []struct {
		name   string
		commit []string
		files  map[string]string
		fails  bool
	}{
		{"commit -a adding findings", []string{"commit", "-q", "-a", "-m", "grow"}, map[string]string{"app.py": appBase + appAdded}, true},
		{"commit PATH adding findings", []string{"commit", "-q", "-m", "grow", "app.py"}, map[string]string{"app.py": appBase + appAdded}, true},
		{"commit -a moving code", []string{"commit", "-q", "-a", "-m", "move"}, map[string]string{"app.py": appPick + "\n\n" + appGate + "\n\n" + appLoad}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := changeRepo(t, map[string]string{"app.py": appBase})
			cache := t.TempDir()
			out := filepath.Join(t.TempDir(), "hook.out")
			hook := "#!/bin/sh\nexec '" + binary + "' check --staged --output-format text . >'" + out + "'\n"
			require.NoError(t, os.WriteFile(filepath.Join(r.Dir, ".git", "hooks", "pre-commit"), []byte(hook), 0o755))
			writeFiles(t, r.Dir, tt.files)
			before := r.Git("rev-parse", "HEAD")

			cmd := exec.Command("git", tt.commit...)
			cmd.Dir = r.Dir
			cmd.Env = append(os.Environ(), "SCB_CHECK_CACHE_DIR="+cache)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			assert.Equal(t, tt.fails, errors.As(err, &exit), "git commit: %v %s", err, stderr.String())
			got, readErr := os.ReadFile(out)
			require.NoError(t, readErr)
			if tt.fails {
				assert.Equal(t, strings.Join(appAddedLines, "\n")+"\n", string(got))
				assert.Equal(t, before, r.Git("rev-parse", "HEAD"), "no commit made")
			} else {
				assert.Empty(t, string(got))
				assert.NotEqual(t, before, r.Git("rev-parse", "HEAD"))
			}
		})
	}
}
