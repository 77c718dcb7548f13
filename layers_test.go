package scbcheck_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	// Imported for its -update flag, shared by every test package.
	_ "github.com/scbcheck/scbcheck/internal/testkit"
)

const module = "github.com/scbcheck/scbcheck"

// allowedImports is the architecture: for each package, the packages of
// this module its non-test code may import. Imports point down only.
var allowedImports = map[string][]string{
	"lang":      {},
	"vfs":       {},
	"source":    {"lang", "vfs", "option"},
	"config":    {"lang", "vfs", "metric", "option"},
	"erosion":   {"lang", "source"},
	"clones":    {"lang", "source"},
	"rules":     {"lang", "source", "config", "vfs", "finding", "metric", "internal/stopsig"},
	"reuse":     {"lang", "source", "config", "vfs"},
	"verbosity": {"lang", "source", "config", "clones", "rules", "finding"},
	"report":    {"lang", "erosion", "reuse", "rules", "vfs", "finding", "metric", "option", "internal/htmlpage"},
	// The per-file engine (worker pool, ast-grep scan, prescans, report
	// assembly) and the file cache it fills sit between the analyses and
	// the facade; nothing above the facade reaches them.
	"internal/filecache": {"internal/cache", "rules", "source", "vfs", "option"},
	"internal/engine":    {"lang", "vfs", "source", "config", "internal/cache", "erosion", "clones", "rules", "reuse", "verbosity", "report", "finding", "internal/filecache", "option"},
	".":                  {"lang", "vfs", "source", "config", "rules", "reuse", "verbosity", "report", "finding", "internal/engine", "internal/filecache", "option", "compat013", "change", "internal/gitrepo", "internal/treediff"},
	"trajectory":         {".", "config", "lang", "report", "vfs", "internal/gitrepo", "metric", "option", "change", "internal/htmlpage"},
	"batch":              {"trajectory", "vfs", "internal/safefile", "option"},
	"cmd/scb-check":      {".", "config", "lang", "report", "rules", "trajectory", "batch", "vfs", "internal/safefile", "metric", "option", "internal/advice", "internal/mcpserver", "change"},
	"internal/testkit":   {"lang", "source"},
	"bench/parseonly":    {},
	"bench/phases":       {"lang", "source", "config", "erosion", "clones", "rules", "reuse"},
	"bench/callables":    {"lang", "source", "erosion"},

	// metric is the table of a report's numbers (key, kind, gate,
	// ratchet, trend): a leaf, so that config validates gate keys with it
	// below report, which reads the values; rules take the complexity
	// rules' old ids from it, trajectory and the command their lists.
	"metric": {},

	// change compares two reports (metric deltas, functions matched
	// across the trees, the findings a change adds); the facade measures
	// the trees, the writers show the comparison.
	"change": {"report", "finding", "metric", "vfs"},

	// finding is the one model of a finding and its processors: a leaf
	// like lang and vfs, shared by every producer (rules, verbosity) and
	// writer (report) of findings.
	"finding": {},

	// option names the settings a caller sets (Options.MaxFileSize) as
	// values: a leaf, so that a message about a setting carries which one
	// at any layer, and each front end spells it (the command: its flag).
	"option": {},

	// gitrepo is the git plumbing (the process runner, log, diff-tree,
	// ls-tree, cat-file): it knows repositories and commits, nothing of
	// the analysis; trajectory and the facade's Diff write commits' (and
	// the index's) trees into memory through it.
	"internal/gitrepo": {"vfs", "option", "internal/stopsig"},
	"internal/stopsig": {},

	// treediff compares two versions of a tree held as bytes (renames as
	// git detects them, changed lines): a leaf the facade's Diff uses, so
	// that no git diff, and no filter a repository configures, is run.
	"internal/treediff": {},

	// htmlpage renders the HTML pages (the page's frame, its policy,
	// tables, treemap, charts, marked source): a leaf the writers of
	// report and trajectory (and a change's) describe their pages to.
	"internal/htmlpage": {},

	// cache is the content-addressed store of packs the file cache files
	// its entries in: a leaf below internal/filecache, reached by nothing
	// outside internal/.
	"internal/cache": {"internal/safefile"},

	// safefile writes the files the command is asked to write (a temporary
	// file renamed into place, no link followed): a leaf like vfs and
	// internal/cache, used by the command and by batch's output.
	"internal/safefile": {},

	// advice words the remedies of the library's errors once for every
	// front end (the command, the MCP server), each naming the options
	// in its own words.
	"internal/advice": {".", "option", "rules", "vfs"},

	// mcpserver is the MCP server: it translates tool calls into the
	// facade's runs and their reports into answers, above the facade and
	// below the command that starts it.
	"internal/mcpserver": {".", "change", "config", "finding", "metric", "option", "report", "rules", "internal/advice"},

	// distinfo prints the version and the pinned ast-grep for the release
	// scripts (scripts/dist, scripts/setup): a command beside the others.
	"internal/distinfo": {".", "rules"},

	// releasetest holds only tests: those of the release and integration
	// tooling (the action, workflows, hooks, Containerfiles), beside the
	// scripts that run them.
	"scripts/releasetest": {},

	// A compatibility profile is one package, above the engine and below
	// the facade that registers it: it fills an engine.Profile with its own
	// steps (discovery, reading, SLOC, functions, clones, findings) and
	// writes its own report, reusing the analyses below it through their
	// exported APIs; nothing below it knows it exists.
	"compat013": {"lang", "vfs", "source", "config", "clones", "rules", "finding", "verbosity", "report", "internal/engine", "metric"},
}

