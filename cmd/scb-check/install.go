package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/scbcheck/scbcheck/rules"
)

// modulePath is this program's Go module: a go.mod declaring it above
// the executable marks a source checkout.
const modulePath = "github.com/scbcheck/scbcheck"

// installKind is how this copy of scb-check was installed, as the
// location of its executable tells.
type installKind int

const (
	// installUnknown: none of the others (go install, a release
	// archive, a copy).
	installUnknown installKind = iota
	// installNpm: an npm package, the executable inside a node_modules
	// directory (the pre-commit hook's environment too).
	installNpm
	// installPython: a Python package, the executable in a Python
	// environment (a pyvenv.cfg above it, or a python beside it).
	installPython
	// installSource: built in a source checkout of this module
	// (scripts/setup's .tools/bin, or go build at its root).
	installSource
)

// detectInstall says how the executable at exe was installed (links in
// its path resolved), and for a source checkout the checkout's root.
// The first that fits wins: npm, Python, source checkout. A pre-commit
// environment lies inside the clone of this repository, so node_modules
// is tried before go.mod.
func detectInstall(exe string) (installKind, string) {
	if exe == "" {
		return installUnknown, ""
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	dir := filepath.Dir(exe)
	if slices.Contains(strings.Split(filepath.ToSlash(dir), "/"), "node_modules") {
		return installNpm, ""
	}
	if isFile(filepath.Join(dir, "python3")) || isFile(filepath.Join(dir, "python")) || ancestorWith(dir, "pyvenv.cfg") != "" {
		return installPython, ""
	}
	if root := ancestorWith(dir, "go.mod"); root != "" && declaresModule(filepath.Join(root, "go.mod")) {
		return installSource, root
	}
	return installUnknown, ""
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

// isFile reports whether path names something that is not a directory.
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// installAdvice is what to do about a missing ast-grep, for the way this
// copy was installed (root: the source checkout's). Only a source
// checkout is told to run scripts/setup: no other install has it.
func installAdvice(kind installKind, root string) string {
	need := "scb-check needs the ast-grep CLI " + rules.PinnedAstGrep
	name := "or pass its path with --ast-grep PATH or $SCB_CHECK_AST_GREP, or run with --disable-sg"
	switch kind {
	case installNpm:
		return need + ", a dependency of scb-check's npm package: install it where scb-check was installed (npm install @ast-grep/cli@" +
			rules.PinnedAstGrep + "), " + name
	case installPython:
		return need + ", a dependency of scb-check's Python package: install it into the same Python environment (pip install ast-grep-cli==" +
			rules.PinnedAstGrep + "), " + name
	case installSource:
		return need + ": run " + filepath.Join(root, "scripts", "setup") + " (it installs ast-grep into the checkout's .tools/ast-grep), " + name
	}
	// npm's --prefix keeps ast-grep's sg off PATH (Debian's /usr/bin/sg
	// is another program); the lookup takes DIR/node_modules/.bin/ast-grep
	// when DIR is the executable's directory.
	return need + ": install it (npm install --prefix DIR @ast-grep/cli@" + rules.PinnedAstGrep +
		" gives DIR/node_modules/.bin/ast-grep, found when DIR is scb-check's directory; pip install ast-grep-cli==" + rules.PinnedAstGrep +
		" puts ast-grep in the Python environment's bin), put it beside scb-check or on PATH, " + name
}

// runningInstallAdvice is installAdvice for the running executable.
func runningInstallAdvice() string {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	return installAdvice(detectInstall(exe))
}
