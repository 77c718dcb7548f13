package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

// TestCacheOnFullDisk: a --cache directory that cannot be written (a new
// one on a full disk, or one with a few pages free) is a warning: the
// exit code and the report are those of a run without --cache, and no
// pack is left without its index, nor any temporary file.
func TestCacheOnFullDisk(t *testing.T) {
	for _, tc := range []struct {
		name      string
		freePages int
	}{
		{"a new cache directory on a full disk", 0},
		{"two pages free", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := safeWriteTree(t)
			args := []string{"check", filepath.Join(work, "a")}
			want := runBinary(t, work, args, nil)
			require.Contains(t, []string{"0\n", "1\n"}, want[secExit], want[secStderr])

			disk := testkit.TinyDisk(t, "64k")
			fillDisk(t, disk)
			if tc.freePages > 0 {
				filler := filepath.Join(disk, "filler")
				info, err := os.Stat(filler)
				require.NoError(t, err)
				require.NoError(t, os.Truncate(filler, info.Size()-int64(tc.freePages*4096)))
			}
			cacheDir := filepath.Join(disk, "cache")
			got := runBinary(t, work, append([]string{"check", "--cache", cacheDir}, args[1:]...), nil)
			assert.Equal(t, want[secExit], got[secExit], got[secStderr])
			assert.Equal(t, want[secStdout], got[secStdout], "the report is not affected")
			assert.Contains(t, got[secStderr], "warning: cache "+cacheDir+": ")
			assert.Contains(t, got[secStderr], "no space left on device")

			var packs, indexes []string
			require.NoError(t, filepath.WalkDir(cacheDir, func(p string, d os.DirEntry, err error) error {
				require.NoError(t, err)
				name := d.Name()
				assert.NotContains(t, name, ".tmp", "no temporary file is left: %s", p)
				switch filepath.Ext(name) {
				case ".pack":
					packs = append(packs, strings.TrimSuffix(p, ".pack"))
				case ".idx":
					indexes = append(indexes, strings.TrimSuffix(p, ".idx"))
				}
				return nil
			}))
			assert.Equal(t, indexes, packs, "every pack has its index")
		})
	}
}
