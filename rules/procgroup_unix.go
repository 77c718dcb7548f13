//go:build unix

package rules

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own and makes its
// cancellation (the context's end: a signal, a timeout) kill the whole
// group, so that a wrapper that started the real ast-grep (an npm shim,
// a shell script) cannot leave it running once the wrapper is killed.
// ast-grep reads nothing from the terminal (its stdin is /dev/null), so
// running outside the terminal's foreground group changes nothing else.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// The group's id is the leader's pid, still ours: Cancel runs only
		// before Wait has reaped it.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
