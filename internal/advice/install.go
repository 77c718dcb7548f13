package advice

import (
	"path/filepath"

	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/rules"
)

// Install is how this copy of scb-check was installed, which says how to
// get the ast-grep it needs.
type Install int

// The ways of installing scb-check.
const (
	// InstallUnknown: none of the others (go install, a release
	// archive, a copy).
	InstallUnknown Install = iota
	// InstallNpm: an npm package, the executable inside a node_modules
	// directory (the pre-commit hook's environment too).
	InstallNpm
	// InstallPython: a Python package, the executable in a Python
	// environment (a pyvenv.cfg above it, or a python beside it).
	InstallPython
	// InstallSource: built in a source checkout of this module
	// (scripts/setup's .tools/bin, or go build at its root).
	InstallSource
)

// InstallText is what to do about a missing ast-grep, for the way this
// copy was installed (root: the source checkout's). Only a source
// checkout is told to run scripts/setup: no other install has it.
func InstallText(kind Install, root string) option.Text {
	need := "scb-check needs the ast-grep CLI " + rules.PinnedAstGrep
	name := option.Text{option.Lit("or pass its path with --ast-grep PATH or $SCB_CHECK_AST_GREP, or run with "), option.Name(option.DisableSG)}
	var how string
	switch kind {
	case InstallNpm:
		how = need + ", a dependency of scb-check's npm package: install it where scb-check was installed (npm install @ast-grep/cli@" +
			rules.PinnedAstGrep + "), "
	case InstallPython:
		how = need + ", a dependency of scb-check's Python package: install it into the same Python environment (pip install ast-grep-cli==" +
			rules.PinnedAstGrep + "), "
	case InstallSource:
		how = need + ": run " + filepath.Join(root, "scripts", "setup") + " (it installs ast-grep into the checkout's .tools/ast-grep), "
	default:
		// npm's --prefix keeps ast-grep's sg off PATH (Debian's
		// /usr/bin/sg is another program); the lookup takes
		// DIR/node_modules/.bin/ast-grep when DIR is the executable's
		// directory.
		how = need + ": install it (npm install --prefix DIR @ast-grep/cli@" + rules.PinnedAstGrep +
			" gives DIR/node_modules/.bin/ast-grep, found when DIR is scb-check's directory; pip install ast-grep-cli==" + rules.PinnedAstGrep +
			" puts ast-grep in the Python environment's bin), put it beside scb-check or on PATH, "
	}
	return append(option.Text{option.Lit(how)}, name...)
}
