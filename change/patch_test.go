package change_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// patchText joins lines into a patch, each ended by a line feed.
func patchText(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

func TestParsePatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		patch []byte
		want  []change.PatchFile
	}{
		{
			name: "git modification: added lines counted on the new side across two hunks",
			patch: patchText(
				"diff --git a/src/app.py b/src/app.py",
				"index 1111111..2222222 100644",
				"--- a/src/app.py",
				"+++ b/src/app.py",
				"@@ -1,3 +1,4 @@",
				" import os",
				"+import sys",
				" ",
				" def f():",
				"@@ -10,4 +11,5 @@ def g():",
				" a = 1",
				"-b = 2",
				"+b = 3",
				"+c = 4",
				" d = 5",
				" e = 6",
			),
			// Hunk 1: new lines 1 " import os", 2 "+import sys", 3, 4.
			// Hunk 2 starts at 11: 11 " a", 12 "+b", 13 "+c", 14 " d", 15 " e".
			want: []change.PatchFile{{OldPath: "src/app.py", NewPath: "src/app.py", Added: []int{2, 12, 13}}},
		},
		{
			name: "git new file from /dev/null: every line added",
			patch: patchText(
				"diff --git a/new.py b/new.py",
				"new file mode 100644",
				"index 0000000..3333333",
				"--- /dev/null",
				"+++ b/new.py",
				"@@ -0,0 +1,3 @@",
				"+def f():",
				"+    return 1",
				"+",
			),
			want: []change.PatchFile{{NewPath: "new.py", Added: []int{1, 2, 3}}},
		},
		{
			name: "git deleted file: no new path",
			patch: patchText(
				"diff --git a/old.py b/old.py",
				"deleted file mode 100644",
				"index 3333333..0000000",
				"--- a/old.py",
				"+++ /dev/null",
				"@@ -1,2 +0,0 @@",
				"-def f():",
				"-    return 1",
			),
			want: []change.PatchFile{{OldPath: "old.py", Added: []int{}}},
		},
		{
			name: "git pure rename: names from the rename headers, nothing added",
			patch: patchText(
				"diff --git a/lib/a.py b/pkg/b.py",
				"similarity index 100%",
				"rename from lib/a.py",
				"rename to pkg/b.py",
			),
			want: []change.PatchFile{{OldPath: "lib/a.py", NewPath: "pkg/b.py"}},
		},
		{
			name: "git rename with an edit",
			patch: patchText(
				"diff --git a/a.py b/b.py",
				"similarity index 80%",
				"rename from a.py",
				"rename to b.py",
				"index 1111111..2222222 100644",
				"--- a/a.py",
				"+++ b/b.py",
				"@@ -2,2 +2,2 @@",
				" x = 1",
				"-y = 2",
				"+y = 3",
			),
			want: []change.PatchFile{{OldPath: "a.py", NewPath: "b.py", Added: []int{3}}},
		},
		{
			name: "git quoted names: octal bytes, a tab and a quote unescaped",
			patch: patchText(
				`diff --git "a/t\303\251st\t\"q\".py" "b/t\303\251st\t\"q\".py"`,
				"index 1111111..2222222 100644",
				`--- "a/t\303\251st\t\"q\".py"`,
				`+++ "b/t\303\251st\t\"q\".py"`,
				"@@ -1 +1 @@",
				"-x = 1",
				"+x = 2",
			),
			want: []change.PatchFile{{OldPath: "té" + "st\t\"q\".py", NewPath: "té" + "st\t\"q\".py", Added: []int{1}}},
		},
		{
			name: "git name with a space ends at the tab git adds",
			patch: patchText(
				"diff --git a/my file.py b/my file.py",
				"--- a/my file.py\t",
				"+++ b/my file.py\t",
				"@@ -1,0 +2 @@",
				"+y = 2",
			),
			want: []change.PatchFile{{OldPath: "my file.py", NewPath: "my file.py", Added: []int{2}}},
		},
		{
			name: "git mode change only: names from the diff --git line",
			patch: patchText(
				"diff --git a/run.py b/run.py",
				"old mode 100644",
				"new mode 100755",
			),
			want: []change.PatchFile{{OldPath: "run.py", NewPath: "run.py"}},
		},
		{
			name: "git binary file: its body passed over",
			patch: patchText(
				"diff --git a/logo.png b/logo.png",
				"index 1111111..2222222 100644",
				"GIT binary patch",
				"literal 5",
				"McmZQzWMT#Y00U_N0RR91",
				"",
				"literal 0",
				"HcmV?d00001",
				"",
				"diff --git a/x.py b/x.py",
				"--- a/x.py",
				"+++ b/x.py",
				"@@ -1 +1,2 @@",
				" a = 1",
				"+b = 2",
			),
			want: []change.PatchFile{{OldPath: "logo.png", NewPath: "logo.png"}, {OldPath: "x.py", NewPath: "x.py", Added: []int{2}}},
		},
		{
			name: "plain diff -u: names kept whole, timestamps after the tab dropped",
			patch: patchText(
				"--- src/app.py.orig\t2024-01-02 03:04:05.000000000 +0000",
				"+++ src/app.py\t2024-01-02 03:05:05.000000000 +0000",
				"@@ -1,2 +1,3 @@",
				" a = 1",
				"+b = 2",
				" c = 3",
			),
			want: []change.PatchFile{{OldPath: "src/app.py.orig", NewPath: "src/app.py", Added: []int{2}}},
		},
		{
			name: "plain diff -ru of two files, with the lines diff writes between them",
			patch: patchText(
				"Only in new: extra.txt",
				"diff -ru old/a.py new/a.py",
				"--- old/a.py\t2024-01-02 03:04:05 +0000",
				"+++ new/a.py\t2024-01-02 03:04:05 +0000",
				"@@ -1 +1 @@",
				"-x",
				"+y",
				"diff -ru old/b.py new/b.py",
				"--- old/b.py\t2024-01-02 03:04:05 +0000",
				"+++ new/b.py\t2024-01-02 03:04:05 +0000",
				"@@ -3,0 +4,2 @@",
				"+p",
				"+q",
			),
			want: []change.PatchFile{
				{OldPath: "old/a.py", NewPath: "new/a.py", Added: []int{1}},
				{OldPath: "old/b.py", NewPath: "new/b.py", Added: []int{4, 5}},
			},
		},
		{
			name: "no-newline markers after the old and the new last line",
			patch: patchText(
				"--- a.py",
				"+++ a.py",
				"@@ -1,2 +1,2 @@",
				" a = 1",
				"-b = 2",
				`\ No newline at end of file`,
				"+b = 3",
				`\ No newline at end of file`,
			),
			want: []change.PatchFile{{OldPath: "a.py", NewPath: "a.py", Added: []int{2}}},
		},
		{
			name: "an empty line inside a hunk is empty context",
			patch: patchText(
				"--- a.py",
				"+++ a.py",
				"@@ -1,3 +1,4 @@",
				" a = 1",
				"",
				"+b = 2",
				" c = 3",
			),
			want: []change.PatchFile{{OldPath: "a.py", NewPath: "a.py", Added: []int{3}}},
		},
		{
			name: "a format-patch mail: its message and signature passed over",
			patch: patchText(
				"From 1234 Mon Sep 17 00:00:00 2001",
				"Subject: [PATCH] grow",
				"",
				"--- is not a header when no +++ line follows",
				"---",
				" a.py | 1 +",
				"",
				"diff --git a/a.py b/a.py",
				"--- a/a.py",
				"+++ b/a.py",
				"@@ -1 +1,2 @@",
				" x = 1",
				"+y = 2",
				"-- ",
				"2.39.0",
			),
			want: []change.PatchFile{{OldPath: "a.py", NewPath: "a.py", Added: []int{2}}},
		},
		{
			name:  "CRLF headers",
			patch: []byte("--- a.py\r\n+++ a.py\r\n@@ -1 +1,2 @@\r\n x = 1\r\n+y = 2\r\n"),
			want:  []change.PatchFile{{OldPath: "a.py", NewPath: "a.py", Added: []int{2}}},
		},
		{
			name:  "an empty patch has no files",
			patch: nil,
			want:  nil,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := change.ParsePatch("x.patch", tc.patch)
			require.NoError(t, err)
			assert.Equal(t, tc.want, p.Files)
		})
	}
}

