package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/trajectory"
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

// gitOptionFlags are the options that set trajectory.GitOptions' fields.
var gitOptionFlags = map[string]string{"Repo": "--git", "RevRange": "--rev-range"}

// message is err as the CLI prints it: the library's message, with the
// CLI's advice where the library's names no option: how to enable the
// languages of the files found when none could be analysed, which option
// raises the cap a file was refused over, which option set a
// trajectory's repository or range, how a baseline is written, and after an ast-grep error that has a remedy (when the error ends the message, as
// it does unless a wrapper added text after it).
func message(err error) string {
	msg := err.Error()
	var nf *scbcheck.NoFilesError
	if errors.As(err, &nf) && len(nf.Names) > 0 {
		msg = strings.Replace(msg, nf.Error(), nf.Message("--languages "+strings.Join(nf.Names, ",")), 1)
	}
	for _, m := range tooLarge(err, nil) {
		msg = strings.ReplaceAll(msg, m, m+" (--max-config-size raises the limit)")
	}
	var oe *trajectory.OptionError
	if errors.As(err, &oe) && gitOptionFlags[oe.Field] != "" {
		msg = strings.Replace(msg, oe.Error(), gitOptionFlags[oe.Field]+": "+oe.Err.Error(), 1)
	}
	var nb *report.NotBaselineError
	if errors.As(err, &nb) {
		msg = strings.Replace(msg, nb.Error(), notBaselineMessage(nb), 1)
	}
	var ae *rules.AstGrepError
	if errors.As(err, &ae) && strings.HasSuffix(msg, ae.Error()) {
		advice := astGrepAdvice[ae.Remedy]
		if ae.Remedy == rules.RemedyInstall {
			advice = runningInstallAdvice()
		}
		if advice != "" {
			return strings.TrimSuffix(msg, ae.Error()) + ae.Advise(advice)
		}
	}
	return msg
}

// tooLarge adds to seen the distinct messages of the files refused over
// the size cap that err holds, in the order met (an error may join
// several: one per rule file).
func tooLarge(err error, seen []string) []string {
	if tl, ok := err.(*vfs.TooLargeError); ok && !slices.Contains(seen, tl.Error()) {
		return append(seen, tl.Error())
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if next := u.Unwrap(); next != nil {
			return tooLarge(next, seen)
		}
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			seen = tooLarge(e, seen)
		}
	}
	return seen
}
