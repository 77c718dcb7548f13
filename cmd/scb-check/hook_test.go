package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/finding"
)

// hookRun is one run of scb-check hook: its exit status, stdout and
// stderr.
type hookRun struct {
	code           int
	stdout, stderr string
}

// runHookBinary runs `scb-check hook args...` in dir with stdin, its
// cache under cache (SCB_CHECK_CACHE_DIR) and no CLAUDE_PROJECT_DIR but
// the one env gives.
func runHookBinary(t *testing.T, dir, cache, stdin string, env []string, args ...string) hookRun {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"hook"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SCB_CHECK_EXTRA_SLOP_RULES=", "CLAUDE_PROJECT_DIR=", "SCB_CHECK_CACHE_DIR="+cache), env...)
	cmd.Stdin = strings.NewReader(stdin)
	code, stdout, stderr := runCommand(t, cmd)
	return hookRun{code, stdout, stderr}
}

// postToolUse is the event Claude Code's hooks reference documents for
// PostToolUse after its Edit tool changed path, as JSON.
func postToolUse(t *testing.T, cwd, path, oldString, newString string) string {
	t.Helper()
	ev := map[string]any{
		"session_id":      "abc123",
		"transcript_path": "/home/user/.claude/projects/demo/abc123.jsonl",
		"cwd":             cwd,
		"permission_mode": "default",
		"hook_event_name": "PostToolUse",
		"tool_name":       "Edit",
		"tool_input":      map[string]any{"file_path": path, "old_string": oldString, "new_string": newString, "replace_all": false},
		"tool_response":   map[string]any{"filePath": path, "success": true},
		"tool_use_id":     "toolu_01ABC123",
	}
	b, err := json.Marshal(ev)
	require.NoError(t, err)
	return string(b)
}

// stopEvent is the Stop event as the hooks reference documents it.
func stopEvent(cwd string, active bool) string {
	b, _ := json.Marshal(map[string]any{
		"session_id": "abc123", "transcript_path": "/home/user/.claude/projects/demo/abc123.jsonl", "cwd": cwd,
		"permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": active,
	})
	return string(b)
}

// loadCopy is the first function appAdded adds: a copy of load.
var loadCopy = strings.SplitAfter(appAdded, "    return kept\n")[0]

// An edit that pastes a copy of an existing function (load, app.py:1) is
// a new finding at the copy (line 18, after pick's last line 15 and two
// blank lines): exit 2 and a message on stderr naming both places and
// the rule's fix; nothing on stdout. The base's findings (gate's
// complexity, pick's d.get) are not repeated.
func TestHookCopyOfAFunction(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + loadCopy})
	app := filepath.Join(r.Dir, "app.py")
	got := runHookBinary(t, r.Dir, t.TempDir(), postToolUse(t, r.Dir, app, "return [value, value]\n", "return [value, value]\n"+loadCopy), nil)
	assert.Equal(t, hookRun{code: 2, stderr: `scb-check: this edit adds 1 finding to app.py (the working tree against HEAD):
app.py:18 duplicate-structure: duplicated block (6 lines, 2 instances)
  copy of app.py:1
  fix: Keep one implementation and call it from each place, passing what differs as parameters.
`}, got)
}

// A harmless edit (a local renamed, a comment) exits 0 and prints
// nothing, though the file holds old findings.
func TestHookHarmlessEdit(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	edited := strings.ReplaceAll(appBase, "kept", "stripped")
	edited = strings.Replace(edited, "def pick(d):\n", "def pick(d):\n    # the k entry\n", 1)
	writeFiles(t, r.Dir, map[string]string{"app.py": edited})
	got := runHookBinary(t, r.Dir, t.TempDir(), postToolUse(t, r.Dir, filepath.Join(r.Dir, "app.py"), "kept", "stripped"), nil)
	assert.Equal(t, hookRun{}, got)
}

// Making a function over the complexity threshold worse (gate: CC 12 ->
// 13, one more if clause) is a finding naming both numbers.
func TestHookRegressionOverThreshold(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	writeFiles(t, r.Dir, map[string]string{"app.py": strings.Replace(appBase, "if r.j]", "if r.j if r.k]", 1)})
	got := runHookBinary(t, r.Dir, t.TempDir(), postToolUse(t, r.Dir, filepath.Join(r.Dir, "app.py"), "if r.j]", "if r.j if r.k]"), nil)
	assert.Equal(t, 2, got.code, got.stderr)
	assert.Equal(t, "scb-check: this edit adds 1 finding to app.py (the working tree against HEAD):\n"+
		"app.py:9 cyclomatic-complexity: function `gate` exceeds complexity threshold (complexity 12 -> 13 > 10, sloc 2)\n"+
		"  fix: Split the function into smaller ones with a name each, return early instead of nesting, "+
		"or replace chains of branches with a table or polymorphism.\n", got.stderr)
}

