package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/trajectory"
)

// small has cc 1 and 4 SLOC: mass 1*sqrt(4) = 2.
const small = "def small(x):\n    y = x\n    z = y\n    return z\n"

// branchy is a function of n if statements after one assignment: cc n+1,
// SLOC 3 + 2n; with n = 11, cc 12 and SLOC 25, mass 12*5 = 60.
func branchy(name string, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "def %s(x):\n    x = x + 1\n", name)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    if x == %d:\n        return %d\n", i, i)
	}
	b.WriteString("    return x\n")
	return b.String()
}

// fixture is a manifest of directories and commits, with the files they
// name: entries 0 to 7 (line numbers 2 to 9).
type fixture struct {
	base     string
	manifest *Manifest
	commits  []string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	files := map[string]string{
		"ckpt/1/a.py":      small,
		"ckpt/2/a.py":      small + "\n\n" + branchy("big", 11),
		"ckpt/broken/a.py": "def small(x:\n    return x\n",
	}
	for name, text := range files {
		p := filepath.Join(base, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(base, "ckpt", "empty"), 0o755))

	// The second commit renames a.py, adds a file with a syntax error and
	// a generated file its own configuration excludes.
	r := testkit.NewGitRepo(t)
	c0 := r.Commit("small", map[string]string{"a.py": small})
	r.Git("tag", "v1")
	r.Git("mv", "a.py", "core.py")
	c1 := r.Commit("grow", map[string]string{
		"core.py":        small + "\n\n" + branchy("big", 11),
		"broken.py":      "def broken(:\n",
		"gen/huge.py":    branchy("huge", 20),
		"scb-check.toml": "exclude = [\"gen/**\"]\n",
	})
	require.NoError(t, os.Symlink(r.Dir, filepath.Join(base, "repo")))

	text := "# a test manifest\nckpt/1\nckpt/2\nckpt/empty\nrepo@v1\ngone\nckpt/broken\nrepo@main\nrepo@nope\n"
	m, err := ParseManifest(strings.NewReader(text), "m.txt", base)
	require.NoError(t, err)
	return &fixture{base: base, manifest: m, commits: []string{c0, c1}}
}

func (f *fixture) options(t *testing.T, workers int) Options {
	cfg, err := config.Load(f.base, "")
	require.NoError(t, err)
	return Options{
		Measure:          trajectory.Options{Analysis: scbcheck.Options{Config: cfg, WorkDir: f.base, DisableSG: true, Workers: workers}},
		CommitsOwnConfig: true,
	}
}

// run runs a shard into the output file at path.
func (f *fixture) run(t *testing.T, path string, opt Options) Result {
	t.Helper()
	out, err := OpenOutput(path)
	require.NoError(t, err)
	res, err := Run(context.Background(), f.manifest, out, opt)
	require.NoError(t, err)
	require.NoError(t, out.Close())
	return res
}

// outLine is the part of an output line these tests read.
type outLine struct {
	Snapshot     string        `json:"snapshot"`
	Index        int           `json:"index"`
	Status       string        `json:"status"`
	Commit       string        `json:"commit"`
	Subject      string        `json:"subject"`
	Error        string        `json:"error"`
	Skipped      []skippedFile `json:"skipped"`
	Erosion      *float64      `json:"erosion"`
	FilesScanned int           `json:"files_scanned"`
	TotalLOC     int           `json:"total_loc"`
	raw          string
}

func readLines(t *testing.T, path string) []outLine {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []outLine
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l == "" {
			continue
		}
		require.True(t, strings.HasSuffix(l, "\n"), "every line ends with a newline")
		var o outLine
		require.NoError(t, json.Unmarshal([]byte(l), &o), l)
		o.raw = l
		out = append(out, o)
	}
	return out
}

