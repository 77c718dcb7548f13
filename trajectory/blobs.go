package trajectory

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// catFile is one `git cat-file --batch` kept running for a whole run:
// every commit's changed files are read through it.
type catFile struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

// catFile returns the repository's running cat-file, starting it at the
// first call.
func (r *repo) catFile(ctx context.Context) (*catFile, error) {
	if r.cat != nil {
		return r.cat, nil
	}
	cmd := exec.CommandContext(ctx, r.git, "-C", r.dir, "cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", errNoGit, r.git, err)
	}
	r.cat = &catFile{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<16)}
	return r.cat, nil
}

// close stops the repository's cat-file, if it runs.
func (r *repo) close() {
	if r.cat == nil {
		return
	}
	_ = r.cat.stdin.Close()
	_, _ = io.Copy(io.Discard, r.cat.out)
	_ = r.cat.cmd.Wait()
	r.cat = nil
}

// read returns the contents of the blobs named by hashes, in order.
func (c *catFile) read(hashes []string) ([][]byte, error) {
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
