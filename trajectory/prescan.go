package trajectory

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck"
)

// blobFile is a git object to write to a path.
type blobFile struct{ hash, path string }

// prescan writes, for each commit after the first, the regular files it
// adds or changes against the commit before (as that commit has them)
// into a directory of its own, and has scbcheck.Prescan run ast-grep over
// all of them at once: the points' own runs then find every finding in
// the cache instead of starting ast-grep once per commit. It does nothing
// without a cache or with ast-grep off.
func (r *repo) prescan(ctx context.Context, commits []commit, tmp string, a scbcheck.Options) error {
	if a.Cache == nil || a.DisableSG || len(commits) < 2 {
		return nil
	}
	stage := filepath.Join(tmp, "prescan")
	defer os.RemoveAll(stage)
	var roots []string
	var blobs []blobFile
	for i := 1; i < len(commits); i++ {
		changes, whole, err := r.changes(ctx, commits[i-1].hash, commits[i].hash)
		if err != nil {
			return err
		}
		if whole {
			// Attributes may rewrite files: that point scans its own.
			continue
		}
		root := filepath.Join(stage, strconv.Itoa(i))
		n := len(blobs)
		for _, c := range changes {
			regular := c.mode == "100644" || c.mode == "100755"
			if c.gone || !regular || !strings.HasPrefix(c.path, r.prefix) {
				continue
			}
			blobs = append(blobs, blobFile{hash: c.blob, path: filepath.Join(root, filepath.FromSlash(c.path))})
		}
		if len(blobs) > n {
			roots = append(roots, filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(r.prefix, "/"))))
		}
	}
	if len(blobs) == 0 {
		return nil
	}
	if err := r.writeBlobs(ctx, blobs); err != nil {
		return err
	}
	return scbcheck.Prescan(ctx, a, roots)
}

// writeBlobs writes each blob to its path with one `git cat-file --batch`.
func (r *repo) writeBlobs(ctx context.Context, blobs []blobFile) error {
	cmd := exec.CommandContext(ctx, r.git, "-C", r.dir, "cat-file", "--batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, b := range blobs {
			fmt.Fprintln(w, b.hash)
		}
		w.Flush()
		stdin.Close()
	}()
	readErr := readBlobs(bufio.NewReader(stdout), blobs)
	_, _ = io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git cat-file: %w", err)
	}
	return readErr
}

// readBlobs reads cat-file's answers ("HASH TYPE SIZE", the content, a
// newline) in the order asked and writes each to its path.
func readBlobs(rd *bufio.Reader, blobs []blobFile) error {
	for _, b := range blobs {
		header, err := rd.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		fields := strings.Fields(header)
		if len(fields) != 3 || fields[0] != b.hash || fields[1] != "blob" {
			return fmt.Errorf("git cat-file: unexpected answer %q for %s", strings.TrimSpace(header), b.hash)
		}
		size, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil {
			return fmt.Errorf("git cat-file: unexpected answer %q", strings.TrimSpace(header))
		}
		if err := os.MkdirAll(filepath.Dir(b.path), 0o755); err != nil {
			return err
		}
		f, err := os.Create(b.path)
		if err != nil {
			return err
		}
		_, err = io.CopyN(f, rd, size)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		if _, err := rd.Discard(1); err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
	}
	return nil
}
