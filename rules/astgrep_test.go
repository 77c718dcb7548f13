package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/stopsig"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// testCatalog builds a catalog from rule documents.
func testCatalog(t *testing.T, text string) *Catalog {
	t.Helper()
	rules, errs := parseRuleFile("test.yml", "test.yml", []byte(text))
	require.Empty(t, errs)
	return &Catalog{Rules: rules}
}

// writeFiles writes files (relative path -> text) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// fakeAstGrep writes a shell script standing in for ast-grep.
func fakeAstGrep(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake ast-grep is a shell script")
	}
	p := filepath.Join(t.TempDir(), "fake-ast-grep")
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755))
	return p
}

// fakeScan is a fake ast-grep's script that prints stdout and, on
// stderr, the file summary ast-grep 0.44.0 prints with --inspect summary,
// counting the files after "--".
func fakeScan(stdout string) string {
	return "while [ \"$1\" != -- ]; do shift; done; shift\n" +
		"echo \"sg: summary|file: scannedFileCount=$#,skippedFileCount=0\" >&2\n" +
		"printf '%s' '" + stdout + "'"
}

const severityRules = `id: sev-hint
language: python
severity: hint
message: hint pass
rule: {pattern: pass}
---
id: sev-info
language: python
severity: info
message: info pass
rule: {pattern: pass}
---
id: sev-warning
language: python
severity: warning
message: warning pass
rule: {pattern: pass}
---
id: sev-error
language: python
severity: error
message: error pass
rule: {pattern: pass}
---
id: sev-off
language: python
severity: off
message: off pass
rule: {pattern: pass}
---
id: sev-rust
language: rust
severity: warning
message: a rust rule never runs on python
rule: {kind: function_item}
`

func TestProbeAstGrep(t *testing.T) {
	version, err := ProbeAstGrep(context.Background(), testkit.AstGrep(t))
	require.NoError(t, err)
	assert.Equal(t, PinnedAstGrep, version, "the installed ast-grep is the pinned one")

	_, err = ProbeAstGrep(context.Background(), filepath.Join(t.TempDir(), "no-ast-grep"))
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrAstGrepNotFound)
	assert.NotContains(t, err.Error(), "scripts/setup", "the library does not know how ast-grep was installed")
	assert.Equal(t, RemedyInstall, remedyOf(t, err))

	_, err = ProbeAstGrep(context.Background(), fakeAstGrep(t, "echo something else"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `printed "something else", not "ast-grep X.Y.Z"`)
	assert.ErrorIs(t, err, ErrAstGrepFailed)
	assert.Equal(t, RemedyNone, remedyOf(t, err))
}

// remedyOf is the remedy of err, an AstGrepError.
func remedyOf(t *testing.T, err error) Remedy {
	t.Helper()
	var ae *AstGrepError
	require.ErrorAs(t, err, &ae)
	return ae.Remedy
}

// The version probe is bounded by the scan's timeout: an executable that
// hangs on --version is killed and named.
func TestProbeTimeout(t *testing.T) {
	binary := fakeAstGrep(t, "exec sleep 30")
	s := &Scanner{Binary: binary, Timeout: 300 * time.Millisecond}
	start := time.Now()
	_, err := s.Probe(context.Background())
	require.Error(t, err)
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Equal(t, binary+" --version did not finish within 300ms", err.Error())
	assert.Equal(t, RemedyTimeout, remedyOf(t, err))
	var ae *AstGrepError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, binary+" --version did not finish within 300ms: ADVICE", ae.Advise("ADVICE"))
	assert.ErrorIs(t, err, ErrAstGrepFailed)

	// A probe that answers passes; the bound is generous so that a loaded
	// machine's slow fork does not look like a hang.
	s = &Scanner{Binary: fakeAstGrep(t, "echo 'ast-grep 0.44.0'"), Timeout: time.Minute}
	version, err := s.Probe(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "0.44.0", version)
}