func TestRun(t *testing.T) {
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "all.jsonl")
	var progress []string
	opt := f.options(t, 1)
	opt.Progress = func(i, n int, e Entry) { progress = append(progress, fmt.Sprintf("%d/%d %s", i, n, e.Text)) }
	res := f.run(t, path, opt)
	assert.Equal(t, Result{Entries: 8, Measured: 8, Errors: 4}, res)
	assert.Len(t, progress, 8)
	assert.Equal(t, "6/8 repo@main", progress[6])

	lines := readLines(t, path)
	require.Len(t, lines, 8)
	want := []struct {
		snapshot, status, err string
	}{
		{"ckpt/1", StatusOK, ""},
		{"ckpt/2", StatusOK, ""},
		{"ckpt/empty", StatusError, "no supported source files found at ckpt/empty"},
		{"repo@v1", StatusOK, ""},
		{"gone", StatusError, "path does not exist: gone"},
		{"ckpt/broken", StatusError, "no supported source files could be parsed at ckpt/broken"},
		{"repo@main", StatusOK, ""},
		{"repo@nope", StatusError, "unknown revision 'nope' in " + filepath.Join(f.base, "repo")},
	}
	for i, w := range want {
		l := lines[i]
		assert.Equal(t, w.snapshot, l.Snapshot, "line %d", i)
		assert.Equal(t, i, l.Index, "line %d", i)
		assert.Equal(t, w.status, l.Status, "line %d", i)
		assert.Equal(t, w.err, l.Error, "line %d", i)
		assert.Equal(t, w.status == StatusOK, l.Erosion != nil, "line %d: report keys only on ok lines", i)
	}
	// ckpt/1 and repo@v1: small alone, erosion 0, 4 SLOC.
	assert.Equal(t, []any{0.0, 4}, []any{*lines[0].Erosion, lines[0].TotalLOC})
	assert.Equal(t, []any{0.0, 4, f.commits[0], "small"}, []any{*lines[3].Erosion, lines[3].TotalLOC, lines[3].Commit, lines[3].Subject})
	// ckpt/2: small (mass 2) and big (mass 60, cc 12): erosion 60/62.
	assert.InDelta(t, 60.0/62, *lines[1].Erosion, 1e-12)
	assert.Equal(t, 29, lines[1].TotalLOC)
	// repo@main: the same two functions in core.py; gen/ is excluded by the
	// commit's own configuration, broken.py is skipped.
	assert.Equal(t, f.commits[1], lines[6].Commit)
	assert.InDelta(t, 60.0/62, *lines[6].Erosion, 1e-12)
	assert.Equal(t, 1, lines[6].FilesScanned)
	assert.Equal(t, []skippedFile{{Path: "broken.py", Reason: "failed to parse python source"}}, lines[6].Skipped)
	assert.Equal(t, []skippedFile{{Path: "a.py", Reason: "failed to parse python source"}}, lines[5].Skipped)

	// The line carries the snapshot's check report byte for byte.
	p, err := trajectory.Measure(context.Background(), trajectory.Snapshot{Path: filepath.Join(f.base, "ckpt", "2")}, opt.Measure)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(lines[1].raw, ","+string(p.Report[1:])+"\n"), lines[1].raw)

	// Nothing is left to do: a second run measures nothing.
	res = f.run(t, path, opt)
	assert.Equal(t, Result{Entries: 8, Resumed: 8, Errors: 4}, res)
	again := readLines(t, path)
	assert.Equal(t, lines, again)

	// The output does not depend on the number of workers.
	four := filepath.Join(t.TempDir(), "four.jsonl")
	f.run(t, four, f.options(t, 4))
	assertSameFile(t, path, four)

	// With the given configuration for commits too, gen/ counts.
	cfgAll := filepath.Join(t.TempDir(), "cfg.jsonl")
	opt = f.options(t, 1)
	opt.CommitsOwnConfig = false
	f.run(t, cfgAll, opt)
	assert.Equal(t, 2, readLines(t, cfgAll)[6].FilesScanned)
}

func assertSameFile(t *testing.T, want, got string) {
	t.Helper()
	a, err := os.ReadFile(want)
	require.NoError(t, err)
	b, err := os.ReadFile(got)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
}

