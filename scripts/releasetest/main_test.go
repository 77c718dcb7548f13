package releasetest

import (
	"fmt"
	"os"
	"testing"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestMain runs the tests from the module root: the action, workflows,
// scripts and Containerfiles they check name files relative to it.
func TestMain(m *testing.M) {
	root, err := testkit.ModuleRoot()
	if err == nil {
		err = os.Chdir(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "releasetest:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
