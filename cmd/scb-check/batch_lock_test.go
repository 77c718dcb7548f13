//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBatchOneRunPerOutput: a second batch started on the output of one
// that still runs (a rescheduled pod, a requeued task) exits 2 naming the
// first's process and host, and writes nothing. Once the first is killed,
// the same command resumes; a file that two runs did write at once (each
// line of some snapshots twice) is resumed into the file one run writes,
// with a warning counting the copies removed.
func TestBatchOneRunPerOutput(t *testing.T) {
	work, dirs := exampleCheckpoints(t)
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte(strings.Join(dirs, "\n")+"\n"), 0o644))
	full := runBinary(t, work, []string{"batch", "-j", "1", "--output", "full.jsonl", "m.txt"}, nil)
	require.Equal(t, "0\n", full[secExit], full[secStderr])
	want, err := os.ReadFile(filepath.Join(work, "full.jsonl"))
	require.NoError(t, err)
	lines := strings.SplitAfter(string(want), "\n")
	require.Len(t, lines, 4, "three lines and the empty rest")

	// The first run hangs in its first snapshot's ast-grep scan.
	stubDir := filepath.Join(work, "stub")
	require.NoError(t, os.Mkdir(stubDir, 0o755))
	stub := filepath.Join(stubDir, "ast-grep")
	require.NoError(t, os.WriteFile(stub, []byte(sleepyAstGrep), 0o755))
	first := exec.Command(binary, "batch", "-j", "1", "--output", "out.jsonl", "m.txt")
	first.Dir = work
	first.Env = append(os.Environ(), "SCB_CHECK_AST_GREP="+stub, "STUB_DIR="+stubDir, "SCB_CHECK_EXTRA_SLOP_RULES=")
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	// Its own process group, so that the kill reaches the stub's children.
	first.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, first.Start())
	exited := make(chan error, 1)
	go func() { exited <- first.Wait() }()
	t.Cleanup(func() { _ = syscall.Kill(-first.Process.Pid, syscall.SIGKILL) })
	waitForPid(t, filepath.Join(stubDir, "stub.pid"), exited, &firstErr)

	second := runBinary(t, work, []string{"batch", "-j", "1", "--output", "out.jsonl", "m.txt"}, nil)
	assert.Equal(t, "2\n", second[secExit], second[secStderr])
	host, err := os.Hostname()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(second[secStderr],
		fmt.Sprintf("output out.jsonl: in use by another batch run (pid %d on %s since ", first.Process.Pid, host)), second[secStderr])
	assert.Contains(t, second[secStderr], "locked in out.jsonl.lock); wait for it to end or stop it, then run again\n")
	data, err := os.ReadFile(filepath.Join(work, "out.jsonl"))
	require.NoError(t, err)
	assert.Empty(t, string(data), "the second run wrote nothing")

	// Killed as a node or a scheduler kills: no chance to clean up.
	require.NoError(t, syscall.Kill(-first.Process.Pid, syscall.SIGKILL))
	select {
	case <-exited:
	case <-time.After(time.Minute):
		t.Fatal("the first run outlived SIGKILL")
	}
	again := runBinary(t, work, []string{"batch", "-j", "1", "--output", "out.jsonl", "m.txt"}, nil)
	require.Equal(t, "0\n", again[secExit], again[secStderr])
	data, err = os.ReadFile(filepath.Join(work, "out.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(data), "resumed after the kill: each snapshot once")

	// What two runs without the lock leave: both wrote the first two
	// lines, and one was killed in the middle of the third.
	both := lines[0] + lines[0] + lines[1] + lines[1] + lines[2][:30]
	require.NoError(t, os.WriteFile(filepath.Join(work, "both.jsonl"), []byte(both), 0o644))
	resumed := runBinary(t, work, []string{"batch", "-j", "1", "--output", "both.jsonl", "m.txt"}, nil)
	require.Equal(t, "0\n", resumed[secExit], resumed[secStderr])
	assert.Equal(t, "warning: both.jsonl: dropped an incomplete last line (30 bytes) left by an interrupted run\n"+
		"warning: both.jsonl: removed 2 duplicate lines, each the copy of an earlier line (two runs wrote the file at once)\n"+
		"batch manifest=m.txt shard=all snapshots=3 resumed=2 measured=1 errors=0 output=both.jsonl\n", resumed[secStderr])
	data, err = os.ReadFile(filepath.Join(work, "both.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(data), "each snapshot once, none lost")

	// Two different lines for one snapshot: refused, the file kept.
	other := strings.Replace(lines[0], `"index":0`, `"index":7`, 1)
	conflict := lines[0] + lines[1] + other
	require.NoError(t, os.WriteFile(filepath.Join(work, "conflict.jsonl"), []byte(conflict), 0o644))
	refused := runBinary(t, work, []string{"batch", "-j", "1", "--output", "conflict.jsonl", "m.txt"}, nil)
	assert.Equal(t, "2\n", refused[secExit])
	assert.True(t, strings.HasPrefix(refused[secStderr], `conflict.jsonl:3: a second line for snapshot "example", unlike its line 1: `), refused[secStderr])
	data, err = os.ReadFile(filepath.Join(work, "conflict.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, conflict, string(data))
}
