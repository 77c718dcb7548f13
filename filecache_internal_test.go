package scbcheck

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/internal/filecache"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// Entries kept in memory are shared by every file and run that meets
// them again, so nothing downstream may change them: after three runs
// over every fixture (the last two served from memory), each remembered
// entry still equals what its file on disk decodes to.
func TestRememberedEntriesStayUnchanged(t *testing.T) {
	grep := testkit.AstGrep(t)
	c, err := filecache.Open(t.TempDir(), 0)
	require.NoError(t, err)
	defer c.Close()
	for _, includeAll := range []bool{false, true, true} {
		s, err := NewSession(Options{IncludeAll: includeAll, AstGrep: grep, Languages: []string{"all"}})
		require.NoError(t, err)
		// One cache for the three runs' sessions.
		s.cacheOnce.Do(func() { s.cache = c })
		_, err = s.Run(context.Background(), Target{Path: "testdata", Config: config.Default("testdata")})
		require.NoError(t, err)
	}
	// Findings are kept apart, for the Cache's life.
	entries := c.Memory()
	require.Greater(t, len(entries), 100)
	files, scans := 0, 0
	for k, v := range entries {
		if strs, ok := v.([]string); ok {
			// A configuration file's strings live in memory only; they
			// were remembered sorted and must still be.
			assert.True(t, slices.IsSorted(strs))
			continue
		}
		b, ok, err := c.Stored(k)
		require.NoError(t, err)
		require.True(t, ok)
		switch v := v.(type) {
		case *engine.CachedFile:
			var fresh engine.CachedFile
			require.NoError(t, json.Unmarshal(b, &fresh))
			assert.Equal(t, &fresh, v)
			files++
		case *engine.ScanEntry:
			var fresh engine.ScanEntry
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
