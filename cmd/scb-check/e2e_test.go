package main

import (
	"bytes"
	"errors"
	"flag"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "scb-check-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "scb-check")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building scb-check: " + err.Error())
	}
	// The runs find ast-grep through the environment, as a user's would.
	astGrep, err := testkit.AstGrepPath()
	if err != nil {
		panic(err)
	}
	os.Setenv("SCB_CHECK_AST_GREP", astGrep)
	// check --staged keeps a cache by default: here, never in the home
	// directory.
	os.Unsetenv("SCB_CHECK_CACHE_DIR")
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// meta sections of an end-to-end case; every other file is written into
// the case's work directory, which is also the working directory.
const (
	secArgs   = "args"
	secEnv    = "env"
	secExit   = "exit"
	secStdout = "stdout"
	secStderr = "stderr"
	// secSetup makes what a txtar file cannot hold, one command per line
	// (see runSetup).
	secSetup = "setup"
	// secAbsent lists paths (relative to the work directory, one per
	// line) that must not exist after the run: the marker files a stub
	// program writes when it is run.
	secAbsent = "absent"
	// secNotInOutput lists strings (one per line) that must appear in
	// neither stdout nor stderr: a host file's text the run must not read.
	secNotInOutput = "not-in-output"
	// secNoFinalNewline (empty) says stdout ends without a newline (0.1.3's
	// JSON report): a txtar section always ends with one, which is then not
	// part of the expected stdout.
	secNoFinalNewline = "no-final-newline"
)

// TestEndToEnd runs every testdata/e2e/*.txtar case: the args section is
// the command line (one argument per line), the optional env section holds
// KEY=VALUE lines, the optional setup section makes special files (see
// runSetup), and exit, stdout and stderr are compared exactly, with the
// work directory shown as $WORK (an empty no-final-newline section: stdout
// is the stdout section without its last newline). After the run, no path of the optional
// absent section exists and no line of the optional not-in-output section
// is in stdout or stderr.
func TestEndToEnd(t *testing.T) {
	cases, err := filepath.Glob("../../testdata/e2e/*.txtar")
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			require.NoError(t, err)
			work, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			c := writeCase(t, ar, work)
			require.True(t, c.hasArgs, "%s: no args section", path)
			got := runBinary(t, work, c.args, c.env)
			for _, p := range c.absent {
				_, err := os.Lstat(filepath.Join(work, filepath.FromSlash(p)))
				text, _ := os.ReadFile(filepath.Join(work, filepath.FromSlash(p)))
				assert.ErrorIs(t, err, os.ErrNotExist, "%s exists after the run, holding %q", p, text)
			}
			for _, s := range c.secrets {
				assert.NotContains(t, got[secStdout], s, "stdout")
				assert.NotContains(t, got[secStderr], s, "stderr")
			}
			for k, v := range got {
				got[k] = strings.ReplaceAll(v, work, "$WORK")
			}
			if c.noFinalNewline {
				require.False(t, strings.HasSuffix(got[secStdout], "\n"), "%s: stdout ends with a newline", path)
				got[secStdout] += "\n"
			}
			testkit.GoldenSections(t, path, got)
		})
	}
}

// e2eCase is a testdata/e2e case read by writeCase: its sections (see
// TestEndToEnd), $WORK replaced in args and env.
type e2eCase struct {
	args, env, absent, secrets []string
	hasArgs, noFinalNewline    bool
}

// writeCase reads the sections of the case ar and writes its other files
// into work, then runs its setup sections there.
func writeCase(t *testing.T, ar *txtar.Archive, work string) e2eCase {
	t.Helper()
	var c e2eCase
	var setups []string
	for _, f := range ar.Files {
		switch f.Name {
		case secArgs:
			c.hasArgs = true
			for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				if l != "" {
					c.args = append(c.args, strings.ReplaceAll(l, "$WORK", work))
				}
			}
		case secEnv:
			for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				if l != "" {
					c.env = append(c.env, strings.ReplaceAll(l, "$WORK", work))
				}
			}
		case secExit, secStdout, secStderr:
			// The expected output: compared after the run.
		case secSetup:
			setups = append(setups, string(f.Data))
		case secAbsent:
			c.absent = append(c.absent, lines(f.Data)...)
		case secNotInOutput:
			c.secrets = append(c.secrets, lines(f.Data)...)
		case secNoFinalNewline:
			c.noFinalNewline = true
		default:
			p := filepath.Join(work, filepath.FromSlash(f.Name))
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
			require.NoError(t, os.WriteFile(p, f.Data, 0o644))
		}
	}
	for _, block := range setups {
		runSetup(t, work, block)
	}
	return c
}

