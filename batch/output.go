package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/scbcheck/scbcheck/internal/safefile"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/trajectory"
)

// Statuses of an output line.
const (
	StatusOK    = "ok"
	StatusError = "error"
)

// Output is where a batch's lines go: a stream, or a file that may
// already hold lines of an earlier run.
type Output struct {
	w io.Writer
	f *os.File
	// lock keeps other runs off the file while it is open.
	lock *safefile.Lock
	// path names the file in errors; size is the length of its complete
	// lines, where a failed write is cut back to.
	path string
	size int64
	// done maps the snapshots the output already holds to their status.
	done map[string]string
	// Dropped is the size in bytes of an incomplete last line, left by a
	// run that was killed while writing it, that OpenOutput removed.
	Dropped int
	// Duplicates is the number of lines OpenOutput removed because an
	// earlier line of the file is the same line, byte for byte: the
	// snapshot was measured twice by two runs writing to the file at once.
	Duplicates int
	// Replaced is set when a symbolic link was found at the path and
	// replaced by a new file (its target neither read nor written).
	Replaced bool
}

// ErrOutputInUse is the error of OpenOutput when another run has the
// output open: two runs on one file would measure its snapshots twice.
var ErrOutputInUse = errors.New("in use by another batch run")

// LockSuffix names an output's lock file: the output's path followed by
// it. The lock file stays after the run (it holds the last holder's name).
const LockSuffix = ".lock"

// NewOutput writes lines to w, a stream that holds none yet.
func NewOutput(w io.Writer) *Output {
	return &Output{w: w, done: map[string]string{}}
}

// OpenOutput opens the file at path for appending, creating it if needed,
// and reads the lines it holds: their snapshots are not measured again.
//
// One run at a time writes an output: OpenOutput first takes an exclusive
// lock on the file at path+LockSuffix, held until Close (or the process's
// end, however it ends), and writes there which process holds it. When
// another run holds it, the error wraps ErrOutputInUse and names that
// run's process and host; when the file system cannot lock, the error
// says so. Nothing is read or written then.
//
// The output is an append-only log, so it is not rewritten and renamed
// per line (that would cost the square of its length): it is opened
// without following a link (a link at path is replaced by a new, empty
// file: Replaced), only when it is a regular file with no other hard link.
// Text after the last newline is a line cut short by a killed run: it is
// removed from the file (Dropped says how much). A line identical to an
// earlier one (two runs that measured the same snapshot, without the
// lock or before it existed) is removed (Duplicates), the file being
// rewritten without it; two different lines for one snapshot are an error
// naming both, as is a complete line that is not a line of this command,
// and the file is left untouched.
func OpenOutput(path string) (*Output, error) {
	lock, err := lockOutput(path)
	if err != nil {
		return nil, err
	}
	o, err := openLocked(path)
	if err != nil {
		_ = lock.Unlock()
		return nil, err
	}
	o.lock = lock
	return o, nil
}

// lockOutput takes the output's lock, recording this process as holder.
func lockOutput(path string) (*safefile.Lock, error) {
	host, err := os.Hostname()
	if err != nil {
		host = "an unknown host"
	}
	holder := fmt.Sprintf("pid %d on %s since %s", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	lock, err := safefile.TryLock(path+LockSuffix, holder)
	var held *safefile.HeldError
	switch {
	case errors.As(err, &held) && held.Holder != "":
		return nil, fmt.Errorf("output %s: %w (%s, locked in %s); wait for it to end or stop it, then run again",
			path, ErrOutputInUse, held.Holder, held.Path)
	case errors.As(err, &held):
		return nil, fmt.Errorf("output %s: %w (locked in %s); wait for it to end or stop it, then run again",
			path, ErrOutputInUse, held.Path)
	case err != nil:
		return nil, fmt.Errorf("output %s: cannot take its lock, which keeps two runs from writing it at once "+
			"(put the output on a file system with locks): %w", path, err)
	}
	return lock, nil
}

// openLocked opens and reads the output once its lock is held.
func openLocked(path string) (*Output, error) {
	f, replaced, err := safefile.OpenAppend(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	o := &Output{w: f, f: f, path: path, done: map[string]string{}, Replaced: replaced}
	complete, dups, err := o.read(path, f)
	var info os.FileInfo
	if err == nil {
		info, err = f.Stat()
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	o.Dropped = int(info.Size() - complete)
	o.size = complete
	if len(dups) == 0 {
		if o.Dropped > 0 {
			if err := f.Truncate(complete); err != nil {
				f.Close()
				return nil, fmt.Errorf("output %s: %w", path, err)
			}
		}
		return o, nil
	}
	// Rewritten whole, atomically: the file is left as it was on failure.
	err = safefile.Write(path, 0o644, func(w io.Writer) error { return copyWithout(w, f, complete, dups) })
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("output %s: removing duplicate lines: %w", path, err)
	}
	if o.f, _, err = safefile.OpenAppend(path, 0o644); err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	o.w = o.f
	o.Duplicates = len(dups)
	for _, d := range dups {
		o.size -= d.n
	}
	return o, nil
}

// span is a part of the output file: a line, at offset off, of n bytes.
type span struct{ off, n int64 }

// copyWithout copies the first size bytes of r to w, leaving out cut (in
// increasing order, not overlapping).
func copyWithout(w io.Writer, r io.ReaderAt, size int64, cut []span) error {
	var at int64
	for _, c := range cut {
		if _, err := io.Copy(w, io.NewSectionReader(r, at, c.off-at)); err != nil {
			return err
		}
		at = c.off + c.n
	}
	_, err := io.Copy(w, io.NewSectionReader(r, at, size-at))
	return err
}

// read reads the lines of an existing output and returns the length of
// its complete lines and the lines that repeat an earlier line.
func (o *Output) read(path string, f *os.File) (int64, []span, error) {
	type first struct {
		line int
		at   span
	}
	firsts := map[string]first{}
	var dups []span
	br := bufio.NewReader(f)
	var complete int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			return complete, dups, nil
		}
		if err != nil {
			return 0, nil, fmt.Errorf("output %s: %w", path, err)
		}
		at := span{off: complete, n: int64(len(line))}
		complete += at.n
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l struct {
			Snapshot *string `json:"snapshot"`
			Status   string  `json:"status"`
		}
		if err := json.Unmarshal(line, &l); err != nil || l.Snapshot == nil || (l.Status != StatusOK && l.Status != StatusError) {
			return 0, nil, fmt.Errorf("%s:%d: not a line of scb-check batch (a JSON object with snapshot and status ok or error); "+
				"give each run its own output file", path, n)
		}
		prev, seen := firsts[*l.Snapshot]
		if !seen {
			firsts[*l.Snapshot] = first{line: n, at: at}
			o.done[*l.Snapshot] = l.Status
			continue
		}
		same, err := sameBytes(f, prev.at, line)
		if err != nil {
			return 0, nil, fmt.Errorf("output %s: %w", path, err)
		}
		if !same {
			return 0, nil, fmt.Errorf("%s:%d: a second line for snapshot %q, unlike its line %d: "+
				"two runs measured it differently (other options or versions); keep one of the two lines and run again",
				path, n, *l.Snapshot, prev.line)
		}
		dups = append(dups, at)
	}
}