func TestParsePatchRejectsMalformed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		patch []byte
		want  string
	}{
		{
			name:  "a hunk before any file",
			patch: patchText("@@ -1 +1 @@", "-a", "+b"),
			want:  "x.patch:1: hunk outside a file",
		},
		{
			name:  "a malformed hunk header",
			patch: patchText("--- a.py", "+++ a.py", "@@ -1,x +1 @@", "-a", "+b"),
			want:  `x.patch:3: malformed hunk header "@@ -1,x +1 @@"`,
		},
		{
			name:  "a hunk header without its closing @@",
			patch: patchText("--- a.py", "+++ a.py", "@@ -1 +1", "-a", "+b"),
			want:  "x.patch:3: malformed hunk header",
		},
		{
			name:  "a hunk cut short by the end of the patch",
			patch: patchText("--- a.py", "+++ a.py", "@@ -1,3 +1,3 @@", " a", " b"),
			want:  "x.patch:5: the hunk at line 3 ends early: 1 old and 1 new lines missing",
		},
		{
			name:  "a line in a hunk that is no hunk line",
			patch: patchText("--- a.py", "+++ a.py", "@@ -1,2 +1,2 @@", " a", "*b"),
			want:  "x.patch:5: the hunk at line 3 expects 1 more old and 1 more new lines",
		},
		{
			name:  "more added lines than the header counts",
			patch: patchText("--- a.py", "+++ a.py", "@@ -1,1 +1,1 @@", "+a", "+b"),
			want:  "x.patch:5: the hunk at line 3 has more lines than its header counts",
		},
		{
			name:  "a quoted name without its closing quote",
			patch: patchText(`--- "a/x.py`, `+++ "b/x.py"`, "@@ -1 +1 @@", "-a", "+b"),
			want:  `x.patch:1: quoted name "a/x.py has no closing quote`,
		},
		{
			name:  "a quoted name with an unknown escape",
			patch: patchText(`--- "a/x.py"`, `+++ "b/\q.py"`, "@@ -1 +1 @@", "-a", "+b"),
			want:  `x.patch:2: quoted name "b/\q.py" has an unknown escape \q`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := change.ParsePatch("x.patch", tc.patch)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			var pe *change.PatchError
			assert.ErrorAs(t, err, &pe)
		})
	}
}