// TestRunShards: every entry lands in exactly one shard's output, in
// manifest order, and the shards' lines sorted by index are the lines of
// one unsharded run.
func TestRunShards(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	all := filepath.Join(dir, "all.jsonl")
	f.run(t, all, f.options(t, 2))
	var merged []string
	for i := 0; i < 3; i++ {
		opt := f.options(t, 2)
		opt.Shard = Shard{Index: i, Count: 3}
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
		res := f.run(t, path, opt)
		var idx []int
		for _, l := range readLines(t, path) {
			idx = append(idx, l.Index)
			merged = append(merged, l.raw)
		}
		// 8 entries over 3 shards: 0,3,6 / 1,4,7 / 2,5.
		assert.Equal(t, [][]int{{0, 3, 6}, {1, 4, 7}, {2, 5}}[i], idx, "shard %d", i)
		assert.Equal(t, len(idx), res.Entries)
	}
	sort.Slice(merged, func(a, b int) bool {
		var x, y outLine
		require.NoError(t, json.Unmarshal([]byte(merged[a]), &x))
		require.NoError(t, json.Unmarshal([]byte(merged[b]), &y))
		return x.Index < y.Index
	})
	data, err := os.ReadFile(all)
	require.NoError(t, err)
	assert.Equal(t, string(data), strings.Join(merged, ""))
}

// uninterrupted writes the file of one uninterrupted run in dir and
// returns its path and lines.
func (f *fixture) uninterrupted(t *testing.T, dir string) (string, []string) {
	t.Helper()
	all := filepath.Join(dir, "all.jsonl")
	f.run(t, all, f.options(t, 1))
	data, err := os.ReadFile(all)
	require.NoError(t, err)
	return all, strings.SplitAfter(string(data), "\n")
}

// resume runs the whole manifest into out, closes it, and returns the
// snapshots measured, in order.
func (f *fixture) resume(t *testing.T, out *Output) ([]string, Result) {
	t.Helper()
	var measured []string
	opt := f.options(t, 1)
	opt.Progress = func(_, _ int, e Entry) { measured = append(measured, e.Text) }
	res, err := Run(context.Background(), f.manifest, out, opt)
	require.NoError(t, err)
	require.NoError(t, out.Close())
	return measured, res
}

// TestRunResume: a run killed while writing its fourth line leaves three
// complete lines and a torn one; running again drops the torn line,
// measures the five snapshots left and ends with the file an
// uninterrupted run writes. Lines of other snapshots are counted, kept.
func TestRunResume(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	all, lines := f.uninterrupted(t, dir)
	killed := strings.Join(lines[:3], "") + lines[3][:len(lines[3])/2]
	path := filepath.Join(dir, "resumed.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(killed), 0o644))

	out, err := OpenOutput(path)
	require.NoError(t, err)
	assert.Equal(t, len(lines[3])/2, out.Dropped)
	measured, res := f.resume(t, out)
	assert.Equal(t, []string{"repo@v1", "gone", "ckpt/broken", "repo@main", "repo@nope"}, measured)
	// ckpt/empty's error line was written by the first run.
	assert.Equal(t, Result{Entries: 8, Resumed: 3, Measured: 5, Errors: 4}, res)
	assertSameFile(t, all, path)

	// A line of a snapshot the shard does not hold is foreign.
	other := filepath.Join(dir, "other.jsonl")
	require.NoError(t, os.WriteFile(other, []byte(lines[0]+`{"snapshot":"elsewhere","status":"ok"}`+"\n"), 0o644))
	opt := f.options(t, 1)
	opt.Shard = Shard{Index: 0, Count: 3}
	res = f.run(t, other, opt)
	// Shard 0 of 3: ckpt/1 (resumed), repo@v1 and repo@main.
	assert.Equal(t, Result{Entries: 3, Resumed: 1, Measured: 2, Foreign: 1}, res)
}

// TestRunStops: a failure that would hit every snapshot (here, a git that
// cannot run) stops the run, naming the entry; the lines written before
// it stay, and a run with git resumes after them.
func TestRunStops(t *testing.T) {
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "out.jsonl")
	out, err := OpenOutput(path)
	require.NoError(t, err)
	opt := f.options(t, 1)
	opt.Git = filepath.Join(t.TempDir(), "no-git")
	res, err := Run(context.Background(), f.manifest, out, opt)
	require.Error(t, err)
	require.NoError(t, out.Close())
	assert.True(t, strings.HasPrefix(err.Error(), "m.txt:5: repo@v1: cannot run git "), err.Error())
	assert.Equal(t, Result{Entries: 8, Measured: 3, Errors: 1}, res)
	assert.Len(t, readLines(t, path), 3)

	res = f.run(t, path, f.options(t, 1))
	assert.Equal(t, Result{Entries: 8, Resumed: 3, Measured: 5, Errors: 4}, res)
	assert.Len(t, readLines(t, path), 8)
}

