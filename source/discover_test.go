package source_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// makeTree creates files under a new canonical temporary directory and
// returns it. A key ending in "/" makes a directory; any other key makes a
// file holding its value.
func makeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for rel, text := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if strings.HasSuffix(rel, "/") {
			require.NoError(t, os.MkdirAll(p, 0o755))
			continue
		}
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	return root
}

// relPaths returns the discovered paths relative to root, in order.
func relPaths(t *testing.T, root string, files []source.SourceFile) []string {
	t.Helper()
	out := []string{}
	for _, f := range files {
		rel, err := filepath.Rel(root, f.Path)
		require.NoError(t, err)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

func TestDiscoverDirectory(t *testing.T) {
	cases := []struct {
		name          string
		files         map[string]string
		walk          string // directory to discover, relative to the tree root
		baseDir       string // relative to the tree root
		exclude       []string
		noIgnoreFiles bool
		want          []string
	}{
		{
			name:  "only python and rust files are kept (reference item 19)",
			files: map[string]string{"sample.py": "", "sample.rs": "", "sample.js": "", "sample.ts": "", "sample.go": ""},
			want:  []string{"sample.py", "sample.rs"},
		},
		{
			name:  "pyw is python; extensions are case-sensitive and dot files have none",
			files: map[string]string{"a.pyw": "", "b.PY": "", "c.Rs": "", ".py": "", ".rs": "", "d.py.txt": "", "py": ""},
			want:  []string{"a.pyw"},
		},
		{
			name:  "hidden files and directories are walked",
			files: map[string]string{".hidden/x.py": "", ".y.py": ""},
			want:  []string{".hidden/x.py", ".y.py"},
		},
		{
			name:    "generated/** excludes the generated directory (reference item 20)",
			files:   map[string]string{"keep.py": "", "keep.rs": "", "generated/skip.py": ""},
			exclude: []string{"generated/**"},
			want:    []string{"keep.py", "keep.rs"},
		},
		{
			name:    "a star exclude crosses slashes",
			files:   map[string]string{"tests/fixtures/a/b.py": "", "tests/fixtures/c.py": "", "tests/t.py": ""},
			exclude: []string{"tests/fixtures/*"},
			want:    []string{"tests/t.py"},
		},
		{
			name:    "a bare word exclude, normalised to foo and foo/**, covers the subtree but not foobar",
			files:   map[string]string{"foo/x.py": "", "foo/bar/y.py": "", "foobar/z.py": ""},
			exclude: []string{"foo", "foo/**"},
			want:    []string{"foobar/z.py"},
		},
		{
			name:    "a leading double star exclude also matches at the top",
			files:   map[string]string{"gen/x.py": "", "a/gen/y.py": "", "a/z.py": ""},
			exclude: []string{"**/gen/*"},
			want:    []string{"a/z.py"},
		},
		{
			name:    "excludes are relative to the base directory, not the walked one",
			files:   map[string]string{"proj/src/gen/a.py": "", "proj/src/b.py": ""},
			walk:    "proj/src",
			baseDir: "proj",
			exclude: []string{"src/gen/**"},
			want:    []string{"proj/src/b.py"},
		},
		{
			name:    "files outside the base directory are matched by absolute path",
			files:   map[string]string{"proj/vendor/x.py": "", "proj/y.py": "", "elsewhere/": ""},
			walk:    "proj",
			baseDir: "elsewhere",
			exclude: []string{"*/vendor/*"},
			want:    []string{"proj/y.py"},
		},
		{
			name:    "a relative exclude does not match files outside the base directory",
			files:   map[string]string{"proj/vendor/x.py": "", "proj/y.py": "", "elsewhere/": ""},
			walk:    "proj",
			baseDir: "elsewhere",
			exclude: []string{"vendor/**"},
			want:    []string{"proj/vendor/x.py", "proj/y.py"},
		},
		{
			name:  "gitignored file is skipped and node_modules is pruned (reference item 22)",
			files: map[string]string{".gitignore": "ignored.py\n", "keep.py": "", "ignored.py": "", "node_modules/skip.py": ""},
			want:  []string{"keep.py"},
		},
		{
			name:          "include-all keeps the gitignored file and still prunes node_modules (reference item 22)",
			files:         map[string]string{".gitignore": "ignored.py\n", "keep.py": "", "ignored.py": "", "node_modules/skip.py": ""},
			noIgnoreFiles: true,
			want:          []string{"ignored.py", "keep.py"},
		},
		{
			name: "every pruned name is skipped below the root",
			files: map[string]string{
				"keep.py": "", ".git/a.py": "", ".venv/a.py": "", "venv/a.py": "", "env/a.py": "", ".env/a.py": "",
				"__pycache__/a.py": "", "build/a.py": "", "dist/a.py": "", "node_modules/a.py": "",
				"site-packages/a.py": "", ".mypy_cache/a.py": "", ".pytest_cache/a.py": "", ".ruff_cache/a.py": "",
				".tox/a.py": "", "target/a.rs": "", "src/target/b.rs": "", "src/lib.rs": "",
			},
			want: []string{"keep.py", "src/lib.rs"},
		},
		{
			name:          "pruned names are skipped with include-all too",
			files:         map[string]string{"keep.py": "", "venv/a.py": "", "src/build/b.py": ""},
			noIgnoreFiles: true,
			want:          []string{"keep.py"},
		},
		{
			name:  "a walked root with a pruned name is still walked",
			files: map[string]string{"build/x.py": "", "build/dist/y.py": ""},
			walk:  "build",
			want:  []string{"build/x.py"},
		},
		{
			name:  ".ignore files are honoured",
			files: map[string]string{".ignore": "skip.py\n", "skip.py": "", "keep.py": ""},
			want:  []string{"keep.py"},
		},
		{
			name:          ".ignore files are not read with include-all",
			files:         map[string]string{".ignore": "skip.py\n", "skip.py": "", "keep.py": ""},
			noIgnoreFiles: true,
			want:          []string{"keep.py", "skip.py"},
		},
		{
			name:  "gitignore negation re-includes a file",
			files: map[string]string{".gitignore": "*.py\n!keep.py\n", "keep.py": "", "drop.py": "", "sub/keep.py": ""},
			want:  []string{"keep.py", "sub/keep.py"},
		},
		{
			name:  "an ignored directory is not descended, so its own negations never apply",
			files: map[string]string{".gitignore": "vendor/\n", "vendor/.gitignore": "!*.py\n", "vendor/a.py": "", "main.py": ""},
			want:  []string{"main.py"},
		},
		{
			name:  "ignoring a directory's contents allows re-including one file",
			files: map[string]string{".gitignore": "vendor/*\n!vendor/keep.py\n", "vendor/keep.py": "", "vendor/drop.py": ""},
			want:  []string{"vendor/keep.py"},
		},
		{
			name:  "a deeper gitignore overrides a shallower one",
			files: map[string]string{".gitignore": "*.py\n", "sub/.gitignore": "!keep.py\n", "top.py": "", "sub/keep.py": "", "sub/other.py": ""},
			want:  []string{"sub/keep.py"},
		},
		{
			name:  "an anchored gitignore pattern is relative to its own directory",
			files: map[string]string{"sub/.gitignore": "/x.py\n", "x.py": "", "sub/x.py": "", "sub/deeper/x.py": ""},
			want:  []string{"sub/deeper/x.py", "x.py"},
		},
		{
			name:  "a gitignore pattern with a trailing slash does not match files",
			files: map[string]string{".gitignore": "x.py/\n", "x.py": ""},
			want:  []string{"x.py"},
		},
		{
			name:  ".ignore beats .gitignore in the same directory",
			files: map[string]string{".gitignore": "a.py\n", ".ignore": "!a.py\n", "a.py": ""},
			want:  []string{"a.py"},
		},
		{
			name:  "a shallower .ignore beats a deeper .gitignore",
			files: map[string]string{".ignore": "!a.py\n", "sub/.gitignore": "a.py\n", "sub/a.py": "", "b.py": ""},
			want:  []string{"b.py", "sub/a.py"},
		},
		{
			name:  "gitignore is honoured inside a git repository too",
			files: map[string]string{".git/HEAD": "", ".gitignore": "a.py\n", "a.py": "", "b.py": ""},
			want:  []string{"b.py"},
		},
		{
			name:  ".git/info/exclude is never read",
			files: map[string]string{".git/info/exclude": "a.py\n", "a.py": ""},
			want:  []string{"a.py"},
		},
		{
			name:  "paths are ordered component by component",
			files: map[string]string{"a/b.py": "", "a-b.py": "", "a.py": "", "ab.py": "", "A.py": ""},
			want:  []string{"A.py", "a/b.py", "a-b.py", "a.py", "ab.py"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := makeTree(t, tc.files)
			opts := source.DiscoverOptions{BaseDir: filepath.Join(root, tc.baseDir), Exclude: tc.exclude, NoIgnoreFiles: tc.noIgnoreFiles}

			files, err := source.Discover(filepath.Join(root, tc.walk), opts)
			require.NoError(t, err)
			assert.Equal(t, tc.want, relPaths(t, root, files))
		})
	}
}

func TestDiscoverLanguages(t *testing.T) {
	root := makeTree(t, map[string]string{"a.py": "", "b.pyw": "", "c.rs": ""})
	files, err := source.Discover(root, source.DiscoverOptions{BaseDir: root})
	require.NoError(t, err)
	require.Len(t, files, 3)
	assert.Same(t, lang.Python, files[0].Lang, "py is python")
	assert.Same(t, lang.Python, files[1].Lang, "pyw is python")
	assert.Same(t, lang.Rust, files[2].Lang, "rs is rust")
}

// Ignore files of the directories above the walked root apply, with paths
// taken relative to each of them.
func TestDiscoverParentIgnoreFiles(t *testing.T) {
	files := map[string]string{
		".gitignore":           "skip.py\n/proj/anchored.py\n",
		"mid/.ignore":          "mid_only.py\n",
		"mid/proj/keep.py":     "",
		"mid/proj/skip.py":     "",
		"mid/proj/sub/skip.py": "",
		"mid/proj/mid_only.py": "",
		"mid/proj/anchored.py": "",
		"proj/anchored.py":     "",
	}
	cases := []struct {
		name          string
		walk          string
		noIgnoreFiles bool
		want          []string
	}{
		{
			name: "ignore files of every ancestor apply",
			walk: "mid/proj",
			want: []string{"anchored.py", "keep.py"},
		},
		{
			name: "an anchored ancestor pattern is relative to the ancestor",
			walk: "proj",
			want: []string{},
		},
		{
			name:          "include-all reads no ancestor ignore file",
			walk:          "mid/proj",
			noIgnoreFiles: true,
			want:          []string{"anchored.py", "keep.py", "mid_only.py", "skip.py", "sub/skip.py"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := makeTree(t, files)
			walk := filepath.Join(root, tc.walk)
			got, err := source.Discover(walk, source.DiscoverOptions{BaseDir: walk, NoIgnoreFiles: tc.noIgnoreFiles})
			if len(tc.want) == 0 {
				require.Error(t, err)
				assert.Equal(t, "no supported source files found at "+walk, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, relPaths(t, walk, got))
		})
	}
	t.Run("an ancestor pattern naming the root does not hide it", func(t *testing.T) {
		root := makeTree(t, map[string]string{".gitignore": "proj/\n", "proj/a.py": ""})
		got, err := source.Discover(filepath.Join(root, "proj"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"proj/a.py"}, relPaths(t, root, got))
	})
}

func TestDiscoverSymlinks(t *testing.T) {
	t.Run("a symlinked directory is not followed", func(t *testing.T) {
		root := makeTree(t, map[string]string{"real/x.py": ""})
		require.NoError(t, os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "link")))
		got, err := source.Discover(root, source.DiscoverOptions{BaseDir: root})
		require.NoError(t, err)
		assert.Equal(t, []string{"real/x.py"}, relPaths(t, root, got))
	})
	t.Run("a symlinked file inside the tree is reported at its target", func(t *testing.T) {
		root := makeTree(t, map[string]string{"proj/lib/real.txt": "", "proj/keep.py": ""})
		require.NoError(t, os.Symlink(filepath.Join(root, "proj", "lib", "real.txt"), filepath.Join(root, "proj", "link.py")))
		got, err := source.Discover(filepath.Join(root, "proj"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"proj/keep.py", "proj/lib/real.txt"}, relPaths(t, root, got))
		assert.Same(t, lang.Python, got[1].Lang, "the language comes from the link's name")
		assert.Empty(t, got[1].Skip)
	})
	// Unlike the reference, which reads the target wherever it is: a tree
	// nobody vetted must not make the linter read files outside it.
	t.Run("a symlinked file leading out of the tree is kept unread", func(t *testing.T) {
		root := makeTree(t, map[string]string{"outside/real.txt": "", "proj/keep.py": ""})
		require.NoError(t, os.Symlink(filepath.Join(root, "outside", "real.txt"), filepath.Join(root, "proj", "link.py")))
		got, err := source.Discover(filepath.Join(root, "proj"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"proj/keep.py", "proj/link.py"}, relPaths(t, root, got))
		assert.Empty(t, got[0].Skip)
		assert.Contains(t, got[1].Skip.String(), "outside the analysed tree (not followed)")
	})
	t.Run("a named pipe is kept unread", func(t *testing.T) {
		root := makeTree(t, map[string]string{"keep.py": ""})
		require.NoError(t, syscall.Mkfifo(filepath.Join(root, "pipe.py"), 0o644))
		got, err := source.Discover(root, source.DiscoverOptions{})
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Empty(t, got[0].Skip)
		assert.Equal(t, "not a regular file (named pipe); not read", got[1].Skip.String())
		one, err := source.Discover(filepath.Join(root, "pipe.py"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, "not a regular file (named pipe); not read", one[0].Skip.String(), "also when named explicitly")
	})
	t.Run("a broken symlinked source file is an error", func(t *testing.T) {
		root := makeTree(t, map[string]string{"keep.py": ""})
		link := filepath.Join(root, "broken.py")
		require.NoError(t, os.Symlink(filepath.Join(root, "missing.py"), link))
		_, err := source.Discover(root, source.DiscoverOptions{})
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "failed to resolve "+link+": "), err.Error())
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("a symlinked root is walked at its target", func(t *testing.T) {
		root := makeTree(t, map[string]string{"real/x.py": ""})
		link := filepath.Join(root, "link")
		require.NoError(t, os.Symlink(filepath.Join(root, "real"), link))
		got, err := source.Discover(link, source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"real/x.py"}, relPaths(t, root, got))
	})
}

func TestDiscoverExplicitFile(t *testing.T) {
	t.Run("an explicit file ignores excludes and ignore files", func(t *testing.T) {
		root := makeTree(t, map[string]string{".gitignore": "a.py\n", ".ignore": "*\n", "a.py": ""})
		got, err := source.Discover(filepath.Join(root, "a.py"), source.DiscoverOptions{BaseDir: root, Exclude: []string{"*"}})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{{Path: filepath.Join(root, "a.py"), Lang: lang.Python}}, got)
	})
	t.Run("an explicit rust file is rust", func(t *testing.T) {
		root := makeTree(t, map[string]string{"lib.rs": ""})
		got, err := source.Discover(filepath.Join(root, "lib.rs"), source.DiscoverOptions{})
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Same(t, lang.Rust, got[0].Lang)
	})
	t.Run("an explicit file with a pruned parent name is still taken", func(t *testing.T) {
		root := makeTree(t, map[string]string{"node_modules/a.py": ""})
		got, err := source.Discover(filepath.Join(root, "node_modules", "a.py"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"node_modules/a.py"}, relPaths(t, root, got))
	})
	t.Run("an explicit symlinked file resolves to its target", func(t *testing.T) {
		root := makeTree(t, map[string]string{"real.py": ""})
		link := filepath.Join(root, "link.py")
		require.NoError(t, os.Symlink(filepath.Join(root, "real.py"), link))
		got, err := source.Discover(link, source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"real.py"}, relPaths(t, root, got))
	})
	t.Run("an explicit relative path is made absolute", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.py": ""})
		t.Chdir(root)
		got, err := source.Discover("a.py", source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []string{"a.py"}, relPaths(t, root, got))
	})
	t.Run("an explicit go file needs go enabled", func(t *testing.T) {
		root := makeTree(t, map[string]string{"main.go": ""})
		path := filepath.Join(root, "main.go")
		_, err := source.Discover(path, source.DiscoverOptions{})
		require.Error(t, err)
		assert.Equal(t, "not a supported source file: "+path+
			" (go is analysed only when enabled: Options.Languages, or the languages config key)", err.Error())
		assert.ErrorIs(t, err, source.ErrNoFiles)
		var nf *source.NoFilesError
		require.ErrorAs(t, err, &nf)
		assert.Equal(t, "not a supported source file: "+path+
			" (go is analysed only when enabled: --languages go, or the languages config key)", nf.Message("--languages go"))
		got, err := source.Discover(path, source.DiscoverOptions{Languages: []*lang.Spec{lang.Golang}})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{{Path: path, Lang: lang.Golang}}, got)
	})
	for _, name := range []string{"sample.cob", "sample.PY", "README", ".py"} {
		t.Run("explicit "+name+" is not a supported source file", func(t *testing.T) {
			root := makeTree(t, map[string]string{name: ""})
			path := filepath.Join(root, name)
			_, err := source.Discover(path, source.DiscoverOptions{})
			require.Error(t, err)
			assert.Equal(t, "not a supported source file: "+path, err.Error())
		})
	}
}