// IdentifyAstGrep names the file that runs: symbolic links resolved, a
// name found on PATH, and its content hashed, so that another file at the
// same path is another identity.
func TestIdentifyAstGrep(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real-ast-grep")
	require.NoError(t, os.WriteFile(real, []byte("#!/bin/sh\necho 'ast-grep 0.44.0'\n"), 0o755))
	link := filepath.Join(t.TempDir(), "ast-grep")
	require.NoError(t, os.Symlink(real, link))

	// The SHA-256 of the script's bytes, worked out apart.
	const sum = "sha256:"
	id, err := IdentifyAstGrep(link)
	require.NoError(t, err)
	resolved, err := filepath.EvalSymlinks(real)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(id, resolved+" "+sum), id)

	t.Setenv("PATH", filepath.Dir(link))
	byName, err := IdentifyAstGrep("ast-grep")
	require.NoError(t, err)
	assert.Equal(t, id, byName, "a name on PATH is the file it finds")

	require.NoError(t, os.WriteFile(real, []byte("#!/bin/sh\necho 'ast-grep 0.44.0' \n"), 0o755))
	changed, err := IdentifyAstGrep(link)
	require.NoError(t, err)
	assert.NotEqual(t, id, changed, "one byte more is another executable")

	_, err = IdentifyAstGrep(filepath.Join(dir, "missing"))
	assert.ErrorContains(t, err, "cannot identify ast-grep at "+filepath.Join(dir, "missing"))
}

func TestScanSeverities(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	file := filepath.Join(dir, "a.py")
	cat := testCatalog(t, severityRules)
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}

	cases := []struct {
		name string
		min  string
		want map[string]string // rule id -> label
	}{
		{"warning and error rules run by default, error labelled critical", SeverityWarning,
			map[string]string{"sev-warning": "warning", "sev-error": "critical"}},
		{"hint and info rules run with include-all, labelled info; off never runs", SeverityHint,
			map[string]string{"sev-hint": "info", "sev-info": "info", "sev-warning": "warning", "sev-error": "critical"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			findings, err := scanner.Scan(context.Background(), cat.Active(tc.min), []string{file})
			require.NoError(t, err)
			got := map[string]string{}
			for _, f := range findings {
				got[f.RuleID] = f.Severity
				assert.Equal(t, strings.TrimPrefix(f.RuleID, "sev-")+" pass", f.Message)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestScanFindings(t *testing.T) {
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}
	dir := t.TempDir()
	t.Chdir(dir)
	writeFiles(t, dir, map[string]string{
		"loop.py":           "items = []\nfor index in range(len(items)):\n    print(items[index])\n",
		"gui.pyw":           "for i in range(len(rows)):\n    pass\n",
		"lib.rs":            "fn main() {}\n",
		".gitignore":        "ignored/\n.hidden/\n",
		"ignored/skip.py":   "for j in range(len(xs)): pass\n",
		".hidden/secret.py": "for k in range(len(ys)): pass\n",
	})
	cat := testCatalog(t, `id: range-len
language: python
severity: warning
message: loop over $SEQ directly
rule:
  kind: for_statement
  has:
    field: right
    pattern: range(len($SEQ))
`)
	abs := filepath.Join(dir, "gui.pyw")
	files := []string{"./loop.py", "gui.pyw", "lib.rs", "ignored/skip.py", ".hidden/secret.py", "loop.py", abs}

	findings, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), files)
	require.NoError(t, err)
	// Sorted by file in byte order; "./loop.py" and "loop.py" are one file,
	// "gui.pyw" and its absolute path are not resolved to one.
	want := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "range-len", Severity: "warning", Message: "loop over items directly", Path: "./loop.py",
			Line: 2, EndLine: 3, Col: 1, EndCol: 24,
			Text: "for index in range(len(items)):\n    print(items[index])"},
		{Kind: finding.AstGrep, RuleID: "range-len", Severity: "warning", Message: "loop over ys directly", Path: ".hidden/secret.py",
			Line: 1, EndLine: 1, Col: 1, EndCol: 30, Text: "for k in range(len(ys)): pass"},
		{Kind: finding.AstGrep, RuleID: "range-len", Severity: "warning", Message: "loop over rows directly", Path: abs,
			Line: 1, EndLine: 2, Col: 1, EndCol: 9, Text: "for i in range(len(rows)):\n    pass"},
		{Kind: finding.AstGrep, RuleID: "range-len", Severity: "warning", Message: "loop over rows directly", Path: "gui.pyw",
			Line: 1, EndLine: 2, Col: 1, EndCol: 9, Text: "for i in range(len(rows)):\n    pass"},
		{Kind: finding.AstGrep, RuleID: "range-len", Severity: "warning", Message: "loop over xs directly", Path: "ignored/skip.py",
			Line: 1, EndLine: 1, Col: 1, EndCol: 30, Text: "for j in range(len(xs)): pass"},
	}
	assert.Equal(t, want, findings, "explicit files are scanned whatever the ignore files say; .pyw is Python; .rs is not passed")
}

