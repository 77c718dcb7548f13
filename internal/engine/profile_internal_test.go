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

// The default profile reads of a file the facts its findings step uses:
// 0.2.0's structural facts (call structure, import bindings), and fills
// no profile slot (compat013 tests the 0.1.3 profile's side).
func TestDefaultProfileReadsItsOwnFacts(t *testing.T) {
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
	assert.Nil(t, def.ProfileData)
}
