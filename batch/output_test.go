package batch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/trajectory"
)

// TestOpenOutputResumes: the snapshots of complete lines are done, a torn
// last line is cut off the file, and new lines follow the complete ones.
func TestOpenOutputResumes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out.jsonl")
	existing := `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.5}` + "\n" +
		"\n" +
		`{"snapshot":"b","index":1,"status":"error","error":"no supported source files found at b","skipped":[]}` + "\n"
	torn := `{"snapshot":"c","index":2,"status":"ok","skipped":[],"verbo`
	require.NoError(t, os.WriteFile(p, []byte(existing+torn), 0o644))

	o, err := OpenOutput(p)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": StatusOK, "b": StatusError}, o.done)
	assert.Equal(t, len(torn), o.Dropped)
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, existing, string(data), "the torn line is removed from the file")

	require.NoError(t, o.write([]byte("{\"snapshot\":\"c\",\"index\":2,\"status\":\"ok\",\"skipped\":[]}\n")))
	require.NoError(t, o.Close())
	data, err = os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, existing+"{\"snapshot\":\"c\",\"index\":2,\"status\":\"ok\",\"skipped\":[]}\n", string(data))
}

func TestOpenOutputNew(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out.jsonl")
	o, err := OpenOutput(p)
	require.NoError(t, err)
	assert.Empty(t, o.done)
	assert.Equal(t, 0, o.Dropped)
	require.NoError(t, o.Close())
	info, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, int64(0), info.Size(), "the file is created empty")
}

// TestOpenOutputForeign: a complete line this command did not write is an
// error naming it, and the file is left as it was.
func TestOpenOutputForeign(t *testing.T) {
	for _, tt := range []struct{ name, line string }{
		{"not JSON", "hello\n"},
		{"no snapshot", `{"status":"ok"}` + "\n"},
		{"a snapshot that is no string", `{"snapshot":3,"status":"ok"}` + "\n"},
		{"an unknown status", `{"snapshot":"b","status":"done"}` + "\n"},
		{"not an object", `["b"]` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "out.jsonl")
			text := `{"snapshot":"a","status":"ok"}` + "\n" + tt.line + `{"snapshot":"c","st`
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			_, err := OpenOutput(p)
			require.Error(t, err)
			assert.Equal(t, p+":2: not a line of scb-check batch (a JSON object with snapshot and status ok or error); "+
				"give each run its own output file", err.Error())
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, text, string(data), "nothing is cut")
		})
	}
	_, err := OpenOutput(t.TempDir())
	require.Error(t, err, "a directory is no output file")
}

func TestEncodeLine(t *testing.T) {
	report := []byte(`{"verbosity":0.25,"erosion":0.0,"catalog":"bundled:0.1.0"}`)
	tests := []struct {
		name  string
		entry Entry
		point trajectory.Point
		want  string
	}{
		{"a measured directory: the head, then the report's keys",
			Entry{Text: "runs/a <b>", Index: 4}, trajectory.Point{Report: report},
			`{"snapshot":"runs/a <b>","index":4,"status":"ok","skipped":[],"verbosity":0.25,"erosion":0.0,"catalog":"bundled:0.1.0"}`},
		{"a measured commit names it, with skipped files",
			Entry{Text: "repo@v1", Index: 0}, trajectory.Point{
				Checkpoint: trajectory.Checkpoint{Commit: "abc", Time: "2024-01-02T03:04:05+00:00", Subject: "fix \"x\""},
				Skipped:    []trajectory.Skipped{{Path: "b.py", Reason: option.Plain("failed to parse python source")}}, Report: report},
			`{"snapshot":"repo@v1","index":0,"status":"ok","commit":"abc","time":"2024-01-02T03:04:05+00:00","subject":"fix \"x\"",` +
				`"skipped":[{"path":"b.py","reason":"failed to parse python source"}],"verbosity":0.25,"erosion":0.0,"catalog":"bundled:0.1.0"}`},
		{"an error line has the message and no report keys",
			Entry{Text: "gone", Index: 2}, trajectory.Point{Err: option.Plain("path does not exist: gone")},
			`{"snapshot":"gone","index":2,"status":"error","error":"path does not exist: gone","skipped":[]}`},
		{"an empty report adds no keys",
			Entry{Text: "x", Index: 1}, trajectory.Point{Report: []byte("{}")},
			`{"snapshot":"x","index":1,"status":"ok","skipped":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, err := encodeLine(tt.entry, tt.point, nil)
			require.NoError(t, err)
			assert.Equal(t, tt.want+"\n", string(line))
			assert.True(t, json.Valid(line))
			assert.Equal(t, 1, bytes.Count(line, []byte("\n")), "one line")
		})
	}
}

// TestOpenOutputDuplicates: two runs writing one file at once leave each
// line of the snapshots both measured twice, byte for byte the same; the
// later copies are removed from the file, which keeps every snapshot once,
// and the next line follows the kept ones.
func TestOpenOutputDuplicates(t *testing.T) {
	a := `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.5}` + "\n"
	b := `{"snapshot":"b","index":1,"status":"error","error":"path does not exist: b","skipped":[]}` + "\n"
	c := `{"snapshot":"c","index":2,"status":"ok","skipped":[],"verbosity":0.25}` + "\n"
	torn := `{"snapshot":"d","index":3,"sta`
	tests := []struct {
		name      string
		text      string
		want      string
		wantDups  int
		wantTorn  int
		wantState map[string]string
	}{
		{"interleaved copies are removed", a + b + a + c + b + c, a + b + c, 3, 0,
			map[string]string{"a": StatusOK, "b": StatusError, "c": StatusOK}},
		{"a copy right after its line, blank lines kept", a + a + "\n" + b, a + "\n" + b, 1, 0,
			map[string]string{"a": StatusOK, "b": StatusError}},
		{"copies and a torn last line", a + b + b + torn, a + b, 1, len(torn),
			map[string]string{"a": StatusOK, "b": StatusError}},
		{"three copies of one line", c + c + c, c, 2, 0, map[string]string{"c": StatusOK}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "out.jsonl")
			require.NoError(t, os.WriteFile(p, []byte(tt.text), 0o600))
			o, err := OpenOutput(p)
			require.NoError(t, err)
			assert.Equal(t, tt.wantDups, o.Duplicates)
			assert.Equal(t, tt.wantTorn, o.Dropped)
			assert.Equal(t, tt.wantState, o.done)
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(data), "each snapshot once, in the order of its first line")

			next := `{"snapshot":"e","index":4,"status":"ok","skipped":[]}` + "\n"
			require.NoError(t, o.write([]byte(next)))
			require.NoError(t, o.Close())
			data, err = os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, tt.want+next, string(data))
			info, err := os.Stat(p)
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the rewritten file keeps its mode")
		})
	}
}

