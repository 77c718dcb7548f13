package compat013_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"github.com/scbcheck/scbcheck/compat013"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
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
	out, err := exec.Command(python, filepath.Join("..", "bench", "sloc-0.1.3-tokenize.py"), dir).Output()
	require.NoError(t, err)

	var files, rejected, mismatches, errorsAgree, invalid, invalidMismatches, crashes int
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var rec struct {
			Path     string       `json:"path"`
			Lines    source.Lines `json:"lines"`
			Error    string       `json:"error"`
			Compiles bool         `json:"compiles"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		raw, err := os.ReadFile(filepath.Join(dir, rec.Path))
		require.NoError(t, err)
		files++
		got, err := compat013.PyTokenLines(compat013.PyText(raw))
		if !rec.Compiles {
			// Invalid Python: tokenize's verdict depends on its error
			// recovery (and on CPython bugs); only count the differences.
			invalid++
			if (rec.Error != "") != (err != nil) || err == nil && !assert.ObjectsAreEqual(rec.Lines, got) && len(rec.Lines)+len(got) > 0 {
				invalidMismatches++
			}
			continue
		}
		switch {
		case strings.HasPrefix(rec.Error, "SystemError") || strings.HasPrefix(rec.Error, "UnicodeDecodeError"):
			// A CPython bug (seen with debug '=' fields spanning lines in
			// nested f-strings), not a verdict on the source: not emulated.
			crashes++
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
			assert.True(t, errors.Is(err, compat013.ErrTokenize))
			t.Logf("%s: tokenize accepts it, PyTokenLines: %v", rec.Path, err)
		case !assert.ObjectsAreEqual(rec.Lines, got) && !(len(rec.Lines) == 0 && len(got) == 0):
			mismatches++
			t.Logf("%s: only tokenize %v, only ours %v", rec.Path, minus(rec.Lines, got), minus(got, rec.Lines))
		}
	}
	require.NoError(t, sc.Err())
	t.Logf("%d files compared: %d valid Python (%d rejected by tokenize, %d of them by us too), %d mismatches, %d tokenize crashes; %d invalid Python, %d differ", files, files-invalid, rejected, errorsAgree, mismatches, crashes, invalid, invalidMismatches)
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

// BenchmarkSLOC013 times 0.1.3's SLOC against today's on the Python files
// under SCB_SLOC013_DIR (skipped when unset), parsed once beforehand.
func BenchmarkSLOC013(b *testing.B) {
	dir := os.Getenv("SCB_SLOC013_DIR")
	if dir == "" {
		b.Skip("SCB_SLOC013_DIR is not set")
	}
	p, err := source.NewParser(lang.Python)
	require.NoError(b, err)
	defer p.Close()
	var trees []*source.Tree
	require.NoError(b, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".py" {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if tree, err := p.Parse(compat013.PyText(src)); err == nil {
			trees = append(trees, tree)
		}
		return nil
	}))
	b.Run("parse", func(b *testing.B) {
		for range b.N {
			for _, tree := range trees {
				_, _ = p.Parse(tree.Src)
			}
		}
	})
	b.Run("SLOC", func(b *testing.B) {
		for range b.N {
			for _, tree := range trees {
				tree.SLOC()
			}
		}
	})
	b.Run("SLOC013", func(b *testing.B) {
		for range b.N {
			for _, tree := range trees {
				_, _ = compat013.SLOC(tree)
			}
		}
	})
}
