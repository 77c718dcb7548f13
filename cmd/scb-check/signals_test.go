//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// sleepyAstGrep is a stub ast-grep: it answers the version probe, and on
// a scan records its arguments, starts a child that sleeps (as a wrapper
// starts the real binary) and waits for it, its pid written last to say
// it is running.
const sleepyAstGrep = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "ast-grep 0.44.0"; exit 0; fi
printf '%s\n' "$@" > "$STUB_DIR/args"
sleep 300 &
echo $! > "$STUB_DIR/child.pid"
echo $$ > "$STUB_DIR/stub.pid.tmp"
mv "$STUB_DIR/stub.pid.tmp" "$STUB_DIR/stub.pid"
wait
`

// TestSignalsCleanUp: SIGINT or SIGTERM while ast-grep runs stops the
// run with 130 or 143; ast-grep and the child it started are gone, the
// temporary directory is empty, and every file and directory handed to
// ast-grep (its rule file, the files of a commit staged in /dev/shm or
// the temporary directory) is removed.
func TestSignalsCleanUp(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("one", map[string]string{"a.py": "def f(x):\n    if x:\n        return 1\n    return 2\n"})
	repo.Commit("two", map[string]string{"b.py": "def g(y):\n    return y\n"})
	shm := freeShm()

	type run struct {
		name string
		args func(work string) []string
		// tmpdir sets TMPDIR to a fresh directory; without it trajectory
		// --git stages the commits' files in /dev/shm.
		tmpdir bool
		// output, when set, is a batch output file that must hold no line
		// for the interrupted snapshot.
		output string
	}
	runs := []run{
		{name: "check", tmpdir: true, args: func(work string) []string { return []string{"check", repo.Dir} }},
		{name: "trajectory of directories", tmpdir: true, args: func(work string) []string {
			return []string{"trajectory", repo.Dir, repo.Dir}
		}},
		{name: "trajectory --git", tmpdir: true, args: func(work string) []string { return []string{"trajectory", "--git", repo.Dir} }},
		{name: "trajectory --git in /dev/shm", args: func(work string) []string { return []string{"trajectory", "--git", repo.Dir} }},
		{name: "batch", tmpdir: true, output: "out.jsonl", args: func(work string) []string {
			require.NoError(t, os.WriteFile(filepath.Join(work, "manifest"), []byte(repo.Dir+"@HEAD\n"+repo.Dir+"\n"), 0o644))
			return []string{"batch", "--output", filepath.Join(work, "out.jsonl"), filepath.Join(work, "manifest")}
		}},
	}
	for _, r := range runs {
		for _, sig := range []struct {
			name string
			sig  syscall.Signal
			exit int
		}{{"SIGINT", syscall.SIGINT, 130}, {"SIGTERM", syscall.SIGTERM, 143}} {
			t.Run(r.name+" "+sig.name, func(t *testing.T) {
				if !r.tmpdir && !shm {
					t.Skip("/dev/shm is missing or has less room than trajectory asks of it")
				}
				work, err := filepath.EvalSymlinks(t.TempDir())
				require.NoError(t, err)
				stubDir := filepath.Join(work, "stub")
				require.NoError(t, os.Mkdir(stubDir, 0o755))
				stub := filepath.Join(stubDir, "ast-grep")
				require.NoError(t, os.WriteFile(stub, []byte(sleepyAstGrep), 0o755))
				env := []string{"SCB_CHECK_AST_GREP=" + stub, "STUB_DIR=" + stubDir, "SCB_CHECK_EXTRA_SLOP_RULES="}
				tmp := filepath.Join(work, "tmp")
				require.NoError(t, os.Mkdir(tmp, 0o755))
				if r.tmpdir {
					env = append(env, "TMPDIR="+tmp)
				}
				cmd := exec.Command(binary, r.args(work)...)
				cmd.Dir = work
				cmd.Env = append(withoutTMPDIR(os.Environ()), env...)
				var stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &stderr
				require.NoError(t, cmd.Start())
				exited := make(chan error, 1)
				go func() { exited <- cmd.Wait() }()
				t.Cleanup(func() { _ = cmd.Process.Kill() })

				stubPid := waitForPid(t, filepath.Join(stubDir, "stub.pid"), exited, &stderr)
				childPid := readPid(t, filepath.Join(stubDir, "child.pid"))
				args, err := os.ReadFile(filepath.Join(stubDir, "args"))
				require.NoError(t, err)
				// The source files of a directory stay; the files of ours
				// (rules, staged commits) must go.
				handed := ours(handedPaths(string(args)))
				require.NotEmpty(t, handed, "ast-grep was given files of ours: %s", args)
				for _, p := range handed {
					require.FileExists(t, p, "the stub saw it while running")
				}
				if !r.tmpdir {
					require.True(t, hasPrefixPath(handed, "/dev/shm"), "the commit's files are staged in /dev/shm: %v", handed)
				}

				require.NoError(t, cmd.Process.Signal(sig.sig))
				var exitErr error
				select {
				case exitErr = <-exited:
				case <-time.After(60 * time.Second):
					t.Fatalf("scb-check did not exit within a minute of %s; stderr:\n%s", sig.name, stderr.String())
				}
				var ee *exec.ExitError
				require.True(t, errors.As(exitErr, &ee), "exit: %v; stderr:\n%s", exitErr, stderr.String())
				assert.Equal(t, sig.exit, ee.ExitCode(), "stderr:\n%s", stderr.String())
				assert.Contains(t, stderr.String(), "interrupted")
				assert.NotContains(t, stderr.String(), "goroutine ", "no Go runtime dump")

				assert.False(t, alive(stubPid), "the stub ast-grep (pid %d) is gone", stubPid)
				assert.False(t, alive(childPid), "the child the stub started (pid %d) is gone", childPid)
				for _, p := range handed {
					assert.NoFileExists(t, p, "a file handed to ast-grep is removed")
				}
				for _, d := range scratchRoots(handed) {
					assert.NoDirExists(t, d, "the run's temporary directory is removed")
				}
				entries, err := os.ReadDir(tmp)
				require.NoError(t, err)
				assert.Empty(t, entries, "nothing is left in TMPDIR")
				if r.output != "" {
					data, err := os.ReadFile(filepath.Join(work, r.output))
					require.NoError(t, err)
					assert.Empty(t, string(data), "the interrupted snapshot has no line: a resume measures it")
				}
			})
		}
	}
}

// freeShm reports whether /dev/shm exists with the room trajectory wants
// before it stages files there (a gigabyte).
func freeShm() bool {
	var st syscall.Statfs_t
	if syscall.Statfs("/dev/shm", &st) != nil {
		return false
	}
	return uint64(st.Bavail)*uint64(st.Bsize) >= 1<<30
}

func withoutTMPDIR(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMPDIR=") {
			out = append(out, kv)
		}
	}
	return out
}

// waitForPid waits for the stub to write its pid, failing if scb-check
// exits first.
func waitForPid(t *testing.T, path string, exited <-chan error, stderr *bytes.Buffer) int {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return readPid(t, path)
		}
		select {
		case err := <-exited:
			t.Fatalf("scb-check exited (%v) before ast-grep started; stderr:\n%s", err, stderr.String())
		case <-deadline:
			t.Fatalf("ast-grep did not start within a minute; stderr:\n%s", stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	require.NoError(t, err)
	return pid
}

// alive reports whether pid is a running process (a zombie no one has
// reaped yet counts as gone).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !errors.Is(err, os.ErrNotExist) && runtime.GOOS != "linux"
	}
	// pid (comm) STATE ...: the state follows the last ')'.
	rest := stat[bytes.LastIndexByte(stat, ')')+1:]
	return !bytes.HasPrefix(bytes.TrimSpace(rest), []byte("Z"))
}

// handedPaths are the absolute paths among ast-grep's arguments: its rule
// and configuration files and the files to scan.
func handedPaths(args string) []string {
	var out []string
	for _, a := range strings.Split(strings.TrimSpace(args), "\n") {
		if filepath.IsAbs(a) {
			out = append(out, a)
		}
	}
	return out
}

func hasPrefixPath(paths []string, dir string) bool {
	for _, p := range paths {
		if strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

// ours are the paths inside a temporary directory of ours.
func ours(paths []string) []string {
	var out []string
	for _, p := range paths {
		if len(scratchRoots([]string{p})) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// scratchRoots are the temporary directories of ours holding the paths:
// their first component named scb-check-*.
func scratchRoots(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		for d := filepath.Dir(p); d != filepath.Dir(d); d = filepath.Dir(d) {
			if strings.HasPrefix(filepath.Base(d), "scb-check-") && !seen[d] {
				seen[d] = true
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// TestSignalStopsAFilesAnalysis: a signal during the parse and analysis
// of one big file (a million one-line functions, under the size limit)
// stops the run within seconds with 130 or 143, not when the file is
// done (minutes, and hours before the analysis was linear).
func TestSignalStopsAFilesAnalysis(t *testing.T) {
	work := t.TempDir()
	var src strings.Builder
	for i := 0; i < 1000000; i++ {
		fmt.Fprintf(&src, "def f%d(): pass\n", i)
	}
	require.Less(t, src.Len(), 20<<20, "under the default --max-file-size")
	require.NoError(t, os.WriteFile(filepath.Join(work, "big.py"), []byte(src.String()), 0o644))

	for _, tc := range []struct {
		name  string
		sig   syscall.Signal
		after time.Duration
		exit  int
	}{
		{"SIGINT early in the parse", syscall.SIGINT, 500 * time.Millisecond, 130},
		{"SIGTERM later", syscall.SIGTERM, 3 * time.Second, 143},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary, "check", "--disable-sg", "--report", work)
			cmd.Dir = work
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &bytes.Buffer{}, &stderr
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			t.Cleanup(func() { _ = cmd.Process.Kill() })

			select {
			case err := <-exited:
				t.Fatalf("scb-check finished (%v) before the signal; stderr:\n%s", err, stderr.String())
			case <-time.After(tc.after):
			}
			require.NoError(t, cmd.Process.Signal(tc.sig))
			sent := time.Now()
			// The README promises a second; the margin is for a loaded
			// machine. Before the fix the run went on for minutes.
			var exitErr error
			select {
			case exitErr = <-exited:
			case <-time.After(10 * time.Second):
				t.Fatalf("scb-check did not exit within 10s of %s; stderr:\n%s", tc.name, stderr.String())
			}
			t.Logf("exited %v after the signal", time.Since(sent))
			var ee *exec.ExitError
			require.True(t, errors.As(exitErr, &ee), "exit: %v; stderr:\n%s", exitErr, stderr.String())
			assert.Equal(t, tc.exit, ee.ExitCode(), "stderr:\n%s", stderr.String())
			assert.Contains(t, stderr.String(), "interrupted")
			assert.NotContains(t, stderr.String(), "goroutine ", "no Go runtime dump")
		})
	}
}
