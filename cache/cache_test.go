package cache

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func key(parts ...string) Key {
	var h Hasher
	return h.Add(parts...).Key()
}

func TestHasherSeparatesParts(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
	}{
		{"boundary moved", []string{"ab", "c"}, []string{"a", "bc"}},
		{"empty part", []string{"a", ""}, []string{"a"}},
		{"order", []string{"a", "b"}, []string{"b", "a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.NotEqual(t, key(tc.a...), key(tc.b...))
		})
	}
	var h Hasher
	assert.Equal(t, key("a", "b"), h.Add("a").AddBytes([]byte("b")).Key(), "bytes and strings hash alike")
	assert.Len(t, key("x").String(), 64)
}

func TestOpenPutGet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "cache")
	d, err := Open(dir)
	require.NoError(t, err)
	tag, err := os.ReadFile(filepath.Join(dir, "CACHEDIR.TAG"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(tag), "Signature: 8a477f597d28d172789f06886806bc55"), "the cache directory tag convention")

	_, ok, err := d.Get(key("missing"))
	require.NoError(t, err)
	assert.False(t, ok)

	require.NoError(t, d.Put(key("k"), []byte("one")))
	require.NoError(t, d.Put(key("k"), []byte("two")))
	got, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "two", string(got))

	again, err := Open(dir)
	require.NoError(t, err)
	got, ok, err = again.Get(key("k"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "two", string(got), "entries outlive the process that wrote them")
	assert.Equal(t, dir, again.Path())
}

// Writers racing on the same keys leave whole entries and no temporary
// files.
func TestConcurrentPut(t *testing.T) {
	d, err := Open(t.TempDir())
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				assert.NoError(t, d.Put(key(fmt.Sprint(i%5)), []byte(strings.Repeat("x", 1000+i%5))))
			}
		}()
	}
	wg.Wait()
	for i := range 5 {
		got, ok, err := d.Get(key(fmt.Sprint(i)))
		require.NoError(t, err)
		require.True(t, ok)
		assert.Len(t, got, 1000+i)
	}
	leftovers, err := filepath.Glob(filepath.Join(d.Path(), layout, "*", ".tmp-*"))
	require.NoError(t, err)
	assert.Empty(t, leftovers)
}

func TestOpenErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	_, err := Open(file)
	assert.ErrorContains(t, err, file+" is not a directory")
	_, err = Open(filepath.Join(file, "below"))
	assert.ErrorContains(t, err, "failed to create")
	_, err = Open("")
	assert.ErrorContains(t, err, "no directory given")
}