// bindingImporters may import the tree-sitter binding and grammars; the
// parse-only benchmark baseline uses the binding on purpose.
var bindingImporters = map[string]bool{"lang": true, "source": true, "bench/parseonly": true}

func TestLayers(t *testing.T) {
	imports := map[string]map[string]bool{}
	forEachImport(t, func(_, pkg, imp string) {
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		imports[pkg][imp] = true
	})
	require.Contains(t, imports, "source")

	var pkgs []string
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, pkg := range pkgs {
		allowed, known := allowedImports[pkg]
		if !assert.Truef(t, known, "package %s is not in the layer table", pkg) {
			continue
		}
		for imp := range imports[pkg] {
			if strings.HasPrefix(imp, "github.com/tree-sitter/") {
				assert.Truef(t, bindingImporters[pkg], "%s imports the tree-sitter binding %s; only lang and source may", pkg, imp)
				continue
			}
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			rel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if rel == "" {
				rel = "."
			}
			assert.Containsf(t, allowed, rel, "%s may not import %s", pkg, rel)
		}
	}
}

// Security by construction: no package of the tool (tests aside) can
// reach the network or load code, and only the ast-grep runner and the
// git plumbing start a process (the resolved binary, arguments as a
// list, no shell).
func TestNoNetworkNoShell(t *testing.T) {
	forbidden := map[string]bool{"net": true, "net/http": true, "net/rpc": true, "net/smtp": true, "plugin": true}
	forEachImport(t, func(path, pkg, p string) {
		// net/url only formats URLs (SARIF locations).
		assert.Falsef(t, forbidden[p] || strings.HasPrefix(p, "net/") && p != "net/url", "%s imports %s", path, p)
		// testkit builds git repositories for tests; the layer table keeps
		// it out of every package that is not a test.
		if p == "os/exec" {
			assert.Containsf(t, []string{"rules", "internal/gitrepo", "internal/testkit"}, pkg,
				"%s starts processes; only the ast-grep runner, the git plumbing and test helpers may", path)
		}
	})
}

