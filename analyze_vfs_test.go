package scbcheck_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/vfs"
)

// memCopy copies the tree at dir into a vfs.Mem held at root.
func memCopy(t *testing.T, dir, root string) *vfs.Mem {
	t.Helper()
	mem, err := vfs.NewMem(root)
	require.NoError(t, err)
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		rel, err := filepath.Rel(dir, p)
		require.NoError(t, err)
		if rel == "." {
			return nil
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			require.NoError(t, err)
			return mem.Symlink(target, rel)
		case d.IsDir():
			return mem.Mkdir(rel)
		default:
			info, err := d.Info()
			require.NoError(t, err)
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			return mem.WriteFile(rel, b, info.Mode().Perm())
		}
	}))
	return mem
}

// Every fixture of every language, with and without --include-all and a
// cache: the report of the tree held in memory is the report of the same
// tree on disk (paths aside), ast-grep reading the files written out for
// it, which are removed again.
func TestMemTreeGivesTheSameReport(t *testing.T) {
	disk, err := filepath.Abs("testdata")
	require.NoError(t, err)
	disk, err = filepath.EvalSymlinks(disk)
	require.NoError(t, err)
	root := filepath.Join(t.TempDir(), "tree")
	mem := memCopy(t, disk, root)
	for _, includeAll := range []bool{false, true} {
		for _, withCache := range []bool{false, true} {
			opt := scbcheck.Options{
				Path: disk, Config: config.Default(disk), IncludeAll: includeAll,
				AstGrep: testkit.AstGrep(t), Languages: []string{"all"},
			}
			want, err := scbcheck.Analyze(context.Background(), opt)
			require.NoError(t, err)
			require.NotEmpty(t, want.Findings)

			opt.Path, opt.Config, opt.FS = root, config.Default(root), mem
			opt.MemoryCache = withCache
			got, err := scbcheck.Analyze(context.Background(), opt)
			require.NoError(t, err)
			assert.Equal(t, strings.ReplaceAll(jsonOf(t, want), disk, root), jsonOf(t, got),
				"include-all %t, cache %t", includeAll, withCache)
			assert.NoDirExists(t, root, "the files written for ast-grep are removed")
		}
	}
}

// A tree held in memory at a directory that exists on disk: ast-grep
// reads copies written elsewhere, so that the directory keeps every file
// it held (one of them at a path the tree also has, with other text) and
// the report is the report of the same tree on disk, paths aside.
func TestMemTreeAtAnExistingDirectoryLeavesItAlone(t *testing.T) {
	disk, err := filepath.Abs(filepath.Join("testdata", "example_slop"))
	require.NoError(t, err)
	disk, err = filepath.EvalSymlinks(disk)
	require.NoError(t, err)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root := filepath.Join(t.TempDir(), "project")
	held := map[string]string{
		"slop.py":        "def other():\n    return 1\n",
		"notes/todo.txt": "keep me\n",
	}
	for rel, text := range held {
		p := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}

	opt := scbcheck.Options{Path: disk, Config: config.Default(disk), AstGrep: testkit.AstGrep(t), Languages: []string{"all"}}
	want, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err)
	require.NotEmpty(t, want.Findings, "the fixture has ast-grep findings to compare")

	opt.Path, opt.Config, opt.FS = root, config.Default(root), memCopy(t, disk, root)
	got, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(jsonOf(t, want), disk, root), jsonOf(t, got))

	for rel, text := range held {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		require.NoError(t, err, "%s survives", rel)
		assert.Equal(t, text, string(b), "%s is unchanged", rel)
	}
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"notes", "slop.py"}, names, "nothing is added to the directory")
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "the copies for ast-grep are removed")
}
