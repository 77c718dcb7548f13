package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/mcpserver"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// mcpFixture is a tree whose numbers are worked out by hand, with
// --disable-sg: a.py holds simple (cc 1, cog 0, 2 SLOC), route (ten ifs
// in a row: cc 11, cog 10, 22 SLOC) and total_a and total_b (one for loop
// each, cc 2, cog 1, 5 SLOC, the same body once names are set aside: one
// clone group of two). With ast-grep, b.py's `flag == True` is one
// bool-comparison finding.
var mcpFixture = map[string]string{
	"a.py": "def simple(x):\n    return x + 1\n\n\n" + strings.TrimPrefix(route, "COMMENT\n") + `

def total_a(items):
    s = 0
    for it in items:
        s += it
    return s


def total_b(values):
    t = 0
    for v in values:
        t += v
    return t
`,
	"b.py": "def gate(flag):\n    if flag == True:\n        return \"on\"\n    return \"off\"\n",
}

// lockedBuffer is a buffer a process writes while a test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startMCP starts `scb-check mcp args...` in dir, connected to client (a
// plain client when nil); env is added to the environment. It returns
// the client's session and the server's stderr; the server is stopped at
// the test's end.
func startMCP(t *testing.T, dir string, client *mcp.Client, env []string, args ...string) (*mcp.ClientSession, *lockedBuffer) {
	t.Helper()
	if client == nil {
		client = mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	}
	cmd := exec.Command(binary, append([]string{"mcp"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs, stderr
}

// callTool calls a tool and fails the test on a protocol error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	return res
}

// textOf is the text of a result's one content block.
func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	text, ok := res.Content[0].(*mcp.TextContent)
	require.True(t, ok, "a text block")
	return text.Text
}

// answer decodes a result's structured content into an A, failing on a
// tool error.
func answer[A any](t *testing.T, res *mcp.CallToolResult) A {
	t.Helper()
	require.False(t, res.IsError, "a tool error: %s", textOf(t, res))
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var a A
	require.NoError(t, json.Unmarshal(b, &a))
	return a
}

// The server lists its four tools, each with a schema whose only
// required argument is the one that names what to look at.
func TestMCPListsTools(t *testing.T) {
	cs, stderr := startMCP(t, t.TempDir(), nil, nil)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	required := map[string][]string{}
	for _, tool := range res.Tools {
		schema, err := json.Marshal(tool.InputSchema)
		require.NoError(t, err)
		var s struct{ Required []string }
		require.NoError(t, json.Unmarshal(schema, &s))
		required[tool.Name] = s.Required
		assert.NotEmpty(t, tool.Description, tool.Name)
		assert.NotNil(t, tool.OutputSchema, tool.Name)
	}
	assert.Equal(t, map[string][]string{"check": {"path"}, "functions": {"path"}, "rule": {"id"}, "diff": {"path"}}, required)
	assert.Empty(t, stderr.String(), "nothing is logged without -v")
}

// check's numbers on the fixture, worked out by hand (disable_sg):
// masses √2, 11√22, 2√5 and 2√5; the 22 SLOC of route's mass over
// complexity 10; the two clones' 10 SLOC of 34 flagged; 4 public
// functions none of which another module uses (dir 0).
func TestMCPCheckNumbersByHand(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.py": mcpFixture["a.py"]})
	cs, _ := startMCP(t, dir, nil, nil)
	res := callTool(t, cs, "check", map[string]any{"path": ".", "disable_sg": true})
	a := answer[mcpserver.CheckAnswer](t, res)

	total := math.Sqrt(2) + 11*math.Sqrt(22) + 4*math.Sqrt(5)
	want := map[string]float64{
		"erosion": 11 * math.Sqrt(22) / total, "cog_erosion": 0, "verbosity": 10.0 / 34,
		"files_scanned": 1, "total_loc": 34, "verbosity_flagged_loc": 10, "clone_loc": 10, "ast_grep_flagged_loc": 0,
		"structural_rule_loc": 0, "structural_rule_findings": 0, "total_functions": 4, "high_cc_functions": 1,
		"high_cog_functions": 0, "total_mass": total, "high_cc_mass": 11 * math.Sqrt(22),
		"total_cog_mass": 10*math.Sqrt(22) + 2*math.Sqrt(5), "high_cog_mass": 0, "dir": 0,
	}
	for key, v := range want {
		if assert.NotNil(t, a.Metrics[key], key) {
			assert.InDelta(t, v, *a.Metrics[key], 1e-9, key)
		}
	}
	assert.Equal(t, 3, a.FindingsTotal)
	assert.Equal(t, []mcpserver.RuleCount{{Rule: "duplicate-structure", Count: 2}, {Rule: "cyclomatic-complexity", Count: 1}}, a.FindingsByRule)
	require.Len(t, a.Findings, 3)
	assert.Equal(t, mcpserver.Finding{File: "a.py", Line: 5, EndLine: 26, Rule: "cyclomatic-complexity", Severity: "warning",
		Message: "function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"}, a.Findings[0])
	assert.Equal(t, mcpserver.Finding{File: "a.py", Line: 29, EndLine: 33, Rule: "duplicate-structure", Severity: "warning",
		Message: "duplicated block (5 lines, 2 instances)", Also: []string{"a.py:36"}}, a.Findings[1])
	assert.Equal(t, 36, a.Findings[2].Line)

	text := textOf(t, res)
	assert.Contains(t, text, "verbosity "+fmt.Sprint(10.0/34)+" (10 of 34 SLOC flagged: clones 10, ast-grep 0, structural 0)")
	assert.Contains(t, text, "3 findings by rule: duplicate-structure 2, cyclomatic-complexity 1")
	assert.Contains(t, text, "a.py:29 duplicate-structure: duplicated block (5 lines, 2 instances)\n  also at a.py:36\n")

	limited := answer[mcpserver.CheckAnswer](t, callTool(t, cs, "check", map[string]any{"path": "a.py", "disable_sg": true, "limit": 1}))
	assert.Equal(t, 3, limited.FindingsTotal, "every finding is counted")
	assert.Len(t, limited.Findings, 1, "the first limit are listed")
}

// The check tool's metrics are `check --report`'s, ast-grep included.
func TestMCPCheckEqualsReport(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, mcpFixture)
	out := runBinary(t, dir, []string{"check", "--report", "."}, nil)
	require.Equal(t, "1\n", out["exit"], out[secStderr])
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out[secStdout]), &rep))

	cs, _ := startMCP(t, dir, nil, nil)
	a := answer[mcpserver.CheckAnswer](t, callTool(t, cs, "check", map[string]any{"path": "."}))
	require.NotEmpty(t, a.Metrics)
	for key, v := range a.Metrics {
		if assert.Contains(t, rep, key) {
			if v == nil {
				assert.Nil(t, rep[key], key)
			} else {
				assert.Equal(t, rep[key], *v, key)
			}
		}
	}
	assert.Equal(t, 1.0, *a.Metrics["ast_grep_flagged_loc"], "b.py's bool comparison")
	assert.Contains(t, a.FindingsByRule, mcpserver.RuleCount{Rule: "bool-comparison", Count: 1})
}