// The facade's tests exercise the library in process: a test that runs
// programs (the action's steps, the release workflow's scripts, the
// pre-commit build, the image's build file) tests the release tooling and
// lives in scripts/releasetest, beside the scripts.
func TestFacadeTestsRunNoPrograms(t *testing.T) {
	tests, err := filepath.Glob("*_test.go")
	require.NoError(t, err)
	require.NotEmpty(t, tests)
	for _, path := range tests {
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			assert.NotEqualf(t, `"os/exec"`, imp.Path.Value, "%s starts programs: a test of the release tooling belongs in scripts/releasetest", path)
		}
	}
}

// envReaders may read environment variables: the command (its flags'
// environment), the tests' helpers and the benchmarks. The library reads
// none, with one exception named by file: trajectory's scratch directory
// honours TMPDIR as os.TempDir does.
var envReaders = map[string]bool{"cmd/scb-check": true, "internal/testkit": true, "trajectory/tree.go": true}

// The library reads no environment variable: the command reads them and
// passes what they say as options, so that a library caller's settings
// are all in Options.
func TestLibraryReadsNoEnvironment(t *testing.T) {
	reads := map[string]bool{"Getenv": true, "LookupEnv": true, "ExpandEnv": true}
	seen := map[string]bool{}
	forEachImport(t, func(path, pkg, imp string) {
		if imp != "os" || seen[path] || envReaders[pkg] || envReaders[filepath.ToSlash(path)] || strings.HasPrefix(pkg, "bench/") {
			return
		}
		seen[path] = true
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, isIdent := sel.X.(*ast.Ident); isIdent && x.Name == "os" && reads[sel.Sel.Name] {
				t.Errorf("%s calls os.%s: only the command reads the environment", path, sel.Sel.Name)
			}
			return true
		})
	})
}

// A compatibility profile is one package: the 0.1.3 profile's code is in
// compat013, and no other package has a file or declares a name (type,
// function, method, variable, constant, struct field) that belongs to it,
// but for the facade's registration of it (Profile013).
func TestProfile013InItsPackage(t *testing.T) {
	// Its fixtures and scripts too: no file or directory outside the
	// package is named after the release.
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "compat013" || strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		assert.NotContainsf(t, d.Name(), "013", "%s: the 0.1.3 profile's files belong in compat013", path)
		return nil
	}))
	forEachGoFile(t, 0, func(path, pkg string, f *ast.File) {
		if pkg == "compat013" {
			return
		}
		assert.NotContainsf(t, filepath.Base(path), "013", "%s: the 0.1.3 profile's code belongs in compat013", path)
		ast.Inspect(f, func(n ast.Node) bool {
			var names []*ast.Ident
			switch n := n.(type) {
			case *ast.FuncDecl:
				names = append(names, n.Name)
			case *ast.TypeSpec:
				names = append(names, n.Name)
			case *ast.ValueSpec:
				names = append(names, n.Names...)
			case *ast.Field:
				names = append(names, n.Names...)
			}
			for _, id := range names {
				if pkg == "." && id.Name == "Profile013" {
					continue
				}
				assert.NotContainsf(t, id.Name, "013", "%s: %s belongs to the 0.1.3 profile, in compat013", path, id.Name)
			}
			return true
		})
	})
}

// ownModule reports whether dir holds a Go module of its own (a bench
// tool with its own dependencies): not part of this module's layers.
func ownModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// forEachImport calls fn with every import of every non-test Go file of
// the module (bench tools with their own go.mod and testdata left out):
// the file's path, its package directory and the imported path.
func forEachImport(t *testing.T, fn func(path, pkg, imp string)) {
	t.Helper()
	forEachGoFile(t, parser.ImportsOnly, func(path, pkg string, f *ast.File) {
		for _, imp := range f.Imports {
			fn(path, pkg, strings.Trim(imp.Path.Value, `"`))
		}
	})
}

