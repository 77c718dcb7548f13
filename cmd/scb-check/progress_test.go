package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
)

// fakeClock is a clock the test moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// testLine is a progress line on a buffer, by a fake clock, with the
// default delay and refresh, as wide as width.
func testLine(width int) (*progressLine, *bytes.Buffer, *fakeClock) {
	var term bytes.Buffer
	clock := &fakeClock{t: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}
	p := newProgressLine(&term, func() int { return width }, clock.now)
	p.delay, p.refresh = time.Second, 100*time.Millisecond
	return p, &term, clock
}

// drawn is what a draw of text writes.
func drawn(text string) string { return "\r" + text + "\x1b[K" }

// The line appears only after the delay, is drawn at most once per
// refresh as counts change, stays below what is written through it
// (erased, the text written unchanged, drawn again), is never drawn
// after an unfinished line of text, and is erased for good by stop.
func TestProgressLine(t *testing.T) {
	p, term, clock := testLine(0)
	files := p.analysis()
	files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Total: 3})
	clock.advance(900 * time.Millisecond)
	files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Done: 1, Total: 3})
	assert.Empty(t, term.String(), "nothing before the delay")

	clock.advance(300 * time.Millisecond)
	files(scbcheck.Progress{Phase: scbcheck.PhaseAstGrep, Total: 1})
	assert.Equal(t, drawn("scb-check: files 1/3, ast-grep running (1s)"), term.String())
	term.Reset()
	clock.advance(50 * time.Millisecond)
	files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Done: 2, Total: 3})
	assert.Empty(t, term.String(), "not redrawn within the refresh")
	clock.advance(60 * time.Millisecond)
	files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Done: 3, Total: 3})
	assert.Equal(t, drawn("scb-check: files 3/3, ast-grep running (1s)"), term.String())

	term.Reset()
	var stderr bytes.Buffer
	w := p.writer(&stderr)
	_, err := io.WriteString(w, "warning: one\n")
	require.NoError(t, err)
	assert.Equal(t, "\r\x1b[K"+drawn("scb-check: files 3/3, ast-grep running (1s)"), term.String(),
		"erased before the write, drawn again after it")
	assert.Equal(t, "warning: one\n", stderr.String(), "the text is written unchanged")

	term.Reset()
	_, err = io.WriteString(w, "half a line")
	require.NoError(t, err)
	assert.Equal(t, "\r\x1b[K", term.String(), "not drawn after an unfinished line")
	clock.advance(time.Second)
	files(scbcheck.Progress{Phase: scbcheck.PhaseAstGrep, Done: 1, Total: 1})
	assert.Equal(t, "\r\x1b[K", term.String(), "nor by an update")
	_, err = io.WriteString(w, ", ended\n")
	require.NoError(t, err)
	assert.Equal(t, "\r\x1b[K"+drawn("scb-check: files 3/3, ast-grep done (2s)"), term.String(), "drawn once the line ends")

	term.Reset()
	p.stop()
	assert.Equal(t, "\r\x1b[K", term.String(), "stop erases the line")
	clock.advance(time.Second)
	files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Done: 3, Total: 3})
	_, err = io.WriteString(w, "late\n")
	require.NoError(t, err)
	assert.Equal(t, "\r\x1b[K", term.String(), "nothing is drawn after stop")
}

// A trajectory's line counts its checkpoints with an estimate of the
// time left (the time so far per checkpoint done, times those left); a
// batch's its snapshots and the current snapshot's files; a line too
// wide for the terminal is cut to one column less than its width.
func TestProgressLineText(t *testing.T) {
	t.Run("checkpoints with the time left", func(t *testing.T) {
		p, term, clock := testLine(0)
		clock.advance(2 * time.Second)
		p.total("checkpoints", 10)
		assert.Equal(t, drawn("scb-check: checkpoints 0/10 (2s)"), term.String(), "no estimate before a checkpoint is done")
		term.Reset()
		clock.advance(10 * time.Second)
		p.measured(2)
		// 10s for 2 checkpoints: 8 left take 40s.
		assert.Equal(t, drawn("scb-check: checkpoints 2/10, about 40s left (12s)"), term.String())
		term.Reset()
		clock.advance(70 * time.Second)
		p.measured(5)
		// 80s for 5: 5 left take 80s.
		assert.Equal(t, drawn("scb-check: checkpoints 5/10, about 1m20s left (1m22s)"), term.String())
		term.Reset()
		p.measured(10)
		assert.Equal(t, "", term.String(), "within the refresh")
		clock.advance(time.Second)
		p.measured(10)
		assert.Equal(t, drawn("scb-check: checkpoints 10/10 (1m23s)"), term.String(), "no estimate once all are done")
	})
	t.Run("snapshots and their files", func(t *testing.T) {
		p, term, clock := testLine(0)
		clock.advance(time.Second)
		files := p.analysis()
		p.total("snapshots", 2)
		files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Done: 4, Total: 4})
		clock.advance(time.Second)
		p.nextSnapshot()
		p.measured(1)
		files(scbcheck.Progress{Phase: scbcheck.PhaseFiles, Total: 7})
		clock.advance(time.Second)
		p.measured(1)
		// 2s for 1 snapshot: 1 left takes 2s.
		assert.True(t, strings.HasSuffix(term.String(), drawn("scb-check: snapshots 1/2, about 2s left, files 0/7 (3s)")), "%q", term.String())
	})
	t.Run("nothing known yet", func(t *testing.T) {
		p, term, clock := testLine(0)
		clock.advance(1500 * time.Millisecond)
		p.update(func() {})
		assert.Equal(t, drawn("scb-check: starting (2s)"), term.String())
	})
	t.Run("cut to the terminal's width", func(t *testing.T) {
		p, term, clock := testLine(20)
		clock.advance(time.Second)
		p.total("checkpoints", 10)
		assert.Equal(t, drawn("scb-check: checkpoi"), term.String())
	})
}

