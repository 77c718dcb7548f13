package main

import (
	"io"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"

	"github.com/scbcheck/scbcheck/internal/advice"
	libopt "github.com/scbcheck/scbcheck/option"
)

// modulePath is this program's Go module: a go.mod declaring it above
// the executable marks a source checkout.
const modulePath = "github.com/scbcheck/scbcheck"

// detectInstall says how the executable at exe was installed (links in
// its path resolved), and for a source checkout the checkout's root.
// The first that fits wins: npm, Python, source checkout. A pre-commit
// environment lies inside the clone of this repository, so node_modules
// is tried before go.mod.
func detectInstall(exe string) (advice.Install, string) {
	if exe == "" {
		return advice.InstallUnknown, ""
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	dir := filepath.Dir(exe)
	if outermostNodeModules(dir) != "" {
		return advice.InstallNpm, ""
	}
	if isFile(filepath.Join(dir, "python3")) || isFile(filepath.Join(dir, "python")) || ancestorWith(dir, "pyvenv.cfg") != "" {
		return advice.InstallPython, ""
	}
	if root := ancestorWith(dir, "go.mod"); root != "" && declaresModule(filepath.Join(root, "go.mod")) {
		return advice.InstallSource, root
	}
	return advice.InstallUnknown, ""
}

// ancestorWith returns dir or the nearest of its ancestors that holds a
// file named name, or "" when none does.
func ancestorWith(dir, name string) string {
	for d := dir; ; {
		if isFile(filepath.Join(d, name)) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// maxGoMod bounds how much of a go.mod is read to find its module line.
const maxGoMod = 1 << 20

// declaresModule reports whether the go.mod at path declares modulePath.
func declaresModule(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxGoMod))
	return err == nil && modfile.ModulePath(data) == modulePath
}

// isFile reports whether path names something that is not a directory
// (symbolic links followed).
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// The layouts of the ast-grep installs that the lookup below takes, each
// beside the executable of one way of installing scb-check.

// astGrepName is the file name of the ast-grep executable.
const astGrepName = "ast-grep"

// projectAstGrep is the project-local install, relative to the directory
// of the executable running: scripts/setup builds scb-check into
// .tools/bin and installs ast-grep under .tools/ast-grep.
var projectAstGrep = filepath.Join("..", "ast-grep", "node_modules", ".bin", astGrepName)

// npmAstGrep is where npm links the ast-grep of @ast-grep/cli, relative
// to the directory of the project that depends on it.
var npmAstGrep = filepath.Join("node_modules", ".bin", astGrepName)

// locateAstGrep picks the ast-grep executable for Options.AstGrep, given
// --ast-grep (explicit), the value of $SCB_CHECK_AST_GREP (env) and the
// running executable's path (exe, "" when unknown). The first of these
// wins:
//
//  1. explicit, when it is not empty;
//  2. env, when it is not empty;
//  3. an ast-grep file in the directory of the running executable (a
//     Python wheel installs scb-check into the environment's bin beside
//     the ast-grep of ast-grep-cli; a release archive unpacked beside
//     ast-grep);
//  4. the project-local install of a source checkout,
//     ../ast-grep/node_modules/.bin/ast-grep from the executable's
//     directory (scripts/setup);
//  5. node_modules/.bin/ast-grep in the executable's directory (a release
//     archive's directory after npm install --prefix DIR @ast-grep/cli);
//  6. when the executable lies inside a node_modules directory (an npm
//     package's binary; the pre-commit hook's environment), the
//     node_modules/.bin/ast-grep of the nearest of its ancestors that has
//     one, up to the directory holding the outermost node_modules (the
//     project that installed the package, whose @ast-grep/cli this is)
//     and no further;
//  7. "ast-grep", looked up on PATH when it runs.
//
// Symbolic links in the executable's path are resolved first. The current
// directory and the tree analysed are never searched: that tree is not
// trusted, and a program it holds is never run; nor are the directories
// above an executable that no package manager put there (a release binary
// unpacked into some tree does not run that tree's node_modules). Steps 3
// to 6 take only files (not directories), and none in a directory that
// every user may write to (such as /tmp, where `go run` puts its builds).
func locateAstGrep(explicit, env, exe string) string {
	if explicit != "" {
		return explicit
	}
	if env != "" {
		return env
	}
	if exe == "" {
		return astGrepName
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	dir := filepath.Dir(exe)
	if p := filepath.Join(dir, astGrepName); guarded(dir) && isFile(p) {
		return p
	}
	if p := filepath.Join(dir, projectAstGrep); guarded(filepath.Dir(dir)) && isFile(p) {
		return p
	}
	if p := filepath.Join(dir, npmAstGrep); guarded(dir) && isFile(p) {
		return p
	}
	top := outermostNodeModules(dir)
	if top == "" {
		return astGrepName
	}
	project := filepath.Dir(top)
	for d := dir; d != project; {
		d = filepath.Dir(d)
		if p := filepath.Join(d, npmAstGrep); guarded(d) && isFile(p) {
			return p
		}
	}
	return astGrepName
}

// outermostNodeModules returns the highest of dir and its ancestors that
// is named node_modules, or "" when none is.
func outermostNodeModules(dir string) string {
	top := ""
	for d := dir; ; {
		if filepath.Base(d) == "node_modules" {
			top = d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return top
		}
		d = parent
	}
}

// guarded reports whether dir is a directory that not everyone may
// write to: in one that is (such as /tmp, where `go run` builds), anyone
// could have put the file looked for.
func guarded(dir string) bool {
	info, err := os.Stat(dir)
	return err == nil && info.IsDir() && info.Mode().Perm()&0o002 == 0
}

// runningAstGrep is locateAstGrep for the running executable and the
// environment's $SCB_CHECK_AST_GREP.
func runningAstGrep(explicit string) string {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	return locateAstGrep(explicit, os.Getenv(envAstGrep), exe)
}

// runningInstallAdvice is what to do about a missing ast-grep, for the
// way the running executable was installed (advice.InstallText).
func runningInstallAdvice() libopt.Text {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	return advice.InstallText(detectInstall(exe))
}
