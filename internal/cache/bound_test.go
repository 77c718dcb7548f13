package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// packFiles are the finished packs of dir by the entry each holds (every
// pack of these tests holds one), with their files' total size.
func packFiles(t *testing.T, dir string) (map[string]string, int64) {
	t.Helper()
	idx, err := filepath.Glob(filepath.Join(dir, layout, "*.idx"))
	require.NoError(t, err)
	out := map[string]string{}
	var total int64
	for _, i := range idx {
		base := strings.TrimSuffix(i, ".idx")
		for _, f := range []string{i, base + ".pack"} {
			info, err := os.Stat(f)
			require.NoError(t, err)
			total += info.Size()
		}
		b, err := os.ReadFile(base + ".pack")
		require.NoError(t, err)
		// The record holds the key, the value's length, then the value.
		n := binary.BigEndian.Uint32(b[sha256.Size:])
		out[string(b[sha256.Size+4:sha256.Size+4+int(n)])] = base
	}
	return out, total
}

// putPack writes one pack holding "value NAME" under key NAME, used at
// the time at.
func putPack(t *testing.T, dir, name string, at time.Time) {
	t.Helper()
	d, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, d.Put(key(name), []byte("value "+name)))
	require.NoError(t, d.Close())
	packs, _ := packFiles(t, dir)
	require.NoError(t, os.Chtimes(packs["value "+name]+".pack", at, at))
}

// A bounded directory keeps, when a run closes it, the packs used most
// recently that fit: a pack read from counts as used by that run.
func TestBoundRemovesLeastRecentlyUsed(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	putPack(t, dir, "a", now.Add(-72*time.Hour))
	putPack(t, dir, "b", now.Add(-48*time.Hour))
	putPack(t, dir, "c", now.Add(-24*time.Hour))
	packs, total := packFiles(t, dir)
	require.Len(t, packs, 3)
	// The three packs are the same size: two fit.
	limit := total / 3 * 2

	d, err := OpenLimit(dir, limit)
	require.NoError(t, err)
	got, ok, err := d.Get(key("a"))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "value a", string(got))
	require.NoError(t, d.Close())

	packs, left := packFiles(t, dir)
	assert.Contains(t, packs, "value a", "read by the last run: used most recently")
	assert.NotContains(t, packs, "value b", "the pack used least recently goes")
	assert.Contains(t, packs, "value c")
	assert.LessOrEqual(t, left, limit)
}

// The pack a run writes counts as used by it; a bound smaller than every
// pack leaves none, and no bound removes nothing.
func TestBoundHolds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		limit   func(onePack int64) int64
		wantLen int
	}{
		{"no bound keeps every pack", func(int64) int64 { return 0 }, 3},
		{"room for one keeps the one just written", func(one int64) int64 { return one }, 1},
		{"room for none keeps none", func(one int64) int64 { return one - 1 }, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			now := time.Now()
			putPack(t, dir, "a", now.Add(-2*time.Hour))
			putPack(t, dir, "b", now.Add(-time.Hour))
			_, total := packFiles(t, dir)
			d, err := OpenLimit(dir, tc.limit(total/2))
			require.NoError(t, err)
			require.NoError(t, d.Put(key("c"), []byte("value c")))
			require.NoError(t, d.Close())
			packs, _ := packFiles(t, dir)
			assert.Len(t, packs, tc.wantLen)
			if tc.wantLen == 1 {
				assert.Contains(t, packs, "value c")
			}
		})
	}
}

// A merge of packs keeps the time of the latest it merged, so that a
// bound does not take a merge of old packs for one used now.
func TestMergeKeepsUseTime(t *testing.T) {
	dir := t.TempDir()
	latest := time.Now().Add(-10 * 24 * time.Hour).Truncate(time.Second)
	for i := range maxPacks + 1 {
		putPack(t, dir, fmt.Sprint(i), latest.Add(-time.Duration(i)*time.Hour))
	}
	d, err := OpenLimit(dir, 1<<30)
	require.NoError(t, err)
	require.NoError(t, d.Close())
	packs, err := filepath.Glob(filepath.Join(dir, layout, "*.pack"))
	require.NoError(t, err)
	require.Len(t, packs, 1, "merged into one")
	info, err := os.Stat(packs[0])
	require.NoError(t, err)
	assert.True(t, latest.Equal(info.ModTime()), "the merged pack's time %v, want %v", info.ModTime(), latest)
}