// TestOpenOutputConflictingLines: two different lines for one snapshot
// (runs with other options) cannot both be right: an error naming both
// lines, and the file is left as it was.
func TestOpenOutputConflictingLines(t *testing.T) {
	for _, tt := range []struct{ name, second, want string }{
		{"another status", `{"snapshot":"a","index":0,"status":"error","error":"x","skipped":[]}`, "out.jsonl:3: a second line for snapshot \"a\", unlike its line 1"},
		{"other numbers", `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.75}`, "out.jsonl:3: a second line for snapshot \"a\", unlike its line 1"},
		{"same bytes but the newline", `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.5}` + "\r", "out.jsonl:3: a second line for snapshot \"a\", unlike its line 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "out.jsonl")
			text := `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.5}` + "\n" +
				`{"snapshot":"b","index":1,"status":"ok","skipped":[]}` + "\n" + tt.second + "\n" + `{"snapshot":"c","st`
			require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			_, err := OpenOutput(p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "keep one of the two lines and run again")
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, text, string(data), "nothing is cut")
			_, err = OpenOutput(p)
			assert.NotErrorIs(t, err, ErrOutputInUse, "the failed open released the lock")
		})
	}
}

// TestOpenOutputLocked: while one Output has the file open, another open
// of it fails naming the holder (this process, this host) and touches
// nothing; once the first is closed, the file opens again.
func TestOpenOutputLocked(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out", "shard-1.jsonl")
	first, err := OpenOutput(p)
	require.NoError(t, err)
	line := `{"snapshot":"a","index":0,"status":"ok","skipped":[]}` + "\n"
	require.NoError(t, first.write([]byte(line)))
	// A torn line the second open must not cut: it is the first's to write.
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"snapshot":"b"`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	_, err = OpenOutput(p)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrOutputInUse)
	host, herr := os.Hostname()
	require.NoError(t, herr)
	assert.Contains(t, err.Error(), fmt.Sprintf("output %s: in use by another batch run (pid %d on %s since ", p, os.Getpid(), host))
	assert.Contains(t, err.Error(), "locked in "+p+".lock")
	data, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, line+`{"snapshot":"b"`, string(data), "the refused open changed nothing")

	require.NoError(t, first.Close())
	again, err := OpenOutput(p)
	require.NoError(t, err)
	assert.Equal(t, len(`{"snapshot":"b"`), again.Dropped)
	require.NoError(t, again.Close())
}

// TestOpenOutputLockIsNoLink: the lock file is opened without following a
// link, so a link there cannot make the lock's holder text land elsewhere.
func TestOpenOutputLockIsNoLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep\n"), 0o644))
	p := filepath.Join(dir, "out.jsonl")
	require.NoError(t, os.Symlink(target, p+".lock"))
	_, err := OpenOutput(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "output "+p+": cannot take its lock")
	assert.Contains(t, err.Error(), p+".lock: is a symbolic link")
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "keep\n", string(data))
}
