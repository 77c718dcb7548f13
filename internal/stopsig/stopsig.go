package stopsig

import (
	"context"
	"time"
)

// Grace is how long a child stopped by a signal that was not sent by us
// waits for the run's context to be cancelled by the same signal before
// the child's end is taken as a failure.
var Grace = 2 * time.Second

// Stopping reports whether err, the error of a child process, is its end
// by a stopping signal (SIGINT, SIGTERM, SIGHUP) and ctx, the run's
// context, ends within Grace: the signal was the job's, ours too.
func Stopping(ctx context.Context, err error) bool {
	return stoppedBySignal(err) && Await(ctx)
}

// Await waits up to Grace for ctx to end and reports whether it did.
func Await(ctx context.Context) bool {
	t := time.NewTimer(Grace)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return true
	case <-t.C:
		return false
	}
}
