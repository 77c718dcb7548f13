package main

import (
	"fmt"
	"strings"

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
// (advice), each option it names as w does (by the option's flag,
// advice.Flags, unless the command words it its own way).
func message(err error, w flagWords) string { return libopt.TextOf(err, cliAdvice(w)).Spell(w) }

// cliAdvice is the CLI's words for an error that calls for its advice:
// how a baseline is written, and the advice every front end gives
// (advice.For) in the CLI's options as w names them.
func cliAdvice(w flagWords) func(error, bool) (libopt.Text, bool) {
	words := advice.For(w, runningInstallAdvice())
	return func(err error, last bool) (libopt.Text, bool) {
		if e, ok := err.(*report.NotBaselineError); ok {
			return libopt.Plain(notBaselineMessage(e)), true
		}
		return words(err, last)
	}
}

// flagWords names options by their flags (advice.Flags), or as a command
// words them (own: check names the sides of a change by the option that
// chose them).
type flagWords struct{ own map[libopt.Option]string }

// Name is o's flag, or the command's word for it.
func (w flagWords) Name(o libopt.Option) string {
	if s, ok := w.own[o]; ok {
		return s
	}
	return advice.Flags[o]
}

// Enable tells to pass o's flag.
func (w flagWords) Enable(o libopt.Option) string { return "pass " + w.Name(o) }

// Set tells to give o the values, as in "--languages go,rust".
func (w flagWords) Set(o libopt.Option, values []string) string {
	return w.Name(o) + " " + strings.Join(values, ",")
}
