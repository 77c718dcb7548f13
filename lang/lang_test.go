package lang

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		{"main.go", "go"},
		{"main.GO", ""},
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
	require.GreaterOrEqual(t, len(names), 2)
	assert.Equal(t, []string{"python", "rust"}, names[:2], "the reference lists python before rust, opt-in languages after")
	assert.Same(t, Python, ByName("python"))
	assert.Nil(t, ByName("cobol"))
}

func TestResolve(t *testing.T) {
	defaults := Defaults()
	require.NotEmpty(t, defaults)
	for _, s := range defaults {
		assert.False(t, s.OptIn, "%s is a default language", s.Name)
	}
	got, err := Resolve(nil)
	require.NoError(t, err)
	assert.Equal(t, defaults, got, "no names: the defaults")
	got, err = Resolve([]string{" Python ", ""})
	require.NoError(t, err)
	assert.Equal(t, defaults, got, "naming a default language changes nothing")
	got, err = Resolve([]string{"all"})
	require.NoError(t, err)
	assert.Equal(t, All(), got)
	_, err = Resolve([]string{"cobol"})
	assert.EqualError(t, err, `unknown language "cobol" (known: all, `+strings.Join(Names(), ", ")+`)`)
}
