package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUseColor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	var pipe bytes.Buffer
	assert.True(t, useColor(colorAlways, &pipe, env()), "always colors a pipe")
	assert.True(t, useColor(colorAlways, &pipe, env("NO_COLOR", "1")), "always wins over NO_COLOR")
	assert.False(t, useColor(colorNever, &pipe, env()))
	assert.False(t, useColor(colorAuto, &pipe, env()), "auto does not color what is not a terminal")
	assert.False(t, useColor("", &pipe, env()), "auto is the default")
}

// ttyRun runs the built scb-check with its stdout on a pseudo-terminal,
// env added to an environment without NO_COLOR and with TERM=xterm, and
// returns what the terminal received, line ends as written.
func ttyRun(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "NO_COLOR=") && !strings.HasPrefix(e, "TERM=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(append(cmd.Env, "TERM=xterm", "SCB_CHECK_EXTRA_SLOP_RULES="), env...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = tty, &stderr
	require.NoError(t, cmd.Start())
	tty.Close()
	var out bytes.Buffer
	_, err = io.Copy(&out, ptmx)
	// Linux ends a pseudo-terminal's stream with EIO once the writer is
	// gone.
	var pathErr *os.PathError
	if err != nil && !errors.As(err, &pathErr) {
		require.NoError(t, err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		require.NoError(t, err, stderr.String())
	}
	return strings.ReplaceAll(out.String(), "\r\n", "\n")
}

// TestColorOnATerminal: colors where a terminal user expects them, and
// never in JSON or SARIF, whatever the flags.
func TestColorOnATerminal(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noisy.py"),
		[]byte("def noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n"), 0o644))
	const esc = "\x1b["
	cases := []struct {
		name    string
		env     []string
		args    []string
		colored bool
	}{
		{"human on a terminal", nil, []string{"check", "noisy.py"}, true},
		{"text on a terminal", nil, []string{"check", "--output-format", "text", "noisy.py"}, true},
		{"NO_COLOR set", []string{"NO_COLOR=1"}, []string{"check", "noisy.py"}, false},
		{"NO_COLOR empty is unset", []string{"NO_COLOR="}, []string{"check", "noisy.py"}, true},
		{"TERM dumb", []string{"TERM=dumb"}, []string{"check", "noisy.py"}, false},
		{"--color never", nil, []string{"check", "--color", "never", "noisy.py"}, false},
		{"--color always wins over NO_COLOR", []string{"NO_COLOR=1"}, []string{"check", "--color=always", "noisy.py"}, true},
		{"JSON", nil, []string{"check", "--report", "--color", "always", "noisy.py"}, false},
		{"SARIF", nil, []string{"check", "--output-format", "sarif", "--color", "always", "noisy.py"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := ttyRun(t, dir, tc.env, tc.args...)
			require.NotEmpty(t, strings.TrimSpace(out), "the run printed its output")
			if tc.colored {
				assert.Contains(t, out, esc+"1;33mwarning"+esc+"0m[", "a yellow severity")
			} else {
				assert.NotContains(t, out, "\x1b")
			}
		})
	}
}
