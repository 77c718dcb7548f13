package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/trajectory"
)

// Each option the library names is a field a library caller sets, the
// one its name says.
func TestOptionsAreLibraryFields(t *testing.T) {
	types := map[string]reflect.Type{
		"Options":     reflect.TypeFor[scbcheck.Options](),
		"DiffOptions": reflect.TypeFor[scbcheck.DiffOptions](),
		"GitOptions":  reflect.TypeFor[trajectory.GitOptions](),
	}
	for _, o := range libopt.All() {
		require.Contains(t, types, o.Struct(), o.String())
		_, found := types[o.Struct()].FieldByName(o.Field())
		assert.True(t, found, "%s names no field of %s", o, o.Struct())
	}
}

// The library names the settings behind a skipped file or a warning by
// their Options fields; the CLI prints them with its options, as before:
// a file over the size limit, a parse that took too long, a
// configuration file passed over.
func TestWarningsCarryTheCLIsOptions(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("empty.py", "")
	write("slow.py", strings.Repeat("def f(a):\n    return [a for b in a]\n", 2000))
	write("big.py", strings.Repeat("x = 1\n", 40000))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "pyproject.toml")))

	// 1ns is over before any file's parse starts, the empty one's too:
	// nothing is parsed, and the partial report says why.
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: dir, WorkDir: dir, DisableSG: true, ParseTimeout: 1, MaxFileSize: 100 << 10,
	})
	require.ErrorIs(t, err, scbcheck.ErrNoParsedFiles)
	require.Len(t, r.Skipped, 3)
	assert.Equal(t, "file of 240000 bytes, over the limit of 102400 bytes (Options.MaxFileSize); not read", r.Skipped[0].Reason.String())
	assert.Equal(t, "parsing the python source took longer than 1ns; given up (see Options.ParseTimeout)", r.Skipped[2].Reason.String())
	require.Len(t, r.Warnings, 1)
	assert.Contains(t, r.Warnings[0].String(), "not used as the configuration (name a file you trust with Options.ConfigPath)")

	got := runBinary(t, dir, []string{"check", "--report", "--disable-sg", "--parse-timeout", "1ns", "--max-file-size", "100KB", "."}, nil)
	assert.Equal(t, "2\n", got[secExit], got[secStderr])
	assert.Equal(t,
		"warning: "+filepath.Join(dir, "pyproject.toml")+": symlink to /dev/zero, outside "+dir+
			" (not followed); not used as the configuration (name a file you trust with --config)\n"+
			"failed to parse file: "+filepath.Join(dir, "big.py")+": file of 240000 bytes, over the limit of 102400 bytes (--max-file-size); not read\n"+
			"failed to parse file: "+filepath.Join(dir, "empty.py")+": parsing the python source took longer than 1ns; given up (see --parse-timeout)\n"+
			"failed to parse file: "+filepath.Join(dir, "slow.py")+": parsing the python source took longer than 1ns; given up (see --parse-timeout)\n"+
			"no supported source files could be parsed at .\n",
		got[secStderr])
}
