package testkit

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// AstGrep returns the pinned ast-grep the tests run (see AstGrepPath).
// It fails the test when there is none: the tests never skip for want of
// ast-grep.
func AstGrep(t testing.TB) string {
	t.Helper()
	path, err := AstGrepPath()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// AstGrepPath returns the pinned ast-grep the tests run: $SCB_CHECK_AST_GREP
// (taken as given), else the install scripts/setup makes under the module
// root's .tools (the first directory holding a go.mod above the working
// directory). It is for TestMain, which has no testing.TB; tests call
// AstGrep.
func AstGrepPath() (string, error) {
	if env := os.Getenv("SCB_CHECK_AST_GREP"); env != "" {
		return env, nil
	}
	dir, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	local := filepath.Join(dir, ".tools", "ast-grep", "node_modules", ".bin", "ast-grep")
	if _, err := os.Stat(local); err != nil {
		return "", errors.New("the tests need the pinned ast-grep: run scripts/setup (or set SCB_CHECK_AST_GREP); " + err.Error())
	}
	return local, nil
}

// ModuleRoot returns the module root: the first directory holding a
// go.mod at or above the working directory.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the test's directory")
		}
		dir = parent
	}
}
