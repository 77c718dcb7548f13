package main

import (
	"fmt"

	"github.com/scbcheck/scbcheck/internal/advice"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
)

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
// (advice), each option it names by the option's flag (advice.Flags).
func message(err error) string { return libopt.TextOf(err, cliAdvice).Spell(flagWords{}) }

// cliAdvice is the CLI's words for an error that calls for its advice:
// how a baseline is written, and the advice every front end gives
// (advice.For) in the CLI's options.
func cliAdvice(err error, last bool) (libopt.Text, bool) {
	if e, ok := err.(*report.NotBaselineError); ok {
		return libopt.Plain(notBaselineMessage(e)), true
	}
	return advice.For(flagWords{}, runningInstallAdvice())(err, last)
}

// flagWords names options by their flags (advice.FlagWords).
type flagWords = advice.FlagWords
