package testkit

import (
	"flag"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files with the output the tests produce")

// GoldenSections compares got, the expected sections of the txtar archive
// at path by name, with those sections (one the archive lacks is empty).
// Run the tests with -update to write got into the archive instead: each
// section replaced where it stands, the missing ones appended in name
// order, the archive's other files kept; review the change in the diff.
func GoldenSections(t testing.TB, path string, got map[string]string) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	require.NoError(t, err, "golden archive %s", path)
	names := make([]string, 0, len(got))
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	if *update {
		rest := map[string]bool{}
		for _, name := range names {
			rest[name] = true
		}
		for i, f := range ar.Files {
			if rest[f.Name] {
				ar.Files[i].Data = []byte(got[f.Name])
				delete(rest, f.Name)
			}
		}
		for _, name := range names {
			if rest[name] {
				ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(got[name])})
			}
		}
		require.NoError(t, os.WriteFile(path, txtar.Format(ar), 0o644))
		return
	}
	want := map[string]string{}
	for _, f := range ar.Files {
		want[f.Name] = string(f.Data)
	}
	for _, name := range names {
		assert.Equal(t, want[name], got[name], "section %s of golden archive %s (run the tests with -update to accept)", name, path)
	}
}