// sameBytes reports whether the part at of f holds line.
func sameBytes(f io.ReaderAt, at span, line []byte) (bool, error) {
	if at.n != int64(len(line)) {
		return false, nil
	}
	b := make([]byte, at.n)
	if _, err := f.ReadAt(b, at.off); err != nil {
		return false, err
	}
	return bytes.Equal(b, line), nil
}

// write appends one line, in one write; a file is synced so that a line
// reported written survives a crash of the machine. A failed write or
// sync (a full disk) cuts the file back to its complete lines, so that
// no part of the line is left, and the error names the file.
func (o *Output) write(line []byte) error {
	if o.f == nil {
		_, err := o.w.Write(line)
		return err
	}
	_, err := o.f.Write(line)
	if err == nil {
		err = o.f.Sync()
	}
	if err != nil {
		// The path is named once, here.
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err
		}
		err = errors.Join(err, o.f.Truncate(o.size))
		return fmt.Errorf("output %s: %w", o.path, err)
	}
	o.size += int64(len(line))
	return nil
}

// Close closes the output file and releases its lock (nothing for a
// stream).
func (o *Output) Close() error {
	if o.f == nil {
		return nil
	}
	return errors.Join(o.f.Close(), o.lock.Unlock())
}

// lineHead is the start of an output line; the snapshot's `check
// --report` keys follow it on a measured snapshot.
type lineHead struct {
	Snapshot string `json:"snapshot"`
	Index    int    `json:"index"`
	Status   string `json:"status"`
	Commit   string `json:"commit,omitempty"`
	Time     string `json:"time,omitempty"`
	Subject  string `json:"subject,omitempty"`
	// Error is set on error lines only.
	Error   *string       `json:"error,omitempty"`
	Skipped []skippedFile `json:"skipped"`
}

type skippedFile struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// encodeLine is the output line of a measured entry: the head, then the
// keys of the `check --report` object byte for byte, and a newline; its
// messages name options in words.
func encodeLine(e Entry, p trajectory.Point, words option.Words) ([]byte, error) {
	h := lineHead{Snapshot: e.Text, Index: e.Index, Status: StatusOK, Commit: p.Checkpoint.Commit,
		Time: p.Checkpoint.Time, Subject: p.Checkpoint.Subject, Skipped: []skippedFile{}}
	if p.Report == nil {
		msg := p.Err.Spell(words)
		if msg == "" {
			msg = "no report"
		}
		h.Status, h.Error = StatusError, &msg
	}
	for _, s := range p.Skipped {
		h.Skipped = append(h.Skipped, skippedFile{Path: s.Path, Reason: s.Reason.Spell(words)})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(h); err != nil {
		return nil, err
	}
	head := bytes.TrimSuffix(b.Bytes(), []byte("}\n"))
	if p.Report == nil {
		return append(head, "}\n"...), nil
	}
	report := bytes.TrimSpace(p.Report)
	if len(report) < 2 || report[0] != '{' {
		return nil, errors.New("the report is not a JSON object")
	}
	if keys := report[1:]; len(bytes.TrimSpace(keys)) > 1 {
		// The report's keys follow the head's: `,"verbosity":...}`.
		return append(append(append(head, ','), keys...), '\n'), nil
	}
	return append(head, "}\n"...), nil
}
