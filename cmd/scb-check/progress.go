package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/scbcheck/scbcheck"
)

// progressDelay is how long a command runs before its progress line
// appears: a run that ends sooner shows none; progressRefresh is the
// shortest time between two draws of the line as its counts change.
// Variables for the tests.
var (
	progressDelay   = time.Second
	progressRefresh = 100 * time.Millisecond
)

// progressTick is how often the line is drawn again, counts changed or
// not: the time shown goes on.
const progressTick = 100 * time.Millisecond

// What the line is drawn and erased with: a carriage return, then the
// text and "erase to the end of the line", so that a shorter text leaves
// nothing of a longer one.
const (
	carriageReturn = "\r"
	eraseToEnd     = "\x1b[K"
)

// wantProgress reports whether a command shows a progress line: not with
// --quiet, only when stderr is a terminal, and not on a dumb one
// (TERM=dumb: it may not know how to erase a line, and is what editors'
// and CI's pseudo-terminals say they are). NO_COLOR has no say: the line
// has no color.
func wantProgress(quiet bool, stderr io.Writer, getenv func(string) string) bool {
	return !quiet && getenv("TERM") != "dumb" && isTerminal(stderr)
}

// progressLine is the status line of a long command, kept at the bottom
// of the terminal on stderr: the checkpoints or snapshots measured of
// their number with an estimate of the time left, the files analysed of
// those found, whether the ast-grep scan runs, and the time so far. It
// appears once the command has run progressDelay, is redrawn at most
// every progressRefresh, and is erased when the command's run ends.
// Everything the command writes to the terminal while the line shows
// goes through writer, which erases the line, writes, and draws it again
// below. Its methods may be called from any goroutine; on a nil
// progressLine (progress off) they do nothing.
type progressLine struct {
	mu    sync.Mutex
	term  io.Writer
	width func() int
	now   func() time.Time
	start time.Time
	// delay and refresh: see progressDelay and progressRefresh.
	delay, refresh time.Duration
	// drawn says the line is on the screen, shown; lastDraw is when it
	// was drawn last.
	drawn    bool
	shown    string
	lastDraw time.Time
	// midLine: text written through writer ended within a line, which
	// the progress line must not be drawn after.
	midLine bool
	stopped bool
	// quit ends the refresh loop, which closes done.
	quit, done chan struct{}
	stopOnce   sync.Once
	// restore puts the command's stderr back (startProgress).
	restore func()

	// unit names the points ("checkpoints", "snapshots"; "" for none);
	// points of pointsTotal are done, counted since pointsStart.
	unit        string
	points      int
	pointsTotal int
	pointsStart time.Time
	// files of filesTotal are analysed (filesKnown: the run said so).
	files, filesTotal int
	filesKnown        bool
	// astGrep is the scan: "", "running" or "done".
	astGrep string
}

// newProgressLine is a line drawn on term, which has width columns (0
// when unknown), by the clock now, from progressDelay on; nothing
// redraws it but its updates and writes (see run).
func newProgressLine(term io.Writer, width func() int, now func() time.Time) *progressLine {
	return &progressLine{term: term, width: width, now: now, start: now(), delay: progressDelay, refresh: progressRefresh}
}

// startProgress starts the progress line of the command c runs, when it
// is wanted (wantProgress), and has c's stderr go through it until stop.
// It returns nil when the line is not wanted.
func startProgress(c *cli, quiet bool) *progressLine {
	if !wantProgress(quiet, c.stderr, os.Getenv) {
		return nil
	}
	stderr := c.stderr
	p := newProgressLine(stderr, func() int { return terminalWidth(stderr) }, time.Now)
	p.restore = func() { c.stderr = stderr }
	c.stderr = p.writer(stderr)
	p.quit, p.done = make(chan struct{}), make(chan struct{})
	go p.run()
	return p
}

// terminalWidth is the number of columns of the terminal w is, 0 when it
// cannot be told.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return cols
}

// run redraws the line every progressTick (its first draw once the
// delay is over), until stop.
func (p *progressLine) run() {
	defer close(p.done)
	tick := time.NewTicker(progressTick)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-tick.C:
			p.mu.Lock()
			p.draw(false)
			p.mu.Unlock()
		}
	}
}

// stop erases the line and gives the command its stderr back; the line
// draws nothing more. It may be called more than once.
func (p *progressLine) stop() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() {
		if p.quit != nil {
			close(p.quit)
			<-p.done
		}
		p.mu.Lock()
		p.erase()
		p.stopped = true
		p.mu.Unlock()
		if p.restore != nil {
			p.restore()
		}
	})
}

