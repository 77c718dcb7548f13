package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// The CLI words the library's remedies in its own options: an ast-grep
// that is missing, and files of languages not enabled.
func TestMessageAddsTheCLIsAdvice(t *testing.T) {
	dir := t.TempDir()
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, DisableSG: true})
	require.Error(t, err)
	assert.Equal(t, "no supported source files found at "+dir, message(err), "nothing found: nothing to advise")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b\n"), 0o644))
	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, DisableSG: true})
	require.Error(t, err)
	assert.Equal(t, "no supported source files found at "+dir+
		" (found 1 go files; enable them with Options.Languages or the languages config key)", err.Error())
	assert.Equal(t, "no supported source files found at "+dir+
		" (found 1 go files; enable them with --languages go or the languages config key)", message(err))

	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: filepath.Join(dir, "b.go"), WorkDir: dir, DisableSG: true})
	require.Error(t, err)
	assert.ErrorIs(t, err, scbcheck.ErrNoFiles)
	assert.Equal(t, "not a supported source file: "+filepath.Join(dir, "b.go")+
		" (go is analysed only when enabled: --languages go, or the languages config key)", message(err))

	missing := filepath.Join(dir, "no-ast-grep")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def f():\n    return 1\n"), 0o644))
	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, AstGrep: missing})
	require.Error(t, err)
	exe, err2 := os.Executable()
	require.NoError(t, err2)
	assert.Equal(t, err.Error()+": "+installAdvice(detectInstall(exe)), message(err), "the advice for how the running program was installed")
	assert.Contains(t, message(err), "--ast-grep PATH or $SCB_CHECK_AST_GREP")

	wrapped := fmt.Errorf("checkpoint 2: %w", err)
	assert.Equal(t, "checkpoint 2: "+message(err), message(wrapped), "a prefix is kept")

}

// Every file refused over the size cap is followed by the option that
// raises it, once, however the errors are joined and wrapped.
func TestMessageNamesTheSizeCapOption(t *testing.T) {
	a := &vfs.TooLargeError{Path: "a.yml", Size: 20, Max: 10}
	b := &vfs.TooLargeError{Path: "b.yml", Size: 30, Max: 10}
	err := fmt.Errorf("catalog: %w", errors.Join(fmt.Errorf("failed to read %s: %w", "a.yml", a), fmt.Errorf("failed to read %s: %w", "b.yml", b)))
	assert.Equal(t, "catalog: failed to read a.yml: "+a.Error()+" (--max-config-size raises the limit)\n"+
		"failed to read b.yml: "+b.Error()+" (--max-config-size raises the limit)", message(err))
	assert.Equal(t, "plain", message(errors.New("plain")))
}

// A file that is not a baseline, and a trajectory's bad repository or
// range, are named in the CLI's options.
func TestMessageNamesBaselineAndGitOptions(t *testing.T) {
	assert.Equal(t, "baseline b.json: not a baseline written by scb-check --write-baseline (no schema_version)",
		message(&report.NotBaselineError{Path: "b.json"}))
	assert.Equal(t, "baseline r.json: this is a JSON report (--report), which records no tool version or settings; "+
		"write the baseline with --write-baseline FILE instead", message(&report.NotBaselineError{Path: "r.json", Report: true}))
	err := libopt.About(libopt.GitRevRange, errors.New("unknown revision 'v9' in repo"))
	assert.Equal(t, "GitOptions.RevRange: unknown revision 'v9' in repo", err.Error())
	assert.Equal(t, "--rev-range: unknown revision 'v9' in repo", message(err))
	assert.Equal(t, "--git: not a git repository: x", message(libopt.About(libopt.GitRepo, errors.New("not a git repository: x"))))
}

// Every option the library can name has its flag in the CLI's one table,
// and the flag is one the command's help shows: a new option cannot be
// added without its spelling.
func TestEveryOptionHasAFlag(t *testing.T) {
	help := runBinary(t, t.TempDir(), []string{"check", "--help"}, nil)[secStdout] +
		runBinary(t, t.TempDir(), []string{"trajectory", "--help"}, nil)[secStdout]
	for _, o := range libopt.All() {
		flag, ok := optionFlags[o]
		if o.Struct() == "DiffOptions" {
			// The sides of a change: each command that takes one names it
			// its own way (a flag of check's, an operand of diff's);
			// optionFlags has a word for it all the same.
			assert.NotEmpty(t, flag, "%s has no word in optionFlags", o)
			continue
		}
		if assert.True(t, ok, "%s has no flag in optionFlags", o) {
			assert.Regexp(t, `^--[a-z][a-z-]*$`, flag, o.String())
			assert.Contains(t, help, flag+" ", "%s: %s is in no command's help", o, flag)
		}
	}
	assert.Len(t, optionFlags, len(libopt.All()), "optionFlags names only options")
}

// An error about an option, wherever it sits in the chain, is worded by
// the option's flag and only it: the wrappers' text around it, before and
// after, is kept, and so is a cause's own advice.
func TestMessageNamesOptionsByFlag(t *testing.T) {
	cause := errors.New("ast-grep 0.1 is not ast-grep")
	cached := &libopt.Error{Err: cause, Text: libopt.Text{libopt.Cause(), libopt.Lit(": not cached (run without "),
		libopt.Name(libopt.CacheDir), libopt.Lit(", or with "), libopt.Name(libopt.DisableSG), libopt.Lit(")")}}
	refused := &libopt.Error{Text: libopt.Text{libopt.Lit("x: refused; "), libopt.Enable(libopt.GitOutsideGitDir), libopt.Lit(" if you trust it")}}
	tests := []struct {
		name      string
		err       error
		lib, flag string
	}{
		{"a cause in the middle", fmt.Errorf("checkpoint 2: %w (after)", cached),
			"checkpoint 2: ast-grep 0.1 is not ast-grep: not cached (run without Options.CacheDir, or with Options.DisableSG) (after)",
			"checkpoint 2: ast-grep 0.1 is not ast-grep: not cached (run without --cache, or with --disable-sg) (after)"},
		{"an option to turn on is passed", libopt.About(libopt.GitRepo, refused),
			"GitOptions.Repo: x: refused; set GitOptions.OutsideGitDir if you trust it",
			"--git: x: refused; pass --allow-outside-git-dir if you trust it"},
		{"joined errors are each worded", errors.Join(libopt.About(libopt.Compat, errors.New("no profile 9")), libopt.About(libopt.Languages, errors.New("no language cobol"))),
			"Options.Compat: no profile 9\nOptions.Languages: no language cobol",
			"--compat: no profile 9\n--languages: no language cobol"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.lib, tt.err.Error())
			assert.Equal(t, tt.flag, message(tt.err))
		})
	}
}
