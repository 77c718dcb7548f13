package config

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadCompat(t *testing.T) {
	cases := []struct {
		name          string
		file, text    string
		wantCompat    string
		wantAsWritten []string
		wantTool      []string
		wantKeys      []string
		wantErr       string
	}{
		{
			name:       "compat in scb-check.toml",
			file:       "scb-check.toml",
			text:       "compat = \"0.1.3\"\ncontext = 2\n",
			wantCompat: "0.1.3", wantKeys: []string{"compat", "context"},
		},
		{
			name:       "compat under tool.scb-check",
			file:       "pyproject.toml",
			text:       "[tool.scb-check]\ncompat = \"0.2.0\"\n",
			wantCompat: "0.2.0", wantKeys: []string{"compat"},
		},
		{
			name:    "an unknown version is an error naming the key and the known ones",
			file:    "scb-check.toml",
			text:    "compat = \"0.1.2\"\n",
			wantErr: `failed to parse config: compat: unknown version "0.1.2" (known: 0.2.0, 0.1.3)`,
		},
		{
			name:    "a compat that is not a string is an error naming the key",
			file:    "pyproject.toml",
			text:    "[tool.scb-check]\ncompat = 13\n",
			wantErr: `failed to parse config: key "tool.scb-check.compat" must be a version string, found integer 13`,
		},
		{
			name:          "the exclude key is kept as written, repeats included",
			file:          "scb-check.toml",
			text:          "exclude = [\"./gen/\", \"docs\", \"docs\", \"*.py\"]\n",
			wantAsWritten: []string{"./gen/", "docs", "docs", "*.py"}, wantKeys: []string{"exclude"},
		},
		{
			name: "ruff and ty excludes are kept as written, ruff's exclude, extend-exclude, then ty's",
			file: "pyproject.toml",
			text: "[tool.scb-check]\nexclude = [\"a\"]\n[tool.ruff]\nexclude = [\" ./data/ \", \"setup.py\", \"\\\\vendor\", \"x[0]\"]\n" +
				"extend-exclude = [\"a\", \"b/**\"]\n[tool.ty.src]\nexclude = [\"/gen\"]\n",
			wantAsWritten: []string{"a"},
			wantTool:      []string{" ./data/ ", "setup.py", "\\vendor", "x[0]", "a", "b/**", "/gen"},
			wantKeys:      []string{"exclude"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			path := filepath.Join(dir, tc.file)
			write(t, path, tc.text)
			cfg, err := Load(dir, path)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Equal(t, path+": "+tc.wantErr, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.wantCompat, cfg.Compat)
			assert.Equal(t, tc.wantAsWritten, cfg.ExcludeAsWritten)
			assert.Equal(t, tc.wantTool, cfg.ToolExcludes)
			assert.Equal(t, tc.wantKeys, cfg.Keys)
		})
	}
}