// update changes what the line says and draws it, unless it was drawn
// less than progressRefresh ago.
func (p *progressLine) update(change func()) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	change()
	p.draw(false)
}

// analysis is the callback an analysis reports its progress to.
func (p *progressLine) analysis() func(scbcheck.Progress) {
	if p == nil {
		return nil
	}
	return func(ev scbcheck.Progress) {
		p.update(func() {
			switch ev.Phase {
			case scbcheck.PhaseFiles:
				p.files, p.filesTotal, p.filesKnown = ev.Done, ev.Total, true
			case scbcheck.PhaseAstGrep:
				p.astGrep = "running"
				if ev.Done == ev.Total {
					p.astGrep = "done"
				}
			}
		})
	}
}

// total says there are n points, named unit; the estimate of the time
// left counts from the first call.
func (p *progressLine) total(unit string, n int) {
	p.update(func() {
		if p.unit == "" {
			p.pointsStart = p.now()
		}
		p.unit, p.pointsTotal = unit, n
	})
}

// measured says done points are measured.
func (p *progressLine) measured(done int) {
	p.update(func() { p.points = done })
}

// nextSnapshot forgets the files and the scan of the snapshot before:
// the next one's run reports its own.
func (p *progressLine) nextSnapshot() {
	p.update(func() { p.files, p.filesTotal, p.filesKnown, p.astGrep = 0, 0, false, "" })
}

// text is what the line says, e.g. "scb-check: checkpoints 3/10, about
// 40s left (12s)" or "scb-check: files 120/800, ast-grep running (3s)".
func (p *progressLine) text() string {
	var parts []string
	if p.unit != "" {
		part := fmt.Sprintf("%s %d/%d", p.unit, p.points, p.pointsTotal)
		if p.points > 0 && p.points < p.pointsTotal {
			elapsed := p.now().Sub(p.pointsStart)
			left := elapsed * time.Duration(p.pointsTotal-p.points) / time.Duration(p.points)
			part += ", about " + roundDuration(left) + " left"
		}
		parts = append(parts, part)
	}
	if p.filesKnown {
		parts = append(parts, fmt.Sprintf("files %d/%d", p.files, p.filesTotal))
	}
	if p.astGrep != "" {
		parts = append(parts, "ast-grep "+p.astGrep)
	}
	if len(parts) == 0 {
		parts = append(parts, "starting")
	}
	return "scb-check: " + strings.Join(parts, ", ") + " (" + roundDuration(p.now().Sub(p.start)) + ")"
}

// roundDuration shows d to the second (at least 1s): 40s, 1m20s, 2h0m5s.
func roundDuration(d time.Duration) string {
	return max(d.Round(time.Second), time.Second).String()
}

// draw draws the line, unless it must not be yet (the delay, a pending
// line of text) or, without force, is on the screen as it would be drawn
// or was drawn less than progressRefresh ago. The text is cut to the terminal's width less one column, so that
// it never wraps onto a second line that could not be erased.
func (p *progressLine) draw(force bool) {
	now := p.now()
	if p.stopped || p.midLine || now.Sub(p.start) < p.delay || !force && p.drawn && now.Sub(p.lastDraw) < p.refresh {
		return
	}
	line := p.text()
	if w := p.width(); w > 1 && len(line) > w-1 {
		line = line[:w-1]
	}
	if !force && p.drawn && line == p.shown {
		return
	}
	io.WriteString(p.term, carriageReturn+line+eraseToEnd)
	p.drawn, p.shown, p.lastDraw = true, line, now
}

// erase erases the line when it is on the screen.
func (p *progressLine) erase() {
	if p.drawn {
		io.WriteString(p.term, carriageReturn+eraseToEnd)
		p.drawn = false
	}
}

// writer is w (stderr, or stdout on the same terminal) written through
// the line: each write erases the line first and draws it again after,
// so that the line stays below what is written and never within it.
// What reaches w is what was written, unchanged.
func (p *progressLine) writer(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return progressWriter{p: p, w: w}
}

type progressWriter struct {
	p *progressLine
	w io.Writer
}

func (pw progressWriter) Write(b []byte) (int, error) {
	p := pw.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	n, err := pw.w.Write(b)
	if len(b) > 0 {
		p.midLine = b[len(b)-1] != '\n'
	}
	p.draw(true)
	return n, err
}
