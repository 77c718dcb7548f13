package main

import (
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// skipAdvice says how to run without ast-grep.
const skipAdvice = "run with --disable-sg to skip the ast-grep rules"

// astGrepAdvice words each remedy of an ast-grep error in the CLI's
// options, but RemedyInstall's: how to get ast-grep depends on how this
// copy was installed (runningInstallAdvice).
var astGrepAdvice = map[rules.Remedy]string{
	rules.RemedySkip:    skipAdvice,
	rules.RemedyTimeout: "raise the timeout or " + skipAdvice,
	rules.RemedyRules: "a rule of the catalog is not valid for this ast-grep (check the extra rule files and that ast-grep is version " +
		rules.PinnedAstGrep + "), or " + skipAdvice,
}

// notBaselineMessage says, in the CLI's options, that a --baseline file
// is not a baseline and how one is written.
func notBaselineMessage(e *report.NotBaselineError) string {
	if e.Report {
		return fmt.Sprintf("baseline %s: this is a JSON report (--report), which records no tool version or settings; "+
			"write the baseline with --write-baseline FILE instead", e.Path)
	}
	return fmt.Sprintf("baseline %s: not a baseline written by %s --write-baseline (no schema_version)", e.Path, report.ToolName)
}

// message is err as the CLI prints it: its chain in the CLI's words
// (advice), each option it names by the option's flag (optionFlags).
func message(err error) string { return libopt.TextOf(err, advice).Spell(flagWords{}) }

// advice is the CLI's words for an error of the library that calls for
// its advice: how to enable the languages of the files found when none
// could be analysed, which option raises the cap a file was refused over,
// how a baseline is written, and after an ast-grep error that has a
// remedy when it ends the message (last: no wrapper added text after it).
func advice(err error, last bool) (libopt.Text, bool) {
	switch e := err.(type) {
	case *scbcheck.NoFilesError:
		if len(e.Names) > 0 {
			return libopt.Text{libopt.Lit(e.Message("--languages " + strings.Join(e.Names, ",")))}, true
		}
	case *vfs.TooLargeError:
		return libopt.Text{libopt.Lit(e.Error() + " (--max-config-size raises the limit)")}, true
	case *report.NotBaselineError:
		return libopt.Text{libopt.Lit(notBaselineMessage(e))}, true
	case *rules.AstGrepError:
		advice := astGrepAdvice[e.Remedy]
		if e.Remedy == rules.RemedyInstall {
			advice = runningInstallAdvice()
		}
		if last && advice != "" {
			return libopt.Text{libopt.Lit(e.Advise(advice))}, true
		}
		return libopt.Text{libopt.Lit(e.Error())}, true
	}
	return nil, false
}

// optionFlags is the CLI's word for each option the library names: the
// flag that sets it. Every option has one (TestEveryOptionHasAFlag).
var optionFlags = map[libopt.Option]string{
	libopt.MaxFileSize:      "--max-file-size",
	libopt.ParseTimeout:     "--parse-timeout",
	libopt.ConfigPath:       "--config",
	libopt.CacheDir:         "--cache",
	libopt.DisableSG:        "--disable-sg",
	libopt.Compat:           "--compat",
	libopt.Languages:        "--languages",
	libopt.Scope:            "--scope",
	libopt.GitRepo:          "--git",
	libopt.GitRevRange:      "--rev-range",
	libopt.GitOutsideGitDir: "--allow-outside-git-dir",
}

// flagWords names options by their flags (libopt.Words).
type flagWords struct{}

// Name is o's flag.
func (flagWords) Name(o libopt.Option) string { return optionFlags[o] }

// Enable tells to pass o's flag.
func (flagWords) Enable(o libopt.Option) string { return "pass " + optionFlags[o] }