func TestScanRunsNothingWithoutWork(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-ast-grep")
	scanner := &Scanner{Binary: missing}
	cases := []struct {
		name  string
		cat   *Catalog
		files []string
		min   string
	}{
		{"no python file", testCatalog(t, severityRules), []string{"a.rs", "b.txt", "c.py.bak", ".py"}, SeverityHint},
		{"no active rule without include-all", testCatalog(t, "id: only-info\nlanguage: python\nseverity: info\nrule: {pattern: pass}\n"),
			[]string{"a.py"}, SeverityWarning},
		{"no rule at all", &Catalog{}, []string{"a.py"}, SeverityHint},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			findings, err := scanner.Scan(context.Background(), tc.cat.Active(tc.min), tc.files)
			require.NoError(t, err, "no process is started, so the missing binary is not noticed")
			assert.Empty(t, findings)
		})
	}
}

func TestScanFailures(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	file := filepath.Join(dir, "a.py")
	cat := testCatalog(t, severityRules)

	cases := []struct {
		name    string
		binary  string
		timeout time.Duration
		want    []string
		is      error
		remedy  Remedy
	}{
		{name: "a missing binary says how to install it", binary: filepath.Join(dir, "no-ast-grep"),
			want: []string{"ast-grep not found at " + filepath.Join(dir, "no-ast-grep")},
			is:   ErrAstGrepNotFound, remedy: RemedyInstall},
		{name: "a binary missing from PATH says how to install it", binary: "no-such-ast-grep-binary",
			want: []string{`ast-grep not found on PATH (exec: "no-such-ast-grep-binary": executable file not found in $PATH)`},
			is:   ErrAstGrepNotFound, remedy: RemedyInstall},
		{name: "a crash reports the exit status and stderr", binary: fakeAstGrep(t, "echo '  boom: broken  ' >&2\nexit 3"),
			want: []string{"ast-grep failed (exit status 3): boom: broken"}},
		{name: "a hang past the timeout is killed and reported", binary: fakeAstGrep(t, "sleep 30"), timeout: 300 * time.Millisecond,
			want: []string{"ast-grep did not finish within 300ms"}, remedy: RemedyTimeout},
		{name: "output that is not JSON is quoted", binary: fakeAstGrep(t, fakeScan("this is not json")),
			want: []string{`cannot read ast-grep's output: not a JSON array of matches`, `"this is not json"`}},
		{name: "a long bad output is truncated", binary: fakeAstGrep(t, "head -c 5000 /dev/zero | tr '\\0' x; echo"),
			want: []string{`"` + strings.Repeat("x", maxQuoted) + `…"`}},
		{name: "a match of a rule that was not run is an error", binary: fakeAstGrep(t,
			fakeScan(`[{"text":"pass","file":"`+file+`","ruleId":"sev-off","message":"m","range":{"start":{"line":0,"column":0},"end":{"line":0,"column":4}}}]`)),
			want: []string{`a match of rule "sev-off", which was not run`}},
		{name: "a match in a file that was not given is an error", binary: fakeAstGrep(t,
			fakeScan(`[{"text":"pass","file":"other.py","ruleId":"sev-error","message":"m","range":{"start":{"line":0,"column":0},"end":{"line":0,"column":4}}}]`)),
			want: []string{`a match in file "other.py", which was not scanned`}},
		{name: "a match without range is an error", binary: fakeAstGrep(t,
			fakeScan(`[{"text":"pass","file":"`+file+`","ruleId":"sev-error","message":"m"}]`)),
			want: []string{`a match without ruleId, file, range or text`}},
		{name: "an ERROR line on stderr fails the scan even with exit 0", binary: fakeAstGrep(t, "echo 'ERROR: a.py: Permission denied' >&2\n"+fakeScan("[]")),
			want: []string{"ast-grep reported errors: ERROR: a.py: Permission denied"}},
		{name: "exit 0 with no output at all is an error", binary: fakeAstGrep(t, fakeScan("")),
			want: []string{"cannot read ast-grep's output: it printed nothing, not even an empty JSON array: its output is missing"}},
		{name: "an array cut after its first match is an error", binary: fakeAstGrep(t,
			fakeScan(`[{"text":"pass","file":"`+file+`","ruleId":"sev-error","message":"m","range":{"start":{"line":0,"column":0},"end":{"line":0,"column":4}}},`)),
			want: []string{"its JSON array ends after 1 matches without its closing ]: the output is cut short"}},
		{name: "an array cut inside a match is an error", binary: fakeAstGrep(t, fakeScan(`[{"text":"pa`)),
			want: []string{"its JSON array ends after 0 matches without its closing ]: the output is cut short"}},
		{name: "output after the array is an error", binary: fakeAstGrep(t, fakeScan(`[] []`)),
			want: []string{"more output after its JSON array"}},
		{name: "a whole array without the file summary is an error", binary: fakeAstGrep(t, "echo '[]'"),
			want: []string{"ast-grep exited 0 without its file summary on stderr", "its 1 files cannot be shown scanned"}},
		{name: "a summary counting fewer files than given is an error", binary: fakeAstGrep(t,
			"echo 'sg: summary|file: scannedFileCount=0,skippedFileCount=0' >&2; echo '[]'"),
			want: []string{"ast-grep scanned 0 of the 1 files it was given"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scanner := &Scanner{Binary: tc.binary, Timeout: tc.timeout}
			start := time.Now()
			findings, err := scanner.Scan(context.Background(), cat.Active(SeverityHint), []string{file})
			require.Error(t, err)
			assert.Nil(t, findings)
			assert.Less(t, time.Since(start), 10*time.Second, "a killed ast-grep does not hold the scan")
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			is, remedy := tc.is, tc.remedy
			if is == nil {
				is = ErrAstGrepFailed
			}
			if remedy == RemedyNone {
				remedy = RemedySkip
			}
			assert.ErrorIs(t, err, is)
			assert.Equal(t, remedy, remedyOf(t, err))
			assert.NotContains(t, err.Error(), "--", "the library names no command-line option")
			assert.NotContains(t, err.Error(), "$SCB_CHECK", "nor an environment variable the CLI reads")
		})
	}
}

