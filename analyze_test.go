package scbcheck_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
)

func analyze(t *testing.T, path string, workers int) *report.Report {
	t.Helper()
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: path, Config: config.Default(path), Workers: workers, IncludeAll: true, AstGrep: testkit.AstGrep(t),
	})
	require.NoError(t, err)
	return r
}

// The same input gives the same report, byte for byte, whatever the
// number of workers.
func TestAnalyzeIsDeterministicAcrossWorkers(t *testing.T) {
	var want []byte
	var wantReport *report.Report
	for _, workers := range []int{1, 2, 3, 8} {
		r := analyze(t, "testdata", workers)
		var b bytes.Buffer
		require.NoError(t, report.WriteJSON(&b, r))
		if want == nil {
			want, wantReport = b.Bytes(), r
			assert.Greater(t, r.FilesScanned, 10, "the fixture tree has many files")
			continue
		}
		assert.Equal(t, string(want), b.String(), "workers=%d", workers)
		assert.Equal(t, wantReport, r, "workers=%d", workers)
	}
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestAnalyzeReportsCallablesAndSkippedFiles(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	write(t, dir, "a.py", "class Thing:\n    def same(self, value):\n        if value:\n            return value\n")
	write(t, dir, "b.py", "def broken(:\n")
	write(t, dir, "c.rs", "mod inner {\n    pub fn route(v: i32) -> i32 {\n        v\n    }\n}\n")
	write(t, dir, "d.py", "x = '\xff'\n")

	r := analyze(t, dir, 2)
	assert.Equal(t, 4, r.FilesDiscovered)
	assert.Equal(t, 2, r.FilesScanned)
	// Paths are relative to the analysed directory, the report's root.
	assert.Equal(t, dir, r.Root)
	assert.Equal(t, []report.Skipped{
		{Path: "b.py", Language: "python", Reason: option.Plain("failed to parse python source")},
		{Path: "d.py", Language: "python", Reason: option.Plain("stream did not contain valid UTF-8")},
	}, r.Skipped)
	assert.Equal(t, filepath.Join(dir, "b.py"), r.Abs(r.Skipped[0].Path))
	require.Len(t, r.Files, 2)
	// a.py: SLOC 1-4; same spans 2-4 (3 SLOC), cc 2, cog 1, nesting 1.
	assert.Equal(t, report.File{
		Path: "a.py", Language: "python", Lines: 4, SLOC: 4, Nodes: r.Files[0].Nodes,
		Callables: []report.Callable{{
			Name: "same", QualifiedName: "Thing.same", Kind: "method", StartLine: 2, EndLine: 4, StartCol: 5, Public: true,
			Params: []string{"value"}, SLOC: 3, CC: 2, Cog: 1, MaxNesting: 1,
			CCMass: 2 * math.Sqrt(3), CogMass: math.Sqrt(3),
		}},
	}, r.Files[0])
	// c.rs: `}` lines are not SLOC, so lines 1-3 only; route spans 2-4.
	assert.Equal(t, "inner::route", r.Files[1].Callables[0].QualifiedName)
	assert.Equal(t, 2, r.Files[1].Callables[0].SLOC)
	assert.Equal(t, 3, r.Files[1].SLOC)
	assert.Equal(t, 7, r.TotalLOC)
	assert.InDelta(t, 2*math.Sqrt(3)+math.Sqrt(2), r.TotalMass, 1e-12)
}

func TestAnalyzeErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "bad.py", "def broken(:\n")
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, Config: config.Default(dir)})
	require.Error(t, err)
	assert.True(t, errors.Is(err, scbcheck.ErrNoParsedFiles))

	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: filepath.Join(dir, "nope"), Config: config.Default(dir)})
	assert.ErrorContains(t, err, "path does not exist")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = scbcheck.Analyze(ctx, scbcheck.Options{Path: dir, Config: config.Default(dir)})
	assert.ErrorIs(t, err, context.Canceled)
}

// The report does not depend on the order files were created in: the
// fixture tree is written twice, in two shuffled orders, and the JSON
// report, the DIR detail and the human output (paths relative to each
// tree) must match byte for byte.
func TestAnalyzeIgnoresFileCreationOrder(t *testing.T) {
	var files []string
	require.NoError(t, filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if !d.IsDir() && lang.ForPath(p) != nil && !strings.Contains(p, "e2e") {
			files = append(files, p)
		}
		return nil
	}))
	require.Greater(t, len(files), 10)
	render := func(seed int64) [3]string {
		base, err := filepath.EvalSymlinks(t.TempDir())
		require.NoError(t, err)
		dir := filepath.Join(base, "proj") // the root's name names its crates
		order := append([]string(nil), files...)
		rand.New(rand.NewSource(seed)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, p := range order {
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			write(t, dir, p, string(data))
		}
		r := analyze(t, dir, 2)
		var out [3]bytes.Buffer
		require.NoError(t, report.WriteJSON(&out[0], r))
		require.NoError(t, report.WriteDIRJSON(&out[1], r))
		require.NoError(t, report.WriteHuman(&out[2], r, report.HumanOptions{CWD: dir, Context: 1}))
		return [3]string{out[0].String(), out[1].String(), out[2].String()}
	}
	a, b := render(1), render(2)
	for k, name := range []string{"JSON report", "DIR detail", "human output"} {
		assert.Equal(t, a[k], b[k], name)
	}
	assert.Contains(t, a[1], `"symbols"`)
}

// An unreadable file is skipped with the system's reason; an unreadable
// directory stops the walk with an error naming it (as the reference).
// Root reads everything, so this needs an ordinary user.
func TestAnalyzeUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permissions do not stop reads")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	write(t, dir, "ok.py", "def f():\n    return 1\n")
	locked := write(t, dir, "locked.py", "def g():\n    return 2\n")
	require.NoError(t, os.Chmod(locked, 0))
	r := analyze(t, dir, 1)
	require.Len(t, r.Skipped, 1)
	assert.Equal(t, locked, r.Skipped[0].Path)
	assert.Contains(t, r.Skipped[0].Reason.String(), "permission denied")
	assert.Equal(t, 1, r.FilesScanned)

	sub := filepath.Join(dir, "closed")
	write(t, sub, "x.py", "x = 1\n")
	require.NoError(t, os.Chmod(sub, 0))
	t.Cleanup(func() { os.Chmod(sub, 0o755) })
	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, Config: config.Default(dir), DisableSG: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "failed to walk sources")
	assert.Contains(t, err.Error(), sub)
}

// DIR is the same whatever the number of workers, in every language's
// fixture tree (manifests read by the facade included).
func TestDIRIsDeterministicAcrossWorkers(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "reuse"))
	require.NoError(t, err)
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			path := filepath.Join("testdata", "reuse", e.Name())
			var want []byte
			for _, workers := range []int{1, 4} {
				r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
					Path: path, Config: config.Default(path), Workers: workers, DisableSG: true, Languages: []string{"all"},
				})
				require.NoError(t, err)
				require.NotNil(t, r.DIR)
				var b bytes.Buffer
				require.NoError(t, report.WriteDIRJSON(&b, r))
				if want == nil {
					want = b.Bytes()
					assert.NotEmpty(t, r.DIR.Modules, "the fixture has modules")
					continue
				}
				assert.Equal(t, string(want), b.String(), "workers=%d", workers)
			}
		})
	}
}
