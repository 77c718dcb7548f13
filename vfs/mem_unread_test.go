package vfs

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file held without its bytes has its size and reason, and every read
// of it fails with the reason (never returns it as empty); ReadRegular
// refuses it by its size first when it is over the cap.
func TestWriteUnread(t *testing.T) {
	m, err := NewMem("/mem")
	require.NoError(t, err)
	require.NoError(t, m.WriteUnread("d/big.py", 5000, 0o755, "too big; not read"))
	require.NoError(t, m.WriteFile("d/ok.py", []byte("x"), 0o644))

	info, err := m.Stat("/mem/d/big.py")
	require.NoError(t, err)
	assert.Equal(t, int64(5000), info.Size())
	assert.True(t, info.Mode().IsRegular())
	assert.Equal(t, "too big; not read", UnreadReason(info))
	ok, err := m.Stat("/mem/d/ok.py")
	require.NoError(t, err)
	assert.Empty(t, UnreadReason(ok))
	entries, err := m.ReadDir("/mem/d")
	require.NoError(t, err)
	require.Len(t, entries, 2)
	fromDir, err := entries[0].Info()
	require.NoError(t, err)
	assert.Equal(t, "too big; not read", UnreadReason(fromDir))

	_, err = m.ReadFile("/mem/d/big.py")
	assert.Equal(t, &UnreadError{Reason: "too big; not read"}, err)
	_, err = ReadRegular(m, "/mem/d/big.py", 0)
	assert.Equal(t, &UnreadError{Reason: "too big; not read"}, err)
	_, err = ReadRegular(m, "/mem/d/big.py", 100)
	var tooLarge *TooLargeError
	assert.True(t, errors.As(err, &tooLarge), "%v", err)
	_, known := m.SHA256("/mem/d/big.py")
	assert.False(t, known, "no hash of bytes not held")
}
