//go:build unix

package stopsig

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// signals are the kill options the cases use.
var signals = map[string]os.Signal{"-TERM": syscall.SIGTERM, "-INT": syscall.SIGINT, "-HUP": syscall.SIGHUP, "-KILL": syscall.SIGKILL}

func TestStopping(t *testing.T) {
	defer func(g time.Duration) { Grace = g }(Grace)
	Grace = 200 * time.Millisecond
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		script string
		ctx    context.Context
		want   bool
	}{
		{"SIGTERM while the run is cancelled is the job stopping", "kill -TERM $$", cancelled, true},
		{"SIGINT while the run is cancelled is the job stopping", "kill -INT $$", cancelled, true},
		{"SIGHUP while the run is cancelled is the job stopping", "kill -HUP $$", cancelled, true},
		{"SIGTERM while the run goes on is a failure", "kill -TERM $$", context.Background(), false},
		{"SIGKILL is no request to stop", "kill -KILL $$", cancelled, false},
		{"an exit status is a failure", "exit 3", cancelled, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A signal this process ignores (nohup ignores SIGHUP) is
			// ignored by the shell too, which then exits 0.
			if sig := strings.Fields(tt.script); sig[0] == "kill" && signal.Ignored(signals[sig[1]]) {
				t.Skipf("%s is ignored in this process", sig[1])
			}
			err := exec.Command("sh", "-c", tt.script).Run()
			assert.Error(t, err)
			assert.Equal(t, tt.want, Stopping(tt.ctx, err))
		})
	}
}
