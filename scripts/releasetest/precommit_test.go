package releasetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/rules"
)

// hookDef is one entry of .pre-commit-hooks.yaml.
type hookDef struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	PassFilenames *bool    `yaml:"pass_filenames"`
	RequireSerial bool     `yaml:"require_serial"`
	AlwaysRun     bool     `yaml:"always_run"`
	TypesOr       []string `yaml:"types_or"`
	Args          []string `yaml:"args"`
}

func loadHooks(t *testing.T) map[string]hookDef {
	t.Helper()
	data, err := os.ReadFile(".pre-commit-hooks.yaml")
	require.NoError(t, err)
	var hooks []hookDef
	require.NoError(t, yaml.Unmarshal(data, &hooks))
	byID := map[string]hookDef{}
	for _, h := range hooks {
		byID[h.ID] = h
	}
	return byID
}

// The hooks judging the commit run on every commit (a configuration or
// ignore file alone can add findings); the whole-tree one when a Python
// or Rust file is part of it. None gets file names: the metrics are
// whole-tree.
func TestPreCommitHooksDeclareWholeTreeRuns(t *testing.T) {
	hooks := loadHooks(t)
	staged := map[string]bool{"scb-check": true, "scb-check-without-ast-grep": true, "scb-check-all": false}
	require.Len(t, hooks, len(staged))
	for id, h := range hooks {
		require.Contains(t, staged, id)
		assert.Equal(t, "node", h.Language, id, "package.json builds scb-check and brings ast-grep")
		if assert.NotNil(t, h.PassFilenames, "%s: pass_filenames must be set (pre-commit's default is true)", id) {
			assert.False(t, *h.PassFilenames, "%s: the metrics are whole-tree", id)
		}
		assert.True(t, h.RequireSerial, id)
		assert.Equal(t, staged[id], strings.Contains(h.Entry, " --staged "), "%s: entry %q", id, h.Entry)
		assert.Equal(t, staged[id], h.AlwaysRun, id)
		if staged[id] {
			assert.Empty(t, h.TypesOr, id)
		} else {
			assert.ElementsMatch(t, []string{"python", "rust"}, h.TypesOr, id)
		}
		assert.NotEmpty(t, h.Name, id)
		// pre-commit splits the entry like a shell would; ours has no
		// quoting, so splitting on spaces is the same.
		assert.NotContains(t, h.Entry, `"`, id)
		assert.NotContains(t, h.Entry, `'`, id)
		assert.True(t, strings.HasPrefix(h.Entry, "scb-check check "), "%s: entry %q", id, h.Entry)
	}
}

// hookPackage is the part of package.json that pre-commit's node
// language uses.
type hookPackage struct {
	Name         string            `json:"name"`
	Version      string            `json:"version"`
	Private      bool              `json:"private"`
	Bin          map[string]string `json:"bin"`
	Files        []string          `json:"files"`
	Scripts      map[string]string `json:"scripts"`
	Dependencies map[string]string `json:"dependencies"`
}

func loadHookPackage(t *testing.T) hookPackage {
	t.Helper()
	data, err := os.ReadFile("package.json")
	require.NoError(t, err)
	var pkg hookPackage
	require.NoError(t, json.Unmarshal(data, &pkg))
	return pkg
}

// pre-commit installs the hooks (language: node) with `npm install` in
// its clone, then `npm install -g` of what `npm pack` makes of it. The
// package's only program is scb-check, built in the clone by the install
// script (which does not run again where the packed package is installed:
// it has no scripts/), and its only dependency the pinned ast-grep.
func TestPreCommitHookPackage(t *testing.T) {
	pkg := loadHookPackage(t)
	assert.True(t, pkg.Private, "the hook's package is not published")
	assert.Equal(t, scbcheck.Version, pkg.Version)
	assert.Equal(t, map[string]string{"scb-check": "bin/scb-check"}, pkg.Bin)
	assert.Equal(t, []string{"bin/scb-check"}, pkg.Files, "npm pack packs the binary, not the sources")
	assert.Equal(t, map[string]string{"@ast-grep/cli": rules.PinnedAstGrep}, pkg.Dependencies, "exactly the pinned version")
	assert.Equal(t, map[string]string{"install": "test ! -f scripts/pre-commit-build || sh scripts/pre-commit-build"}, pkg.Scripts,
		"no prepare or prepack script: npm pack would print its output where pre-commit reads the tarball's name")
	build, err := os.ReadFile(filepath.Join("scripts", "pre-commit-build"))
	require.NoError(t, err)
	assert.Contains(t, string(build), "\nCGO_ENABLED=1 go build -o bin/scb-check ./cmd/scb-check\n", "only the CLI is built, with cgo")
	assert.NotContains(t, pkg.Files, "scripts/pre-commit-build")
}

