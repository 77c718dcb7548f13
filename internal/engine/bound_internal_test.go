package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// siblings writes a file of n one-line functions side by side at the top
// level (in a class body for Java) and returns it.
func siblings(t *testing.T, spec *lang.Spec, n int) source.SourceFile {
	t.Helper()
	line := map[string]string{
		"python":     "def f%d(): return 1\n",
		"rust":       "fn f%d() -> i32 { 1 }\n",
		"go":         "func f%d() int { return 1 }\n",
		"javascript": "function f%d() { return 1; }\n",
		"typescript": "function f%d(): number { return 1; }\n",
		"tsx":        "function f%d(): number { return 1; }\n",
		"java":       "  int f%d() { return 1; }\n",
		"c":          "int f%d(void) { return 1; }\n",
		"cpp":        "int f%d() { return 1; }\n",
	}[spec.Name]
	require.NotEmpty(t, line, "a line for %s", spec.Name)
	var b strings.Builder
	switch spec.Name {
	case "go":
		b.WriteString("package p\n")
	case "java":
		b.WriteString("class C {\n")
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, line, i)
	}
	if spec.Name == "java" {
		b.WriteString("}\n")
	}
	path := filepath.Join(t.TempDir(), "gen."+spec.Extensions[0])
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return source.SourceFile{Path: path, Lang: spec}
}

// allocated is the number of bytes the heap handed out while analysing
// the file: unlike time, the same for the same input on any machine.
func allocated(t *testing.T, p *source.Parser, f source.SourceFile) (Result, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := analyzeFile(context.Background(), p, vfs.OS, f, &Settings{})
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Empty(t, res.Skipped)
	return res, after.TotalAlloc - before.TotalAlloc
}

// The work of a file's analysis grows linearly with the number of sibling
// functions, in every language: twice the functions allocate about twice
// the bytes (slices growing by doubling keep the ratio between 1.5 and
// 2.5). A step that lists a parent's children once per child, as the
// callables' heading lines did, makes the ratio 4.
func TestAnalysisIsLinearInSiblingFunctions(t *testing.T) {
	const n = 3000
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			p, err := source.NewParser(spec)
			require.NoError(t, err)
			defer p.Close()
			small, large := siblings(t, spec, n), siblings(t, spec, 2*n)
			allocated(t, p, small) // warm the grammar's tables
			resSmall, a := allocated(t, p, small)
			resLarge, b := allocated(t, p, large)
			require.Len(t, resSmall.Fns, n)
			require.Len(t, resLarge.Fns, 2*n)
			ratio := float64(b) / float64(a)
			t.Logf("%d functions: %d bytes; %d: %d bytes; ratio %.2f", n, a, 2*n, b, ratio)
			assert.True(t, ratio > 1.5 && ratio < 2.5, "%d functions allocate %d bytes, %d allocate %d: ratio %.2f", n, a, 2*n, b, ratio)
		})
	}
}

// untilStopped is a profile whose Functions step runs until the tree is
// stopped, as a step too slow for the file's bound would; it calls
// started first.
func untilStopped(started func()) *Profile {
	p := *DefaultProfile
	p.Functions = func(t *source.Tree, sloc source.Lines) []source.Callable {
		started()
		for !t.Stopped() {
			time.Sleep(time.Millisecond)
		}
		return nil
	}
	return &p
}

// A file whose parse is done in time but whose analyses are not is
// skipped with the reason, naming the bound: ParseTimeout bounds the
// parse and the analyses together, from the parse's start.
func TestAnalysisOverTheBoundIsSkipped(t *testing.T) {
	file := siblings(t, lang.Python, 3)
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	// Generous, so the parse of three lines always fits: the step waits
	// for the bound whatever it is.
	const bound = 3 * time.Second
	res, err := analyzeFile(context.Background(), p, vfs.OS, file, &Settings{ParseTimeout: bound, Profile: untilStopped(func() {})})
	require.NoError(t, err)
	assert.Equal(t, "parsing and analysing the python source took longer than 3s; given up (see Options.ParseTimeout)", res.Skipped.String())
	assert.Nil(t, res.Fns, "nothing of the file's analysis is kept")
	assert.Zero(t, res.Lines)
	assert.False(t, cacheable(res), "a file given up for time is analysed again next run")
}

// A cancelled run stops inside a file's analysis, not after it: Files
// returns the context's error, with no result.
func TestCancelStopsTheAnalysisOfAFile(t *testing.T) {
	file := siblings(t, lang.Python, 3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// No time bound: only the cancellation can end the step.
	s := &Settings{Workers: 1, Profile: untilStopped(cancel)}
	done := make(chan struct{})
	var results []Result
	var err error
	go func() {
		defer close(done)
		results, err = Files(ctx, vfs.OS, []source.SourceFile{file}, s, nil, nil)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the file's analysis went on after the run was cancelled")
	}
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	assert.Nil(t, results)
}