func TestScanCancelled(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	scanner := &Scanner{Binary: fakeAstGrep(t, "exec sleep 30")}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := scanner.Scan(ctx, testCatalog(t, severityRules).Active(SeverityHint), []string{filepath.Join(dir, "a.py")})
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(start), 10*time.Second)
}

// A scheduler stopping a job signals ast-grep and us alike: an ast-grep
// ended by SIGTERM just before the run is cancelled is the run stopping,
// not ast-grep failing; one ended by a signal when the run goes on is a
// failure, once the grace has passed.
func TestScanStoppedBySignal(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	file := filepath.Join(dir, "a.py")
	active := testCatalog(t, severityRules).Active(SeverityHint)
	scanner := &Scanner{Binary: fakeAstGrep(t, "kill -TERM $$")}
	defer func(g time.Duration) { stopsig.Grace = g }(stopsig.Grace)
	stopsig.Grace = 3 * time.Second

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped := make(chan struct{})
	go func() {
		// The run is cancelled a little after ast-grep died.
		time.Sleep(300 * time.Millisecond)
		cancel()
		close(stopped)
	}()
	_, err := scanner.Scan(ctx, active, []string{file})
	<-stopped
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled, "the run was stopped")
	assert.NotErrorIs(t, err, ErrAstGrepFailed)

	stopsig.Grace = 200 * time.Millisecond
	_, err = scanner.Scan(context.Background(), active, []string{file})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrAstGrepFailed, "no cancellation came: ast-grep failed")
	assert.Contains(t, err.Error(), "ast-grep failed (signal: terminated)")
}

func TestScanInvalidRule(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	cat := testCatalog(t, "id: bad-kind\nlanguage: python\nseverity: warning\nrule: {kind: not_a_node_kind}\n")
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}

	_, err := scanner.Scan(context.Background(), cat.Active(SeverityWarning), []string{filepath.Join(dir, "a.py")})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ast-grep failed (exit status")
	assert.Contains(t, err.Error(), "Cannot parse rule the combined rule file")
	assert.Equal(t, RemedyRules, remedyOf(t, err))
	assert.NotContains(t, err.Error(), tmp, "the deleted temporary file is not named")
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "the temporary rule file is removed")
}

func TestScanRemovesRuleFile(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.py": "pass\n"})
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}
	findings, err := scanner.Scan(context.Background(), testCatalog(t, severityRules).Active(SeverityWarning), []string{filepath.Join(dir, "a.py")})
	require.NoError(t, err)
	assert.Len(t, findings, 2)
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left)
}

