package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TinyDisk mounts a tmpfs of the given size ("64k") on a new temporary
// directory and returns the directory, unmounted when the test ends: a
// disk that fills up for real. The test is skipped, saying why, where
// mounting is not permitted (not Linux, not root, no mount in the
// container).
func TinyDisk(t testing.TB, size string) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("a tiny disk needs a Linux tmpfs mount")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	dir = filepath.Join(dir, "disk")
	require.NoError(t, os.Mkdir(dir, 0o755))
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mounting a %s tmpfs is not permitted here (needs root and mount rights): %v: %s", size, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	return dir
}
