package reuse_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/source"
)

// discover returns the tree's sources, parsed and extracted, and the
// files of reuse.ReadExtensions found with them, as Analyze finds them.
func discover(t *testing.T, root string) ([]reuse.Source, []string) {
	t.Helper()
	sources, found, _ := parseTree(t, root, source.DiscoverOptions{Languages: lang.All()})
	return sources, found
}

func TestCollect(t *testing.T) {
	top := t.TempDir()
	testkit.WriteTree(t, top, map[string]string{
		// a go.mod above the analysed directory names its packages
		"go.mod":              "module example.com/top\n",
		"app/pyproject.toml":  "[project.scripts]\ncli = \"tool.main:run\"\n",
		"app/tool/main.py":    "def run():\n    pass\n",
		"app/conf/model.yaml": "_target_: tool.main.run\n",
		"app/tests/data.json": `{"f": "tool.main.run"}`,
		"app/big.toml":        "x = \"tool.main.run\"\n" + strings.Repeat("#", 100) + "\n",
		"app/pkg/pkg.go":      "package pkg\n\nfunc F() {}\n",
	})
	root, err := filepath.EvalSymlinks(filepath.Join(top, "app"))
	require.NoError(t, err)
	sources, found := discover(t, root)
	sources = append(sources, reuse.Source{Path: filepath.Join(root, "broken.py"), Lang: lang.Python, Skipped: true})
	var served []string
	files, opts, warns := reuse.Collect(reuse.Input{Root: root, Sources: sources, Found: found, MaxSize: 64,
		DataStrings: func(p string, text []byte) []string {
			served = append(served, filepath.Base(p))
			return reuse.DataStrings(text)
		}})
	assert.Empty(t, warns)
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	assert.ElementsMatch(t, []string{"pkg/pkg.go", "tool/main.py"}, paths, "paths relative to the root")
	assert.Equal(t, []string{"broken.py"}, opts.Unparsed)
	assert.Equal(t, "app", opts.RootName)
	assert.Equal(t, []reuse.EntryDecl{{Module: "tool.main", Reason: "[project.scripts] cli"}}, opts.Entries)
	var data []string
	for _, d := range opts.Data {
		data = append(data, d.Path+" "+strings.Join(d.Strings, ",")+" test="+map[bool]string{true: "yes", false: "no"}[d.Test])
	}
	assert.ElementsMatch(t, []string{
		"conf/model.yaml tool.main.run test=no",
		"tests/data.json tool.main.run test=yes",
		"pyproject.toml project.scripts,tool.main test=no",
	}, data, "big.toml is over the size bound; a file under tests/ is test data")
	assert.ElementsMatch(t, []string{"model.yaml", "data.json", "pyproject.toml"}, served, "the hook reads every data file's strings")
	require.Len(t, opts.Manifests, 1)
	assert.Equal(t, "example.com/top/app", opts.Manifests[0].ModulePath, "the go.mod above, seen from the root")

	res := reuse.Compute(files, opts)
	assert.Equal(t, "[project.scripts] cli", entryReason(res, "tool.main"))
}

func entryReason(res *reuse.Result, module string) string {
	for _, e := range res.Entries {
		if e.Module == module {
			return e.Reason
		}
	}
	return ""
}

// Files that cannot be read are warnings naming them, first among the
// result's: a malformed pyproject.toml costs its entry modules, a
// malformed manifest its module path.
func TestRunWarnsOfUnreadableFiles(t *testing.T) {
	root := t.TempDir()
	testkit.WriteTree(t, root, map[string]string{
		"pyproject.toml": "[project.scripts\n",
		"go.mod":         "go 1.22\n",
		"a.go":           "package a\n\nfunc F() {}\n",
		"m.py":           "__all__ = names()\n",
	})
	sources, found := discover(t, root)
	res := reuse.Run(reuse.Input{Root: root, Sources: sources, Found: found})
	require.Len(t, res.Warnings, 3)
	assert.Equal(t, "pyproject.toml", res.Warnings[0].Path)
	assert.Contains(t, res.Warnings[0].Message, "(its [project.scripts] entry modules are not known)")
	assert.Equal(t, reuse.FileWarning{Path: "go.mod", Message: "no module directive (its module path and entries are not known)"}, res.Warnings[1])
	assert.Equal(t, "m.py", res.Warnings[2].Path, "then the files' own warnings")
}

func TestReads(t *testing.T) {
	for name, want := range map[string]bool{
		"model.yaml": true, "x.yml": true, "data.json": true, "pyproject.toml": true,
		"go.mod": true, "package.json": true, "tsconfig.json": true,
		"README.md": false, "image.png": false, "Makefile": false, "a.py": false,
	} {
		assert.Equal(t, want, reuse.Reads(name), name)
	}
	assert.Subset(t, reuse.ReadExtensions(), []string{"yaml", "yml", "json", "toml", "mod"})
}
