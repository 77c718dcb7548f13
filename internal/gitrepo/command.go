package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/internal/stopsig"
)

// DefaultTimeout is how long one git process (or one answer of the
// running `git cat-file`) may take when no timeout is given.
const DefaultTimeout = 10 * time.Minute

// gitEnvironment is set in every git process, after every GIT_ variable
// of ours is dropped (none may point git at another repository, another
// configuration or other pathspec rules): replace refs are not followed,
// so that a commit's tree is the one its hash names; no lock is taken to
// refresh the index; no prompt is shown; and no transport is allowed, so
// that a missing object of a partial clone is never fetched (the fetch
// would run what the repository's remote configuration names, such as its
// uploadpack).
var gitEnvironment = []string{
	"GIT_NO_REPLACE_OBJECTS=1",
	"GIT_OPTIONAL_LOCKS=0",
	"GIT_TERMINAL_PROMPT=0",
	"GIT_ALLOW_PROTOCOL=none",
	"GIT_NO_LAZY_FETCH=1",
}

// gitOverrides come first on every git command line: they switch off each
// program a configuration (the repository's, the user's or the system's:
// the command line wins over all of them) can make the commands we run
// start, each file it can make `git log` read (an order file, a mailmap:
// a FIFO there hangs git, /dev/zero eats memory), and the settings that
// would change the output we read. Filters,
// textconv and external diffs are never reached: blobs are read raw with
// `git cat-file --batch`, and diffs are --raw or --name-only.
var gitOverrides = []string{
	"--no-pager",
	"-c", "core.fsmonitor=false",
	"-c", "core.hooksPath=/dev/null",
	"-c", "core.pager=cat",
	"-c", "core.untrackedCache=false",
	"-c", "log.showSignature=false",
	"-c", "color.ui=never",
	"-c", "gc.auto=0",
	"-c", "maintenance.auto=false",
	"-c", "protocol.allow=never",
	"-c", "i18n.logOutputEncoding=UTF-8",
	"-c", "diff.orderFile=/dev/null",
	"-c", "log.mailmap=false",
}

// gitEnv is the environment of a git process: ours without its GIT_
// variables, plus gitEnvironment.
func gitEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	return append(env, gitEnvironment...)
}

// gitProc is a git process made by gitCommand, not started yet.
type gitProc struct {
	*exec.Cmd
	// ctx is the process's context: the caller's, with the timeout.
	ctx     context.Context
	cancel  context.CancelFunc
	sub     string
	timeout time.Duration
}

// gitCommand is the one place a git process is made: git in dir with the
// cleaned environment and the overrides, stopped when ctx ends and, with
// a positive timeout, after that long. The caller starts it and calls
// done once it has waited.
func gitCommand(ctx context.Context, git, dir string, timeout time.Duration, args ...string) *gitProc {
	cancel := context.CancelFunc(func() {})
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	full := append(append(append([]string{}, gitOverrides...), "-C", dir), args...)
	cmd := exec.CommandContext(ctx, git, full...)
	cmd.Env = gitEnv()
	// A child git leaves behind (a hook, a helper) may hold its pipes
	// open: Wait returns this long after git is stopped all the same.
	cmd.WaitDelay = 2 * time.Second
	// Errors name the subcommand: the first argument that is not an
	// option or a -c's value.
	sub := ""
	for i := 0; i < len(args); i++ {
		if args[i] == "-c" {
			i++
			continue
		}
		if !strings.HasPrefix(args[i], "-") {
			sub = args[i]
			break
		}
	}
	return &gitProc{Cmd: cmd, ctx: ctx, cancel: cancel, sub: sub, timeout: timeout}
}

// done releases the process's timer.
func (p *gitProc) done() { p.cancel() }

// failure is the error of the process, which failed with err (from Start,
// Run or Wait) and wrote stderr: ErrNoGit when git did not start at
// all, the caller's context's error when it ended, the timeout when it
// passed, else git's own message (its lines joined), else err.
func (p *gitProc) failure(parent context.Context, stderr string, err error) error {
	switch {
	case parent.Err() != nil, stopsig.Stopping(parent, err):
		return fmt.Errorf("git %s: %w", p.sub, parent.Err())
	case errors.Is(p.ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("git %s: no answer within %s (the git timeout)", p.sub, p.timeout)
	case p.Process == nil:
		return fmt.Errorf("%w %s: %w", ErrNoGit, p.Args[0], err)
	}
	if msg := oneLine(stderr); msg != "" {
		return fmt.Errorf("git %s: %s", p.sub, msg)
	}
	return fmt.Errorf("git %s: %w", p.sub, err)
}

// timeoutOr is t, or DefaultTimeout when t is not positive.
func timeoutOr(t time.Duration) time.Duration {
	if t <= 0 {
		return DefaultTimeout
	}
	return t
}

// oneLine joins the non-blank lines of s, trimmed, with a space, so that
// a message of git's several lines stays one line of ours.
func oneLine(s string) string {
	var parts []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " ")
}
