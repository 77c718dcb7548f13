//go:build unix

package stopsig

import (
	"errors"
	"syscall"
)

// stoppedBySignal reports whether err is that of a process ended by a
// signal that asks a program to stop.
func stoppedBySignal(err error) bool {
	// An *exec.ExitError, found by its method: this package starts
	// nothing, so it does not import os/exec.
	var exit interface{ Sys() any }
	if !errors.As(err, &exit) {
		return false
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return false
	}
	switch ws.Signal() {
	case syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP:
		return true
	}
	return false
}
