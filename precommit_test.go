package scbcheck_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// hookDef is one entry of .pre-commit-hooks.yaml.
type hookDef struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	PassFilenames *bool    `yaml:"pass_filenames"`
	RequireSerial bool     `yaml:"require_serial"`
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

func TestPreCommitHooksDeclareWholeTreeRuns(t *testing.T) {
	hooks := loadHooks(t)
	require.Contains(t, hooks, "scb-check")
	require.Contains(t, hooks, "scb-check-without-ast-grep")
	for id, h := range hooks {
		assert.Equal(t, "golang", h.Language, id)
		if assert.NotNil(t, h.PassFilenames, "%s: pass_filenames must be set (pre-commit's default is true)", id) {
			assert.False(t, *h.PassFilenames, "%s: the metrics are whole-tree", id)
		}
		assert.True(t, h.RequireSerial, id)
		assert.ElementsMatch(t, []string{"python", "rust"}, h.TypesOr, id)
		assert.NotEmpty(t, h.Name, id)
		// pre-commit splits the entry like a shell would; ours has no
		// quoting, so splitting on spaces is the same.
		assert.NotContains(t, h.Entry, `"`, id)
		assert.NotContains(t, h.Entry, `'`, id)
		assert.True(t, strings.HasPrefix(h.Entry, "scb-check check "), "%s: entry %q", id, h.Entry)
	}
}

// TestPreCommitHookEntry runs each hook as pre-commit would: the module is
// installed with `go install ./...` (pre-commit's golang language does
// exactly that, into its own GOPATH's bin; here GOBIN, to share the module
// cache), that bin directory is put first on PATH, and the entry is run
// from the root of a user's git repository with the hook's args and no
// file names after it.
func TestPreCommitHookEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the module")
	}
	bin := t.TempDir()
	install := exec.Command("go", "install", "./...")
	install.Env = append(os.Environ(), "GOBIN="+bin)
	out, err := install.CombinedOutput()
	require.NoError(t, err, "go install ./...: %s", out)
	require.FileExists(t, filepath.Join(bin, "scb-check"))

	astGrep := testkit.AstGrep(t)

	// pre-commit puts the environment's bin directory first on PATH.
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	hooks := loadHooks(t)
	clean := map[string]string{"app.py": "def area(w, h):\n    return w * h\n", "lib.rs": "pub fn one() -> i32 {\n    1\n}\n"}
	sloppy := map[string]string{
		"app.py": "def _identity(value):\n    return value\n\n\ndef noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n",
		// A file the hook must see although it is not staged: the tree
		// is analyzed whole.
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
		{"slop fails the commit, one line per finding", "scb-check", sloppy, nil, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
				"app.py:6:5: warning[for-range-len]: Loop over `items` directly (or with enumerate) instead of indexing through range(len(...)).\n" +
				"pkg/unstaged.py:1:1: warning[trivial-wrapper]: `_same` adds no behavior\n"},
		{"without ast-grep the slop rules do not run", "scb-check-without-ast-grep", sloppy, nil, 1,
			"app.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior\n" +
				"pkg/unstaged.py:1:1: warning[trivial-wrapper]: `_same` adds no behavior\n"},
		{"args from .pre-commit-config.yaml are appended: a gate decides", "scb-check", sloppy,
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
			cmd.Env = append(os.Environ(), "SCB_CHECK_AST_GREP="+astGrep, "SCB_CHECK_EXTRA_SLOP_RULES=")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			code := 0
			if err := cmd.Run(); err != nil {
				var exit *exec.ExitError
				require.True(t, errors.As(err, &exit), "running %v: %v", argv, err)
				code = exit.ExitCode()
			}
			assert.Equal(t, tt.exit, code, "stderr: %s", stderr.String())
			assert.Equal(t, tt.stdout, stdout.String())
			assert.Empty(t, stderr.String())
		})
	}
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
