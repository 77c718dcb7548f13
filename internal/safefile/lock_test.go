//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTryLock: a held lock refuses a second taker (even in one process:
// flock locks belong to the open file), naming the holder with its control
// characters removed; released, it is taken again and names the new holder.
func TestTryLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "new", "out.lock")
	l, err := TryLock(p, "pid 1 on h\x1b[31m\u009b")
	require.NoError(t, err)
	_, err = TryLock(p, "pid 2")
	var held *HeldError
	require.ErrorAs(t, err, &held)
	assert.Equal(t, &HeldError{Path: p, Holder: "pid 1 on h[31m"}, held)
	assert.Equal(t, p+" is locked by pid 1 on h[31m", err.Error())

	require.NoError(t, l.Unlock())
	require.NoError(t, l.Unlock(), "unlocking twice is no error")
	l2, err := TryLock(p, "pid 2")
	require.NoError(t, err)
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "pid 2\n", string(data), "the holder replaces the previous one")
	require.NoError(t, l2.Unlock())

	_, err = TryLock(t.TempDir(), "pid 3")
	require.Error(t, err, "a directory is no lock file")
}
