package trajectory

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
)

// pointsAtOnce is how many commits are analysed at the same time: an
// analysis ends with steps over the whole tree that run on one core, and
// two at once keep two busy.
const pointsAtOnce = 2

// measureAll measures the commits into points, pointsAtOnce at a time,
// each on a copy of the tree made as its turn comes. The first failure
// stops the others and is returned.
func measureAll(ctx context.Context, r *gitrepo.Repo, snap *snapshot, tmp string, commits []gitrepo.Commit, opt Options, points []Point) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	fail := func(hash string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = fmt.Errorf("commit %s: %w", hash, err)
			cancel()
		}
	}
	// Each point counts its cache use apart; the counts are added in
	// order once all are done.
	stats := make([]scbcheck.CacheStats, len(commits))
	slots := make(chan struct{}, pointsAtOnce)
	prefix := filepath.FromSlash(strings.TrimSuffix(r.Prefix(), "/"))
	// The points' trees are held below views, which exists on disk as
	// their parent must.
	scratch := canonicalDir(tmp)
	views := filepath.Join(scratch, "points")
	if err := os.Mkdir(views, 0o755); err != nil {
		return err
	}
	// done[i] is closed when point i is measured (or has failed).
	done := make([]chan struct{}, len(commits))
	measured := newMeasuredCounter(opt.Measured, len(commits))
	for i, c := range commits {
		cp := Checkpoint{Label: c.Hash[:min(12, len(c.Hash))], Commit: c.Hash, Time: c.Time, Subject: c.Subject}
		if ctx.Err() != nil {
			break
		}
		if opt.Progress != nil {
			opt.Progress(i, len(commits), cp)
		}
		done[i] = make(chan struct{})
		same, err := sameReport(ctx, r, snap, commits, i, opt.Session)
		if err != nil {
			fail(c.Hash, err)
			break
		}
		if same && reuse(points, done, i, cp) {
			measured.add()
			continue
		}
		view, err := snap.mem.CloneAt(filepath.Join(views, strconv.Itoa(i)))
		if err != nil {
			fail(c.Hash, err)
			break
		}
		a := opt.Analysis
		dir := filepath.Join(view.Root(), prefix)
		a.Path, a.WorkDir, a.FS = dir, dir, view
		if a.CacheStats != nil {
			a.CacheStats = &stats[i]
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() {
				close(done[i])
				<-slots
				wg.Done()
			}()
			p, err := measure(ctx, opt.Session, a, cp, scratch, opt.Functions)
			if err != nil {
				fail(c.Hash, err)
				return
			}
			p.Index = i
			points[i] = p
			measured.add()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if opt.Analysis.CacheStats != nil {
		for _, s := range stats {
			opt.Analysis.CacheStats.Add(s)
		}
	}
	return nil
}

// sameReport brings the snapshot to commit i's tree and reports whether
// its report must be the one of commit i-1: no file it changes can change
// a report (Session.MayAffect: documentation, images...), and no tree so
// far held a symbolic link (through which a source file may read any
// file).
func sameReport(ctx context.Context, r *gitrepo.Repo, snap *snapshot, commits []gitrepo.Commit, i int, sess *scbcheck.Session) (bool, error) {
	if err := snap.checkout(ctx, r, commits[i].Hash); err != nil {
		return false, err
	}
	if i == 0 || snap.sawLink {
		return false, nil
	}
	changes, err := r.Changes(ctx, commits[i-1].Hash, commits[i].Hash)
	if err != nil {
		return false, err
	}
	for _, c := range changes {
		if c.Mode == gitrepo.ModeLink || sess.MayAffect(c.Path) {
			return false, nil
		}
	}
	return true, nil
}

// reuse makes point i a copy of point i-1 once that one is measured, and
// reports whether it could: a point without numbers is measured again,
// as its message names its own checkpoint.
func reuse(points []Point, done []chan struct{}, i int, cp Checkpoint) bool {
	<-done[i-1]
	prev := points[i-1]
	if prev.Metrics == nil || prev.Err != nil {
		return false
	}
	prev.Index, prev.Checkpoint = i, cp
	points[i] = prev
	close(done[i])
	return true
}

// measureCommit brings the snapshot to the commit's tree and analyses it
// (or the analysed directory inside it).
func measureCommit(ctx context.Context, r *gitrepo.Repo, snap *snapshot, cp Checkpoint, sess *scbcheck.Session, a scbcheck.Options, functions bool) (Point, error) {
	if err := snap.checkout(ctx, r, cp.Commit); err != nil {
		return Point{}, err
	}
	dir := filepath.Join(snap.dir, filepath.FromSlash(strings.TrimSuffix(r.Prefix(), "/")))
	a.Path, a.WorkDir, a.FS = dir, dir, snap.mem
	return measure(ctx, sess, a, cp, filepath.Dir(snap.dir), functions)
}
