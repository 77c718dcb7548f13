package gitrepo

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scbcheck/scbcheck/internal/stopsig"
	"github.com/scbcheck/scbcheck/vfs"
)

// Blob is one object as ReadBlobs reads it.
type Blob struct {
	// Data is the blob's bytes, as committed; nil when they are not read
	// (Missing, or Size over the repository's limit).
	Data []byte
	// Size is the blob's size in bytes, as git tells it before anything
	// is read; 0 when Missing.
	Size int64
	// Missing is set when the repository lacks the object (a partial
	// clone, a copy made without its largest files): it is not fetched.
	Missing bool
	// Unread says why Data is nil ("" when it holds the bytes), naming
	// the blob or its size and the limit, never a path.
	Unread string
}

// catFile is one `git cat-file --batch-command` kept running (for a whole
// run, unless git stops at a blob it cannot give): every tree's files are read through it, raw (without --filters or
// --textconv: the bytes committed), each asked for its size ("info")
// before its content ("contents") is, so that a blob over the limit is
// never sent by git nor held here.
type catFile struct {
	cmd   *gitProc
	stdin io.WriteCloser
	out   *bufio.Reader
	// got counts the bytes read from git's output; stderr keeps the end
	// of its messages.
	got    countingReader
	stderr tailBuffer
	// timeout bounds each read; timedOut is set when one passed and the
	// process was stopped.
	timeout  time.Duration
	timedOut atomic.Bool
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// ReadBlobs returns the blobs named by hashes, in order, read raw (the
// bytes committed) by the repository's running cat-file, started at the
// first call: it runs as long as that call's ctx, or until Close. Each
// distinct blob is read once (hashes naming the same one share its
// Data). One over the limit (Options.MaxBlob) has its Size only, its
// bytes neither sent by git nor read; one the repository lacks is
// Missing, whether git says so or stops at it (a partial clone's, which
// git would fetch: the next blobs are asked of a new cat-file). When the
// answers take longer than the timeout, git is stopped and every later
// read fails. It may be called from any goroutine (the calls take
// turns); after Close it fails with ErrClosed.
func (r *Repo) ReadBlobs(ctx context.Context, hashes []string) ([]Blob, error) {
	return r.readBlobs(ctx, hashes, nil)
}

// ErrClosed is the error of reading a blob of a Repo after its Close.
var ErrClosed = errors.New("the repository was closed: no more blob is read from it")

// readBlobs is ReadBlobs; with skip set, the blobs at the indexes it
// names (those of hashes) are not asked for at all, unless another index
// names the same blob: their Blob is the zero one.
func (r *Repo) readBlobs(ctx context.Context, hashes []string, skip func(i int) bool) ([]Blob, error) {
	if len(hashes) == 0 {
		return nil, nil
	}
	r.catMu.Lock()
	defer r.catMu.Unlock()
	if r.closed {
		return nil, ErrClosed
	}
	read := map[string]bool{}
	for i, h := range hashes {
		if skip == nil || !skip(i) {
			read[h] = true
		}
	}
	var distinct []string
	blobs := map[string]*Blob{}
	for _, h := range hashes {
		if blobs[h] == nil && read[h] {
			blobs[h] = &Blob{}
			distinct = append(distinct, h)
		}
	}
	// First every size, then the contents of those within the limit.
	err := r.ask(ctx, "info", distinct, blobs, func(c *catFile, h string) error { return c.readInfo(h, blobs[h]) })
	if err != nil {
		return nil, err
	}
	var wanted []string
	for _, h := range distinct {
		if b := blobs[h]; !b.Missing && (r.maxBlob <= 0 || b.Size <= r.maxBlob) {
			wanted = append(wanted, h)
		}
	}
	err = r.ask(ctx, "contents", wanted, blobs, func(c *catFile, h string) error { return c.readContents(h, blobs[h]) })
	if err != nil {
		return nil, err
	}
	out := make([]Blob, len(hashes))
	for i, h := range hashes {
		b := blobs[h]
		if b == nil {
			continue
		}
		switch {
		case b.Missing && b.Unread == "":
			b.Unread = missingReason(h)
		case !b.Missing && b.Data == nil:
			b.Unread = fmt.Sprintf("blob of %d bytes, over the limit of %d bytes read from git; not read", b.Size, r.maxBlob)
		}
		out[i] = *b
	}
	return out, nil
}

// blobSize is the size of blob hash, as git tells it without sending its
// bytes; a blob the repository lacks is an *vfs.UnreadError saying so.
func (r *Repo) blobSize(ctx context.Context, hash string) (int64, error) {
	r.catMu.Lock()
	defer r.catMu.Unlock()
	if r.closed {
		return 0, ErrClosed
	}
	b := &Blob{}
	err := r.ask(ctx, "info", []string{hash}, map[string]*Blob{hash: b}, func(c *catFile, h string) error { return c.readInfo(h, b) })
	if err != nil {
		return 0, err
	}
	if b.Missing {
		return 0, &vfs.UnreadError{Reason: cmp.Or(b.Unread, missingReason(hash))}
	}
	return b.Size, nil
}

// missingReason is why a blob the repository lacks is not read.
func missingReason(hash string) string {
	return fmt.Sprintf("blob %s is missing from the repository (a partial clone, or a copy without it; nothing is fetched); not read", hash)
}

// ask sends command for each of hashes to the running cat-file (started
// when none runs), reading each answer with answer. When git stops at a
// blob (a partial clone's blob, which it would fetch, and dies since
// fetches are off), that blob is Missing with git's reason and the rest
// are asked of a new cat-file.
func (r *Repo) ask(ctx context.Context, command string, hashes []string, blobs map[string]*Blob, answer func(*catFile, string) error) error {
	for len(hashes) > 0 {
		cat, err := r.catFile(ctx)
		if err != nil {
			return err
		}
		done, err := cat.exchange(command, hashes, answer)
		if err == nil {
			return nil
		}
		if cat.timedOut.Load() {
			return fmt.Errorf("git cat-file: no answer within %s (the git timeout)", cat.timeout)
		}
		if ctx.Err() != nil || !errors.Is(err, io.EOF) {
			return err
		}
		r.stopCat()
		msg := lastLine(cat.stderr.String())
		if msg == "" && stopsig.Await(ctx) {
			// git ended without a word: the signal stopping the job
			// reached it before it cancelled the run.
			return fmt.Errorf("git cat-file: %w", ctx.Err())
		}
		if msg == "" || cat.cmd.ProcessState == nil || cat.cmd.ProcessState.Success() {
			return err
		}
		b := blobs[hashes[done]]
		b.Missing = true
		b.Unread = fmt.Sprintf("blob %s cannot be read (git cat-file: %s; nothing is fetched); not read", hashes[done], strings.TrimPrefix(msg, "fatal: "))
		hashes = hashes[done+1:]
	}
	return nil
}

// lastLine is the last non-blank line of s, trimmed.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// catFile returns the repository's running cat-file, starting it at the
// first call. It runs as long as ctx; each read has r.timeout.
func (r *Repo) catFile(ctx context.Context) (*catFile, error) {
	if r.cat != nil {
		return r.cat, nil
	}
	cmd := gitCommand(ctx, r.git, r.dir, 0, "cat-file", "--batch-command")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c := &catFile{cmd: cmd, stdin: stdin, timeout: r.timeout}
	cmd.Stderr = &c.stderr
	if err := cmd.Start(); err != nil {
		return nil, cmd.failure(ctx, "", err)
	}
	c.got.r = stdout
	c.out = bufio.NewReaderSize(&c.got, 1<<16)
	r.cat = c
	return r.cat, nil
}

// close ends the process: its input closed, its output drained.
func (c *catFile) close() {
	_ = c.stdin.Close()
	_, _ = io.Copy(io.Discard, c.out)
	_ = c.cmd.Wait()
	c.cmd.done()
}

// exchange sends the command for each hash while each answer is read by
// answer, in order, each flushed by git as it is written, within the
// timeout; done is the number of answers read.
func (c *catFile) exchange(command string, hashes []string, answer func(*catFile, string) error) (done int, err error) {
	if c.timeout > 0 {
		timer := time.AfterFunc(c.timeout, func() {
			c.timedOut.Store(true)
			_ = c.cmd.Process.Kill()
		})
		defer timer.Stop()
	}
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(c.stdin)
		for _, h := range hashes {
			if _, err := fmt.Fprintf(w, "%s %s\n", command, h); err != nil {
				sent <- err
				return
			}
		}
		sent <- w.Flush()
	}()
	var readErr error
	for _, h := range hashes {
		if readErr = answer(c, h); readErr != nil {
			break
		}
		done++
	}
	if err := <-sent; err != nil && readErr == nil {
		readErr = fmt.Errorf("git cat-file: %w", err)
	}
	return done, readErr
}