// Only the files the edit touched are judged: a copy made earlier in
// another file (b.py) is not reported after an edit of app.py, nor after
// an edit of a file outside the project, or of a path that climbs out of
// it, though the tree holds it. The Stop event reports every finding of
// the uncommitted work, unless stop_hook_active says a stop hook already
// made the agent go on.
func TestHookTouchedFilesAndStop(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"app.py": appBase + loadCopy})
	route := strings.SplitAfter(appAdded, "    return kept\n")[1]
	writeFiles(t, r.Dir, map[string]string{"b.py": strings.TrimPrefix(loadCopy, "\n\n"), "app.py": appBase + route})
	cache := t.TempDir()
	for _, path := range []string{
		filepath.Join(r.Dir, "app.py"), filepath.Join(outside, "app.py"), filepath.Join(r.Dir, "..", filepath.Base(outside), "app.py"),
		"../" + filepath.Base(outside) + "/app.py", "/etc/passwd", r.Dir,
	} {
		got := runHookBinary(t, r.Dir, cache, postToolUse(t, r.Dir, path, "", ""), nil)
		if path == filepath.Join(r.Dir, "app.py") {
			assert.Equal(t, 2, got.code, got.stderr)
			assert.Equal(t, "scb-check: this edit adds 2 findings to app.py (the working tree against HEAD):\n"+
				"app.py:18 cyclomatic-complexity: function `route` exceeds complexity threshold (complexity 15 > 10, sloc 4)\n"+
				"  fix: Split the function into smaller ones with a name each, return early instead of nesting, "+
				"or replace chains of branches with a table or polymorphism.\n"+
				"app.py:19 dict-get-default-none: `rows.get(\"label\", None)` spells out the default that .get() already returns; write `rows.get(\"label\")`.\n"+
				"  fix: Call .get(key) with the key alone, and pass a second argument only when the fallback is something other than None.\n",
				got.stderr, "b.py's copy is not this edit's; in line order")
			continue
		}
		assert.Equal(t, hookRun{}, got, path)
	}

	got := runHookBinary(t, r.Dir, cache, stopEvent(r.Dir, false), nil)
	assert.Equal(t, 2, got.code, got.stderr)
	assert.True(t, strings.HasPrefix(got.stderr, "scb-check: the uncommitted work adds 3 findings (the working tree against HEAD); fix them before you finish:\n"), got.stderr)
	assert.Contains(t, got.stderr, "\nb.py:1 duplicate-structure: duplicated block (6 lines, 2 instances)\n  copy of app.py:1\n")
	assert.Equal(t, got, runHookBinary(t, r.Dir, cache, postToolUse(t, r.Dir, "", "", ""), nil, "--event", "stop"),
		"--event stop judges the uncommitted work whatever the event")

	assert.Equal(t, hookRun{}, runHookBinary(t, r.Dir, cache, stopEvent(r.Dir, true), nil), "stop_hook_active")
}

// Malformed stdin, a bad option and any other error exit 1 with a clear
// message on stderr: Claude Code shows it to the user, not the agent.
func TestHookErrorsExitOne(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	plain := t.TempDir()
	writeFiles(t, plain, map[string]string{"app.py": appBase, "README.md": "# demo\n"})
	edit := postToolUse(t, r.Dir, filepath.Join(r.Dir, "app.py"), "", "")
	tests := []struct {
		name, dir, stdin string
		args             []string
		want             string
	}{
		{"empty stdin", r.Dir, "", nil, "stdin is not a Claude Code hook event (one JSON object): it is empty\n"},
		{"not JSON", r.Dir, "file_path=app.py\n", nil, "stdin is not a Claude Code hook event (one JSON object): it does not start with '{'\n"},
		{"an array", r.Dir, `[{"hook_event_name":"PostToolUse"}]`, nil, "stdin is not a Claude Code hook event (one JSON object): it does not start with '{'\n"},
		{"cut short", r.Dir, `{"hook_event_name":"PostToolUse","tool_input":{"file_path":`, nil,
			"stdin is not a Claude Code hook event (one JSON object): unexpected EOF\n"},
		{"a member of the wrong type", r.Dir, `{"tool_input":{"file_path":3}}`, nil,
			"stdin is not a Claude Code hook event (one JSON object): tool_input.file_path is a JSON number, not a string\n"},
		{"two objects", r.Dir, edit + edit, nil, "stdin is not a Claude Code hook event (one JSON object): more follows the object\n"},
		{"a bad option", r.Dir, edit, []string{"--event", "pre"}, "error: invalid value 'pre' for '--event <EVENT>'\n  [possible values: edit, stop]\n\nFor more information, try '--help'.\n"},
		{"no git repository", plain, postToolUse(t, plain, filepath.Join(plain, "app.py"), "", ""), nil, "HEAD: not a git repository: " + plain + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runHookBinary(t, tt.dir, t.TempDir(), tt.stdin, nil, tt.args...)
			assert.Equal(t, hookRun{code: 1, stderr: tt.want}, got)
		})
	}
	// An edit of a file no run reads needs no run: no error either.
	assert.Equal(t, hookRun{}, runHookBinary(t, plain, t.TempDir(), postToolUse(t, plain, filepath.Join(plain, "README.md"), "", ""), nil))
}

