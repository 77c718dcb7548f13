package scbcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// Every path of a report names a file of the tree relative to the
// report's Root (the analysed directory, or the analysed file's),
// slash-separated, and Abs joins it back: files, skipped files, clone
// blocks, flagged lines, findings and DIR's symbols.
func TestReportPathsAreRelativeToTheRoot(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	body := "def %s(items):\n    total = 0\n    for item in items:\n        if item:\n            total += item\n    return total\n"
	write(t, dir, "pkg/one.py", strings.ReplaceAll(body, "%s", "one")+"\nif x == True:\n    pass\n")
	write(t, dir, "pkg/sub/two.py", strings.ReplaceAll(body, "%s", "two"))
	write(t, dir, "pkg/broken.py", "def broken(:\n")
	// The analysed path may be spelt through a link: the root is the
	// canonical directory.
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(filepath.Join(dir, "pkg"), link))

	tests := []struct {
		name, path, root string
		files            []string
	}{
		{"a directory", dir, dir, []string{"pkg/one.py", "pkg/sub/two.py"}},
		{"a directory through a link", link, filepath.Join(dir, "pkg"), []string{"one.py", "sub/two.py"}},
		{"a file: its directory is the root", filepath.Join(dir, "pkg", "sub", "two.py"), filepath.Join(dir, "pkg", "sub"), []string{"two.py"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
				Path: tc.path, Config: config.Default(dir), WorkDir: dir, IncludeAll: true, AstGrep: testkit.AstGrep(t),
			})
			require.NoError(t, err)
			assert.Equal(t, tc.root, r.Root)
			var files []string
			for _, f := range r.Files {
				files = append(files, f.Path)
			}
			assert.Equal(t, tc.files, files)

			var paths []string
			for _, s := range r.Skipped {
				paths = append(paths, s.Path)
			}
			for _, b := range r.CloneBlocks {
				paths = append(paths, b.Path)
			}
			for _, fl := range r.Flagged {
				paths = append(paths, fl.Path)
			}
			for _, f := range r.Findings {
				paths = append(paths, f.Path)
			}
			for _, s := range r.DIR.Symbols {
				paths = append(paths, s.Path)
			}
			if len(tc.files) > 1 {
				assert.NotEmpty(t, r.Skipped, "the broken file")
				assert.Len(t, r.CloneBlocks, 2, "one and two are clones")
				assert.NotEmpty(t, r.Findings, "x == True")
			}
			for _, p := range append(files, paths...) {
				assert.True(t, filepath.IsLocal(p), p)
				assert.NotContains(t, p, `\`, "slash-separated")
				_, err := os.Stat(r.Abs(p))
				assert.NoError(t, err, "Abs names the file")
			}
		})
	}
}
