package source

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/vfs"
)

// TestIgnoreFilesThatCannotBeRead: an ignore file that is a named pipe,
// a link to /dev/zero or a link out of the tree is not read (its patterns
// do not apply) and is named to Warn; a link to an ignore file inside the
// tree is applied.
func TestIgnoreFilesThatCannotBeRead(t *testing.T) {
	host, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	hostIgnore := filepath.Join(host, "ignore")
	require.NoError(t, os.WriteFile(hostIgnore, []byte("*.py\n"), 0o644))

	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	at := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	for _, rel := range []string{"pipe/a.py", "zero/a.py", "out/a.py", "in/a.py", "in/kept.py"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(at(rel)), 0o755))
		require.NoError(t, os.WriteFile(at(rel), []byte("x = 1\n"), 0o644))
	}
	require.NoError(t, syscall.Mkfifo(at("pipe/.gitignore"), 0o644))
	require.NoError(t, os.Symlink("/dev/zero", at("zero/.ignore")))
	require.NoError(t, os.Symlink(hostIgnore, at("out/.gitignore")))
	require.NoError(t, os.WriteFile(at("rules.txt"), []byte("a.py\n"), 0o644))
	require.NoError(t, os.Symlink("../rules.txt", at("in/.gitignore")))

	var warned []string
	files, err := Discover(root, DiscoverOptions{Warn: func(p, reason string) { warned = append(warned, p+": "+reason) }})
	require.NoError(t, err)
	var got []string
	for _, f := range files {
		rel, err := filepath.Rel(root, f.Path)
		require.NoError(t, err)
		got = append(got, filepath.ToSlash(rel))
	}
	assert.Equal(t, []string{"in/kept.py", "out/a.py", "pipe/a.py", "zero/a.py"}, got)
	assert.Equal(t, []string{
		at("out/.gitignore") + ": ignore file not read: symlink to " + hostIgnore + ", outside " + root + " (not followed); its patterns are not applied",
		at("pipe/.gitignore") + ": ignore file not read: not a regular file (named pipe); its patterns are not applied",
		at("zero/.ignore") + ": ignore file not read: symlink to /dev/zero, outside " + root + " (not followed); its patterns are not applied",
	}, warned)
}

// TestIgnoreFileSizeCap: an ignore file over MaxIgnoreSize is not read;
// a cap that is not positive is none, as every resolved limit says it
// (vfs.MaxRead), so an ignore file larger than vfs.DefaultMaxRead is read.
func TestIgnoreFileSizeCap(t *testing.T) {
	big := strings.Repeat("# padding\n", vfs.DefaultMaxRead/10+1) + "a.py\n"
	tests := []struct {
		name      string
		gitignore string
		cap       int64
		kept      int
		warned    []string
	}{
		{"a file over the cap is not read", "a.py\n", 4, 1,
			[]string{"ignore file not read: 5 bytes, over the limit of 4 bytes; its patterns are not applied"}},
		{"a cap of 0 is none, the default cap included", big, 0, 0, nil},
		{"a negative cap is none", big, -1, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(root, "a.py"), []byte("x = 1\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(root, "b.py"), []byte("y = 1\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(root, ".gitignore"), []byte(tt.gitignore), 0o644))
			var warned []string
			files, err := Discover(root, DiscoverOptions{MaxIgnoreSize: tt.cap, Warn: func(p, reason string) { warned = append(warned, reason) }})
			require.NoError(t, err)
			assert.Len(t, files, 1+tt.kept, "b.py, and a.py unless the .gitignore was read")
			assert.Equal(t, tt.warned, warned)
		})
	}
}
