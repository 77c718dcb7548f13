package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// GitRepo is a git repository built by a test, with fixed author, dates
// and branch name so that its history is the same on every run.
type GitRepo struct {
	t testing.TB
	// Dir is the work tree, symbolic links resolved.
	Dir string
}

// NewGitRepo makes an empty repository (branch main) in a temporary
// directory; the test is skipped when git is not installed.
func NewGitRepo(t testing.TB) *GitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	r := &GitRepo{t: t, Dir: dir}
	r.Git("init", "-q", "-b", "main")
	r.Git("config", "user.name", "Test")
	r.Git("config", "user.email", "test@example.com")
	r.Git("config", "commit.gpgsign", "false")
	return r
}

// Git runs git in the work tree and returns its output, trimmed; a
// failure fails the test.
func (r *GitRepo) Git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2024-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2024-01-02T03:04:05Z")
	out, err := cmd.CombinedOutput()
	require.NoError(r.t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

// Commit writes the files (an empty text deletes one), stages everything
// and commits, even with nothing changed; it returns the commit's hash.
func (r *GitRepo) Commit(msg string, files map[string]string) string {
	r.t.Helper()
	for name, text := range files {
		p := filepath.Join(r.Dir, filepath.FromSlash(name))
		if text == "" {
			require.NoError(r.t, os.Remove(p))
			continue
		}
		require.NoError(r.t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(r.t, os.WriteFile(p, []byte(text), 0o644))
	}
	r.Git("add", "-A")
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}