func TestThresholdsFeedMinFileCount(t *testing.T) {
	cat := testCatalog(t, passRule+"---\nid: unrelated\nlanguage: python\nseverity: warning\nrule: {pattern: pass}\n"+
		"---\nid: ten\nlanguage: python\nseverity: info\nmetadata:\n  min_file_count: 10\nrule: {pattern: pass}\n"+
		"---\nid: flow\nlanguage: python\nseverity: info\nmetadata: {min_file_count: 10}\nrule: {pattern: pass}\n")
	f := func(rule, file string, line int) finding.Finding {
		return finding.Finding{Kind: finding.AstGrep, RuleID: rule, Severity: "warning", Path: file, Line: line, EndLine: line}
	}
	cases := []struct {
		name     string
		findings []finding.Finding
		want     []finding.Finding
	}{
		{
			name: "a threshold of 2 keeps the dense pair and the unrelated rule (reference item 10)",
			findings: []finding.Finding{
				f("env-threshold-pass", "dense.py", 1), f("env-threshold-pass", "dense.py", 2),
				f("env-threshold-pass", "sparse.py", 1), f("unrelated", "sparse.py", 3),
			},
			want: []finding.Finding{
				f("env-threshold-pass", "dense.py", 1), f("env-threshold-pass", "dense.py", 2), f("unrelated", "sparse.py", 3),
			},
		},
		{
			name:     "counts are per file, not per run",
			findings: []finding.Finding{f("env-threshold-pass", "a.py", 1), f("env-threshold-pass", "b.py", 1)},
			want:     []finding.Finding{},
		},
		{
			name:     "nine findings do not reach a threshold of 10",
			findings: []finding.Finding{f("ten", "a.py", 1), f("ten", "a.py", 2), f("ten", "a.py", 3), f("ten", "a.py", 4), f("ten", "a.py", 5), f("ten", "a.py", 6), f("ten", "a.py", 7), f("ten", "a.py", 8), f("ten", "a.py", 9)},
			want:     []finding.Finding{},
		},
		{
			name:     "ten findings reach a threshold of 10",
			findings: []finding.Finding{f("ten", "a.py", 1), f("ten", "a.py", 2), f("ten", "a.py", 3), f("ten", "a.py", 4), f("ten", "a.py", 5), f("ten", "a.py", 6), f("ten", "a.py", 7), f("ten", "a.py", 8), f("ten", "a.py", 9), f("ten", "a.py", 10)},
			want:     []finding.Finding{f("ten", "a.py", 1), f("ten", "a.py", 2), f("ten", "a.py", 3), f("ten", "a.py", 4), f("ten", "a.py", 5), f("ten", "a.py", 6), f("ten", "a.py", 7), f("ten", "a.py", 8), f("ten", "a.py", 9), f("ten", "a.py", 10)},
		},
		{
			name:     "a min_file_count in a flow mapping is not seen by the text scan, so there is no threshold",
			findings: []finding.Finding{f("flow", "a.py", 1)},
			want:     []finding.Finding{f("flow", "a.py", 1)},
		},
		{
			name:     "a rule unknown to the catalog has no threshold",
			findings: []finding.Finding{f("unknown", "a.py", 1)},
			want:     []finding.Finding{f("unknown", "a.py", 1)},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, finding.MinFileCount(cat.Thresholds()).Process(tc.findings))
		})
	}
}

func TestSortFindings(t *testing.T) {
	a := finding.Finding{Kind: finding.AstGrep, RuleID: "r", Severity: "warning", Path: "a.py", Line: 1, EndLine: 1, Col: 1, EndCol: 5, Text: "pass"}
	later := func(change func(*finding.Finding)) finding.Finding { g := a; change(&g); return g }
	cases := []struct {
		name string
		in   []finding.Finding
		want []finding.Finding
	}{
		{"exact duplicates are removed", []finding.Finding{a, a}, []finding.Finding{a}},
		{"file orders first", []finding.Finding{later(func(g *finding.Finding) { g.Path = "b.py"; g.Line = 0 }), a},
			[]finding.Finding{a, later(func(g *finding.Finding) { g.Path = "b.py"; g.Line = 0 })}},
		{"then end line before start column", []finding.Finding{later(func(g *finding.Finding) { g.EndLine = 2; g.Col = 1 }), later(func(g *finding.Finding) { g.Col = 4 })},
			[]finding.Finding{later(func(g *finding.Finding) { g.Col = 4 }), later(func(g *finding.Finding) { g.EndLine = 2; g.Col = 1 })}},
		{"then rule id, severity, message, text", []finding.Finding{later(func(g *finding.Finding) { g.Text = "z" }), later(func(g *finding.Finding) { g.Message = "m" }), later(func(g *finding.Finding) { g.RuleID = "s" })},
			[]finding.Finding{later(func(g *finding.Finding) { g.Text = "z" }), later(func(g *finding.Finding) { g.Message = "m" }), later(func(g *finding.Finding) { g.RuleID = "s" })}},
		{"findings differing in text only are both kept", []finding.Finding{a, later(func(g *finding.Finding) { g.Text = "other" })},
			[]finding.Finding{later(func(g *finding.Finding) { g.Text = "other" }), a}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, SortFindings(tc.in))
		})
	}
}