// exitStatus runs cmd and returns its exit status; a command that could
// not be started fails the test.
func exitStatus(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	require.NoError(t, err, "running %v", cmd.Args)
	return 0
}

// scripts/pre-commit-build checks for Go and a C compiler before it
// builds, says which is missing, and builds with cgo on even when the
// user's CGO_ENABLED is 0. Run by sh with a PATH of stand-ins: a go that
// records how it was run, and the compilers each case has.
func TestPreCommitBuildNeedsACCompiler(t *testing.T) {
	script, err := filepath.Abs(filepath.Join("scripts", "pre-commit-build"))
	require.NoError(t, err)
	const fakeGo = "#!/bin/sh\nprintf 'CGO_ENABLED=%s CC=%s %s\\n' \"$CGO_ENABLED\" \"${CC:-}\" \"$*\" >\"$RECORD\"\n"
	const fakeCC = "#!/bin/sh\nexit 0\n"
	tests := []struct {
		name     string
		programs []string // on PATH
		cc       string   // $CC, unset when empty
		exit     int
		ran      string // what go recorded; "" when it did not run
		stderr   string // a part of it
	}{
		{"gcc", []string{"go", "gcc"}, "", 0, "CGO_ENABLED=1 CC= build -o bin/scb-check ./cmd/scb-check", ""},
		{"only cc: go is told to use it", []string{"go", "cc"}, "", 0, "CGO_ENABLED=1 CC=cc build -o bin/scb-check ./cmd/scb-check", ""},
		{"CC names one that is there", []string{"go", "clang"}, "clang", 0, "CGO_ENABLED=1 CC=clang build -o bin/scb-check ./cmd/scb-check", ""},
		{"CC with arguments", []string{"go", "ccache"}, "ccache gcc", 0, "CGO_ENABLED=1 CC=ccache gcc build -o bin/scb-check ./cmd/scb-check", ""},
		{"no C compiler", []string{"go"}, "", 1, "", "a C compiler is required to build scb-check (cgo: its tree-sitter grammars are C): install gcc"},
		{"CC names one that is not there, though gcc is", []string{"go", "gcc"}, "clang-99", 1, "",
			"a C compiler is required to build scb-check (cgo: its tree-sitter grammars are C), and CC is 'clang-99' but clang-99 is not installed"},
		{"no Go", []string{"gcc"}, "", 1, "", "Go is required to build scb-check"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin, work := t.TempDir(), t.TempDir()
			for _, p := range tt.programs {
				body := fakeCC
				if p == "go" {
					body = fakeGo
				}
				require.NoError(t, os.WriteFile(filepath.Join(bin, p), []byte(body), 0o755))
			}
			record := filepath.Join(work, "go-ran")
			cmd := exec.Command("/bin/sh", script)
			cmd.Dir = work
			cmd.Env = []string{"PATH=" + bin, "RECORD=" + record, "CGO_ENABLED=0"}
			if tt.cc != "" {
				cmd.Env = append(cmd.Env, "CC="+tt.cc)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			assert.Equal(t, tt.exit, exitStatus(t, cmd), "stderr: %s", stderr.String())
			assert.Contains(t, stderr.String(), tt.stderr)
			if tt.stderr != "" {
				assert.True(t, strings.HasPrefix(stderr.String(), "scb-check's pre-commit hook: "), stderr.String())
			}
			ran, err := os.ReadFile(record)
			if tt.ran == "" {
				assert.ErrorIs(t, err, os.ErrNotExist, "go must not run")
				return
			}
			require.NoError(t, err, "go did not run; stderr: %s", stderr.String())
			assert.Equal(t, tt.ran+"\n", string(ran))
		})
	}
}

