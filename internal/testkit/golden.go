package testkit

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files with the output the tests produce")

// Updating reports whether the tests run with -update, so tests with
// their own expected-output formats can rewrite them too.
func Updating() bool { return *update }

// Golden compares got with the golden file at path. Run the tests with
// -update to write got to the file instead (directories are created);
// review the change in the diff.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "golden file %s (run the tests with -update to create it)", path)
	assert.Equal(t, string(want), string(got), "output differs from golden file %s (run with -update to accept)", path)
}
