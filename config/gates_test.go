package config

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadGates(t *testing.T) {
	cases := []struct {
		name string
		file string
		text string
		want Gates
	}{
		{"no [gates]: nothing set", "scb-check.toml", "context = 1\n", nil},
		{
			"every gate", "scb-check.toml",
			"[gates]\nmax-erosion = 0.2\nmax-cog-erosion = 0.35\nmax-verbosity = 0.1\nmax-high-cc-functions = 4\n" +
				"max-erosion-increase = 0.01\nmax-verbosity-increase = 0.0\n",
			Gates{"max-erosion": 0.2, "max-cog-erosion": 0.35, "max-verbosity": 0.1, "max-high-cc-functions": 4,
				"max-erosion-increase": 0.01, "max-verbosity-increase": 0},
		},
		{"integers 0 and 1 are shares too", "scb-check.toml", "[gates]\nmax-erosion = 0\nmax-verbosity = 1\n",
			Gates{"max-erosion": 0, "max-verbosity": 1}},
		{"in a pyproject.toml, under tool.scb-check", "pyproject.toml",
			"[tool.scb-check.gates]\nmax-erosion = 0.5\nmax-high-cc-functions = 0\n",
			Gates{"max-erosion": 0.5, "max-high-cc-functions": 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			write(t, filepath.Join(dir, tc.file), tc.text)
			cfg, err := Load(dir, "")
			require.NoError(t, err)
			assert.Equal(t, tc.want, cfg.Gates)
		})
	}
}

func TestLoadGatesErrors(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{"an unknown key is named", "[gates]\nmax-erosoin = 0.2\n",
			`scb-check.toml: failed to parse config: unknown key "gates.max-erosoin"`},
		{"a percentage is not a share", "[gates]\nmax-erosion = 20\n",
			`scb-check.toml: failed to parse config: key "gates.max-erosion" must be a share from 0 to 1 (not a percentage), found 20`},
		{"a negative share", "[gates]\nmax-verbosity-increase = -0.1\n",
			`scb-check.toml: failed to parse config: key "gates.max-verbosity-increase" must be a share from 0 to 1 (not a percentage), found -0.1`},
		{"nan", "[gates]\nmax-cog-erosion = nan\n",
			`scb-check.toml: failed to parse config: key "gates.max-cog-erosion" must be a share from 0 to 1 (not a percentage), found NaN`},
		{"a string", "[gates]\nmax-erosion = \"0.2\"\n",
			`scb-check.toml: failed to parse config: key "gates.max-erosion" must be a number from 0 to 1, found string "0.2"`},
		{"a fractional count", "[gates]\nmax-high-cc-functions = 1.5\n",
			`scb-check.toml: failed to parse config: key "gates.max-high-cc-functions" must be a non-negative integer, found float 1.5`},
		{"gates must be a table", "gates = 1\n",
			`scb-check.toml: failed to parse config: key "gates" must be a table, found integer 1`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			write(t, filepath.Join(dir, "scb-check.toml"), tc.text)
			_, err := Load(dir, "scb-check.toml")
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
