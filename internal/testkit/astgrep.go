package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// AstGrep returns the pinned ast-grep the tests run: $SCB_CHECK_AST_GREP,
// else the install scripts/setup makes under the module root's .tools.
// It fails the test when there is none.
func AstGrep(t testing.TB) string {
	t.Helper()
	if env := os.Getenv("SCB_CHECK_AST_GREP"); env != "" {
		return env
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	local := filepath.Join(dir, ".tools", "ast-grep", "node_modules", ".bin", "ast-grep")
	if _, err := os.Stat(local); err != nil {
		t.Fatal("the tests need the pinned ast-grep: run scripts/setup (or set SCB_CHECK_AST_GREP)")
	}
	return local
}
