package testkit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
)

func TestFixtureFiles(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	write("ts/erosion/a.ts", "")
	write("tsx/erosion/b.tsx", "")
	write("tsx/erosion/c.ts", "")
	write("tsx/erosion/"+SharedList, "# comment\n\n../../ts/erosion/a.ts\n")
	dir := filepath.Join(root, "tsx", "erosion")

	got := FixtureFiles(t, dir, lang.TSX)
	assert.Equal(t, []string{filepath.Join(dir, "b.tsx"), filepath.Join(dir, "../../ts/erosion/a.ts")}, got,
		"the folder's own TSX files, then the shared ones; c.ts is not TSX's")
	assert.Equal(t, []string{filepath.Join(root, "ts", "erosion", "a.ts")}, FixtureFiles(t, filepath.Join(root, "ts", "erosion"), lang.TypeScript))

	write("tsx/erosion/"+SharedList, "../../ts/erosion/gone.ts\n")
	errs := record(t, func(tb testing.TB) { FixtureFiles(tb, dir, lang.TSX) })
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "names ../../ts/erosion/gone.ts")
	errs = record(t, func(tb testing.TB) { FixtureFiles(tb, filepath.Join(root, "none"), lang.TSX) })
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "language tsx needs fixtures in")
}
