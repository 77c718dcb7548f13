package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/vfs"
)

// TestLoadDiscoveryPassesOverSpecialFiles: a discovered scb-check.toml or
// pyproject.toml that is not a regular file, or a link leading out of its
// directory, is not read (a pipe would block, /dev/zero never ends, a
// host file is not the tree's) and is named in a warning; discovery goes
// on above it.
func TestLoadDiscoveryPassesOverSpecialFiles(t *testing.T) {
	const secret = "host_secret_4f1c = 1\n"
	cases := []struct {
		name string
		make func(t *testing.T, dir string) // makes dir/proj/<file>
		file string
		want string // in the warning
	}{
		{"a named pipe as scb-check.toml", func(t *testing.T, dir string) {
			require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "proj", "scb-check.toml"), 0o644))
		}, "scb-check.toml", "not a regular file (named pipe)"},
		{"a link to /dev/zero as pyproject.toml", func(t *testing.T, dir string) {
			require.NoError(t, os.Symlink("/dev/zero", filepath.Join(dir, "proj", "pyproject.toml")))
		}, "pyproject.toml", "symlink to /dev/zero, outside " + "PROJ" + " (not followed)"},
		{"a link to a host file as scb-check.toml", func(t *testing.T, dir string) {
			host := filepath.Join(t.TempDir(), "host.toml")
			write(t, host, secret)
			require.NoError(t, os.Symlink(host, filepath.Join(dir, "proj", "scb-check.toml")))
		}, "scb-check.toml", "outside PROJ (not followed)"},
		{"a link up to the parent's file as scb-check.toml", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "other.toml"), secret)
			require.NoError(t, os.Symlink("../other.toml", filepath.Join(dir, "proj", "scb-check.toml")))
		}, "scb-check.toml", "outside PROJ (not followed)"},
		{"a directory as scb-check.toml", func(t *testing.T, dir string) {
			require.NoError(t, os.Mkdir(filepath.Join(dir, "proj", "scb-check.toml"), 0o755))
		}, "scb-check.toml", "not a regular file (directory)"},
		{"a broken link as scb-check.toml", func(t *testing.T, dir string) {
			require.NoError(t, os.Symlink("missing.toml", filepath.Join(dir, "proj", "scb-check.toml")))
		}, "scb-check.toml", "broken symlink"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := tempDir(t)
			proj := filepath.Join(root, "proj")
			require.NoError(t, os.Mkdir(proj, 0o755))
			write(t, filepath.Join(root, "scb-check.toml"), "context = 7\n")
			tc.make(t, root)

			cfg, err := Load(proj, "")
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(root, "scb-check.toml"), cfg.Path, "the search goes on above")
			assert.Equal(t, 7, cfg.Context)
			require.Len(t, cfg.Warnings, 1)
			w := cfg.Warnings[0].String()
			assert.True(t, strings.HasPrefix(w, filepath.Join(proj, tc.file)+": "), w)
			assert.Contains(t, w, strings.ReplaceAll(tc.want, "PROJ", proj))
			assert.Contains(t, w, "not used as the configuration")
			assert.NotContains(t, w, "host_secret_4f1c")
		})
	}
}

func TestLoadDiscoveryFollowsLinksInsideTheDirectory(t *testing.T) {
	root := tempDir(t)
	write(t, filepath.Join(root, "conf", "real.toml"), "context = 3\n")
	require.NoError(t, os.Symlink("conf/real.toml", filepath.Join(root, "scb-check.toml")))
	cfg, err := Load(root, "")
	require.NoError(t, err)
	assert.Equal(t, 3, cfg.Context)
	assert.Empty(t, cfg.Warnings)
}

func TestLoadSizeCap(t *testing.T) {
	root := tempDir(t)
	path := filepath.Join(root, "scb-check.toml")
	write(t, path, "context = 2\n"+strings.Repeat("# padding\n", 200))
	t.Run("a discovered config over the cap is an error naming it (the CLI adds its option)", func(t *testing.T) {
		_, err := LoadLimit(nil, root, "", 100)
		require.Error(t, err)
		assert.Equal(t, path+": failed to read config: 2012 bytes, over the limit of 100 bytes", err.Error())
		var tooLarge *vfs.TooLargeError
		assert.ErrorAs(t, err, &tooLarge)
	})
	t.Run("an explicit config over the cap too", func(t *testing.T) {
		_, err := LoadLimit(nil, root, "scb-check.toml", 100)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "scb-check.toml: failed to read config: 2012 bytes, over the limit of 100 bytes")
	})
	t.Run("a larger cap reads it", func(t *testing.T) {
		cfg, err := LoadLimit(nil, root, "", 4096)
		require.NoError(t, err)
		assert.Equal(t, 2, cfg.Context)
	})
	t.Run("no cap reads it", func(t *testing.T) {
		cfg, err := LoadLimit(nil, root, "", 0)
		require.NoError(t, err)
		assert.Equal(t, 2, cfg.Context)
	})
}

func TestLoadExplicitSpecialFiles(t *testing.T) {
	root := tempDir(t)
	t.Run("a named pipe named by --config is an error", func(t *testing.T) {
		require.NoError(t, syscall.Mkfifo(filepath.Join(root, "pipe.toml"), 0o644))
		_, err := Load(root, "pipe.toml")
		require.Error(t, err)
		assert.Equal(t, "pipe.toml: failed to read config: not a regular file (named pipe)", err.Error())
	})
	t.Run("a link named by --config may lead anywhere", func(t *testing.T) {
		host := filepath.Join(t.TempDir(), "host.toml")
		write(t, host, "context = 5\n")
		require.NoError(t, os.Symlink(host, filepath.Join(root, "link.toml")))
		cfg, err := Load(root, "link.toml")
		require.NoError(t, err)
		assert.Equal(t, 5, cfg.Context)
	})
}

func TestProjectScriptsSpecialFiles(t *testing.T) {
	t.Run("no pyproject.toml declares nothing", func(t *testing.T) {
		scripts, err := ProjectScripts(t.TempDir())
		require.NoError(t, err)
		assert.Empty(t, scripts)
	})
	t.Run("a named pipe is an error naming it", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "pyproject.toml"), 0o644))
		_, err := ProjectScripts(dir)
		require.Error(t, err)
		assert.Equal(t, filepath.Join(dir, "pyproject.toml")+": failed to read config: not a regular file (named pipe)", err.Error())
	})
	t.Run("a link out of the tree is not read", func(t *testing.T) {
		dir := t.TempDir()
		host := filepath.Join(t.TempDir(), "pyproject.toml")
		write(t, host, "[project.scripts]\nx = \"host_module:main\"\n")
		require.NoError(t, os.Symlink(host, filepath.Join(dir, "pyproject.toml")))
		_, err := ProjectScriptsFS(vfs.OS, dir, vfs.DefaultMaxRead)
		var outside *vfs.OutsideError
		require.ErrorAs(t, err, &outside)
		assert.NotContains(t, err.Error(), "host_module")
	})
}