// functions lists the worst functions by the key asked, ties in the
// report's order, with their numbers.
func TestMCPFunctions(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, mcpFixture)
	cs, _ := startMCP(t, dir, nil, nil)
	res := callTool(t, cs, "functions", map[string]any{"path": ".", "limit": 2})
	a := answer[mcpserver.FunctionsAnswer](t, res)
	assert.Equal(t, 5, a.Total)
	assert.Equal(t, 5, a.Matched)
	assert.Equal(t, "cc", a.Sort)
	require.Len(t, a.Functions, 2)
	assert.Equal(t, mcpserver.Function{File: "a.py", Name: "route", QualifiedName: "route", Kind: "function", Line: 5, EndLine: 26,
		CC: 11, Cog: 10, SLOC: 22, Mass: 11 * math.Sqrt(22), CogMass: 10 * math.Sqrt(22)}, a.Functions[0])
	assert.Equal(t, "total_a", a.Functions[1].Name, "cc 2 like total_b and gate, and first of them")
	assert.Contains(t, textOf(t, res), "a.py:5-26 route (function) cc 11, cog 10, sloc 22, mass "+fmt.Sprint(11*math.Sqrt(22)))

	bySLOC := answer[mcpserver.FunctionsAnswer](t, callTool(t, cs, "functions", map[string]any{"path": ".", "sort": "sloc", "min_cc": 2}))
	assert.Equal(t, 4, bySLOC.Matched, "simple has cc 1")
	var names []string
	for _, f := range bySLOC.Functions {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"route", "total_a", "total_b", "gate"}, names, "22, 5, 5 and 4 SLOC")
}