// TestParsePatchOfGitAndDiff parses the patches the real git and GNU diff
// write for one change: a rename with an edit, a name git quotes, a file
// that loses its last line feed and a new file.
func TestParsePatchOfGitAndDiff(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("base", map[string]string{
		"lib/old.py":   "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\n",
		"é x.py":       "p = 1\nq = 2\n",
		"tail.py":      "t = 1\nu = 2\n",
		"untouched.py": "z = 0\n",
	})
	write := func(name, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(repo.Dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(repo.Dir, name), []byte(text), 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(repo.Dir, "pkg"), 0o755))
	repo.Git("mv", "lib/old.py", "pkg/new.py")
	write("pkg/new.py", "a = 1\nb = 2\nc = 33\nd = 4\ne = 5\nf = 6\ng = 7\n")
	write("é x.py", "p = 1\nnew = 0\nq = 2\n")
	write("tail.py", "t = 1\nu = 3")
	write("added.py", "one = 1\ntwo = 2\n")
	repo.Git("add", "-A")
	gitPatch := repo.Git("diff", "--cached", "-M", "--no-color", "--no-ext-diff") + "\n"

	p, err := change.ParsePatch("git.patch", []byte(gitPatch))
	require.NoError(t, err, gitPatch)
	assert.Equal(t, map[string][]int{
		"pkg/new.py": {3, 7},
		"é x.py":     {2},
		"tail.py":    {2},
		"added.py":   {1, 2},
	}, p.Added(), gitPatch)
	renamed := false
	for _, f := range p.Files {
		if f.NewPath == "pkg/new.py" {
			renamed = f.OldPath == "lib/old.py"
		}
	}
	assert.True(t, renamed, "the rename's old name is read: %s", gitPatch)

	if _, err := exec.LookPath("diff"); err != nil {
		t.Skip("diff is not installed")
	}
	old := filepath.Join(t.TempDir(), "tail.py")
	require.NoError(t, os.WriteFile(old, []byte("t = 1\nu = 2\n"), 0o644))
	cmd := exec.Command("diff", "-u", old, "tail.py")
	cmd.Dir = repo.Dir
	out, err := cmd.Output()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "diff exits 1 when the files differ")
	p, err = change.ParsePatch("plain.patch", out)
	require.NoError(t, err, string(out))
	assert.Equal(t, map[string][]int{"tail.py": {2}}, p.Added(), string(out))
}

func TestPatchAddedMergesAFileListedTwice(t *testing.T) {
	p := &change.Patch{Files: []change.PatchFile{
		{NewPath: "a.py", Added: []int{1, 5}},
		{OldPath: "gone.py"},
		{NewPath: "a.py", Added: []int{3, 5, 9}},
	}}
	assert.Equal(t, map[string][]int{"a.py": {1, 3, 5, 9}}, p.Added())
}
