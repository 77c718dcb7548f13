package scbcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestMain puts the pinned ast-grep on PATH as "ast-grep", so that the
// examples run it as a reader's program would: AstGrep: "ast-grep".
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	path, err := testkit.AstGrepPath()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	dir, err := os.MkdirTemp("", "scbcheck-ast-grep-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	abs, err := filepath.Abs(path)
	if err == nil {
		err = os.Symlink(abs, filepath.Join(dir, "ast-grep"))
	}
	if err == nil {
		err = os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}
