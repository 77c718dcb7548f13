package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAbs(t *testing.T) {
	tests := []struct {
		name, root, path, want string
	}{
		{"a relative path is joined to the root", "/repo", "pkg/a.py", "/repo/pkg/a.py"},
		{"a path outside the root stays absolute", "/repo", "/elsewhere/c.py", "/elsewhere/c.py"},
		{"without a root a path is kept", "", "pkg/a.py", "pkg/a.py"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, (&Report{Root: tc.root}).Abs(tc.path))
		})
	}
}

// relativeReport is sarifReport as an analysis returns it: paths
// relative to the root /repo, the one outside it absolute.
func relativeReport() *Report {
	r := sarifReport()
	r.Root = "/repo"
	trim := func(p *string) { *p = strings.TrimPrefix(*p, "/repo/") }
	for i := range r.Files {
		trim(&r.Files[i].Path)
	}
	for i := range r.CloneBlocks {
		trim(&r.CloneBlocks[i].Path)
	}
	for i := range r.Findings {
		trim(&r.Findings[i].Path)
	}
	return r
}

// The writers show a report with relative paths exactly as the same
// report with full paths: each path is joined to the root, then shown by
// the writer's rule (relative to the working directory when under it,
// else in full).
func TestWritersJoinTheRoot(t *testing.T) {
	abs, rel := sarifReport(), relativeReport()
	require.Equal(t, "pkg/b.py", rel.Files[0].Path)
	for _, cwd := range []string{"/repo", "/repo/pkg", "/other"} {
		t.Run(cwd, func(t *testing.T) {
			assert.Equal(t, writeText(t, abs, TextOptions{CWD: cwd}), writeText(t, rel, TextOptions{CWD: cwd}))
			human := func(r *Report) string {
				var b bytes.Buffer
				require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: cwd, Context: 1, ReadFile: readFixture}))
				return b.String()
			}
			assert.Equal(t, human(abs), human(rel))
			want, _, _ := writeSARIF(t, abs, SARIFOptions{Root: cwd, ReadFile: readFixture})
			got, _, _ := writeSARIF(t, rel, SARIFOptions{Root: cwd, ReadFile: readFixture})
			assert.Equal(t, string(want), string(got))
		})
	}
	assert.Contains(t, writeText(t, rel, TextOptions{CWD: "/repo/pkg"}), "a.py:5:5: warning[for-range-len]",
		"under the working directory, relative to it")
	assert.Contains(t, writeText(t, rel, TextOptions{CWD: "/other"}), "/repo/pkg/a.py:5:5: warning[for-range-len]",
		"elsewhere, in full")
}