// header reads one answer's first line: "HASH blob SIZE", or "HASH
// missing" (missing is then set).
func (c *catFile) header(hash string) (size int64, missing bool, err error) {
	line, err := c.out.ReadString('\n')
	if err != nil {
		return 0, false, fmt.Errorf("git cat-file: %w", err)
	}
	fields := strings.Fields(line)
	if len(fields) == 2 && fields[0] == hash && fields[1] == "missing" {
		return 0, true, nil
	}
	if len(fields) != 3 || fields[0] != hash || fields[1] != "blob" {
		return 0, false, fmt.Errorf("git cat-file: unexpected answer %q for %s", strings.TrimSpace(line), hash)
	}
	size, err = strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 {
		return 0, false, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(line))
	}
	return size, false, nil
}

// readInfo reads the answer to "info": the blob's size, or that it is
// missing.
func (c *catFile) readInfo(hash string, b *Blob) error {
	size, missing, err := c.header(hash)
	b.Size, b.Missing = size, missing
	return err
}

// readContents reads the answer to "contents" (its header, the content,
// a newline) for a blob whose size "info" told.
func (c *catFile) readContents(hash string, b *Blob) error {
	size, missing, err := c.header(hash)
	if err != nil {
		return err
	}
	if missing || size != b.Size {
		return fmt.Errorf("git cat-file: %s changed between its size and its content", hash)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(c.out, data); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	if _, err := c.out.Discard(1); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	b.Data = data
	return nil
}

// tailBuffer keeps the last tailMax bytes written to it (a long-running
// process's stderr).
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailMax = 4096

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailMax:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
