package scbcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The lookup's order: the explicit path, the variable, the install
// beside the executable, then PATH.
func TestLocateAstGrep(t *testing.T) {
	root := t.TempDir()
	exe := filepath.Join(root, ".tools", "bin", "scb-check")
	local := filepath.Join(root, ".tools", "ast-grep", "node_modules", ".bin", "ast-grep")
	bare := filepath.Join(t.TempDir(), "bin", "scb-check")

	cases := []struct {
		name, explicit, env, exe, want string
	}{
		{"explicit wins", "/opt/sg", "/env/sg", exe, "/opt/sg"},
		{"then the variable", "", "/env/sg", exe, "/env/sg"},
		{"then the project-local install", "", "", exe, local},
		{"then PATH without one", "", "", bare, "ast-grep"},
		{"then PATH when the executable is unknown", "", "", "", "ast-grep"},
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(local), 0o755))
	require.NoError(t, os.WriteFile(local, []byte("#!/bin/sh\n"), 0o755))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, locateAstGrep(c.explicit, c.env, c.exe))
		})
	}

	// A directory where the install would be is not an executable.
	require.NoError(t, os.MkdirAll(filepath.Join(filepath.Dir(bare), projectAstGrep), 0o755))
	assert.Equal(t, "ast-grep", locateAstGrep("", "", bare))

	t.Setenv(EnvAstGrep, "/from/env")
	assert.Equal(t, "/from/env", LocateAstGrep(""))
	assert.Equal(t, "/given", LocateAstGrep("/given"))
}
