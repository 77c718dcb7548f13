package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/batch"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

func TestParseBatch(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"a manifest is required", []string{"--disable-sg"}, "<MANIFEST>"},
		{"one manifest only", []string{"a.txt", "b.txt"}, "unexpected argument 'b.txt' found"},
		{"--shard is I/N", []string{"--shard", "2", "m"}, "invalid value '2' for '--shard <I/N>': expected I/N"},
		{"--shard counts from 0", []string{"--shard=4/4", "m"}, "shard 4 does not exist: 4 shards are numbered 0 to 3"},
		{"--shard takes a value", []string{"m", "--shard"}, "a value is required for '--shard <I/N>'"},
		{"--output takes a file", []string{"--output=", "m"}, "invalid value '' for '--output <FILE>'"},
		{"--report is check's", []string{"--report", "m"}, "'--report' is an option of check, not of batch"},
		{"gates are check's", []string{"--max-erosion", "0.1", "m"}, "'--max-erosion' is an option of check, not of batch"},
		{"MCF scores judge one snapshot", []string{"--mcf-file", "s.json", "m"}, "'--mcf-file' is an option of check, not of batch"},
		{"--exit-zero takes no value", []string{"--exit-zero=1", "m"}, "unexpected value '1' for '--exit-zero'"},
		{"check's options are checked", []string{"-j", "0", "m"}, "invalid value '0' for '--jobs <N>'"},
		{"unknown options are named", []string{"--chart", "x.svg", "m"}, "unexpected argument '--chart' found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseBatch(tt.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
	b, err := parseBatch([]string{"--shard", "2/5", "-", "--output=o.jsonl", "--exit-zero", "-j2", "--languages", "go"})
	require.NoError(t, err)
	assert.Equal(t, "-", b.manifest)
	assert.Equal(t, "o.jsonl", b.output)
	assert.Equal(t, batch.Shard{Index: 2, Count: 5}, b.shard)
	assert.True(t, b.exitZero)
	assert.Equal(t, 2, b.check.jobs)
	assert.Equal(t, []string{"go"}, b.check.languages)
}

// reportOf is the check report a batch line carries: the line without
// its own keys, which come first.
func reportOf(t *testing.T, line string) string {
	t.Helper()
	i := strings.Index(line, `"skipped":`)
	require.Positive(t, i, line)
	var skipped []json.RawMessage
	dec := json.NewDecoder(strings.NewReader(line[i+len(`"skipped":`):]))
	require.NoError(t, dec.Decode(&skipped))
	rest := line[i+len(`"skipped":`)+int(dec.InputOffset()):]
	require.True(t, strings.HasPrefix(rest, ","), line)
	return "{" + strings.TrimSuffix(rest[1:], "\n")
}