// rule gives a rule's docs and examples by id or alias; an unknown id is
// a tool error.
func TestMCPRule(t *testing.T) {
	cs, _ := startMCP(t, t.TempDir(), nil, nil)
	res := callTool(t, cs, "rule", map[string]any{"id": "bool-comparison"})
	a := answer[mcpserver.RuleAnswer](t, res)
	assert.Equal(t, "Equality comparison with a bool literal", a.Title)
	assert.Contains(t, a.Instead, "Write `if flag:` or `if not flag:`.")
	assert.Equal(t, []string{"if user.is_active == True:\n    grant(user)\n", "while done == False:\n    done = step()\n",
		"visible = [item for item in items if item.hidden != True]\n"}, a.Flagged)
	assert.Len(t, a.Clean, 4)
	assert.Contains(t, textOf(t, res), "flagged:\nif user.is_active == True:\n    grant(user)\n")

	alias := answer[mcpserver.RuleAnswer](t, callTool(t, cs, "rule", map[string]any{"id": "erosion"}))
	assert.Equal(t, "cyclomatic-complexity", alias.ID)

	missing := callTool(t, cs, "rule", map[string]any{"id": "no-such-rule"})
	assert.True(t, missing.IsError)
	assert.Equal(t, "rule not found: no-such-rule", textOf(t, missing))
}

// A path outside the allowed roots is refused by name and never read;
// --root and the roots the client announces (when it changes them too)
// allow more.
func TestMCPRoots(t *testing.T) {
	work, outside, extra := t.TempDir(), t.TempDir(), t.TempDir()
	for _, d := range []string{work, outside, extra} {
		writeTree(t, d, map[string]string{"a.py": mcpFixture["a.py"]})
	}
	require.NoError(t, os.Symlink(outside, filepath.Join(work, "link")))
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, stderr := startMCP(t, work, client, nil, "--root", extra, "-v")
	defer func() { t.Log(stderr.String()) }()

	refused := func(path string) {
		t.Helper()
		res := callTool(t, cs, "check", map[string]any{"path": path, "disable_sg": true})
		assert.True(t, res.IsError, path)
		assert.Contains(t, textOf(t, res), "path "+path+" is outside the allowed roots", path)
	}
	allowed := func(path string) {
		t.Helper()
		a := answer[mcpserver.CheckAnswer](t, callTool(t, cs, "check", map[string]any{"path": path, "disable_sg": true}))
		assert.Equal(t, 4.0, *a.Metrics["total_functions"], path)
	}
	allowed("a.py")
	allowed(filepath.Join(work, "a.py"))
	allowed(extra)
	refused(outside)
	refused(filepath.Join(outside, "a.py"))
	refused("link")
	refused("link/a.py")
	refused("../" + filepath.Base(outside))
	refused(filepath.Join(outside, "missing.py"))

	missing := callTool(t, cs, "check", map[string]any{"path": "missing.py", "disable_sg": true})
	assert.True(t, missing.IsError)
	assert.Contains(t, textOf(t, missing), "path does not exist: missing.py")

	client.AddRoots(&mcp.Root{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(outside)}).String()})
	require.Eventually(t, func() bool {
		res := callTool(t, cs, "check", map[string]any{"path": outside, "disable_sg": true})
		return !res.IsError
	}, 10*time.Second, 50*time.Millisecond, "a root the client announces is allowed once it says its roots changed")
	allowed("link")
}

// An answer over the bound keeps the findings that fit and says how
// many it left out, in its text and its structured content, both within
// the bound.
func TestMCPAnswerBound(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range 60 {
		files[fmt.Sprintf("m%02d.py", i)] = "def total(items):\n    s = 0\n    for it in items:\n        s += it\n    return s\n"
	}
	writeTree(t, dir, files)
	cs, _ := startMCP(t, dir, nil, nil, "--max-answer-chars", "3000")
	res := callTool(t, cs, "check", map[string]any{"path": ".", "disable_sg": true, "limit": 60})
	a := answer[mcpserver.CheckAnswer](t, res)
	assert.Equal(t, 60, a.FindingsTotal, "one clone group of 60 instances")
	assert.Positive(t, a.LeftOut)
	assert.Equal(t, 60, len(a.Findings)+a.LeftOut, "what is listed and what is left out make the limit")
	text := textOf(t, res)
	assert.Contains(t, text, fmt.Sprintf("… %d more findings left out to keep the answer within the server's size bound", a.LeftOut))
	assert.LessOrEqual(t, utf8.RuneCountInString(text), 3000)
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.LessOrEqual(t, utf8.RuneCount(structured), 3000)
}

