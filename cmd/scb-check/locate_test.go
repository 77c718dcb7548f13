package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// tree is the files of paths for testkit.WriteTree, empty; a path with a
// trailing slash is a directory (holding an empty file).
func tree(paths []string) map[string]string {
	files := map[string]string{}
	for _, p := range paths {
		if strings.HasSuffix(p, "/") {
			p += "README"
		}
		files[p] = ""
	}
	return files
}

// The lookup's order, on the layouts each way of installing makes: the
// explicit path, the variable, ast-grep beside the executable, the
// source checkout's install, node_modules/.bin in the executable's
// directory, the nearest node_modules/.bin above an executable inside
// node_modules up to the project holding it (links resolved), then PATH.
func TestLocateAstGrep(t *testing.T) {
	const (
		checkout = ".tools/bin/scb-check"
		local    = ".tools/ast-grep/node_modules/.bin/ast-grep"
		npmExe   = "proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check"
		npmSg    = "proj/node_modules/.bin/ast-grep"
		pnpmExe  = "proj/node_modules/.pnpm/@scbcheck+cli-linux-x64@0.2.0/node_modules/@scbcheck/cli-linux-x64/bin/scb-check"
		hookExe  = "repo/node_env-system/lib/node_modules/scbcheck-pre-commit/bin/scb-check"
		hookSg   = "repo/node_env-system/lib/node_modules/scbcheck-pre-commit/node_modules/.bin/ast-grep"
	)
	cases := []struct {
		name          string
		files         []string
		links         map[string]string
		explicit, env string
		exe           string // relative to the layout's root
		want          string // relative to the layout's root, unless "ast-grep"
	}{
		{name: "explicit wins", files: []string{checkout, local, ".tools/bin/ast-grep"}, explicit: "/opt/sg", env: "/env/sg", exe: checkout, want: "/opt/sg"},
		{name: "then the variable", files: []string{checkout, local, ".tools/bin/ast-grep"}, env: "/env/sg", exe: checkout, want: "/env/sg"},
		{name: "then ast-grep beside the executable (a wheel's venv bin)",
			files: []string{"venv/bin/scb-check", "venv/bin/ast-grep", "venv/pyvenv.cfg", "venv/node_modules/.bin/ast-grep"},
			exe:   "venv/bin/scb-check", want: "venv/bin/ast-grep"},
		{name: "beside comes before the checkout's install", files: []string{checkout, local, ".tools/bin/ast-grep"}, exe: checkout, want: ".tools/bin/ast-grep"},
		{name: "then the checkout's install", files: []string{checkout, local, "node_modules/.bin/ast-grep"}, exe: checkout, want: local},
		{name: "then the npm project's node_modules/.bin", files: []string{npmExe, npmSg}, exe: npmExe, want: npmSg},
		{name: "the nearest node_modules/.bin wins",
			files: []string{npmExe, npmSg, "proj/node_modules/@scbcheck/cli-linux-x64/node_modules/.bin/ast-grep", "node_modules/.bin/ast-grep"},
			exe:   npmExe, want: "proj/node_modules/@scbcheck/cli-linux-x64/node_modules/.bin/ast-grep"},
		{name: "no higher than the project that holds the outermost node_modules",
			files: []string{npmExe, "node_modules/.bin/ast-grep"}, exe: npmExe, want: "ast-grep"},
		{name: "pnpm's store inside the project's node_modules",
			files: []string{pnpmExe, npmSg, "node_modules/.bin/ast-grep"}, exe: pnpmExe, want: npmSg},
		{name: "the pre-commit hook's environment", files: []string{hookExe, hookSg}, exe: hookExe, want: hookSg},
		{name: "a release archive's directory after npm install --prefix",
			files: []string{"rel/scb-check", "rel/node_modules/.bin/ast-grep"}, exe: "rel/scb-check", want: "rel/node_modules/.bin/ast-grep"},
		{name: "a release binary in an untrusted tree does not run the tree's node_modules",
			files: []string{"tree/scb-check_0.2.0_linux_amd64/scb-check", "tree/node_modules/.bin/ast-grep", "node_modules/.bin/ast-grep"},
			exe:   "tree/scb-check_0.2.0_linux_amd64/scb-check", want: "ast-grep"},
		{name: "a link inside node_modules to a binary outside is not an npm package's",
			files: []string{"opt/scb-check", "proj/node_modules/.bin/ast-grep"}, links: map[string]string{"proj/node_modules/.bin/scb-check": "opt/scb-check"},
			exe: "proj/node_modules/.bin/scb-check", want: "ast-grep"},
		{name: "links in the executable's path are resolved",
			files: []string{npmExe, npmSg}, links: map[string]string{"bin/scb-check": npmExe},
			exe: "bin/scb-check", want: npmSg},
		{name: "ast-grep beside the link's target, not the link",
			files: []string{"opt/scb/scb-check", "opt/scb/ast-grep", "bin/ast-grep"}, links: map[string]string{"bin/scb-check": "opt/scb/scb-check"},
			exe: "bin/scb-check", want: "opt/scb/ast-grep"},
		{name: "directories are not executables",
			files: []string{"pkg/bin/scb-check", "pkg/bin/ast-grep/", "pkg/ast-grep/node_modules/.bin/ast-grep/", "node_modules/.bin/ast-grep/"},
			exe:   "pkg/bin/scb-check", want: "ast-grep"},
		{name: "then PATH without one", files: []string{"bin/scb-check"}, exe: "bin/scb-check", want: "ast-grep"},
		{name: "then PATH when the executable is unknown", want: "ast-grep"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			testkit.WriteTree(t, root, tree(c.files))
			testkit.LinkTree(t, root, c.links)
			exe, want := "", c.want
			if c.exe != "" {
				exe = filepath.Join(root, filepath.FromSlash(c.exe))
			}
			if want != "ast-grep" && !filepath.IsAbs(want) {
				want = filepath.Join(root, filepath.FromSlash(want))
			}
			assert.Equal(t, want, locateAstGrep(c.explicit, c.env, exe))
		})
	}

	t.Setenv(envAstGrep, "/from/env")
	assert.Equal(t, "/from/env", runningAstGrep(""), "the command reads $SCB_CHECK_AST_GREP")
	assert.Equal(t, "/given", runningAstGrep("/given"))
}

