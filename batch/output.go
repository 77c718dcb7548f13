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

	"github.com/scbcheck/scbcheck/internal/safefile"
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
	// path names the file in errors; size is the length of its complete
	// lines, where a failed write is cut back to.
	path string
	size int64
	// done maps the snapshots the output already holds to their status.
	done map[string]string
	// Dropped is the size in bytes of an incomplete last line, left by a
	// run that was killed while writing it, that OpenOutput removed.
	Dropped int
	// Replaced is set when a symbolic link was found at the path and
	// replaced by a new file (its target neither read nor written).
	Replaced bool
}

// NewOutput writes lines to w, a stream that holds none yet.
func NewOutput(w io.Writer) *Output {
	return &Output{w: w, done: map[string]string{}}
}

// OpenOutput opens the file at path for appending, creating it if needed,
// and reads the lines it holds: their snapshots are not measured again.
// The output is an append-only log, so it is not rewritten and renamed
// per line (that would cost the square of its length): it is opened
// without following a link (a link at path is replaced by a new, empty
// file: Replaced), only when it is a regular file with no other hard link.
// Text after the last newline is a line cut short by a killed run: it is
// removed from the file (Dropped says how much). A complete line that is
// not a line of this command is an error naming the line, and the file is
// left untouched.
func OpenOutput(path string) (*Output, error) {
	f, replaced, err := safefile.OpenAppend(path, 0o644)
	if err != nil {
		return nil, fmt.Errorf("output %s: %w", path, err)
	}
	o := &Output{w: f, f: f, path: path, done: map[string]string{}, Replaced: replaced}
	complete, err := o.read(path, f)
	if err == nil {
		o.size = complete
		var info os.FileInfo
		if info, err = f.Stat(); err == nil && info.Size() > complete {
			o.Dropped = int(info.Size() - complete)
			err = f.Truncate(complete)
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return o, nil
}

// read reads the lines of an existing output and returns the length of
// its complete lines.
func (o *Output) read(path string, r io.Reader) (int64, error) {
	br := bufio.NewReader(r)
	var complete int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err == io.EOF {
			return complete, nil
		}
		if err != nil {
			return 0, fmt.Errorf("output %s: %w", path, err)
		}
		complete += int64(len(line))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l struct {
			Snapshot *string `json:"snapshot"`
			Status   string  `json:"status"`
		}
		if err := json.Unmarshal(line, &l); err != nil || l.Snapshot == nil || (l.Status != StatusOK && l.Status != StatusError) {
			return 0, fmt.Errorf("%s:%d: not a line of scb-check batch (a JSON object with snapshot and status ok or error); "+
				"give each run its own output file", path, n)
		}
		if _, seen := o.done[*l.Snapshot]; !seen {
			o.done[*l.Snapshot] = l.Status
		}
	}
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

// Close closes the output file (nothing for a stream).
func (o *Output) Close() error {
	if o.f == nil {
		return nil
	}
	return o.f.Close()
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
// keys of the `check --report` object byte for byte, and a newline.
func encodeLine(e Entry, p trajectory.Point) ([]byte, error) {
	h := lineHead{Snapshot: e.Text, Index: e.Index, Status: StatusOK, Commit: p.Checkpoint.Commit,
		Time: p.Checkpoint.Time, Subject: p.Checkpoint.Subject, Skipped: []skippedFile{}}
	if p.Report == nil {
		msg := p.Err
		if msg == "" {
			msg = "no report"
		}
		h.Status, h.Error = StatusError, &msg
	}
	for _, s := range p.Skipped {
		h.Skipped = append(h.Skipped, skippedFile{Path: s.Path, Reason: s.Reason})
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
