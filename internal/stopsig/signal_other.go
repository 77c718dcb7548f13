//go:build !unix

package stopsig

// stoppedBySignal is false: without Unix signals, a process ends by itself.
func stoppedBySignal(error) bool { return false }
