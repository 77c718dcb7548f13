package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scbcheck/scbcheck/lang"
)

// SharedList is the file of a fixture folder naming other folders'
// fixtures that also run under the folder's language.
const SharedList = "shared.txt"

// FixtureFiles lists the fixtures that run under spec from its folder
// dir: the files of spec's language there, sorted, then those the folder's
// shared.txt names, one path per line relative to dir ('#' lines and blank
// lines ignored): another language's fixtures whose text spec's grammar
// reads the same way (TSX runs TypeScript's), so that they are written
// once. A missing dir fails the test.
func FixtureFiles(tb testing.TB, dir string, spec *lang.Spec) []string {
	tb.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatalf("language %s needs fixtures in %s: %v", spec.Name, filepath.ToSlash(dir), err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && lang.ForPath(e.Name()) == spec {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	list, err := os.ReadFile(filepath.Join(dir, SharedList))
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		tb.Fatalf("%s: %v", filepath.ToSlash(filepath.Join(dir, SharedList)), err)
	}
	for _, line := range strings.Split(string(list), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(line))
		if _, err := os.Stat(p); err != nil {
			tb.Fatalf("%s names %s: %v", filepath.ToSlash(filepath.Join(dir, SharedList)), line, err)
		}
		out = append(out, p)
	}
	return out
}
