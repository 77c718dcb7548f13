package config

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadScopeKeys(t *testing.T) {
	cases := []struct {
		name              string
		file, text        string
		tests, production []string
		wantKeys          []string
	}{
		{name: "absent keys leave both nil", file: "scb-check.toml", text: "context = 1\n", wantKeys: []string{"context"}},
		{
			name: "globs are normalised as excludes: dir/ is dir/**, a plain name is itself and its tree",
			file: "scb-check.toml", text: "tests = [\"qa/\", \"*_check.py\", \"./spec\"]\nproduction = [\"tests/fixtures/pkg\"]\n",
			tests:      []string{"qa/**", "*_check.py", "spec", "spec/**"},
			production: []string{"tests/fixtures/pkg", "tests/fixtures/pkg/**"},
			wantKeys:   []string{"production", "tests"},
		},
		{
			name: "in a pyproject.toml, under tool.scb-check",
			file: "pyproject.toml", text: "[tool.scb-check]\ntests = [\"checks/**\"]\n",
			tests: []string{"checks/**"}, wantKeys: []string{"tests"},
		},
		{name: "an empty list is set and empty", file: "scb-check.toml", text: "production = []\n",
			production: []string{}, wantKeys: []string{"production"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			write(t, filepath.Join(dir, tc.file), tc.text)
			cfg, err := Load(dir, "")
			require.NoError(t, err)
			assert.Equal(t, tc.tests, cfg.Tests, "tests")
			assert.Equal(t, tc.production, cfg.Production, "production")
			assert.Equal(t, tc.wantKeys, cfg.Keys)
			assert.Equal(t, dir, cfg.BaseDir, "the globs are relative to the configuration's directory")
		})
	}
}

func TestLoadScopeKeysErrors(t *testing.T) {
	cases := []struct {
		name, file, text, want string
	}{
		{"tests that is a string", "scb-check.toml", "tests = \"tests/\"\n",
			`scb-check.toml: failed to parse config: key "tests" must be an array of glob strings, found string "tests/"`},
		{"production with a number in it", "scb-check.toml", "production = [\"src\", 3]\n",
			`scb-check.toml: failed to parse config: key "production" must be an array of glob strings, found array`},
		{"a table under tool.scb-check names its dotted key", "pyproject.toml", "[tool.scb-check.tests]\nglob = \"x\"\n",
			`pyproject.toml: failed to parse config: key "tool.scb-check.tests" must be an array of glob strings, found table`},
		{"a misspelt key is unknown", "scb-check.toml", "test = [\"qa/\"]\n",
			`scb-check.toml: failed to parse config: unknown key "test"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			write(t, filepath.Join(dir, tc.file), tc.text)
			_, err := Load(dir, tc.file)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