func TestDiscoverErrors(t *testing.T) {
	t.Run("a missing path does not exist", func(t *testing.T) {
		root := makeTree(t, nil)
		path := filepath.Join(root, "nope")
		_, err := source.Discover(path, source.DiscoverOptions{})
		require.Error(t, err)
		assert.Equal(t, "path does not exist: "+path, err.Error())
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("a broken symlink given as the path does not exist", func(t *testing.T) {
		root := makeTree(t, nil)
		path := filepath.Join(root, "broken.py")
		require.NoError(t, os.Symlink(filepath.Join(root, "missing.py"), path))
		_, err := source.Discover(path, source.DiscoverOptions{})
		require.Error(t, err)
		assert.Equal(t, "path does not exist: "+path, err.Error())
	})
	t.Run("a directory without source files is an error naming the path as given", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.txt": "", "venv/b.py": ""})
		t.Chdir(root)
		_, err := source.Discover(".", source.DiscoverOptions{})
		require.Error(t, err)
		assert.Equal(t, "no supported source files found at .", err.Error())
	})
	t.Run("a directory whose sources are all excluded is an error", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.py": ""})
		_, err := source.Discover(root, source.DiscoverOptions{BaseDir: root, Exclude: []string{"*.py"}})
		require.Error(t, err)
		assert.Equal(t, "no supported source files found at "+root, err.Error())
	})
	t.Run("an invalid exclude pattern is an error", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.py": ""})
		_, err := source.Discover(root, source.DiscoverOptions{Exclude: []string{"[abc"}})
		require.Error(t, err)
		assert.Equal(t, `invalid exclude pattern "[abc": error parsing glob '[abc': unclosed character class; missing ']'`, err.Error())
	})
	t.Run("an invalid exclude pattern is not checked for an explicit file", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.py": ""})
		_, err := source.Discover(filepath.Join(root, "a.py"), source.DiscoverOptions{Exclude: []string{"[abc"}})
		assert.NoError(t, err)
	})
	t.Run("an unreadable directory is a walk error", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("permissions do not bind root")
		}
		root := makeTree(t, map[string]string{"a.py": "", "locked/b.py": ""})
		locked := filepath.Join(root, "locked")
		require.NoError(t, os.Chmod(locked, 0))
		t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
		_, err := source.Discover(root, source.DiscoverOptions{})
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "failed to walk sources: "), err.Error())
		assert.ErrorIs(t, err, fs.ErrPermission)
	})
}

