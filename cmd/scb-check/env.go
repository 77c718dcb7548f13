package main

import (
	"os"
	"path/filepath"
	"strings"
)

// Environment variables read by the CLI (and nowhere else).
const (
	envAstGrep    = "SCB_CHECK_AST_GREP"
	envExtraRules = "SCB_CHECK_EXTRA_SLOP_RULES"
	envCatalog    = "SCB_CHECK_SLOP_RULES"
	envCompat     = "SCB_CHECK_COMPAT"
)

// projectAstGrep is the project-local install made by scripts/setup,
// relative to the directory holding the scb-check binary (.tools/bin).
var projectAstGrep = filepath.Join("..", "ast-grep", "node_modules", ".bin", "ast-grep")

// locateAstGrep picks the ast-grep executable: the --ast-grep flag, then
// $SCB_CHECK_AST_GREP, then the project-local install next to this binary,
// then "ast-grep" on PATH.
func locateAstGrep(flag string) string {
	if flag != "" {
		return flag
	}
	if env := os.Getenv(envAstGrep); env != "" {
		return env
	}
	if exe, err := os.Executable(); err == nil {
		local := filepath.Join(filepath.Dir(exe), projectAstGrep)
		if info, err := os.Stat(local); err == nil && !info.IsDir() {
			return local
		}
	}
	return "ast-grep"
}

// extraRuleFiles splits $SCB_CHECK_EXTRA_SLOP_RULES on the OS path-list
// separator, skipping empty entries.
func extraRuleFiles() []string { return pathList(envExtraRules) }

// catalogPaths are the rule files and directories replacing the bundled
// catalog: the --catalog flags when there are any, else
// $SCB_CHECK_SLOP_RULES split on the OS path-list separator.
func catalogPaths(flags []string) []string {
	if len(flags) > 0 {
		return flags
	}
	return pathList(envCatalog)
}

// pathList splits an environment variable on the OS path-list separator,
// skipping empty entries.
func pathList(name string) []string {
	var out []string
	for _, p := range filepath.SplitList(os.Getenv(name)) {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}
