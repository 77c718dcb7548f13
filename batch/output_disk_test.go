package batch

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestOutputFullDiskCutsLineBack: a line that only partly fits on a full
// disk is cut back off the output, which keeps its complete lines only,
// and the error names the output.
func TestOutputFullDiskCutsLineBack(t *testing.T) {
	disk := testkit.TinyDisk(t, "64k")
	path := filepath.Join(disk, "out.jsonl")
	old := `{"snapshot":"a","index":0,"status":"ok","skipped":[]}` + "\n"
	require.NoError(t, os.WriteFile(path, []byte(old), 0o644))
	// Fill every free page: the old file's last page keeps room for the
	// first bytes of a line, not for all of it.
	filler, err := os.Create(filepath.Join(disk, "filler"))
	require.NoError(t, err)
	for err == nil {
		_, err = filler.Write(make([]byte, 4096))
	}
	require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
	require.NoError(t, filler.Close())

	o, err := OpenOutput(path)
	require.NoError(t, err)
	line := append(bytes.Repeat([]byte("x"), 3*4096), '\n')
	err = o.write(line)
	require.Error(t, err)
	assert.ErrorIs(t, err, syscall.ENOSPC)
	assert.Contains(t, err.Error(), path)
	require.NoError(t, o.Close())
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, old, string(got), "no part of the line is left")
}
