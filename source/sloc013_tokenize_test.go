package source_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/source"
)

// TestPyTokenLinesAgainstTokenize compares PyTokenLines with Python's own
// tokenize on every .py file under a directory. It needs Python 3.12, so it
// runs only when SCB_SLOC013_PYTHON names that interpreter (CI skips it);
// SCB_SLOC013_DIR is the directory, Python's stdlib by default. See
// bench/README.md.
func TestPyTokenLinesAgainstTokenize(t *testing.T) {
	python := os.Getenv("SCB_SLOC013_PYTHON")
	if python == "" {
		t.Skip("SCB_SLOC013_PYTHON is not set")
	}
	dir := os.Getenv("SCB_SLOC013_DIR")
	if dir == "" {
		out, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
		require.NoError(t, err)
		dir = string(bytes.TrimSpace(out))
	}
	out, err := exec.Command(python, filepath.Join("..", "bench", "sloc013-tokenize.py"), dir).Output()
	require.NoError(t, err)

	var files, rejected, mismatches, errorsAgree int
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var rec struct {
			Path  string       `json:"path"`
			Lines source.Lines `json:"lines"`
			Error string       `json:"error"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		raw, err := os.ReadFile(filepath.Join(dir, rec.Path))
		require.NoError(t, err)
		files++
		got, err := source.PyTokenLines(source.PyText(raw))
		switch {
		case rec.Error != "":
			rejected++
			if err != nil {
				errorsAgree++
			} else {
				mismatches++
				t.Logf("%s: tokenize rejects it (%s), PyTokenLines accepts it", rec.Path, rec.Error)
			}
		case err != nil:
			mismatches++
			assert.True(t, errors.Is(err, source.ErrTokenize))
			t.Logf("%s: tokenize accepts it, PyTokenLines: %v", rec.Path, err)
		case !assert.ObjectsAreEqual(rec.Lines, got) && !(len(rec.Lines) == 0 && len(got) == 0):
			mismatches++
			t.Logf("%s: only tokenize %v, only ours %v", rec.Path, minus(rec.Lines, got), minus(got, rec.Lines))
		}
	}
	require.NoError(t, sc.Err())
	t.Logf("%d files compared, %d rejected by tokenize (%d rejected by us too), %d mismatches", files, rejected, errorsAgree, mismatches)
	assert.Zero(t, mismatches)
}

func minus(a, b source.Lines) source.Lines {
	var out source.Lines
	for _, l := range a {
		if !b.Has(l) {
			out = append(out, l)
		}
	}
	if len(out) > 10 {
		out = out[:10]
	}
	return out
}
