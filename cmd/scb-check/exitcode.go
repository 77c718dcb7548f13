package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/scbcheck/scbcheck/vfs"
)

// Exit codes, decided in one place: exitCode.
const (
	exitClean    = 0 // the check finished with no findings; help; version
	exitFindings = 1 // the check found something or a gate failed; a batch has error lines
	exitError    = 2 // usage, input, configuration or analysis error
)

// Exit codes of `scb-check hook`, in Claude Code's meaning: 2 shows the
// hook's stderr to the agent, any other code but 0 only to the user.
const (
	exitHookFindings = 2 // the change adds findings, listed on stderr
	exitHookError    = 1 // any error of the hook: the agent goes on
)

// Exit codes of a run stopped by a signal, as a shell reports a process
// killed by it (128 + the signal's number): the run stopped ast-grep and
// removed its temporary files first.
const (
	exitInterrupted = 130 // SIGINT
	exitTerminated  = 143 // SIGTERM
)

// errFindings is the outcome of a command that ran to its end and found
// what makes it fail: findings, a failed gate, a batch's error lines.
// Nothing more is printed.
var errFindings = errors.New("findings")

// quietError is an error the command has already told the user about, or
// tells at its end (see cli.atEnd): it is not printed again.
type quietError struct{ err error }

func (e *quietError) Error() string { return e.err.Error() }
func (e *quietError) Unwrap() error { return e.err }

// exitCode maps the outcome of a command line to its exit status, the one
// place that does: a signal that stopped the run gives its code (130 for
// SIGINT, 143 for SIGTERM) whatever the outcome; else no error is 0,
// errFindings 1 and any other error (usage, input, configuration,
// analysis, an interrupted run) 2; but the hook's findings are 2 and its
// errors 1 (see exitHookFindings).
func exitCode(err error, sig os.Signal) int {
	var hookErr *hookError
	switch {
	case sig == syscall.SIGTERM:
		return exitTerminated
	case sig != nil:
		return exitInterrupted
	case err == nil:
		return exitClean
	case errors.Is(err, errHookFindings):
		return exitHookFindings
	case errors.As(err, &hookErr):
		return exitHookError
	case errors.Is(err, errFindings):
		return exitFindings
	}
	return exitError
}

// cli is what a command runs with: its streams, and what it prints last.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// last are printed after the command's error, the last one added
	// first, as deferred calls run.
	last []func()
	// words name the options in the command's error (the flags, unless
	// the command words some its own way).
	words flagWords
}

// atEnd has f run once the command has returned and its error is
// printed: the cache report, batch's summary.
func (c *cli) atEnd(f func()) { c.last = append(c.last, f) }

// finish prints the command's error on stderr (but errFindings, which is
// no message, and a quietError, told already), then runs what atEnd
// added. The error is escaped but for its line breaks (vfs.EscapePath):
// it may quote the analysed tree (an unknown rule id of a directive, a
// name), and one error may list several problems, one per line.
func (c *cli) finish(err error) {
	var quiet *quietError
	if err != nil && !errors.Is(err, errFindings) && !errors.As(err, &quiet) {
		fmt.Fprintln(c.stderr, vfs.EscapePath(message(err, c.words), '\n'))
	}
	for i := len(c.last) - 1; i >= 0; i-- {
		c.last[i]()
	}
	c.last = nil
}

// exitInput is what decides a finished check's outcome.
type exitInput struct {
	hasFindings bool
	// gatesSet is true when any gate (a limit or a baseline) is set: then
	// the gates alone decide, and findings do not.
	gatesSet    bool
	gatesFailed bool
	// exitZero (--exit-zero) makes every finished check exit 0.
	exitZero bool
	// change is set when check judges a change: hasFindings then says
	// the change added findings, and those fail the check whatever the
	// gates (a failed gate too).
	change bool
}

// checkOutcome is a finished check's outcome: errFindings when it fails,
// else nil.
func checkOutcome(in exitInput) error {
	failed := in.hasFindings
	switch {
	case in.change:
		failed = in.hasFindings || in.gatesFailed
	case in.gatesSet:
		failed = in.gatesFailed
	}
	if failed && !in.exitZero {
		return errFindings
	}
	return nil
}