func TestSeverityLabel(t *testing.T) {
	for severity, want := range map[string]string{"hint": "info", "info": "info", "warning": "warning", "error": "critical", "off": "warning"} {
		assert.Equal(t, want, SeverityLabel(severity), severity)
	}
}

// Each language's rules run on its own files only; a Rust rule never runs
// (the reference runs no rule on Rust files), so neither does ast-grep
// see the Rust file.
func TestScanRunsEachLanguageOnItsFiles(t *testing.T) {
	scanner := &Scanner{Binary: testkit.AstGrep(t), Timeout: time.Minute}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.py":   "print(1)\n",
		"b.go":   "package b\n\nfunc f() { println(1) }\n",
		"c.rs":   "fn main() { println!(\"1\"); }\n",
		"d.cpp":  "int main() { return 0; }\n",
		"e.hpp":  "inline int g() { return 0; }\n",
		"note.h": "int h(void);\n",
	})
	cat := testCatalog(t, `id: py-print
language: python
severity: warning
message: print
rule:
  pattern: print($$$)
---
id: go-println
language: golang
severity: warning
message: println
rule:
  pattern: println($$$)
---
id: rust-println
language: rust
severity: warning
message: println
rule:
  kind: macro_invocation
---
id: cpp-return
language: cpp
severity: warning
message: return 0
rule:
  pattern: return 0;
`)
	var files []string
	for _, n := range []string{"a.py", "b.go", "c.rs", "d.cpp", "e.hpp", "note.h"} {
		files = append(files, filepath.Join(dir, n))
	}
	findings, err := scanner.Scan(context.Background(), cat.Active(SeverityHint), files)
	require.NoError(t, err)
	var got []string
	for _, f := range findings {
		got = append(got, filepath.Base(f.Path)+":"+f.RuleID)
	}
	assert.Equal(t, []string{"a.py:py-print", "b.go:go-println", "d.cpp:cpp-return", "e.hpp:cpp-return"}, got)
	assert.Equal(t, 3, cat.Active(SeverityHint).Len(), "the Rust rule is not active")
}

// A scan counts only the rules of the languages it has files of.
func TestActiveFor(t *testing.T) {
	cat := testCatalog(t, `id: py-one
language: python
severity: warning
rule:
  pattern: print($$$)
---
id: go-one
language: go
severity: warning
rule:
  pattern: println($$$)
---
id: go-info
language: go
severity: info
rule:
  pattern: panic($$$)
`)
	assert.Equal(t, 3, cat.Active(SeverityHint).Len())
	assert.Equal(t, 1, cat.Active(SeverityHint).For([]string{"a.py", "b.rs"}))
	assert.Equal(t, 2, cat.Active(SeverityHint).For([]string{"c.go"}))
	assert.Equal(t, 1, cat.Active(SeverityWarning).For([]string{"c.go"}), "info rules only with include-all")
	assert.Equal(t, 0, cat.Active(SeverityHint).For([]string{"lib.rs"}), "no rule runs on Rust files")
}

// A remedy prints as its name with every verb a caller may use: %q gave
// '\x01' and %v gave 1 when Remedy was a bare integer.
func TestRemedyPrintsItsName(t *testing.T) {
	for _, tc := range []struct {
		remedy Remedy
		name   string
	}{
		{RemedyNone, "none"},
		{RemedyInstall, "install"},
		{RemedySkip, "skip"},
		{RemedyTimeout, "timeout"},
		{RemedyRules, "rules"},
		{Remedy(9), "Remedy(9)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.name, fmt.Sprintf("%v", tc.remedy))
			assert.Equal(t, tc.name, fmt.Sprintf("%s", tc.remedy))
			assert.Equal(t, strconv.Quote(tc.name), fmt.Sprintf("%q", tc.remedy))
		})
	}
	_, err := ProbeAstGrep(context.Background(), filepath.Join(t.TempDir(), "no-ast-grep"))
	var ae *AstGrepError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "remedy install", fmt.Sprintf("remedy %v", ae.Remedy))
}