func runBinary(t *testing.T, dir string, args, env []string) map[string]string {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SCB_CHECK_EXTRA_SLOP_RULES="), env...)
	code, stdout, stderr := runCommand(t, cmd)
	return map[string]string{
		secExit:   strconv.Itoa(code) + "\n",
		secStdout: stdout,
		secStderr: stderr,
	}
}

// runCommand runs cmd and returns its exit status, stdout and stderr; a
// failure to start it fails the test.
func runCommand(t *testing.T, cmd *exec.Cmd) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, stdout.String(), stderr.String()
}

// lines are the non-blank lines of a section, trimmed.
func lines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// gitIdentity makes the setup's commits the same on every run: author,
// committer and dates fixed, so hashes may appear in expected output.
var gitIdentity = []string{
	"GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com", "GIT_AUTHOR_DATE=2024-01-02T03:04:05Z",
	"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com", "GIT_COMMITTER_DATE=2024-01-02T03:04:05Z",
	"GIT_CONFIG_NOSYSTEM=1",
}

// runSetup runs a setup section in the work directory, one command per
// line, arguments split on spaces, $WORK and $SCB_CHECK_AST_GREP (the
// pinned ast-grep) replaced:
//
//	mkdir DIR              an (empty) directory
//	mkfifo NAME            a named pipe (NAME Go-quoted when it starts with ")
//	socket NAME            a listening Unix socket (open until the test ends)
//	symlink TARGET NAME    a symbolic link
//	gen NAME PART...       a file made of PARTs, each a Go-quoted string
//	                       optionally followed by *N (repeated N times)
//	genq QNAME PART...     gen with a Go-quoted name ("a\xffb.py")
//	exec NAME PART...      the same, made executable (stub programs)
//	cp FROM NAME           a copy of the file FROM (absolute, or relative
//	                       to the work directory; links followed), its
//	                       mode kept, replacing NAME
//	scb-check ARG...       a run of the command under test, which must
//	                       exit 0 or 1 (its output is not kept)
//	git ARG...             git run in the work directory with a fixed
//	                       author, committer and dates, user.name,
//	                       user.email and init.defaultBranch=main given
//	                       with -c, an empty HOME of its own (a case's env
//	                       applies only to the run under test), no system
//	                       configuration and none of the caller's GIT_*
//	                       variables; it must exit 0. The case's files are
//	                       written before: a commit takes some with a
//	                       pathspec (git -C repo add a.py)
//	rm PATH                a file removed (one a case's git made)
//	chown UID PATH...      PATHs and all below them owned by UID (group
//	                       too), links not followed
//	needs-root             skips the case unless the test runs as root
//	corrupt GLOB OLD NEW   in the one file matching GLOB, the one
//	                       occurrence of OLD replaced by NEW, both
//	                       Go-quoted and of the same length
func runSetup(t *testing.T, work, block string) {
	t.Helper()
	home := t.TempDir()
	vars := strings.NewReplacer("$WORK", work, "$SCB_CHECK_AST_GREP", os.Getenv("SCB_CHECK_AST_GREP"))
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		fields := strings.Fields(vars.Replace(line))
		if len(fields) == 1 && fields[0] == "needs-root" {
			if os.Geteuid() != 0 {
				t.Skip("the case needs root")
			}
			continue
		}
		if len(fields) < 2 {
			continue
		}
		at := func(name string) string { return filepath.Join(work, filepath.FromSlash(name)) }
		switch fields[0] {
		case "mkdir":
			require.NoError(t, os.MkdirAll(at(fields[1]), 0o755))
		case "mkfifo":
			name := fields[1]
			if strings.HasPrefix(name, `"`) {
				// Go-quoted, as for genq.
				var err error
				name, err = strconv.Unquote(name)
				require.NoError(t, err, line)
			}
			require.NoError(t, syscall.Mkfifo(at(name), 0o644))
		case "socket":
			l, err := net.Listen("unix", at(fields[1]))
			require.NoError(t, err)
			t.Cleanup(func() { l.Close() })
		case "symlink":
			require.Len(t, fields, 3, line)
			require.NoError(t, os.Symlink(fields[1], at(fields[2])))
		case "gen", "genq", "exec":
			if fields[0] == "genq" {
				// The name is Go-quoted: a txtar cannot hold a name that
				// is not UTF-8, nor one with a newline.
				name, err := strconv.Unquote(fields[1])
				require.NoError(t, err, line)
				fields[1] = name
			}
			var b bytes.Buffer
			for _, part := range fields[2:] {
				text, count := part, 1
				if i := strings.LastIndex(part, "*"); i > 0 && strings.HasSuffix(part[:i], `"`) {
					n, err := strconv.Atoi(part[i+1:])
					require.NoError(t, err, line)
					text, count = part[:i], n
				}
				unq, err := strconv.Unquote(text)
				require.NoError(t, err, line)
				b.WriteString(strings.Repeat(unq, count))
			}
			mode := os.FileMode(0o644)
			if fields[0] == "exec" {
				mode = 0o755
			}
			require.NoError(t, os.MkdirAll(filepath.Dir(at(fields[1])), 0o755))
			require.NoError(t, os.WriteFile(at(fields[1]), b.Bytes(), mode))
		case "scb-check":
			got := runBinary(t, work, fields[1:], nil)
			require.Contains(t, []string{"0\n", "1\n"}, got[secExit], "%s: %s", line, got[secStderr])
		case "cp":
			require.Len(t, fields, 3, line)
			from := fields[1]
			if !filepath.IsAbs(from) {
				from = at(from)
			}
			b, err := os.ReadFile(from)
			require.NoError(t, err, line)
			info, err := os.Stat(from)
			require.NoError(t, err, line)
			require.NoError(t, os.RemoveAll(at(fields[2])))
			require.NoError(t, os.MkdirAll(filepath.Dir(at(fields[2])), 0o755))
			require.NoError(t, os.WriteFile(at(fields[2]), b, info.Mode().Perm()))
		case "git":
			if _, err := exec.LookPath("git"); err != nil {
				t.Skip("git is not installed")
			}
			args := append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"}, fields[1:]...)
			cmd := exec.Command("git", args...)
			cmd.Dir = work
			cmd.Env = append(withoutGit(os.Environ()), append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + home}, gitIdentity...)...)
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s: %s", line, out)
		case "rm":
			require.NoError(t, os.Remove(at(fields[1])), line)
		case "chown":
			uid, err := strconv.Atoi(fields[1])
			require.NoError(t, err, line)
			for _, p := range fields[2:] {
				require.NoError(t, filepath.WalkDir(at(p), func(path string, _ os.DirEntry, err error) error {
					if err != nil {
						return err
					}
					return os.Lchown(path, uid, uid)
				}), line)
			}
		case "corrupt":
			require.Len(t, fields, 4, line)
			matches, err := filepath.Glob(at(fields[1]))
			require.NoError(t, err, line)
			require.Len(t, matches, 1, "%s: files matching", line)
			old, err := strconv.Unquote(fields[2])
			require.NoError(t, err, line)
			repl, err := strconv.Unquote(fields[3])
			require.NoError(t, err, line)
			require.Equal(t, len(old), len(repl), "%s: the file's length is kept", line)
			b, err := os.ReadFile(matches[0])
			require.NoError(t, err, line)
			require.Equal(t, 1, bytes.Count(b, []byte(old)), "%s: occurrences in %s", line, matches[0])
			require.NoError(t, os.WriteFile(matches[0], bytes.Replace(b, []byte(old), []byte(repl), 1), 0o644))
		default:
			t.Fatalf("unknown setup command %q", line)
		}
	}
}

// withoutGit is env without the GIT_* variables, which would point the
// setup's git elsewhere.
func withoutGit(env []string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, "GIT_") {
			out = append(out, e)
		}
	}
	return out
}
