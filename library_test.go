package scbcheck_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// A run that fails returns no report, so no number of it can be stored:
// what explains the failure (the files read, the skipped ones and why,
// the ast-grep error and its remedy) is in the *RunError, for Analyze
// and a Session's runs alike.
func TestFailedRunReturnsNoReport(t *testing.T) {
	good := t.TempDir()
	write(t, good, "a.py", "def f():\n    return 1\n")
	bad := t.TempDir()
	write(t, bad, "bad.py", "def broken(:\n")
	// The pinned version for the probe, then a crash on the scan.
	crashing := write(t, t.TempDir(), "ast-grep",
		"#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'ast-grep "+rules.PinnedAstGrep+"'; exit 0; fi\necho broken >&2\nexit 3\n")
	require.NoError(t, os.Chmod(crashing, 0o755))

	cases := []struct {
		name    string
		dir     string
		astGrep string
		is      error
		remedy  rules.Remedy
		parsed  []scbcheck.ParsedFile
		skipped []string
	}{
		{name: "no file parses", dir: bad, astGrep: testkit.AstGrep(t), is: scbcheck.ErrNoParsedFiles, skipped: []string{"bad.py"}},
		{name: "ast-grep missing", dir: good, astGrep: filepath.Join(t.TempDir(), "no-ast-grep"), is: scbcheck.ErrAstGrepNotFound,
			remedy: rules.RemedyInstall, parsed: []scbcheck.ParsedFile{{Path: "a.py", Language: "python"}}},
		{name: "ast-grep failing", dir: good, astGrep: crashing, is: scbcheck.ErrAstGrepFailed,
			remedy: rules.RemedySkip, parsed: []scbcheck.ParsedFile{{Path: "a.py", Language: "python"}}},
	}
	for _, c := range cases {
		opt := scbcheck.Options{Path: c.dir, AstGrep: c.astGrep}
		check := func(t *testing.T, r *report.Report, err error) {
			assert.Nil(t, r, "no report, so no number, comes with the error")
			require.ErrorIs(t, err, c.is)
			var runErr *scbcheck.RunError
			require.ErrorAs(t, err, &runErr)
			root, evalErr := filepath.EvalSymlinks(c.dir)
			require.NoError(t, evalErr)
			assert.Equal(t, root, runErr.Root)
			assert.Equal(t, 1, runErr.FilesDiscovered)
			assert.Equal(t, c.parsed, runErr.Parsed)
			var skipped []string
			for _, s := range runErr.Skipped {
				skipped = append(skipped, s.Path)
				assert.NotEmpty(t, s.Reason.String(), "a skipped file says why")
			}
			assert.Equal(t, c.skipped, skipped)
			assert.Equal(t, filepath.Join(root, "a.py"), runErr.Abs("a.py"))
			var ae *rules.AstGrepError
			if c.remedy != rules.RemedyNone {
				require.ErrorAs(t, err, &ae, "the ast-grep error travels in the RunError")
				assert.Equal(t, c.remedy, ae.Remedy)
			}
		}
		t.Run(c.name+" (Analyze)", func(t *testing.T) {
			r, err := scbcheck.Analyze(context.Background(), opt)
			check(t, r, err)
		})
		t.Run(c.name+" (Session.Run)", func(t *testing.T) {
			s, err := scbcheck.NewSession(opt)
			require.NoError(t, err)
			defer s.Close()
			r, err := s.Run(context.Background(), scbcheck.Target{Path: c.dir})
			check(t, r, err)
		})
	}
}

// twoFiles writes a checkpoint of two Python files, a.py (one function,
// 4 SLOC) and b.py (one function, 2 SLOC), and returns its directory.
func twoFiles(t *testing.T) string {
	dir := t.TempDir()
	write(t, dir, "a.py", "def f(x):\n    if x:\n        return 1\n    return 2\n")
	write(t, dir, "b.py", "def g():\n    return 3\n")
	return dir
}