// TestPreCommitHookEntry runs each hook as pre-commit would, in the
// layout pre-commit's node language installs: the package's bin/scb-check
// (built as scripts/pre-commit-build builds it) linked from the
// environment's bin, which comes first on PATH, and @ast-grep/cli's
// ast-grep in the package's node_modules/.bin. No $SCB_CHECK_AST_GREP:
// scb-check finds that ast-grep itself. The entry is run from the root of
// a user's git repository with the hook's args and no file names after it.
// scripts/test-precommit runs the real pre-commit.
func TestPreCommitHookEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	astGrep, err := filepath.Abs(testkit.AstGrep(t))
	require.NoError(t, err)
	env := t.TempDir()
	pkgDir := filepath.Join(env, "lib", "node_modules", loadHookPackage(t).Name)
	install := exec.Command("go", "build", "-o", filepath.Join(pkgDir, "bin", "scb-check"), "./cmd/scb-check")
	out, err := install.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	bin := filepath.Join(env, "bin")
	for link, target := range map[string]string{
		filepath.Join(bin, "scb-check"):                           filepath.Join("..", "lib", "node_modules", filepath.Base(pkgDir), "bin", "scb-check"),
		filepath.Join(pkgDir, "node_modules", ".bin", "ast-grep"): astGrep,
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(link), 0o755))
		require.NoError(t, os.Symlink(target, link))
	}

	// pre-commit puts the environment's bin directory first on PATH. An
	// ast-grep that fails comes next: the hook must not need PATH's.
	decoy := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(decoy, "ast-grep"), []byte("#!/bin/sh\nexit 3\n"), 0o755))
	t.Setenv("PATH", strings.Join([]string{bin, decoy, os.Getenv("PATH")}, string(os.PathListSeparator)))
	var environ []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SCB_CHECK_") && !strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			environ = append(environ, kv)
		}
	}
	// The default cache of the hooks judging the commit.
	cacheHome := t.TempDir()
	environ = append(environ, "XDG_CACHE_HOME="+cacheHome)

	hooks := loadHooks(t)
	clean := map[string]string{"app.py": "def area(w, h):\n    return w * h\n", "lib.rs": "pub fn one() -> i32 {\n    1\n}\n"}
	sloppy := map[string]string{
		"app.py": "def _identity(value):\n    return value\n\n\ndef noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n",
		// A file not staged: the whole-tree hook sees it, those judging
		// the commit do not.
		"pkg/unstaged.py": "def _same(x):\n    return x\n",
	}
	tests := []struct {
		name     string
		hook     string
		files    map[string]string
		userArgs []string
		exit     int
		stdout   string
	}{
		{"a clean repository passes", "scb-check", clean, nil, 0, ""},
		{"slop staged for the first commit fails it, one line per finding", "scb-check", sloppy, nil, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
				"app.py:6:5: warning[for-range-len]: Loop over `items` directly (or with enumerate) instead of indexing through range(len(...)).\n"},
		{"without ast-grep the slop rules do not run", "scb-check-without-ast-grep", sloppy, nil, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n"},
		{"args from .pre-commit-config.yaml are appended: --disable-sg", "scb-check", sloppy,
			[]string{"--disable-sg"}, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n"},
		{"the whole-tree hook sees the files not staged", "scb-check-all", sloppy, nil, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
				"app.py:6:5: warning[for-range-len]: Loop over `items` directly (or with enumerate) instead of indexing through range(len(...)).\n" +
				"pkg/unstaged.py:1:1: warning[trivial-wrapper]: `_same` adds no behavior\n"},
		{"args are appended to the whole-tree hook: a gate decides", "scb-check-all", sloppy,
			[]string{"--max-verbosity", "1"}, 0,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
				"app.py:6:5: warning[for-range-len]: Loop over `items` directly (or with enumerate) instead of indexing through range(len(...)).\n" +
				"pkg/unstaged.py:1:1: warning[trivial-wrapper]: `_same` adds no behavior\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hook, ok := hooks[tt.hook]
			require.True(t, ok, tt.hook)
			repo := userRepo(t, tt.files)
			argv := append(append(strings.Fields(hook.Entry), hook.Args...), tt.userArgs...)
			path, err := exec.LookPath(argv[0])
			require.NoError(t, err)
			require.Equal(t, filepath.Join(bin, "scb-check"), path, "the installed binary comes first on PATH")
			cmd := exec.Command(path, argv[1:]...)
			cmd.Dir = repo
			cmd.Env = environ
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			assert.Equal(t, tt.exit, exitStatus(t, cmd), "stderr: %s", stderr.String())
			assert.Equal(t, tt.stdout, stdout.String())
			assert.Empty(t, stderr.String())
		})
	}
	caches, err := filepath.Glob(filepath.Join(cacheHome, "scb-check", "v*"))
	require.NoError(t, err)
	assert.NotEmpty(t, caches, "the hooks judging the commit keep their cache in $XDG_CACHE_HOME/scb-check")
}

// userRepo makes a git repository holding files, with app.py staged.
func userRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	repo, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for name, text := range files {
		p := filepath.Join(repo, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	if _, err := exec.LookPath("git"); err != nil {
		require.NoError(t, os.Mkdir(filepath.Join(repo, ".git"), 0o755))
		return repo
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "app.py"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	return repo
}