// TestRunStream: without a file, lines go to the stream in manifest order.
func TestRunStream(t *testing.T) {
	f := newFixture(t)
	var b bytes.Buffer
	opt := f.options(t, 1)
	opt.Shard = Shard{Index: 1, Count: 4}
	res, err := Run(context.Background(), f.manifest, NewOutput(&b), opt)
	require.NoError(t, err)
	// Shard 1 of 4: ckpt/2 and ckpt/broken.
	assert.Equal(t, Result{Entries: 2, Measured: 2, Errors: 1}, res)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 2)
	assert.True(t, strings.HasPrefix(lines[0], `{"snapshot":"ckpt/2","index":1,"status":"ok","skipped":[],"verbosity":`), lines[0])
	assert.Equal(t, `{"snapshot":"ckpt/broken","index":5,"status":"error","error":"no supported source files could be parsed at ckpt/broken",`+
		`"skipped":[{"path":"a.py","reason":"failed to parse python source"}]}`, lines[1])
}

// TestLineKeysDoNotClash: the keys a line puts before the report's are no
// key of a check report.
func TestLineKeysDoNotClash(t *testing.T) {
	f := newFixture(t)
	p, err := trajectory.Measure(context.Background(), trajectory.Snapshot{Path: filepath.Join(f.base, "ckpt", "2")}, f.options(t, 1).Measure)
	require.NoError(t, err)
	var report map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(p.Report, &report))
	require.Contains(t, report, "erosion")
	for _, k := range []string{"snapshot", "index", "status", "commit", "time", "subject", "error", "skipped"} {
		assert.NotContains(t, report, k)
	}
}

// TestRunResumeDuplicates: two runs wrote one file at once (a replaced
// pod beside the old one, or two machines whose file system locks per
// machine): the first wrote three lines, then both wrote the next two and
// the sixth, one of them killed in the middle of it. Resuming measures
// only what no line holds, removes the copies, and ends with the file one
// uninterrupted run writes: no snapshot lost, none twice.
func TestRunResumeDuplicates(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	all, l := f.uninterrupted(t, dir)
	mixed := l[0] + l[1] + l[2] + l[3] + l[3] + l[4] + l[4] + l[5] + l[5][:len(l[5])/3]
	path := filepath.Join(dir, "mixed.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(mixed), 0o644))

	out, err := OpenOutput(path)
	require.NoError(t, err)
	assert.Equal(t, 2, out.Duplicates)
	assert.Equal(t, len(l[5])/3, out.Dropped)
	measured, res := f.resume(t, out)
	assert.Equal(t, []string{"repo@main", "repo@nope"}, measured)
	assert.Equal(t, Result{Entries: 8, Resumed: 6, Measured: 2, Errors: 4}, res)
	assertSameFile(t, all, path)
}

// A library caller's batch configures each directory snapshot from its
// own tree, not from the caller's working directory, whose
// pyproject.toml would exclude every b.py.
func TestRunConfiguresSnapshotsFromTheirTrees(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for _, dir := range []string{"s1", "s2"} {
		require.NoError(t, os.MkdirAll(filepath.Join(base, dir), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(base, dir, "a.py"), []byte(small), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(base, dir, "b.py"), []byte(small), 0o644))
	}
	// s2's own configuration excludes its a.py.
	require.NoError(t, os.WriteFile(filepath.Join(base, "s2", "scb-check.toml"), []byte("exclude = [\"a.py\"]\n"), 0o644))
	harness := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(harness, "pyproject.toml"), []byte("[tool.ruff]\nexclude = [\"*/b.py\"]\n"), 0o644))
	t.Chdir(harness)

	m, err := ParseManifest(strings.NewReader("s1\ns2\n"), "m.txt", base)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = Run(context.Background(), m, NewOutput(&b), Options{Measure: trajectory.Options{Analysis: scbcheck.Options{DisableSG: true}}})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 2)
	// s1: a.py and b.py, 4 SLOC each; s2: b.py alone.
	assert.Contains(t, lines[0], `"files_scanned":2,"total_loc":8,`)
	assert.Contains(t, lines[1], `"files_scanned":1,"total_loc":4,`)
}
