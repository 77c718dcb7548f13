package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// htmlTree writes a tree with one ast-grep finding (line 2) into a new
// directory and returns it.
func htmlTree(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def f(items):\n    for i in range(len(items)):\n        print(items[i])\n"), 0o644))
	return dir
}

func TestHTMLOutput(t *testing.T) {
	tree := htmlTree(t, "tree")
	for _, tc := range []struct {
		name       string
		args       []string
		exit       string
		stdout     []string
		notStdout  []string
		stderr     string
		emptyPaged bool
	}{
		{name: "check writes a page, findings fail as ever", args: []string{"check", "--output-format", "html", tree}, exit: "1\n",
			stdout: []string{"<!DOCTYPE html>", `<body data-kind="check">`, `<tr id="f1-2" class="flagged"><td class="ln">2</td>`, "for-range-len"}},
		{name: "--html-source none shows no source", args: []string{"check", "--output-format", "html", "--html-source", "none", tree}, exit: "1\n",
			stdout: []string{`<body data-kind="check">`, "No source shown: each file lists its findings."}, notStdout: []string{`<table class="src">`}},
		{name: "--html-source all shows the whole file", args: []string{"check", "--output-format", "html", "--html-source", "all", tree}, exit: "1\n",
			stdout: []string{`<td class="ln">1</td>`, `<td class="ln">3</td>`}},
		{name: "an unknown --html-source is a usage error", args: []string{"check", "--output-format", "html", "--html-source", "some", tree}, exit: "2\n",
			stderr: "error: invalid value 'some' for '--html-source <WHICH>'\n  [possible values: flagged, all, none]"},
		{name: "trajectory writes a page", args: []string{"trajectory", "--output-format", "html", tree, tree}, exit: "0\n",
			stdout: []string{"<!DOCTYPE html>", `<body data-kind="trajectory">`, `<tr id="p1">`}},
		{name: "trajectory refuses --html-source", args: []string{"trajectory", "--output-format", "html", "--html-source", "all", tree}, exit: "2\n",
			stderr: "--html-source"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := runBinary(t, t.TempDir(), tc.args, nil)
			require.Equal(t, tc.exit, got[secExit], got[secStderr])
			for _, s := range tc.stdout {
				assert.Contains(t, got[secStdout], s)
			}
			for _, s := range tc.notStdout {
				assert.NotContains(t, got[secStdout], s)
			}
			assert.Contains(t, got[secStderr], tc.stderr)
			if tc.exit == "2\n" {
				assert.Empty(t, got[secStdout])
			}
		})
	}
}

func TestHTMLInHelp(t *testing.T) {
	for _, cmd := range []string{"check", "trajectory"} {
		got := runBinary(t, t.TempDir(), []string{cmd, "--help"}, nil)
		assert.True(t, strings.Contains(got[secStdout], "html (one"), "%s --help names html", cmd)
	}
	got := runBinary(t, t.TempDir(), []string{"check", "--help"}, nil)
	assert.Contains(t, got[secStdout], "--html-source <WHICH>")
}