// TestBatchEqualsCheck: every ok line carries exactly what a separate
// `check --report` run prints for its snapshot (ast-grep rules included),
// directories and commits alike, and the lines do not depend on -j.
func TestBatchEqualsCheck(t *testing.T) {
	work, dirs := exampleCheckpoints(t)
	r := testkit.NewGitRepo(t)
	slop, err := os.ReadFile(filepath.Join(work, "example_slop", "slop.py"))
	require.NoError(t, err)
	c0 := r.Commit("slop", map[string]string{"pkg/slop.py": string(slop)})
	r.Commit("exclude", map[string]string{"scb-check.toml": "exclude = [\"pkg/**\"]\n", "a.py": "def f(x):\n    return x\n"})
	r.Git("tag", "v1", c0)
	require.NoError(t, os.Symlink(r.Dir, filepath.Join(work, "repo")))
	entries := append(append([]string{}, dirs...), "repo@v1", "repo@main")
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte(strings.Join(entries, "\n")+"\n"), 0o644))

	got := runBinary(t, work, []string{"batch", "-j", "1", "m.txt"}, nil)
	require.Equal(t, "0\n", got[secExit], got[secStderr])
	lines := strings.SplitAfter(strings.TrimSuffix(got[secStdout], "\n"), "\n")
	require.Len(t, lines, len(entries))
	for i, d := range dirs {
		check := runBinary(t, work, []string{"check", "--report", d}, nil)
		require.Contains(t, []string{"0\n", "1\n"}, check[secExit], check[secStderr])
		assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), reportOf(t, lines[i]), d)
		assert.True(t, strings.HasPrefix(lines[i], `{"snapshot":"`+d+`",`), lines[i])
	}
	for i, rev := range []string{"v1", "main"} {
		clone := filepath.Join(work, "clone-"+rev)
		cmd := exec.Command("git", "clone", "-q", "--branch", rev, r.Dir, clone)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		check := runBinary(t, clone, []string{"check", "--report", "."}, nil)
		require.Contains(t, []string{"0\n", "1\n"}, check[secExit], check[secStderr])
		line := lines[len(dirs)+i]
		assert.Equal(t, strings.TrimSuffix(check[secStdout], "\n"), reportOf(t, line), rev)
		var head struct{ Snapshot, Commit string }
		require.NoError(t, json.Unmarshal([]byte(line), &head))
		assert.Equal(t, "repo@"+rev, head.Snapshot)
		assert.Equal(t, r.Git("rev-parse", rev), head.Commit)
	}

	two := runBinary(t, work, []string{"batch", "-j2", "m.txt"}, nil)
	assert.Equal(t, got, two, "the lines do not depend on -j")

	// The manifest read from stdin, relative to the working directory.
	cmd := exec.Command(binary, "batch", "-j", "1", "-")
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "SCB_CHECK_EXTRA_SLOP_RULES=")
	cmd.Stdin = strings.NewReader(strings.Join(entries, "\n"))
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	require.NoError(t, cmd.Run())
	assert.Equal(t, got[secStdout], stdout.String())
}

// TestBatchResumes: a batch killed in the middle of a line is finished by
// running the same command again, ending with the file an uninterrupted
// run writes; shards' files sorted by index are that file too.
func TestBatchResumes(t *testing.T) {
	work, dirs := exampleCheckpoints(t)
	require.NoError(t, os.WriteFile(filepath.Join(work, "m.txt"), []byte(strings.Join(append(dirs, "gone"), "\n")+"\n"), 0o644))
	full := runBinary(t, work, []string{"batch", "--output", "full.jsonl", "m.txt"}, nil)
	require.Equal(t, "1\n", full[secExit], full[secStderr])
	assert.Empty(t, full[secStdout])
	data, err := os.ReadFile(filepath.Join(work, "full.jsonl"))
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	require.Len(t, lines, 5, "four lines and the empty rest")

	killed := lines[0] + lines[1][:40]
	require.NoError(t, os.WriteFile(filepath.Join(work, "out.jsonl"), []byte(killed), 0o644))
	again := runBinary(t, work, []string{"batch", "--output", "out.jsonl", "m.txt"}, nil)
	assert.Equal(t, "1\n", again[secExit])
	assert.Equal(t, "warning: out.jsonl: dropped an incomplete last line (40 bytes) left by an interrupted run\n"+
		"batch manifest=m.txt shard=all snapshots=4 resumed=1 measured=3 errors=1 output=out.jsonl\n", again[secStderr])
	resumed, err := os.ReadFile(filepath.Join(work, "out.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, string(data), string(resumed))

	var merged []string
	for _, shard := range []string{"0/2", "1/2"} {
		out := "shard" + shard[:1] + ".jsonl"
		got := runBinary(t, work, []string{"batch", "--shard", shard, "--output", out, "--exit-zero", "m.txt"}, nil)
		require.Equal(t, "0\n", got[secExit], got[secStderr])
		part, err := os.ReadFile(filepath.Join(work, out))
		require.NoError(t, err)
		for _, l := range strings.SplitAfter(string(part), "\n") {
			if l != "" {
				merged = append(merged, l)
			}
		}
	}
	// Shard 0 holds entries 0 and 2, shard 1 entries 1 and 3.
	assert.Equal(t, []string{lines[0], lines[2], lines[1], lines[3]}, merged)
}
