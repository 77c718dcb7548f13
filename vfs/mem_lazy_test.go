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

// A lazy file tells its size before anything is read, reads its bytes
// once whoever reads it first (ReadFile, ReadRegular, SHA256, Stage, from
// any goroutine), and gives every reader the loader's error, or one when
// the bytes are not of the size told.
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
			var loads atomic.Int32
			require.NoError(t, m.WriteLazy("d/a.py", c.size, 0o755, func() ([]byte, error) {
				loads.Add(1)
				return c.data, c.err
			}))
			p := filepath.Join(m.Root(), "d", "a.py")
			info, err := m.Stat(p)
			require.NoError(t, err)
			assert.Equal(t, c.size, info.Size())
			assert.Equal(t, os.FileMode(0o755), info.Mode())
			assert.Zero(t, loads.Load(), "Stat reads nothing")

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
			assert.Equal(t, int32(1), loads.Load())
		})
	}
}
