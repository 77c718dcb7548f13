package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// highCC has cc 11 (ten ifs) and cognitive complexity 10 (each if +1 at
// nesting 0) over 22 SLOC lines (the def, ten ifs with their returns, the
// last return): a high-CC function, a finding that makes 0.2.0's check
// exit 1.
var highCC = "def f(x):\n" + strings.Repeat("    if x == 1:\n        return 1\n", 10) + "    return 0\n"

// The 0.1.3 profile prints 0.1.3's JSON
// and exits 0 with findings; the flag, then the environment, then the
// configuration choose it.
func TestCheckCompat013(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte(highCC), 0o644))
	t.Chdir(dir)

	// erosion 1 (one of one function high); masses 11√22 and 10√22; no
	// high-cog function, so its mass is the integer 0.
	const json013 = `{"verbosity": 0.0, "erosion": 1.0, "cog_erosion": 0.0, "files_scanned": 1, "total_loc": 22, ` +
		`"verbosity_flagged_loc": 0, "clone_loc": 0, "ast_grep_flagged_loc": 0, "trivial_wrapper_loc": 0, "trivial_wrappers": 0, ` +
		`"total_functions": 1, "high_cc_functions": 1, "high_cog_functions": 0, ` +
		`"total_mass": 51.59457335805773, "high_cc_mass": 51.59457335805773, "total_cog_mass": 46.9041575982343, "high_cog_mass": 0}`
	cases := []struct {
		name   string
		args   []string
		env    string
		config string
		code   int
		json13 bool
	}{
		{"--compat 0.1.3", []string{"--compat", "0.1.3"}, "", "", exitClean, true},
		{"the environment", nil, "0.1.3", "", exitClean, true},
		{"the configuration", nil, "", `compat = "0.1.3"`, exitClean, true},
		{"the flag over the environment", []string{"--compat", "0.2.0"}, "0.1.3", "", exitFindings, false},
		{"the environment over the configuration", nil, "0.2.0", `compat = "0.1.3"`, exitFindings, false},
		{"the default", nil, "", "", exitFindings, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(envCompat, tc.env)
			cfg := filepath.Join(dir, "scb-check.toml")
			require.NoError(t, os.RemoveAll(cfg))
			if tc.config != "" {
				require.NoError(t, os.WriteFile(cfg, []byte(tc.config+"\n"), 0o644))
			}
			code, out, errOut := runIn(t, append([]string{"check", "--report", "--include-all", "--disable-sg", "a.py"}, tc.args...)...)
			assert.Equal(t, tc.code, code, errOut)
			if tc.json13 {
				assert.Equal(t, json013, out)
			} else {
				assert.True(t, strings.HasPrefix(out, `{"verbosity":0.0,"erosion":1.0,`), out)
				assert.True(t, strings.HasSuffix(out, "}\n"), out)
			}
		})
	}

	t.Run("0.1.3 refuses a key it does not read", func(t *testing.T) {
		t.Setenv(envCompat, "0.1.3")
		cfg := filepath.Join(dir, "scb-check.toml")
		require.NoError(t, os.WriteFile(cfg, []byte("languages = [\"go\"]\n"), 0o644))
		t.Cleanup(func() { _ = os.Remove(cfg) })
		code, _, errOut := runIn(t, "check", "--report", "a.py")
		assert.Equal(t, exitError, code)
		assert.Equal(t, cfg+`: key "languages" is not a setting of scb-check 0.1.3 (it reads only exclude and context)`+"\n", errOut)
	})
}