// forEachGoFile calls fn with every non-test Go file of the module (bench
// tools with their own go.mod and testdata left out), parsed in mode: its
// path, its package directory and its syntax tree.
func forEachGoFile(t *testing.T, mode parser.Mode, fn func(path, pkg string, f *ast.File)) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() {
			// The directories the go tool passes over too.
			skipped := strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") || d.Name() == "testdata"
			if path != "." && (skipped || ownModule(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, mode)
		require.NoError(t, err)
		fn(path, filepath.ToSlash(filepath.Dir(path)), f)
		return nil
	})
	require.NoError(t, err)
}

// publicAnalyses are the analyses the engine alone imports that stay
// public all the same: their result types are the library's API.
var publicAnalyses = map[string]bool{"verbosity": true}

// A package that only internal/ packages import is an implementation
// detail of theirs: it lives under internal/ too, out of the public API.
func TestInternalOnlyPackagesAreInternal(t *testing.T) {
	importers := map[string]map[string]bool{}
	forEachImport(t, func(_, pkg, imp string) {
		if !strings.HasPrefix(imp, module+"/") {
			return
		}
		rel := strings.TrimPrefix(imp, module+"/")
		if importers[rel] == nil {
			importers[rel] = map[string]bool{}
		}
		importers[rel][pkg] = true
	})
	require.Contains(t, importers, "source")
	for pkg, by := range importers {
		if isInternal(pkg) || publicAnalyses[pkg] {
			continue
		}
		outside := false
		for importer := range by {
			outside = outside || !isInternal(importer)
		}
		assert.Truef(t, outside, "%s is imported only by internal packages; move it under internal/", pkg)
	}
}

// isInternal reports whether the package directory pkg is under internal/.
func isInternal(pkg string) bool { return strings.HasPrefix(pkg, "internal/") }

// The README's Layout section names every package of the module (by its
// directory, in backquotes) and no package that is not there.
func TestReadmeLayoutAgreesWithTree(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	text := string(readme)
	start := strings.Index(text, "\n## Layout\n")
	require.NotEqual(t, -1, start, "README.md has no Layout section")
	section := text[start+len("\n## Layout\n"):]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	pkgs := map[string]bool{}
	forEachImport(t, func(_, pkg, _ string) { pkgs[pkg] = true })
	require.Contains(t, pkgs, "internal/cache")
	for pkg := range pkgs {
		if pkg == "." || strings.HasPrefix(pkg, "bench/") || strings.HasPrefix(pkg, "scripts/") {
			continue
		}
		assert.Containsf(t, section, "`"+pkg+"`", "the README's Layout section does not name the package %s", pkg)
	}
	for _, quoted := range strings.Split(section, "`")[1:] {
		name := strings.Fields(quoted + " x")[0]
		if !strings.HasPrefix(name, "internal/") {
			continue
		}
		assert.Truef(t, pkgs[name], "the README's Layout section names %s, which is not a package of the tree", name)
	}
}

// wdReaders may read the process's working directory: the command (its
// configuration is found from where it runs, and it passes that as
// Options.WorkDir), the tests' helpers, the benchmarks, and vfs.Mem,
// which resolves a relative name given to it as the operating system
// resolves one given to it.
var wdReaders = map[string]bool{"cmd/scb-check": true, "internal/testkit": true, "vfs/mem.go": true}

// The library never reads the process's working directory behind the
// caller's back: the directory configuration is found from is
// Options.WorkDir, else the analysed tree's root.
func TestLibraryReadsNoWorkingDirectory(t *testing.T) {
	forEachGoFile(t, 0, func(path, pkg string, f *ast.File) {
		if wdReaders[pkg] || wdReaders[filepath.ToSlash(path)] || strings.HasPrefix(pkg, "bench/") {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, isIdent := sel.X.(*ast.Ident); isIdent && x.Name == "os" && sel.Sel.Name == "Getwd" {
				t.Errorf("%s calls os.Getwd: only the command reads the working directory", path)
			}
			return true
		})
	})
}
