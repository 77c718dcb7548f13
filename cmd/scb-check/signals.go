package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interrupts turns SIGINT and SIGTERM into the cancellation of a run's
// context: the run stops, ast-grep and git are killed with it, and the
// deferred cleanups remove every temporary file and directory it made
// before the command exits (with exitCode's code for the signal). A second signal
// exits at once, cleanups or not.
type interrupts struct {
	ch     chan os.Signal
	done   chan struct{}
	cancel context.CancelFunc

	mu  sync.Mutex
	sig os.Signal
}

// notifyInterrupts starts watching for the signals; stop ends it.
func notifyInterrupts(parent context.Context) (context.Context, *interrupts) {
	ctx, cancel := context.WithCancel(parent)
	in := &interrupts{ch: make(chan os.Signal, 2), done: make(chan struct{}), cancel: cancel}
	signal.Notify(in.ch, os.Interrupt, syscall.SIGTERM)
	go in.watch()
	return ctx, in
}

func (in *interrupts) watch() {
	select {
	case sig := <-in.ch:
		in.mu.Lock()
		in.sig = sig
		in.mu.Unlock()
		in.cancel()
	case <-in.done:
		return
	}
	select {
	case sig := <-in.ch:
		os.Exit(exitCode(nil, sig))
	case <-in.done:
	}
}

// received is the first signal received, nil when none was.
func (in *interrupts) received() os.Signal {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sig
}

// stop stops watching: a signal from now on has its default effect.
func (in *interrupts) stop() {
	signal.Stop(in.ch)
	close(in.done)
	in.cancel()
}
