package scbcheck

import (
	"os"
	"path/filepath"
)

// EnvAstGrep is the environment variable LocateAstGrep reads.
const EnvAstGrep = "SCB_CHECK_AST_GREP"

// projectAstGrep is the project-local install, relative to the directory
// of the executable running: scripts/setup builds scb-check into
// .tools/bin and installs ast-grep under .tools/ast-grep.
var projectAstGrep = filepath.Join("..", "ast-grep", "node_modules", ".bin", "ast-grep")

// LocateAstGrep picks the ast-grep executable the way scb-check does, for
// Options.AstGrep: explicit when it is not empty, else the value of
// $SCB_CHECK_AST_GREP, else the project-local install beside the running
// executable (../ast-grep/node_modules/.bin/ast-grep from its directory)
// when that is a file, else "ast-grep", looked up on PATH. Options.AstGrep
// left empty is "ast-grep" on PATH: the library reads no environment
// variable unless asked to by calling this.
func LocateAstGrep(explicit string) string {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	return locateAstGrep(explicit, os.Getenv(EnvAstGrep), exe)
}

// locateAstGrep is LocateAstGrep given the variable's value and the
// running executable's path ("" when unknown).
func locateAstGrep(explicit, env, exe string) string {
	if explicit != "" {
		return explicit
	}
	if env != "" {
		return env
	}
	if exe != "" {
		local := filepath.Join(filepath.Dir(exe), projectAstGrep)
		if info, err := os.Stat(local); err == nil && !info.IsDir() {
			return local
		}
	}
	return "ast-grep"
}
