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
	"sort"
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
	if os.Getenv("SCB_CHECK_AST_GREP") == "" {
		local, err := filepath.Abs(filepath.Join("..", "..", ".tools", "ast-grep", "node_modules", ".bin", "ast-grep"))
		if err != nil {
			panic(err)
		}
		if _, err := os.Stat(local); err != nil {
			panic("the end-to-end tests need the pinned ast-grep: run scripts/setup (or set SCB_CHECK_AST_GREP)")
		}
		os.Setenv("SCB_CHECK_AST_GREP", local)
	}
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
)

// TestEndToEnd runs every testdata/e2e/*.txtar case: the args section is
// the command line (one argument per line), the optional env section holds
// KEY=VALUE lines, the optional setup section makes special files (see
// runSetup), and exit, stdout and stderr are compared exactly, with the
// work directory shown as $WORK.
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
			want := map[string]string{}
			var args, env, setups []string
			hasArgs := false
			for _, f := range ar.Files {
				switch f.Name {
				case secArgs:
					hasArgs = true
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						if l != "" {
							args = append(args, strings.ReplaceAll(l, "$WORK", work))
						}
					}
				case secEnv:
					for _, l := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
						if l != "" {
							env = append(env, strings.ReplaceAll(l, "$WORK", work))
						}
					}
				case secExit, secStdout, secStderr:
					want[f.Name] = string(f.Data)
				case secSetup:
					setups = append(setups, string(f.Data))
				default:
					p := filepath.Join(work, filepath.FromSlash(f.Name))
					require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
					require.NoError(t, os.WriteFile(p, f.Data, 0o644))
				}
			}
			require.True(t, hasArgs, "%s: no args section", path)
			for _, block := range setups {
				runSetup(t, work, block)
			}
			got := runBinary(t, work, args, env)
			for k, v := range got {
				got[k] = strings.ReplaceAll(v, work, "$WORK")
			}
			if testkit.Updating() {
				for i := range ar.Files {
					if v, ok := got[ar.Files[i].Name]; ok {
						ar.Files[i].Data = []byte(v)
						delete(got, ar.Files[i].Name)
					}
				}
				var rest []string
				for k := range got {
					rest = append(rest, k)
				}
				sort.Strings(rest)
				for _, k := range rest {
					ar.Files = append(ar.Files, txtar.File{Name: k, Data: []byte(got[k])})
				}
				require.NoError(t, os.WriteFile(path, txtar.Format(ar), 0o644))
				return
			}
			assert.Equal(t, want[secExit], got[secExit], "exit code")
			assert.Equal(t, want[secStdout], got[secStdout], "stdout")
			assert.Equal(t, want[secStderr], got[secStderr], "stderr")
		})
	}
}

func runBinary(t *testing.T, dir string, args, env []string) map[string]string {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SCB_CHECK_EXTRA_SLOP_RULES="), env...)
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
	return map[string]string{
		secExit:   strconv.Itoa(code) + "\n",
		secStdout: stdout.String(),
		secStderr: stderr.String(),
	}
}

// runSetup runs a setup section in the work directory, one command per
// line, arguments split on spaces, $WORK replaced:
//
//	mkdir DIR              an (empty) directory
//	mkfifo NAME            a named pipe (NAME Go-quoted when it starts with ")
//	socket NAME            a listening Unix socket (open until the test ends)
//	symlink TARGET NAME    a symbolic link
//	gen NAME PART...       a file made of PARTs, each a Go-quoted string
//	                       optionally followed by *N (repeated N times)
//	genq QNAME PART...     gen with a Go-quoted name ("a\xffb.py")
//	exec NAME PART...      the same, made executable (stub programs)
//	scb-check ARG...       a run of the command under test, which must
//	                       exit 0 or 1 (its output is not kept)
func runSetup(t *testing.T, work, block string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		fields := strings.Fields(strings.ReplaceAll(line, "$WORK", work))
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
		default:
			t.Fatalf("unknown setup command %q", line)
		}
	}
}