func TestWantProgress(t *testing.T) {
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	defer tty.Close()
	env := func(term string) func(string) string {
		return func(k string) string {
			return map[string]string{"TERM": term, "NO_COLOR": "1"}[k]
		}
	}
	var pipe bytes.Buffer
	assert.True(t, wantProgress(false, tty, env("xterm")), "a terminal, NO_COLOR set: the line has no color")
	assert.False(t, wantProgress(true, tty, env("xterm")), "--quiet")
	assert.False(t, wantProgress(false, tty, env("dumb")), "a dumb terminal")
	assert.False(t, wantProgress(false, &pipe, env("xterm")), "not a terminal")
}

// screen is what a terminal shows after receiving out: the lines, each
// carriage return going back to the line's start and ESC [ K erasing to
// its end (all the line drawing uses).
func screen(out string) []string {
	var lines []string
	var line []byte
	col := 0
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == '\n':
			lines = append(lines, string(line))
			line, col = nil, 0
		case out[i] == '\r':
			col = 0
		case strings.HasPrefix(out[i:], "\x1b[K"):
			line = line[:col]
			i += len("\x1b[K") - 1
		default:
			if col < len(line) {
				line[col] = out[i]
			} else {
				line = append(line, out[i])
			}
			col++
		}
	}
	return append(lines, string(line))
}

func TestScreen(t *testing.T) {
	assert.Equal(t, []string{"one", "two", ""}, screen("one\n\rprogress\x1b[K\r\x1b[Ktwo\n\rmore\x1b[K\r\x1b[K"))
	assert.Equal(t, []string{"abcd"}, screen("xyzd\rabc"), "text over a line overwrites it")
}

// inProcess prepares a run of the command line in process, in dir, with
// TERM=xterm, no extra rules and env (KEY=VALUE), the progress line's
// delay set to delay and its refresh to none (every change drawn): all
// restored when the test ends.
func inProcess(t *testing.T, dir string, delay time.Duration, env ...string) {
	t.Helper()
	oldDelay, oldRefresh := progressDelay, progressRefresh
	t.Cleanup(func() { progressDelay, progressRefresh = oldDelay, oldRefresh })
	progressDelay, progressRefresh = delay, 0
	t.Chdir(dir)
	t.Setenv("TERM", "xterm")
	t.Setenv("SCB_CHECK_EXTRA_SLOP_RULES", "")
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}

// onTerminal runs the command line (see inProcess) with stderr on a
// pseudo-terminal 200 columns wide and stdout into a buffer: it returns
// stdout and what the terminal received.
func onTerminal(t *testing.T, args ...string) (stdout, terminal string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	require.NoError(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 200}))
	received := make(chan string)
	go func() {
		var b bytes.Buffer
		_, err := io.Copy(&b, ptmx)
		// Linux ends the stream with EIO once the terminal's last holder
		// closed it.
		var pathErr *os.PathError
		if err != nil && !errors.As(err, &pathErr) {
			b.WriteString("copy: " + err.Error())
		}
		received <- b.String()
	}()
	var out bytes.Buffer
	runContext(context.Background(), args, &out, tty)
	require.NoError(t, tty.Close())
	return out.String(), strings.ReplaceAll(<-received, "\r\n", "\n")
}

// onPipe runs the command line (see inProcess) with stderr a pipe; it
// returns stdout and stderr.
func onPipe(args ...string) (stdout, stderr string) {
	var out, errs bytes.Buffer
	runContext(context.Background(), args, &out, &errs)
	return out.String(), errs.String()
}

