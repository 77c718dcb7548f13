package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/trajectory"
)

func TestParseManifest(t *testing.T) {
	text := "# checkpoints of run 7\n" +
		"runs/7/ckpt_1\n" +
		"\n" +
		"  runs/7/ckpt_2  \r\n" +
		"\t# indented comment\n" +
		"repo@v1.0\n" +
		"dir with spaces/x#y" // no final newline
	m, err := ParseManifest(strings.NewReader(text), "m.txt", "/base")
	require.NoError(t, err)
	assert.Equal(t, "m.txt", m.Name)
	assert.Equal(t, "/base", m.Base)
	assert.Equal(t, []Entry{
		{Text: "runs/7/ckpt_1", Index: 0, Line: 2},
		{Text: "runs/7/ckpt_2", Index: 1, Line: 4},
		{Text: "repo@v1.0", Index: 2, Line: 6},
		{Text: "dir with spaces/x#y", Index: 3, Line: 7},
	}, m.Entries)
}

func TestParseManifestErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"invalid UTF-8 names its line", "a\nb\xff\n", "m.txt:2: the entry is not valid UTF-8"},
		{"a NUL byte names its line", "# x\na\x00b\n", "m.txt:2: the entry holds a NUL byte"},
		{"a duplicate names both lines", "a\nb\n\n a \n", "m.txt:4: a is listed twice (first on line 1)"},
		{"every problem is reported", "a\na\nb\xff\n", "m.txt:2: a is listed twice (first on line 1)\nm.txt:3: the entry is not valid UTF-8"},
		{"an empty manifest lists nothing", "", "manifest m.txt lists no snapshot"},
		{"comments only list nothing", "# a\n\n   \n#b", "manifest m.txt lists no snapshot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseManifest(strings.NewReader(tt.text), "m.txt", "/base")
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestReadManifest(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "list.txt")
	require.NoError(t, os.WriteFile(p, []byte("a\n"), 0o644))
	m, err := ReadManifest(p, 0)
	require.NoError(t, err)
	assert.Equal(t, dir, m.Base, "relative entries are resolved against the manifest's directory")
	_, err = ReadManifest(filepath.Join(dir, "nope.txt"), 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "manifest "+filepath.Join(dir, "nope.txt")+": open")
}

// TestSnapshotOfEntry: how an entry becomes a path or REPO@REV.
func TestSnapshotOfEntry(t *testing.T) {
	base := t.TempDir()
	for _, d := range []string{"ckpt", "user@host/repo", "repo", "at@dir"} {
		require.NoError(t, os.MkdirAll(filepath.Join(base, filepath.FromSlash(d)), 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(base, "one.py"), []byte("x = 1\n"), 0o644))
	m := &Manifest{Name: "m", Base: base}
	abs := func(p string) string { return filepath.Join(base, filepath.FromSlash(p)) }
	tests := []struct {
		name      string
		entry     string
		wantPath  string
		wantRev   string
		wantError string
	}{
		{"a relative directory is resolved against the base", "ckpt", abs("ckpt"), "", ""},
		{"a file is a snapshot", "one.py", abs("one.py"), "", ""},
		{"an absolute path stays", abs("ckpt"), abs("ckpt"), "", ""},
		{"an existing path holding @ is a path", "at@dir", abs("at@dir"), "", ""},
		{"REPO@REV splits at the @", "repo@v1.0", abs("repo"), "v1.0", ""},
		{"a path holding @ before the revision", "user@host/repo@main", abs("user@host/repo"), "main", ""},
		{"a revision holding @", "repo@main@{2}", abs("repo"), "main@{2}", ""},
		{"a revision that is @ alone", "repo@@", abs("repo"), "@", ""},
		{"a commit hash", "repo@0123abcd", abs("repo"), "0123abcd", ""},
		{"a missing path is left to the measure", "gone/ckpt", abs("gone/ckpt"), "", ""},
		{"a missing left side is a missing path", "gone@v1", abs("gone@v1"), "", ""},
		{"an empty revision is an error", "repo@", "", "", "no revision after '@' in repo@"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := m.snapshot(Entry{Text: tt.entry}, "git2")
			if tt.wantError != "" {
				require.Error(t, err)
				assert.Equal(t, tt.wantError, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, trajectory.Snapshot{Label: tt.entry, Path: tt.wantPath, Rev: tt.wantRev, Git: "git2"}, s)
		})
	}
}
