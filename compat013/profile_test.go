package compat013_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// The 0.1.3 profile reads of a file only the facts its findings step
// uses: its wrapper facts, in the file's profile slot, and none of
// 0.2.0's structural facts.
func TestEngineReadsItsOwnFacts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.py")
	src := "from os import path\n\n\ndef f(x):\n    return g(x)\n\n\ndef g(y):\n    return path.join(y)\n"
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	files := []source.SourceFile{{Path: path, Lang: lang.Python}}

	results, err := engine.Files(context.Background(), vfs.OS, files, &engine.Settings{Profile: compat013.Engine, Workers: 1}, nil, nil)
	require.NoError(t, err)
	require.Len(t, results, 1)
	res := results[0]
	require.Empty(t, res.Skipped)
	assert.Empty(t, res.Facts.Structure)
	assert.Empty(t, res.Facts.Imports)
	require.NotNil(t, res.ProfileData)
	var w compat013.WrapperFacts
	require.NoError(t, json.Unmarshal(res.ProfileData, &w))
	assert.Equal(t, []string{"f", "g"}, w.Functions)
	assert.Len(t, w.SingleReturns, 2, "f and g each only return")
}