func TestDiscoverData(t *testing.T) {
	root := makeTree(t, map[string]string{
		"conf/model.yaml": "a: b.c\n", "conf/big.json": strings.Repeat("x", 64), "ignored/x.yaml": "",
		".gitignore": "ignored/\n", "code.py": "", "notes.txt": "", "outside.toml": "",
		"proj/settings.toml": "", "proj/.gitignore": "",
	})
	proj := filepath.Join(root, "proj")
	require.NoError(t, os.Symlink(filepath.Join(root, "outside.toml"), filepath.Join(proj, "link.toml")))
	got, err := source.DiscoverData(root, source.DiscoverOptions{}, []string{"yaml", "json", "toml"}, 32)
	require.NoError(t, err)
	rel := relStrings(t, root, got)
	assert.Equal(t, []string{"conf/model.yaml", "outside.toml", "proj/settings.toml"}, rel,
		"the wanted extensions, sorted; the other files, the big one and the ignored one left out")
	assert.NotContains(t, rel, "conf/big.json", "over the size limit")
	assert.NotContains(t, rel, "ignored/x.yaml", "git-ignored")
	assert.NotContains(t, rel, "notes.txt")
	inProj, err := source.DiscoverData(proj, source.DiscoverOptions{}, []string{"toml"}, 32)
	require.NoError(t, err)
	assert.Equal(t, []string{"proj/settings.toml"}, relStrings(t, root, inProj), "a symlink out of the tree is not followed")
	none, err := source.DiscoverData(filepath.Join(root, "code.py"), source.DiscoverOptions{}, []string{"py"}, 32)
	require.NoError(t, err)
	assert.Empty(t, none, "a file path yields nothing")
}