// A directory every user may write to (like /tmp) is not searched: its
// ast-grep or node_modules could be anyone's. The same layout in a
// directory only its owner writes to is.
func TestLocateAstGrepSkipsDirectoriesAnyoneWrites(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	testkit.WriteTree(t, root, tree([]string{"shared/bin/scb-check", "shared/bin/ast-grep", "shared/ast-grep/node_modules/.bin/ast-grep"}))
	exe := filepath.Join(root, "shared", "bin", "scb-check")
	require.Equal(t, filepath.Join(root, "shared", "bin", "ast-grep"), locateAstGrep("", "", exe))

	require.NoError(t, os.Chmod(filepath.Join(root, "shared", "bin"), 0o777))
	assert.Equal(t, filepath.Join(root, "shared", "ast-grep", "node_modules", ".bin", "ast-grep"), locateAstGrep("", "", exe),
		"ast-grep beside is skipped; the checkout's install is under the parent")
	require.NoError(t, os.Chmod(filepath.Join(root, "shared"), 0o1777))
	assert.Equal(t, "ast-grep", locateAstGrep("", "", exe), "the checkout's install is skipped")

	// The same for the project above an npm package's binary.
	npmExe := filepath.Join(root, "proj", "node_modules", "@scbcheck", "cli-linux-x64", "bin", "scb-check")
	testkit.WriteTree(t, root, tree([]string{"proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check", "proj/node_modules/.bin/ast-grep"}))
	require.Equal(t, filepath.Join(root, "proj", "node_modules", ".bin", "ast-grep"), locateAstGrep("", "", npmExe))
	require.NoError(t, os.Chmod(filepath.Join(root, "proj"), 0o1777))
	assert.Equal(t, "ast-grep", locateAstGrep("", "", npmExe), "proj/node_modules is skipped")
}

// The current directory is not searched: a tree analysed from inside
// holds what it likes.
func TestLocateAstGrepIgnoresTheCurrentDirectory(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	testkit.WriteTree(t, root, tree([]string{"tree/ast-grep", "tree/node_modules/.bin/ast-grep", "bin/scb-check"}))
	t.Chdir(filepath.Join(root, "tree"))
	assert.Equal(t, "ast-grep", locateAstGrep("", "", filepath.Join(root, "bin", "scb-check")))
}
