package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteHuman(t *testing.T) {
	src := "import x\n\ndef big(a):   \n    pass\n"
	files := map[string]string{"/w/pkg/m.py": src}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	r := &Report{Files: []File{{Path: "/w/pkg/m.py", Callables: []Callable{
		{Name: "small", StartLine: 1, CC: 10, Cog: 10, SLOC: 1},
		{Name: "big", StartLine: 3, CC: 12, Cog: 11, SLOC: 2},
	}}}}
	var b bytes.Buffer
	require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", Context: 1, ReadFile: read}))
	want := "erosion: function `big` exceeds complexity threshold\n" +
		"  --> pkg/m.py:3\n" +
		"2 | \n" +
		"3 | def big(a):\n" +
		"4 |     pass\n" +
		"  = complexity: 12, sloc: 2 (threshold: complexity > 10)\n" +
		"\n" +
		"cog_erosion: function `big` exceeds cognitive complexity threshold\n" +
		"  --> pkg/m.py:3\n" +
		"2 | \n" +
		"3 | def big(a):\n" +
		"4 |     pass\n" +
		"  = cognitive complexity: 11, sloc: 2 (threshold: cognitive complexity > 10)\n"
	assert.Equal(t, want, b.String())
}

func TestWriteHumanCleanRunPrintsNothing(t *testing.T) {
	var b bytes.Buffer
	r := &Report{Files: []File{{Path: "/w/a.py", Callables: []Callable{{Name: "f", StartLine: 1, CC: 10, Cog: 10}}}}}
	require.NoError(t, WriteHuman(&b, r, HumanOptions{}))
	assert.Empty(t, b.String())
}

func TestSourceBlockAlignsNumbers(t *testing.T) {
	lines := strings.Split(strings.Repeat("x\n", 12), "\n")
	assert.Equal(t, " 9 | x\n10 | x\n11 | x\n", sourceBlock(lines[:12], 9, 11))
	assert.Equal(t, "1 | x\n2 | x\n", sourceBlock(lines[:12], -1, 2), "clamped at line 1")
}

func TestDisplayPath(t *testing.T) {
	assert.Equal(t, "pkg/a.py", DisplayPath("/w/pkg/a.py", "/w"))
	assert.Equal(t, "/other/a.py", DisplayPath("/other/a.py", "/w"))
	assert.Equal(t, "/w2/a.py", DisplayPath("/w2/a.py", "/w"))
}
