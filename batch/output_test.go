package batch

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/trajectory"
)

// TestOpenOutputResumes: the snapshots of complete lines are done, a torn
// last line is cut off the file, and new lines follow the complete ones.
func TestOpenOutputResumes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out.jsonl")
	existing := `{"snapshot":"a","index":0,"status":"ok","skipped":[],"verbosity":0.5}` + "\n" +
		"\n" +
		`{"snapshot":"b","index":1,"status":"error","error":"no supported source files found at b","skipped":[]}` + "\n" +
		`{"snapshot":"a","index":0,"status":"error","skipped":[]}` + "\n"
	torn := `{"snapshot":"c","index":2,"status":"ok","skipped":[],"verbo`
	require.NoError(t, os.WriteFile(p, []byte(existing+torn), 0o644))

	o, err := OpenOutput(p)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": StatusOK, "b": StatusError}, o.done, "the first line of a snapshot counts")
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
				Skipped:    []trajectory.Skipped{{Path: "b.py", Reason: "failed to parse python source"}}, Report: report},
			`{"snapshot":"repo@v1","index":0,"status":"ok","commit":"abc","time":"2024-01-02T03:04:05+00:00","subject":"fix \"x\"",` +
				`"skipped":[{"path":"b.py","reason":"failed to parse python source"}],"verbosity":0.25,"erosion":0.0,"catalog":"bundled:0.1.0"}`},
		{"an error line has the message and no report keys",
			Entry{Text: "gone", Index: 2}, trajectory.Point{Err: "path does not exist: gone"},
			`{"snapshot":"gone","index":2,"status":"error","error":"path does not exist: gone","skipped":[]}`},
		{"an empty report adds no keys",
			Entry{Text: "x", Index: 1}, trajectory.Point{Report: []byte("{}")},
			`{"snapshot":"x","index":1,"status":"ok","skipped":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, err := encodeLine(tt.entry, tt.point)
			require.NoError(t, err)
			assert.Equal(t, tt.want+"\n", string(line))
			assert.True(t, json.Valid(line))
			assert.Equal(t, 1, bytes.Count(line, []byte("\n")), "one line")
		})
	}
}