// Calls run at once, each answered with its own numbers; a second check
// of a tree after a one-file edit reads every other file from the
// server's cache.
func TestMCPConcurrentCallsAndCache(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("big/m%02d.py", i)] = fmt.Sprintf("def f%d(x):\n    if x:\n        return %d\n    return 0\n", i, i)
	}
	files["small/a.py"] = mcpFixture["a.py"]
	writeTree(t, dir, files)
	cs, _ := startMCP(t, dir, nil, nil)

	var wg sync.WaitGroup
	answers := make([]mcpserver.CheckAnswer, 2)
	for k, path := range []string{"big", "small"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"path": path}})
			if assert.NoError(t, err) && assert.False(t, res.IsError) {
				b, _ := json.Marshal(res.StructuredContent)
				assert.NoError(t, json.Unmarshal(b, &answers[k]))
			}
		}()
	}
	wg.Wait()
	require.NotNil(t, answers[0].Metrics["total_functions"])
	assert.Equal(t, 30.0, *answers[0].Metrics["total_functions"])
	assert.Equal(t, 4.0, *answers[1].Metrics["total_functions"])
	assert.Equal(t, mcpserver.Cache{FileMisses: 30, ScanMisses: 30}, answers[0].Cache)

	edited := filepath.Join(dir, "big", "m07.py")
	require.NoError(t, os.WriteFile(edited, []byte("def f7(x):\n    return x\n"), 0o644))
	again := answer[mcpserver.CheckAnswer](t, callTool(t, cs, "check", map[string]any{"path": "big"}))
	assert.Equal(t, mcpserver.Cache{FileHits: 29, FileMisses: 1, ScanHits: 29, ScanMisses: 1}, again.Cache,
		"the edited file alone is measured and scanned again")
	assert.Equal(t, 30.0, *again.Metrics["total_functions"])
}

// A run sends its progress when the client gave a token and it lasts
// over a second; cancelling the call stops the run promptly, and the
// server goes on answering.
func TestMCPProgressAndCancel(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	body := strings.Repeat("    if x > 1:\n        x -= 1\n    elif x < -1:\n        x += 1\n", 30)
	for i := range 1500 {
		files[fmt.Sprintf("p%02d/m%04d.py", i%30, i)] = fmt.Sprintf("def f%d(x):\n%s    return x\n", i, body)
	}
	writeTree(t, dir, files)
	writeTree(t, dir, map[string]string{"small/a.py": mcpFixture["a.py"]})
	progressed := make(chan struct{}, 1)
	var notes sync.Map
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			notes.Store(req.Params.ProgressToken, true)
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	})
	cs, stderr := startMCP(t, dir, client, nil, "-v")
	quick := &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"path": "small", "disable_sg": true}}
	quick.SetProgressToken("quick")
	_, err := cs.CallTool(context.Background(), quick)
	require.NoError(t, err)
	_, sent := notes.Load("quick")
	assert.False(t, sent, "a run under a second sends no progress")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"path": "."}}
	params.SetProgressToken("run-1")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	select {
	case <-progressed:
	case err := <-done:
		t.Fatalf("the run ended before any progress was sent (make the tree larger): %v", err)
	case <-time.After(time.Minute):
		t.Fatal("no progress notification")
	}
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled call did not return")
	}
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "cancelled: context canceled") },
		5*time.Second, 20*time.Millisecond, "the server's run stops well before the 20 s a whole run of this tree takes: %s", stderr.String())
	a := answer[mcpserver.RuleAnswer](t, callTool(t, cs, "rule", map[string]any{"id": "bool-comparison"}))
	assert.Equal(t, "bool-comparison", a.ID, "the server still answers")
}

