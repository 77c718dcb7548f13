package main

import (
	"os"
	"syscall"
)

// Exit codes, the one place they are decided.
const (
	exitClean    = 0 // the check finished with no findings; help; version
	exitFindings = 1 // the check found something or a gate failed; a batch has error lines
	exitError    = 2 // usage, input, configuration or analysis error
)

// exitInput is what decides a finished check's exit code.
type exitInput struct {
	hasFindings bool
	// gatesSet is true when any gate (a limit or a baseline) is set: then
	// the gates alone decide, and findings do not.
	gatesSet    bool
	gatesFailed bool
	// exitZero (--exit-zero) makes every finished check exit 0.
	exitZero bool
}

// checkExit maps a finished check to its exit code.
func checkExit(in exitInput) int {
	failed := in.hasFindings
	if in.gatesSet {
		failed = in.gatesFailed
	}
	if failed && !in.exitZero {
		return exitFindings
	}
	return exitClean
}

// Exit codes of a run stopped by a signal, as a shell reports a process
// killed by it (128 + the signal's number): the run stopped ast-grep and
// removed its temporary files first.
const (
	exitInterrupted = 130 // SIGINT
	exitTerminated  = 143 // SIGTERM
)

// signalExit maps the signal that stopped a run to its exit code.
func signalExit(sig os.Signal) int {
	if sig == syscall.SIGTERM {
		return exitTerminated
	}
	return exitInterrupted
}
