package scbcheck_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/rules"
)

// Each failure Analyze documents is told apart with errors.Is, and no
// message tells the caller to pass a command-line option or run a
// script of this repository.
func TestAnalyzeErrorValues(t *testing.T) {
	sentinels := []error{
		scbcheck.ErrNoFiles, scbcheck.ErrNoParsedFiles, scbcheck.ErrAstGrepNotFound, scbcheck.ErrAstGrepFailed,
		scbcheck.ErrConfig, scbcheck.ErrCatalog, scbcheck.ErrDirectives, scbcheck.ErrPathNotFound, fs.ErrNotExist, context.Canceled,
	}
	tree := func(files map[string]string) string {
		dir := t.TempDir()
		for name, text := range files {
			write(t, dir, name, text)
		}
		return dir
	}
	good := map[string]string{"a.py": "def f():\n    return 1\n"}
	// A stand-in ast-grep: the pinned version, then a crash on the scan.
	crashing := write(t, t.TempDir(), "ast-grep",
		"#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'ast-grep "+rules.PinnedAstGrep+"'; exit 0; fi\necho broken >&2\nexit 3\n")
	require.NoError(t, os.Chmod(crashing, 0o755))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()

	cases := []struct {
		name string
		ctx  context.Context
		opt  func(dir string) scbcheck.Options
		dir  string
		is   error
	}{
		{"no file of an analysed language", nil, nil, tree(map[string]string{"README": "text\n", "x.go": "package x\n"}), scbcheck.ErrNoFiles},
		{"no file parses", nil, nil, tree(map[string]string{"bad.py": "def broken(:\n"}), scbcheck.ErrNoParsedFiles},
		{"ast-grep missing", nil, func(string) scbcheck.Options {
			return scbcheck.Options{AstGrep: filepath.Join(t.TempDir(), "no-ast-grep")}
		}, tree(good), scbcheck.ErrAstGrepNotFound},
		{"ast-grep failing", nil, func(string) scbcheck.Options { return scbcheck.Options{AstGrep: crashing} }, tree(good), scbcheck.ErrAstGrepFailed},
		{"a configuration that is not valid", nil, nil, tree(map[string]string{"a.py": good["a.py"], "scb-check.toml": "nonsense = 1\n"}), scbcheck.ErrConfig},
		{"an unknown language", nil, func(string) scbcheck.Options { return scbcheck.Options{Languages: []string{"cobol"}} }, tree(good), scbcheck.ErrConfig},
		{"a missing rule file", nil, func(dir string) scbcheck.Options {
			return scbcheck.Options{CatalogPaths: []string{filepath.Join(dir, "missing.yml")}}
		}, tree(good), scbcheck.ErrCatalog},
		{"a directive naming no rule", nil, nil, tree(map[string]string{"a.py": "value = 1  # scbc ignore[not-a-rule]\n"}), scbcheck.ErrDirectives},
		{"an unknown compat version", nil, func(string) scbcheck.Options { return scbcheck.Options{Compat: "9.9.9"} }, tree(good), scbcheck.ErrConfig},
		{"languages 0.1.3 does not choose from", nil, func(string) scbcheck.Options {
			return scbcheck.Options{Compat: "0.1.3", Languages: []string{"rust"}}
		}, tree(good), scbcheck.ErrConfig},
		{"a missing configuration file", nil, func(dir string) scbcheck.Options {
			return scbcheck.Options{ConfigPath: filepath.Join(dir, "missing.toml")}
		}, tree(good), scbcheck.ErrConfig},
		{"a missing path", nil, func(dir string) scbcheck.Options { return scbcheck.Options{Path: filepath.Join(dir, "nope")} }, tree(good), scbcheck.ErrPathNotFound},
		{"a cancelled context", cancelled, nil, tree(good), context.Canceled},
	}
	flag := regexp.MustCompile(`(^|[\s(])--[a-z]`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := scbcheck.Options{DisableSG: true}
			if c.opt != nil {
				opt = c.opt(c.dir)
			}
			if opt.Path == "" {
				opt.Path = c.dir
			}
			opt.WorkDir = c.dir
			if opt.AstGrep == "" {
				opt.AstGrep = testkit.AstGrep(t)
			}
			ctx := c.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			_, err := scbcheck.Analyze(ctx, opt)
			require.Error(t, err)
			assert.ErrorIs(t, err, c.is)
			for _, other := range sentinels {
				// A cause the error wraps may be one of the standard
				// library's; the package's own values do not overlap.
				if other != c.is && other != fs.ErrNotExist && other != context.Canceled {
					assert.False(t, errors.Is(err, other), "%v is not %v", err, other)
				}
			}
			assert.Equal(t, c.is == scbcheck.ErrPathNotFound, errors.Is(err, fs.ErrNotExist) && errors.Is(err, scbcheck.ErrPathNotFound),
				"a missing path is also fs.ErrNotExist, as it was before ErrPathNotFound")
			assert.False(t, flag.MatchString(err.Error()), "no option named: %s", err)
			assert.NotContains(t, err.Error(), "scripts/")
		})
	}
}

// A missing MCF file is fs.ErrNotExist, not the missing path to analyse.
func TestAnalyzeMissingMCFFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "def f():\n    return 1\n")
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: dir, WorkDir: dir, DisableSG: true, MCFFile: filepath.Join(dir, "missing-mcf.json"),
	})
	require.Error(t, err)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.NotErrorIs(t, err, scbcheck.ErrPathNotFound)
	assert.Contains(t, err.Error(), "missing-mcf.json")
}

// An ast-grep error carries its remedy for the caller to word.
func TestAnalyzeAstGrepRemedy(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.py", "def f():\n    return 1\n")
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, AstGrep: filepath.Join(dir, "no-ast-grep")})
	var ae *rules.AstGrepError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, rules.RemedyInstall, ae.Remedy)
	assert.Equal(t, err.Error()+": install it", ae.Advise("install it"))
}
