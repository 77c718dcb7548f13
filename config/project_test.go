package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProjectScripts(t *testing.T) {
	cases := []struct {
		name    string
		toml    string // "" writes no file
		want    []Script
		wantErr string
	}{
		{name: "no pyproject.toml declares nothing"},
		{name: "a pyproject.toml without scripts declares nothing", toml: "[project]\nname = \"x\"\n"},
		{
			name: "scripts and gui scripts name their modules, sorted by table and command",
			toml: "[project.scripts]\nzeta = \"pkg.cli:main\"\nalpha = \"pkg.tools.run : go\"\n[project.gui-scripts]\nviewer = \"pkg.gui:start\"\n",
			want: []Script{
				{Table: "project.gui-scripts", Name: "viewer", Module: "pkg.gui"},
				{Table: "project.scripts", Name: "alpha", Module: "pkg.tools.run"},
				{Table: "project.scripts", Name: "zeta", Module: "pkg.cli"},
			},
		},
		{name: "a target that is not a string names the key", toml: "[project.scripts]\ntool = 3\n", wantErr: "project.scripts.tool: expected a string"},
		{name: "a target without a module names the key", toml: "[project.scripts]\ntool = \":main\"\n", wantErr: "project.scripts.tool: \":main\" names no module"},
		{name: "malformed TOML names the line", toml: "[project.scripts\n", wantErr: "failed to parse config: line 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.toml != "" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "pyproject.toml"), []byte(tc.toml), 0o644))
			}
			got, err := ProjectScripts(dir)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				assert.Contains(t, err.Error(), "pyproject.toml")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