// The project is --path, else $CLAUDE_PROJECT_DIR, else the working
// directory; the cache is kept in the default directory unless
// --no-cache.
func TestHookProjectAndCache(t *testing.T) {
	r := changeRepo(t, map[string]string{"app.py": appBase})
	writeFiles(t, r.Dir, map[string]string{"app.py": appBase + loadCopy})
	edit := postToolUse(t, r.Dir, filepath.Join(r.Dir, "app.py"), "", "")
	elsewhere := t.TempDir()
	cache := filepath.Join(t.TempDir(), "cache")

	got := runHookBinary(t, elsewhere, cache, edit, []string{"CLAUDE_PROJECT_DIR=" + r.Dir})
	assert.Equal(t, 2, got.code, got.stderr)
	entries, err := os.ReadDir(cache)
	require.NoError(t, err, "the default cache directory is made")
	assert.NotEmpty(t, entries)

	noCache := filepath.Join(t.TempDir(), "none")
	assert.Equal(t, got, runHookBinary(t, elsewhere, noCache, edit, nil, "--path", r.Dir, "--no-cache"))
	assert.NoDirExists(t, noCache)
	assert.Equal(t, hookRun{}, runHookBinary(t, elsewhere, cache, edit, nil), "the working directory is no project holding app.py")
}

// The files an event names are those inside the project, by name alone:
// as given (a link to the project included) or with its links resolved;
// relative ones are the project's; the project itself and paths that
// climb out are passed over.
func TestTouchedFiles(t *testing.T) {
	p := project{abs: "/home/u/link", real: "/srv/proj"}
	tests := []struct {
		name           string
		file, notebook string
		want           []string
	}{
		{"an absolute path in the project", "/srv/proj/pkg/a.py", "", []string{"pkg/a.py"}},
		{"through the project's link", "/home/u/link/a.py", "", []string{"a.py"}},
		{"relative to the project", "pkg/../b.py", "", []string{"b.py"}},
		{"a notebook", "", "/srv/proj/n.ipynb", []string{"n.ipynb"}},
		{"climbing out", "/srv/proj/../other/a.py", "", nil},
		{"relative, climbing out", "../other/a.py", "", nil},
		{"another directory", "/etc/passwd", "", nil},
		{"a prefix that is no parent", "/srv/project2/a.py", "", nil},
		{"the project itself", "/srv/proj", "", nil},
		{"none", "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := &hookEvent{}
			ev.ToolInput.FilePath, ev.ToolInput.NotebookPath = tt.file, tt.notebook
			assert.Equal(t, tt.want, touchedFiles(ev, p))
		})
	}
}

// A fix hint is the first sentence of the rule's docs, on one line and
// cut at 200 characters; an abbreviation or a code span does not end it.
func TestFirstSentence(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"two sentences", "Write `if flag:`. When the\n  exact bool matters, say so.", "Write `if flag:`."},
		{"an abbreviation", "Chain the comparisons, e.g. `low <= v < high`. More.", "Chain the comparisons, e.g. `low <= v < high`."},
		{"one sentence", "Keep one implementation.", "Keep one implementation."},
		{"none", "", ""},
		{"too long", strings.Repeat("word ", 60), strings.Repeat("word ", 40)[:199] + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, firstSentence(tt.in))
		})
	}
}

// The message lists the first 20 findings and says how many more there
// are; a rule without docs points to scb-check rule.
func TestHookMessageIsBounded(t *testing.T) {
	var found []change.NewFinding
	for i := range 22 {
		found = append(found, change.NewFinding{Finding: finding.Finding{RuleID: "my-rule", Path: "a.py", Line: i + 1, Message: "m"}})
	}
	msg := hookMessage(found, nil, map[string]string{})
	lines := strings.Split(strings.TrimSuffix(msg, "\n"), "\n")
	require.Len(t, lines, 1+2*20+1)
	assert.Equal(t, "scb-check: the uncommitted work adds 22 findings (the working tree against HEAD); fix them before you finish:", lines[0])
	assert.Equal(t, []string{"a.py:20 my-rule: m", "  fix: see `scb-check rule my-rule`"}, lines[39:41])
	assert.Equal(t, "… and 2 more: run `scb-check diff HEAD` to see them all", lines[41])
}

// An event over the cap is refused, not read whole.
func TestHookEventOverTheCap(t *testing.T) {
	_, err := readHookEvent(io.LimitReader(zeros{}, maxHookEvent+10))
	assert.EqualError(t, err, "stdin: the hook event is over 64 MiB")
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