func relStrings(t *testing.T, root string, paths []string) []string {
	t.Helper()
	files := make([]source.SourceFile, len(paths))
	for i, p := range paths {
		files[i] = source.SourceFile{Path: p}
	}
	return relPaths(t, root, files)
}

func TestDiscoverFileNames(t *testing.T) {
	t.Run("a file name that is not UTF-8 is skipped under its escaped path", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a\xffb.py": "x = 1\n", "ok.py": "", "c\nd.py": "", "e\tf.rs": ""})
		got, err := source.Discover(root, source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{
			{Path: root + `/a\xffb.py`, Lang: lang.Python, Skip: option.Plain("file name is not valid UTF-8; not read")},
			// Valid UTF-8 names with control characters are analysed under
			// their own names: only the writers escape them.
			{Path: root + "/c\nd.py", Lang: lang.Python},
			{Path: root + "/e\tf.rs", Lang: lang.Rust},
			{Path: root + "/ok.py", Lang: lang.Python},
		}, got)
	})
	t.Run("a directory that is not UTF-8 is walked, its source files skipped one by one", func(t *testing.T) {
		root := makeTree(t, map[string]string{"d\xfe/x.py": "", "d\xfe/y.txt": "", "d\xfe/.gitignore": "ignored.py\n",
			"d\xfe/ignored.py": "", "z.py": ""})
		got, err := source.Discover(root, source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{
			{Path: root + `/d\xfe/x.py`, Lang: lang.Python, Skip: source.SkipNotUTF8},
			{Path: root + "/z.py", Lang: lang.Python},
		}, got)
	})
	t.Run("a link of a valid name to a target that is not UTF-8 is skipped under the target's escaped path", func(t *testing.T) {
		root := makeTree(t, map[string]string{"t\x80.py": ""})
		require.NoError(t, os.Symlink("t\x80.py", filepath.Join(root, "link.py")))
		got, err := source.Discover(filepath.Join(root, "link.py"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{{Path: root + `/t\x80.py`, Lang: lang.Python, Skip: source.SkipNotUTF8}}, got)
	})
	t.Run("an explicit file that is not UTF-8 is skipped, not refused", func(t *testing.T) {
		root := makeTree(t, map[string]string{"\xc3.py": ""})
		got, err := source.Discover(filepath.Join(root, "\xc3.py"), source.DiscoverOptions{})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{{Path: root + `/\xc3.py`, Lang: lang.Python, Skip: source.SkipNotUTF8}}, got)
	})
	t.Run("a link out of the tree names its target escaped", func(t *testing.T) {
		outside := makeTree(t, map[string]string{"o\nut.py": ""})
		root := makeTree(t, map[string]string{})
		require.NoError(t, os.Symlink(filepath.Join(outside, "o\nut.py"), filepath.Join(root, "l.py")))
		got, err := source.Discover(root, source.DiscoverOptions{})
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, "symlink to "+outside+`/o\nut.py, outside the analysed tree (not followed)`, got[0].Skip.String())
	})
	t.Run("a data file that is not UTF-8 is not collected", func(t *testing.T) {
		root := makeTree(t, map[string]string{"a.py": "", "go.mod": "", "x\xff/go.mod": ""})
		_, data, err := source.DiscoverWithData(root, source.DiscoverOptions{}, []string{"mod"}, 1<<20)
		require.NoError(t, err)
		assert.Equal(t, []string{root + "/go.mod"}, data)
	})
	t.Run("a tree in memory skips such names the same way", func(t *testing.T) {
		root := makeTree(t, map[string]string{})
		m, err := vfs.NewMem(filepath.Join(root, "mem"))
		require.NoError(t, err)
		require.NoError(t, m.WriteFile("ok.py", nil, 0o644))
		require.NoError(t, m.WriteFile("a\xffb.py", nil, 0o644))
		got, err := source.Discover(m.Root(), source.DiscoverOptions{FS: m})
		require.NoError(t, err)
		assert.Equal(t, []source.SourceFile{
			{Path: m.Root() + `/a\xffb.py`, Lang: lang.Python, Skip: source.SkipNotUTF8},
			{Path: m.Root() + "/ok.py", Lang: lang.Python},
		}, got)
	})
}