// progressTree is a tree of two Python files, one with findings, and a
// manifest of two snapshots of it.
func progressTree(t *testing.T) string {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for name, text := range map[string]string{
		"v1/noisy.py": "def noisy(items):\n    for index in range(len(items)):\n        print(items[index])\n",
		"v1/clean.py": "def clean(x):\n    return x + 1\n",
		"v2/clean.py": "def clean(x):\n    return x + 2\n",
		"snapshots":   "v1\nv2\n",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	return dir
}

// TestProgressOnATerminal: under a pseudo-terminal, a run long enough
// (the delay set to none) shows the progress line, which is erased at
// the end; what the command writes to stderr while it shows is left
// whole; stdout is byte for byte what it is with stderr a pipe, which
// shows no progress at all; --quiet, -q and TERM=dumb turn it off.
func TestProgressOnATerminal(t *testing.T) {
	dir := progressTree(t)
	cases := []struct {
		name string
		env  []string
		args []string
		// shows are texts the line must have shown; none: no line at all.
		shows []string
		// lines are the lines the terminal shows at the end.
		lines []string
	}{
		{name: "check", args: []string{"check", "--report", "v1"},
			shows: []string{"scb-check: files 0/2", "files 2/2", "ast-grep running", "ast-grep done"}},
		{name: "check --quiet", args: []string{"check", "--quiet", "--report", "v1"}},
		{name: "check -q", args: []string{"check", "-q", "--report", "v1"}},
		{name: "check on a dumb terminal", env: []string{"TERM=dumb"}, args: []string{"check", "--report", "v1"}},
		{name: "check with NO_COLOR", env: []string{"NO_COLOR=1"}, args: []string{"check", "--report", "v1"},
			shows: []string{"files 2/2"}},
		{name: "functions", args: []string{"functions", "v1"}, shows: []string{"files 2/2"}},
		{name: "functions -q", args: []string{"functions", "-q", "v1"}},
		{name: "dir", args: []string{"dir", "v1"}, shows: []string{"files 2/2"}},
		{name: "dir --quiet", args: []string{"dir", "--quiet", "v1"}},
		{name: "trajectory, its log lines whole", args: []string{"trajectory", "-v", "--disable-sg", "--report", "v1", "v2"},
			shows: []string{"checkpoints 0/2", "checkpoints 1/2, about", "checkpoints 2/2"},
			lines: []string{"info checkpoint 1/2 v1", "info checkpoint 2/2 v2", ""}},
		{name: "trajectory --quiet", args: []string{"trajectory", "--quiet", "-v", "--disable-sg", "v1", "v2"},
			lines: []string{"info checkpoint 1/2 v1", "info checkpoint 2/2 v2", ""}},
		{name: "batch", args: []string{"batch", "--disable-sg", "snapshots"},
			shows: []string{"snapshots 0/2, files 0/2", "files 2/2", "snapshots 1/2, about", "files 1/1"},
			lines: []string{"batch manifest=snapshots shard=all snapshots=2 resumed=0 measured=2 errors=0 output=stdout", ""}},
		{name: "batch -q", args: []string{"batch", "-q", "--disable-sg", "snapshots"},
			lines: []string{"batch manifest=snapshots shard=all snapshots=2 resumed=0 measured=2 errors=0 output=stdout", ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inProcess(t, dir, 0, tc.env...)
			stdout, terminal := onTerminal(t, tc.args...)
			piped, stderr := onPipe(tc.args...)
			require.NotEmpty(t, stdout)
			assert.Equal(t, piped, stdout, "stdout is the same with progress or without")
			assert.NotContains(t, stderr, "scb-check:", "no progress on a pipe")
			assert.NotContains(t, stderr, "\r")
			if tc.shows == nil {
				assert.NotContains(t, terminal, "scb-check:")
				assert.NotContains(t, terminal, "\r")
			}
			for _, s := range tc.shows {
				assert.Contains(t, terminal, s)
			}
			lines := tc.lines
			if lines == nil {
				lines = []string{""}
			}
			assert.Equal(t, lines, screen(terminal), "the line is gone at the end: %q", terminal)
			if tc.lines != nil {
				assert.Equal(t, strings.Join(tc.lines, "\n"), stderr, "stderr on a pipe holds the same lines")
			}
		})
	}
}

// A run that ends within the delay shows nothing.
func TestProgressDelayHidesQuickRuns(t *testing.T) {
	inProcess(t, progressTree(t), time.Hour)
	stdout, terminal := onTerminal(t, "check", "--report", "v1")
	assert.Empty(t, terminal)
	assert.NotEmpty(t, stdout)
}