// harnessDir makes the test's working directory a harness's own
// directory, whose pyproject.toml excludes every b.py (its "*" crosses
// "/", so the pattern matches paths outside the harness too): a configuration the
// analysed trees must not see.
func harnessDir(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "pyproject.toml", "[tool.ruff]\nexclude = [\"*/b.py\"]\n")
	t.Chdir(dir)
}

// The library reads no configuration from the process's working
// directory: with WorkDir unset, a checkpoint is configured from its own
// tree, whatever directory the harness runs in.
func TestConfigurationIsNotTheProcessDirectorys(t *testing.T) {
	ckpt := twoFiles(t)
	write(t, ckpt, "scb-check.toml", "exclude = [\"a.py\"]\n")
	harnessDir(t)
	functions := func(r *report.Report) []string {
		var names []string
		for _, f := range r.Functions() {
			names = append(names, f.Path+":"+f.QualifiedName)
		}
		return names
	}

	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: ckpt, DisableSG: true})
	require.NoError(t, err)
	// The checkpoint's own exclude applies (a.py), the harness's (b.py)
	// does not: g alone, its 2 SLOC.
	assert.Equal(t, []string{"b.py:g"}, functions(r))
	assert.Equal(t, 2, r.TotalLOC)

	// A file is configured from its directory: the harness's exclude
	// does not drop it either.
	r, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: filepath.Join(ckpt, "b.py"), DisableSG: true})
	require.NoError(t, err)
	assert.Equal(t, []string{"b.py:g"}, functions(r))

	// An explicit WorkDir is honoured: the harness's directory then
	// configures the run, as the command's working directory does.
	here, err := os.Getwd()
	require.NoError(t, err)
	r, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: ckpt, DisableSG: true, WorkDir: here})
	require.NoError(t, err)
	assert.Equal(t, []string{"a.py:f"}, functions(r), "the configuration found from WorkDir excludes b.py")
	assert.Equal(t, 4, r.TotalLOC)
}

// The zero Target runs the session's own Options; a run with no path at
// all is an error naming that, not "path does not exist: ".
func TestSessionTarget(t *testing.T) {
	ckpt := twoFiles(t)
	s, err := scbcheck.NewSession(scbcheck.Options{Path: ckpt, DisableSG: true})
	require.NoError(t, err)
	defer s.Close()
	r, err := s.Run(context.Background(), scbcheck.Target{})
	require.NoError(t, err, "Options.Path is the zero Target's path")
	assert.Equal(t, 2, r.TotalFunctions)

	empty, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true})
	require.NoError(t, err)
	defer empty.Close()
	_, err = empty.Run(context.Background(), scbcheck.Target{})
	require.Error(t, err)
	assert.Equal(t, "no path to analyse: the path is empty", err.Error())
	assert.ErrorIs(t, err, scbcheck.ErrPathNotFound)

	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{DisableSG: true})
	assert.ErrorIs(t, err, scbcheck.ErrPathNotFound, "Analyze without a path")
}

// A Session that NewSession did not return (nil, or the zero value)
// gives errors, never a panic.
func TestSessionNotOpened(t *testing.T) {
	for name, s := range map[string]*scbcheck.Session{"nil": nil, "zero": {}} {
		t.Run(name, func(t *testing.T) {
			ckpt := twoFiles(t)
			assert.NotPanics(t, func() {
				r, err := s.Run(context.Background(), scbcheck.Target{Path: ckpt})
				assert.Nil(t, r)
				assert.EqualError(t, err, "scbcheck: the Session was not opened by NewSession")
				assert.Error(t, s.OpenCache())
				assert.Error(t, s.Prescan(context.Background(), nil, nil, []string{ckpt}, nil, nil)())
				assert.NoError(t, s.Close(), "nothing to close")
				assert.Nil(t, s.Settings().Profile)
				assert.True(t, s.MayAffect("a.py"))
			})
		})
	}
}
