package gitrepo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// Every way git follows a path out of the git directory is refused before
// git runs, naming what leads out (issue 25, items 2 and 11), unless
// OutsideGitDir is set; the same kinds of paths kept inside the tree are
// accepted. Each row changes a fresh repository; host is another
// repository of the machine, outside it.
func TestOpenChecksGitDir(t *testing.T) {
	const tail = ": refused, since the tree's .git could name any repository; set GitOptions.OutsideGitDir if you trust it"
	host := testkit.NewGitRepo(t)
	host.Commit("SCB_HOST_SUBJECT", map[string]string{"secret.py": "s = 1\n"})
	hostGit := filepath.Join(host.Dir, ".git")
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, exec.Command("mkfifo", fifo).Run())

	link := func(target, name string) func(r *testkit.GitRepo) {
		return func(r *testkit.GitRepo) {
			p := filepath.Join(r.Dir, ".git", filepath.FromSlash(name))
			require.NoError(t, os.RemoveAll(p))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.Symlink(target, p))
		}
	}
	write := func(name, text string) func(r *testkit.GitRepo) {
		return func(r *testkit.GitRepo) {
			p := filepath.Join(r.Dir, filepath.FromSlash(name))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		}
	}
	config := func(args ...string) func(r *testkit.GitRepo) {
		return func(r *testkit.GitRepo) { r.Git(append([]string{"config"}, args...)...) }
	}
	for _, c := range []struct {
		name    string
		change  []func(r *testkit.GitRepo)
		outside bool
		// want is the error with the repository's directory as R (and
		// the host's config relative to R/conf as HOSTREL); "" for none.
		want string
	}{
		{name: "alternates and a linked ref read the host's history are refused",
			change: []func(*testkit.GitRepo){write(".git/objects/info/alternates", hostGit+"/objects\n"), link(hostGit+"/refs/heads/main", "refs/heads/host")},
			want:   "R: .git/refs/heads/host in its git directory is a symbolic link to " + hostGit + "/refs/heads/main, which lies outside R" + tail},
		{name: "alternates outside are refused",
			change: []func(*testkit.GitRepo){write(".git/objects/info/alternates", "# comment\n\n"+hostGit+"/objects\n")},
			want:   "R: the alternate object store " + hostGit + "/objects named by R/.git/objects/info/alternates lies outside R" + tail},
		{name: "a relative alternate leaving the tree is refused",
			change: []func(*testkit.GitRepo){func(r *testkit.GitRepo) {
				objects := filepath.Join(r.Dir, ".git", "objects")
				rel, err := filepath.Rel(objects, hostGit+"/objects")
				require.NoError(t, err)
				write(".git/objects/info/alternates", rel+"\n")(r)
			}},
			want: "R: the alternate object store " + hostGit + "/objects named by R/.git/objects/info/alternates lies outside R" + tail},
		{name: "alternates of an alternate in the tree are checked",
			change: []func(*testkit.GitRepo){write("store/objects/info/alternates", `"`+hostGit+`/objects"`+"\n"), write(".git/objects/info/alternates", "../../store/objects\n")},
			want:   "R: the alternate object store " + hostGit + "/objects named by R/store/objects/info/alternates lies outside R" + tail},
		{name: "an alternate inside the tree is accepted",
			change: []func(*testkit.GitRepo){write("store/objects/info/keep", ""), write(".git/objects/info/alternates", "../../store/objects\n")}},
		{name: "alternates outside are accepted with OutsideGitDir", outside: true,
			change: []func(*testkit.GitRepo){write(".git/objects/info/alternates", hostGit+"/objects\n")}},
		{name: "a linked objects directory is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/objects", "objects")},
			want:   "R: .git/objects in its git directory is a symbolic link to " + hostGit + "/objects, which lies outside R" + tail},
		{name: "a linked refs/heads is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/refs/heads", "refs/heads")},
			want:   "R: .git/refs/heads in its git directory is a symbolic link to " + hostGit + "/refs/heads, which lies outside R" + tail},
		{name: "linked packed-refs are refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/HEAD", "packed-refs")},
			want:   "R: .git/packed-refs in its git directory is a symbolic link to " + hostGit + "/HEAD, which lies outside R" + tail},
		{name: "a linked HEAD is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/refs/heads/main", "HEAD")},
			want:   "R: .git/HEAD in its git directory is a symbolic link to " + hostGit + "/refs/heads/main, which lies outside R" + tail},
		{name: "a linked config is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/config", "config")},
			want:   "R: .git/config in its git directory is a symbolic link to " + hostGit + "/config, which lies outside R" + tail},
		{name: "linked grafts are refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/HEAD", "info/grafts")},
			want:   "R: .git/info/grafts in its git directory is a symbolic link to " + hostGit + "/HEAD, which lies outside R" + tail},
		{name: "a linked shallow file is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/HEAD", "shallow")},
			want:   "R: .git/shallow in its git directory is a symbolic link to " + hostGit + "/HEAD, which lies outside R" + tail},
		{name: "a linked worktree's HEAD is refused",
			change: []func(*testkit.GitRepo){link(hostGit+"/HEAD", "worktrees/w/HEAD")},
			want:   "R: .git/worktrees/w/HEAD in its git directory is a symbolic link to " + hostGit + "/HEAD, which lies outside R" + tail},
		{name: "links inside the tree are accepted, hooks leading out too",
			change: []func(*testkit.GitRepo){write("kept-ref", "ref: refs/heads/main\n"), link("../../kept-ref", "refs/heads/alias"), link(hostGit+"/hooks", "hooks")}},
		{name: "a named pipe among the refs is refused",
			change: []func(*testkit.GitRepo){func(r *testkit.GitRepo) {
				require.NoError(t, exec.Command("mkfifo", filepath.Join(r.Dir, ".git", "refs", "heads", "p")).Run())
			}},
			want: "R: .git/refs/heads/p in its git directory is not a regular file (named pipe): refused"},
		{name: "an include of a host file is refused",
			change: []func(*testkit.GitRepo){config("include.path", "/etc/passwd")},
			want:   "R: its git configuration R/.git/config includes /etc/passwd (include.path), which lies outside R" + tail},
		{name: "an include of a named pipe outside is refused",
			change: []func(*testkit.GitRepo){config("include.path", fifo)},
			want:   "R: its git configuration R/.git/config includes " + fifo + " (include.path), which lies outside R" + tail},
		{name: "a conditional include is checked whatever its condition",
			change: []func(*testkit.GitRepo){config("includeIf.onbranch:nope.path", hostGit+"/config")},
			want:   "R: its git configuration R/.git/config includes " + hostGit + "/config (includeif.onbranch:nope.path), which lies outside R" + tail},
		{name: "includes are followed from the including file's directory",
			change: []func(*testkit.GitRepo){config("include.path", "../conf/a"), func(r *testkit.GitRepo) {
				rel, err := filepath.Rel(filepath.Join(r.Dir, "conf"), hostGit+"/config")
				require.NoError(t, err)
				write("conf/a", "[include]\n\tpath = "+rel+"\n")(r)
			}},
			want: "R: its git configuration R/conf/a includes HOSTREL (include.path), which lies outside R" + tail},
		{name: "an include of a named pipe inside is refused",
			change: []func(*testkit.GitRepo){config("include.path", "../pipe"), func(r *testkit.GitRepo) {
				require.NoError(t, exec.Command("mkfifo", filepath.Join(r.Dir, "pipe")).Run())
			}},
			want: "R: its git configuration R/.git/config includes ../pipe (include.path), which is not a regular file (named pipe): refused"},
		{name: "includes inside the tree, and missing ones, are accepted",
			change: []func(*testkit.GitRepo){config("include.path", "../conf/a"), config("--add", "include.path", "no-such-file"), write("conf/a", "[core]\n\tabbrev = 12\n")}},
		{name: "an include outside is accepted with OutsideGitDir", outside: true,
			change: []func(*testkit.GitRepo){config("include.path", hostGit+"/config")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := testkit.NewGitRepo(t)
			r.Commit("one", map[string]string{"a.py": "a = 1\n"})
			for _, f := range c.change {
				f(r)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rp, err := Open(ctx, r.Dir, Options{OutsideGitDir: c.outside, Timeout: 10 * time.Second})
			if c.want == "" {
				require.NoError(t, err)
				rp.Close()
				return
			}
			require.Error(t, err)
			hostRel, err2 := filepath.Rel(filepath.Join(r.Dir, "conf"), hostGit+"/config")
			require.NoError(t, err2)
			want := strings.ReplaceAll(strings.ReplaceAll(c.want, "HOSTREL", hostRel), "R", r.Dir)
			assert.Equal(t, want, err.Error())
		})
	}
}
