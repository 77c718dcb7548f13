package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReadGoMod(t *testing.T) {
	cases := []struct {
		name, text, want, err string
	}{
		{"the module directive", "module example.com/app\n\ngo 1.22\n", "example.com/app", ""},
		{"a quoted path and a comment", "// header\nmodule \"example.com/q\" // the module\n", "example.com/q", ""},
		{"the standard library names packages by directory", "module std\n\ngo 1.26\n", "", ""},
		{"no module directive", "go 1.22\nrequire x v1.0.0\n", "", "no module directive"},
		{"a module directive inside a comment does not count", "// module example.com/x\n", "", "no module directive"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readGoMod([]byte(tc.text))
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.want, got.ModulePath)
		})
	}
}
