package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Each profile reads of a file only the facts its findings step uses:
// the default 0.2.0's structural facts (call structure, import bindings)
// and no 0.1.3 wrapper facts; 0.1.3 its wrapper facts and none of 0.2.0's.
func TestProfilesReadTheirOwnFacts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.py")
	src := "from os import path\n\n\ndef f(x):\n    return g(x)\n\n\ndef g(y):\n    return path.join(y)\n"
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	file := source.SourceFile{Path: path, Lang: lang.Python}

	def, err := analyzeFile(context.Background(), p, vfs.OS, file, &Settings{})
	require.NoError(t, err)
	require.Empty(t, def.Skipped)
	assert.Len(t, def.Facts.Structure, 2, "one per function")
	assert.NotEmpty(t, def.Facts.Imports)
	assert.Nil(t, def.Wrappers)

	res, err := analyzeFile(context.Background(), p, vfs.OS, file, &Settings{Profile: Profile013})
	require.NoError(t, err)
	require.Empty(t, res.Skipped)
	assert.Empty(t, res.Facts.Structure)
	assert.Empty(t, res.Facts.Imports)
	require.NotNil(t, res.Wrappers)
	assert.Equal(t, []string{"f", "g"}, res.Wrappers.Functions)
	assert.Len(t, res.Wrappers.SingleReturns, 2, "f and g each only return")
}