// Tool errors are results with isError and the advice check gives, in
// the words of a call: no ast-grep, a path that is not there.
func TestMCPToolErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, mcpFixture)
	missing := filepath.Join(t.TempDir(), "no-ast-grep")
	cs, _ := startMCP(t, dir, nil, []string{"SCB_CHECK_AST_GREP=" + missing})
	res := callTool(t, cs, "check", map[string]any{"path": "."})
	require.True(t, res.IsError)
	text := textOf(t, res)
	assert.Contains(t, text, missing)
	assert.Contains(t, text, "scb-check needs the ast-grep CLI 0.44.0")
	assert.True(t, strings.HasSuffix(text, "or pass its path with --ast-grep PATH or $SCB_CHECK_AST_GREP, or run with disable_sg: true"), text)

	ok := answer[mcpserver.CheckAnswer](t, callTool(t, cs, "check", map[string]any{"path": ".", "disable_sg": true}))
	assert.Equal(t, 5.0, *ok.Metrics["total_functions"], "the advice works")

	writeTree(t, dir, map[string]string{"g/x.go": "package x\n\nfunc X() {}\n"})
	res = callTool(t, cs, "check", map[string]any{"path": "g", "disable_sg": true})
	require.True(t, res.IsError)
	assert.Contains(t, textOf(t, res), `enable them with languages: ["go"] or the languages config key`)
}

// The server writes nothing to stdout but protocol messages, and with
// -v logs its calls on stderr.
func TestMCPStdoutIsProtocolOnly(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, mcpFixture)
	cmd := exec.Command(binary, "mcp", "-v")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{"path":"."}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"path":"/"}}}`,
	}, "\n") + "\n"
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	_, err = stdin.Write([]byte(in))
	require.NoError(t, err)
	answered := map[float64]bool{}
	scan := bufio.NewScanner(stdout)
	scan.Buffer(nil, 1<<20)
	for len(answered) < 3 && scan.Scan() {
		var msg struct {
			JSONRPC string
			ID      *float64
			Method  string
		}
		require.NoError(t, json.Unmarshal(scan.Bytes(), &msg), "a stdout line that is not a message: %q", scan.Text())
		assert.Equal(t, "2.0", msg.JSONRPC)
		if msg.ID != nil && msg.Method == "" {
			answered[*msg.ID] = true
		} else if msg.Method == "roots/list" {
			// Answer that this client has no roots.
			fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":%v,"error":{"code":-32601,"message":"no roots"}}`+"\n", *msg.ID)
		}
	}
	require.NoError(t, stdin.Close())
	require.NoError(t, cmd.Wait(), stderr.String())
	assert.Equal(t, map[float64]bool{1: true, 2: true, 3: true}, answered)
	assert.Contains(t, stderr.String(), `msg="call answered" tool=check`)
	assert.Contains(t, stderr.String(), `msg="call failed" tool=check`)
}

