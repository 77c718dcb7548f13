package main

import (
	"os"
	"path/filepath"
	"strings"
)

// Environment variables read by the CLI (the library reads none).
const (
	envAstGrep    = "SCB_CHECK_AST_GREP"
	envExtraRules = "SCB_CHECK_EXTRA_SLOP_RULES"
	envCatalog    = "SCB_CHECK_SLOP_RULES"
	envCompat     = "SCB_CHECK_COMPAT"
)

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
