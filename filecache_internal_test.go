package scbcheck

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// Entries kept in memory are shared by every file and run that meets
// them again, so nothing downstream may change them: after three runs
// over every fixture (the last two served from memory), each remembered
// entry still equals what its file on disk decodes to.
func TestRememberedEntriesStayUnchanged(t *testing.T) {
	grep := testkit.AstGrep(t)
	c, err := OpenCache(t.TempDir())
	require.NoError(t, err)
	for _, includeAll := range []bool{false, true, true} {
		_, err := Analyze(context.Background(), Options{
			Path: "testdata", Config: config.Default("testdata"), IncludeAll: includeAll, AstGrep: grep,
			Languages: []string{"all"}, Cache: c,
		})
		require.NoError(t, err)
	}
	require.Greater(t, len(c.cur), 100)
	// Findings are kept apart, for the Cache's life.
	entries := maps.Clone(c.cur)
	maps.Copy(entries, c.scans)
	files, scans := 0, 0
	for k, v := range entries {
		if strs, ok := v.([]string); ok {
			// A configuration file's strings live in memory only; they
			// were remembered sorted and must still be.
			assert.True(t, slices.IsSorted(strs))
			continue
		}
		b, ok, err := c.dir.Get(k)
		require.NoError(t, err)
		require.True(t, ok)
		switch v := v.(type) {
		case *cachedFile:
			var fresh cachedFile
			require.NoError(t, json.Unmarshal(b, &fresh))
			assert.Equal(t, &fresh, v)
			files++
		case *scanEntry:
			var fresh scanEntry
			require.NoError(t, json.Unmarshal(b, &fresh))
			assert.Equal(t, &fresh, v)
			scans++
		default:
			t.Fatalf("unexpected entry %T", v)
		}
	}
	assert.Positive(t, files)
	assert.Positive(t, scans)
}
