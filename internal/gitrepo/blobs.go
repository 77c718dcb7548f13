package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// catFile is one `git cat-file --batch` kept running for a whole run:
// every tree's files are read through it, raw (without --filters or
// --textconv: the bytes committed).
type catFile struct {
	cmd   *gitProc
	stdin io.WriteCloser
	out   *bufio.Reader
	// timeout bounds each read; timedOut is set when one passed and the
	// process was stopped.
	timeout  time.Duration
	timedOut atomic.Bool
}

// ReadBlobs returns the contents of the blobs named by hashes, in order,
// read raw (the bytes committed) by the repository's running cat-file,
// started at the first call: it runs as long as that call's ctx, or until
// Close. When the answers take longer than the timeout, git is stopped
// and every later read fails.
func (r *Repo) ReadBlobs(ctx context.Context, hashes []string) ([][]byte, error) {
	if len(hashes) == 0 {
		return nil, nil
	}
	cat, err := r.catFile(ctx)
	if err != nil {
		return nil, err
	}
	return cat.read(hashes)
}

// catFile returns the repository's running cat-file, starting it at the
// first call. It runs as long as ctx; each read has r.timeout.
func (r *Repo) catFile(ctx context.Context) (*catFile, error) {
	if r.cat != nil {
		return r.cat, nil
	}
	cmd := gitCommand(ctx, r.git, r.dir, 0, "cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, cmd.failure(ctx, "", err)
	}
	r.cat = &catFile{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<16), timeout: r.timeout}
	return r.cat, nil
}

// close ends the process: its input closed, its output drained.
func (c *catFile) close() {
	_ = c.stdin.Close()
	_, _ = io.Copy(io.Discard, c.out)
	_ = c.cmd.Wait()
	c.cmd.done()
}

// read returns the contents of the blobs named by hashes, in order. When
// the answers take longer than the timeout, git is stopped and every
// later read fails.
func (c *catFile) read(hashes []string) ([][]byte, error) {
	if c.timeout > 0 {
		timer := time.AfterFunc(c.timeout, func() {
			c.timedOut.Store(true)
			_ = c.cmd.Process.Kill()
		})
		defer timer.Stop()
	}
	out, err := c.readAll(hashes)
	if err != nil && c.timedOut.Load() {
		return nil, fmt.Errorf("git cat-file: no answer within %s (the git timeout)", c.timeout)
	}
	return out, err
}

func (c *catFile) readAll(hashes []string) ([][]byte, error) {
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(c.stdin)
		for _, h := range hashes {
			if _, err := fmt.Fprintln(w, h); err != nil {
				sent <- err
				return
			}
		}
		sent <- w.Flush()
	}()
	out := make([][]byte, len(hashes))
	var readErr error
	for i, h := range hashes {
		if out[i], readErr = c.readOne(h); readErr != nil {
			break
		}
	}
	if err := <-sent; err != nil && readErr == nil {
		readErr = fmt.Errorf("git cat-file: %w", err)
	}
	return out, readErr
}

// readOne reads one answer ("HASH TYPE SIZE", the content, a newline).
func (c *catFile) readOne(hash string) ([]byte, error) {
	header, err := c.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || fields[0] != hash || fields[1] != "blob" {
		return nil, fmt.Errorf("git cat-file: unexpected answer %q for %s", strings.TrimSpace(header), hash)
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil || size < 0 {
		return nil, fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(header))
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(c.out, data); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	if _, err := c.out.Discard(1); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return data, nil
}
