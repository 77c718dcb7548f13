package lang

import (
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
)

var _ = flag.Bool("update", false, "rewrite golden files (no golden files in this package)")

func TestForPath(t *testing.T) {
	cases := []struct {
		path string
		want string
	}{
		{"a/b.py", "python"},
		{"gui.pyw", "python"},
		{"src/lib.rs", "rust"},
		{"upper.PY", ""},
		{"noext", ""},
		{".py", ""},
		{"main.go", ""},
		{"archive.py.bak", ""},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			got := ForPath(tc.path)
			if tc.want == "" {
				assert.Nil(t, got)
				return
			}
			if assert.NotNil(t, got) {
				assert.Equal(t, tc.want, got.Name)
			}
		})
	}
}

func TestAllIsInReportOrder(t *testing.T) {
	var names []string
	for _, s := range All() {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"python", "rust"}, names, "the reference lists python before rust")
	assert.Same(t, Python, ByName("python"))
	assert.Nil(t, ByName("cobol"))
}
