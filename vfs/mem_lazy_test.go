package vfs

import (
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A lazy file asks for its size when it is first told (Stat), for its
// bytes when it is first read (ReadFile, ReadRegular, SHA256, Stage, from
// any goroutine), each once, and neither before; every reader gets the
// loader's error, or one when the bytes are not of the size told.
func TestWriteLazy(t *testing.T) {
	boom := errors.New("git is gone")
	cases := []struct {
		name    string
		size    int64
		data    []byte
		err     error
		wantErr string
	}{
		{name: "bytes read once at the first read", size: 6, data: []byte("a = 1\n")},
		{name: "the loader's error is every read's", size: 6, err: boom, wantErr: "git is gone"},
		{name: "bytes of another size are an error", size: 7, data: []byte("a = 1\n"), wantErr: "vfs: 6 bytes read where 7 were expected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := NewMem(filepath.Join(t.TempDir(), "mem"))
			require.NoError(t, err)
			var sizes, loads atomic.Int32
			require.NoError(t, m.WriteLazy("d/a.py", 0o755, func() (int64, error) {
				sizes.Add(1)
				return c.size, nil
			}, func() ([]byte, error) {
				loads.Add(1)
				return c.data, c.err
			}))
			p := filepath.Join(m.Root(), "d", "a.py")
			entries, err := m.ReadDir(filepath.Dir(p))
			require.NoError(t, err)
			require.Len(t, entries, 1)
			assert.Equal(t, "a.py", entries[0].Name())
			assert.Zero(t, sizes.Load()+loads.Load(), "listing asks nothing")
			info, err := m.Stat(p)
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o755), info.Mode())
			assert.Equal(t, c.size, info.Size())
			assert.Equal(t, c.size, info.Size())
			assert.Equal(t, []int32{1, 0}, []int32{sizes.Load(), loads.Load()}, "Stat asks the size alone, once")

			var wg sync.WaitGroup
			got := make([][]byte, 4)
			errs := make([]error, 4)
			for i := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[i], errs[i] = m.ReadFile(p)
				}()
			}
			wg.Wait()
			assert.Equal(t, int32(1), loads.Load())
			_, regErr := ReadRegular(m, p, 0)
			sum, known := m.SHA256(p)
			_, cleanup, stageErr := m.Stage([]string{p})
			if c.wantErr != "" {
				for _, err := range append(errs, regErr, stageErr) {
					assert.ErrorContains(t, err, c.wantErr)
				}
				assert.False(t, known)
				return
			}
			require.NoError(t, stageErr)
			require.NoError(t, cleanup())
			for i := range got {
				require.NoError(t, errs[i])
				assert.Equal(t, c.data, got[i])
			}
			assert.NoError(t, regErr)
			assert.True(t, known)
			assert.Equal(t, sha256.Sum256([]byte("a = 1\n")), sum)
			assert.Equal(t, []int32{1, 1}, []int32{sizes.Load(), loads.Load()})
		})
	}
}

// A lazy file read before its size is told takes its size from its
// bytes, never asking; one whose size cannot be told (a blob missing from
// the repository) has size 0 and the reason as its UnreadReason.
func TestWriteLazySize(t *testing.T) {
	m, err := NewMem("/mem")
	require.NoError(t, err)
	var sizes atomic.Int32
	size := func() (int64, error) { sizes.Add(1); return 99, nil }
	require.NoError(t, m.WriteLazy("read.py", 0o644, size, func() ([]byte, error) { return []byte("abc"), nil }))
	missing := &UnreadError{Reason: "blob 0123 is missing; not read"}
	require.NoError(t, m.WriteLazy("gone.py", 0o644, func() (int64, error) { return 0, missing }, func() ([]byte, error) { return nil, missing }))

	_, err = m.ReadFile("/mem/read.py")
	require.NoError(t, err)
	info, err := m.Stat("/mem/read.py")
	require.NoError(t, err)
	assert.Equal(t, int64(3), info.Size())
	assert.Zero(t, sizes.Load())

	info, err = m.Stat("/mem/gone.py")
	require.NoError(t, err)
	assert.Equal(t, int64(0), info.Size())
	assert.Equal(t, missing.Reason, UnreadReason(info))
	_, err = m.ReadFile("/mem/gone.py")
	assert.Equal(t, missing, err)
}