// diff compares the working tree with HEAD (or two revisions) on the diff
// tests' fixture pair, whose numbers are worked out by hand (see
// diffBase): parse regressed (cc 2 -> 3, cog 1 -> 3, SLOC 4 -> 5, mass 4
// -> 3√5), host is new (cc 1, 2 SLOC, mass √2), size improved and legacy
// was removed; verbosity went from 1/12 to 2/12; host's d.get is the one
// new finding.
func TestMCPDiff(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("base", diffBase)
	writeTree(t, repo.Dir, diffHead)
	cs, _ := startMCP(t, repo.Dir, nil, nil)
	res := callTool(t, cs, "diff", map[string]any{"path": "."})
	a := answer[mcpserver.DiffAnswer](t, res)

	assert.Equal(t, repo.Dir, a.Root)
	assert.Equal(t, []string{"HEAD", "the working tree"}, []string{a.Base, a.Head})
	metrics := map[string]mcpserver.MetricChange{}
	for _, m := range a.Metrics {
		metrics[m.Key] = m
	}
	near := func(key string, base, head float64) {
		t.Helper()
		m := metrics[key]
		if assert.NotNil(t, m.Base, key) && assert.NotNil(t, m.Head, key) && assert.NotNil(t, m.Delta, key) {
			assert.InDelta(t, base, *m.Base, 1e-12, key)
			assert.InDelta(t, head, *m.Head, 1e-12, key)
			assert.InDelta(t, head-base, *m.Delta, 1e-12, key)
		}
	}
	near("verbosity", 1.0/12, 2.0/12)
	near("total_loc", 12, 12)
	near("total_functions", 4, 4)
	near("total_mass", 8+2*math.Sqrt(2), math.Sqrt(3)+3*math.Sqrt(5)+2*math.Sqrt(2))
	near("total_cog_mass", 4, 3*math.Sqrt(5))
	near("erosion", 0, 0)
	assert.Equal(t, mcpserver.FunctionCounts{Regressed: 1, New: 1, Improved: 1, Removed: 1}, a.FunctionCounts)
	require.Len(t, a.Functions, 2, "the regressed and the new function; size and legacy are counted only")
	assert.Equal(t, mcpserver.ChangedFunction{Name: "parse", Kind: "function", Status: "regressed",
		Base: &mcpserver.FunctionNumbers{File: "app.py", Line: 5, EndLine: 8, CC: 2, Cog: 1, SLOC: 4, Mass: 4},
		Head: &mcpserver.FunctionNumbers{File: "app.py", Line: 6, EndLine: 10, CC: 3, Cog: 3, SLOC: 5, Mass: 3 * math.Sqrt(5)}}, a.Functions[0],
		"the larger change of mass first: 3√5 - 4 = 2.71 against √2")
	assert.Equal(t, mcpserver.ChangedFunction{Name: "host", Kind: "function", Status: "new",
		Head: &mcpserver.FunctionNumbers{File: "app.py", Line: 17, EndLine: 18, CC: 1, Cog: 0, SLOC: 2, Mass: math.Sqrt(2)}}, a.Functions[1])
	assert.Equal(t, 1, a.NewFindingsTotal)
	assert.Equal(t, []mcpserver.Finding{{File: "app.py", Line: 18, EndLine: 18, Rule: "dict-get-default-none", Severity: "warning",
		Message: hostFinding}}, a.NewFindings, "port's finding was edited, not added")

	text := textOf(t, res)
	assert.Contains(t, text, "scb-check diff of "+repo.Dir+": HEAD -> the working tree\n")
	assert.Contains(t, text, fmt.Sprintf("verbosity %v -> %v (delta %v)\n", 1.0/12, 2.0/12, 2.0/12-1.0/12))
	assert.Contains(t, text, "functions: 1 regressed, 1 new, 1 improved, 1 removed\n")
	assert.Contains(t, text, fmt.Sprintf("regressed parse (function) app.py:6-10: cc 2 -> 3, cog 1 -> 3, sloc 4 -> 5, mass 4 -> %v\n", 3*math.Sqrt(5)))
	assert.Contains(t, text, fmt.Sprintf("new host (function) app.py:17-18: cc 1, cog 0, sloc 2, mass %v\n", math.Sqrt(2)))
	assert.Contains(t, text, "1 new findings:\napp.py:18 dict-get-default-none: "+hostFinding+"\n")

	// The same change as two revisions.
	repo.Commit("head", nil)
	revs := answer[mcpserver.DiffAnswer](t, callTool(t, cs, "diff", map[string]any{"path": ".", "base": "HEAD~1", "head": "HEAD"}))
	assert.Equal(t, []string{"HEAD~1", "HEAD"}, []string{revs.Base, revs.Head})
	assert.Equal(t, a.Functions, revs.Functions)
	assert.Equal(t, a.NewFindings, revs.NewFindings)
	same := answer[mcpserver.DiffAnswer](t, callTool(t, cs, "diff", map[string]any{"path": "app.py"}))
	assert.Equal(t, mcpserver.FunctionCounts{}, same.FunctionCounts, "the working tree is HEAD now")
	assert.Empty(t, same.NewFindings)
}

// A copy of an existing function pasted into another file is a new
// finding naming the original; with a limit of 0 everything is counted
// and nothing listed.
func TestMCPDiffCopyAndLimit(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("base", map[string]string{"app.py": appBase})
	writeTree(t, repo.Dir, map[string]string{"more.py": strings.TrimPrefix(appAdded, "\n\n")})
	cs, _ := startMCP(t, repo.Dir, nil, nil)
	a := answer[mcpserver.DiffAnswer](t, callTool(t, cs, "diff", map[string]any{"path": ".", "disable_sg": true}))
	assert.Equal(t, mcpserver.FunctionCounts{New: 2}, a.FunctionCounts, "load_copy and route")
	require.Len(t, a.NewFindings, 2)
	assert.Equal(t, mcpserver.Finding{File: "more.py", Line: 1, EndLine: 6, Rule: "duplicate-structure", Severity: "warning",
		Message: "duplicated block (6 lines, 2 instances)", Also: []string{"app.py:1"}}, a.NewFindings[0])
	assert.Equal(t, []string{"more.py", "cyclomatic-complexity"}, []string{a.NewFindings[1].File, a.NewFindings[1].Rule})

	none := answer[mcpserver.DiffAnswer](t, callTool(t, cs, "diff", map[string]any{"path": ".", "disable_sg": true, "limit": 0}))
	assert.Equal(t, 2, none.NewFindingsTotal)
	assert.Empty(t, none.NewFindings)
	assert.Empty(t, none.Functions)
	assert.Equal(t, a.FunctionCounts, none.FunctionCounts)
}

