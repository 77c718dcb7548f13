package compat013_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/config"
)

// 0.1.3's exclude patterns (0.1.3 §1), worked out by hand from its rules:
// its own exclude key as written (repeats dropped), then ruff's and ty's
// normalised (trimmed, `\` to `/`, one "./" and leading "/" dropped, "d/"
// to "d/**", an entry with a glob character or ending in .py kept, any
// other p as p and p/**), first occurrences kept.
func TestExcludes(t *testing.T) {
	cases := []struct {
		name, file, text string
		want             []string
	}{
		{
			name: "the scb-check excludes as written",
			file: "scb-check.toml",
			text: "exclude = [\"./gen/\", \"docs\", \"docs\", \"*.py\"]\n",
			want: []string{"./gen/", "docs", "*.py"},
		},
		{
			name: "ruff and ty excludes normalised, a .py entry kept as is, after its own",
			file: "pyproject.toml",
			text: "[tool.scb-check]\nexclude = [\"a\"]\n[tool.ruff]\nexclude = [\" ./data/ \", \"setup.py\", \"\\\\vendor\", \"x[0]\"]\n" +
				"extend-exclude = [\"a\", \"b/**\"]\n[tool.ty.src]\nexclude = [\"/gen\"]\n",
			want: []string{"a", "data/**", "setup.py", "vendor", "vendor/**", "x[0]", "a/**", "b/**", "gen", "gen/**"},
		},
		{
			name: "no exclude anywhere",
			file: "scb-check.toml",
			text: "context = 2\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, tc.file)
			require.NoError(t, os.WriteFile(path, []byte(tc.text), 0o644))
			cfg, err := config.Load(dir, path)
			require.NoError(t, err)
			assert.Equal(t, tc.want, compat013.Excludes(cfg))
		})
	}
}
