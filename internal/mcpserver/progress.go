package mcpserver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scbcheck/scbcheck"
)

// progressDelay is how long a run goes before its progress is sent: a
// short run sends none.
const progressDelay = time.Second

// progressEvery is the most often a run's progress is sent after that.
const progressEvery = 250 * time.Millisecond

// progress sends a run's progress to the client that asked for it with
// a progress token: nothing for the first progressDelay, then the files
// measured and the ast-grep scan, whenever they moved on.
type progress struct {
	ss    *mcp.ServerSession
	token any
	stop  chan struct{}
	ended sync.WaitGroup

	mu                sync.Mutex
	files, total      int
	scanning, scanned bool
	// sent is the value sent last, when sentAny.
	sent    float64
	sentAny bool
}

// startProgress starts sending the progress of req's run, when req has a
// progress token; nil otherwise (update and end do nothing on nil).
func startProgress(ctx context.Context, req *mcp.CallToolRequest) *progress {
	if req == nil || req.Params == nil || req.Session == nil {
		return nil
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	p := &progress{ss: req.Session, token: token, stop: make(chan struct{})}
	p.ended.Add(1)
	go p.loop(ctx)
	return p
}

// update records one report of the run (scbcheck.Target.Progress).
func (p *progress) update(r scbcheck.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch r.Phase {
	case scbcheck.PhaseFiles:
		p.files, p.total = r.Done, r.Total
	case scbcheck.PhaseAstGrep:
		p.scanning = true
		p.scanned = r.Done == r.Total
	}
}

// callback is update as a Target.Progress, nil for a nil p.
func (p *progress) callback() func(scbcheck.Progress) {
	if p == nil {
		return nil
	}
	return p.update
}

// end stops sending and waits for the sender.
func (p *progress) end() {
	if p == nil {
		return
	}
	close(p.stop)
	p.ended.Wait()
}

// loop sends the progress after progressDelay, then every progressEvery
// when it moved on (the value sent only grows), until end or ctx.
func (p *progress) loop(ctx context.Context) {
	defer p.ended.Done()
	wait := time.NewTimer(progressDelay)
	defer wait.Stop()
	select {
	case <-p.stop:
		return
	case <-ctx.Done():
		return
	case <-wait.C:
	}
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for {
		p.send(ctx)
		select {
		case <-p.stop:
			return
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// send sends the progress when it grew since the last sent.
func (p *progress) send(ctx context.Context) {
	p.mu.Lock()
	value, total := float64(p.files), float64(p.total)
	msg := fmt.Sprintf("%d of %d files measured", p.files, p.total)
	if p.scanning {
		total++
		msg += "; ast-grep scanning"
		if p.scanned {
			value++
			msg = fmt.Sprintf("%d of %d files measured; ast-grep done", p.files, p.total)
		}
	}
	grew := !p.sentAny || value > p.sent
	if grew {
		p.sent, p.sentAny = value, true
	}
	p.mu.Unlock()
	if !grew {
		return
	}
	// A notification that cannot be sent (the client went away) ends
	// nothing: the run's own context says when to stop.
	_ = p.ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: p.token, Progress: value, Total: total, Message: msg})
}