// diff's tool errors: a revision that names no commit, a path in no
// repository, a path outside the roots, and a repository whose top lies
// outside them (the server started in a directory inside it).
func TestMCPDiffErrors(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("base", map[string]string{"app.py": diffBase["app.py"], "sub/b.py": "def b():\n    return 1\n"})
	plain, outside := t.TempDir(), t.TempDir()
	writeTree(t, plain, map[string]string{"a.py": diffBase["app.py"]})
	cs, _ := startMCP(t, repo.Dir, nil, nil, "--root", plain)
	failed := func(args map[string]any, want ...string) {
		t.Helper()
		res := callTool(t, cs, "diff", args)
		require.True(t, res.IsError, "%v", args)
		for _, w := range want {
			assert.Contains(t, textOf(t, res), w)
		}
	}
	failed(map[string]any{"path": ".", "base": "no-such-rev"}, "base: ", "no-such-rev")
	failed(map[string]any{"path": ".", "head": "--output=x"}, "head: ", "--output=x")
	failed(map[string]any{"path": plain}, "base: not a git repository: "+plain)
	failed(map[string]any{"path": outside}, "path "+outside+" is outside the allowed roots")

	sub, _ := startMCP(t, filepath.Join(repo.Dir, "sub"), nil, nil)
	res := callTool(t, sub, "diff", map[string]any{"path": "."})
	require.True(t, res.IsError)
	assert.Equal(t, "path . lies in the git repository at "+repo.Dir+", which is outside the allowed roots; it was not read "+
		"(start the server there or give it with --root)", textOf(t, res))
	a := answer[mcpserver.CheckAnswer](t, callTool(t, sub, "check", map[string]any{"path": ".", "disable_sg": true}))
	assert.Equal(t, 1.0, *a.Metrics["total_functions"], "check reads the directory alone")
}

// A diff answer over the bound keeps the new findings first and says
// how many functions and findings it left out.
func TestMCPDiffAnswerBound(t *testing.T) {
	repo := testkit.NewGitRepo(t)
	repo.Commit("base", map[string]string{"base.py": "def total(items):\n    s = 0\n    for it in items:\n        s += it\n    return s\n"})
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("m%02d.py", i)] = fmt.Sprintf("def total%d(items):\n    s = 0\n    for it in items:\n        s += it\n    return s\n", i)
	}
	writeTree(t, repo.Dir, files)
	cs, _ := startMCP(t, repo.Dir, nil, nil, "--max-answer-chars", "4000")
	res := callTool(t, cs, "diff", map[string]any{"path": ".", "disable_sg": true})
	a := answer[mcpserver.DiffAnswer](t, res)
	assert.Equal(t, 40, a.FunctionCounts.New)
	assert.Equal(t, 40, a.NewFindingsTotal, "each copy is new: base.py's is the original")
	assert.Equal(t, 40, len(a.Functions)+a.FunctionsLeftOut)
	assert.Equal(t, 40, len(a.NewFindings)+a.NewFindingsLeftOut)
	assert.Empty(t, a.Functions, "the findings are kept first")
	assert.Positive(t, a.NewFindingsLeftOut)
	text := textOf(t, res)
	assert.Contains(t, text, fmt.Sprintf("… %d more new findings left out to keep the answer within the server's size bound", a.NewFindingsLeftOut))
	assert.Contains(t, text, "… 40 more functions left out")
	assert.LessOrEqual(t, utf8.RuneCountInString(text), 4000)
	structured, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.LessOrEqual(t, utf8.RuneCount(structured), 4000)
}
