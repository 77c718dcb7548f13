package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		sig  os.Signal
		want int
	}{
		{"clean", nil, nil, 0},
		{"findings", errFindings, nil, 1},
		{"findings, wrapped", fmt.Errorf("gate: %w", errFindings), nil, 1},
		{"a usage error", usagef("error: unexpected argument 'x' found"), nil, 2},
		{"any other error", errors.New("config: bad key"), nil, 2},
		{"an error told already", &quietError{errors.New("told")}, nil, 2},
		// A shell's 128 + the signal's number, whatever the outcome.
		{"SIGINT after a clean run", nil, os.Interrupt, 130},
		{"SIGINT after an error", errors.New("interrupted"), os.Interrupt, 130},
		{"SIGTERM after findings", errFindings, syscall.SIGTERM, 143},
		// The hook's, in Claude Code's meaning.
		{"the hook's findings", errHookFindings, nil, 2},
		{"the hook's error", &hookError{errors.New("stdin is not a Claude Code hook event")}, nil, 1},
		{"the hook's usage error", &hookError{usagef("error: unexpected argument 'x' found")}, nil, 1},
		{"SIGINT in the hook", &hookError{errors.New("interrupted")}, os.Interrupt, 130},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, exitCode(tt.err, tt.sig))
		})
	}
}

// cli.finish prints the error, except findings and errors told already,
// before what the command prints last, the last added first.
func TestFinishPrintsTheErrorFirst(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"an error", errors.New("boom"), "boom\nsecond\nfirst\n"},
		{"no error", nil, "second\nfirst\n"},
		{"findings are no message", errFindings, "second\nfirst\n"},
		{"an error told already", &quietError{errors.New("told")}, "second\nfirst\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			c := &cli{stderr: &stderr}
			c.atEnd(func() { stderr.WriteString("first\n") })
			c.atEnd(func() { stderr.WriteString("second\n") })
			c.finish(tt.err)
			assert.Equal(t, tt.want, stderr.String())
		})
	}
}
