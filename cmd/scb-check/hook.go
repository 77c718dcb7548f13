package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	libopt "github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// hookHelp is hook's help.
var hookHelp = helpText{
	head: `Judge an agent's edit: an after-edit hook for Claude Code

Reads the hook event Claude Code writes on stdin (a JSON object) and judges
the working tree against HEAD as 'scb-check diff HEAD' does. After an edit
(a PostToolUse event) it reports the findings the change adds in the files
the tool touched (tool_input's file_path or notebook_path); with --event stop
(the Stop event), every finding the uncommitted work adds, unless the event's
stop_hook_active says the agent already goes on because of a stop hook. The
findings (at most 20, each with file:line, rule and a one-line fix) go to
stderr with exit status 2, which Claude Code shows to the agent; with nothing
to report it prints nothing. A path of the event outside the project
directory is ignored, never read. The analysis is cached, by default in
$SCB_CHECK_CACHE_DIR, else $XDG_CACHE_HOME/scb-check, else ~/.cache/scb-check.

Usage: scb-check hook [OPTIONS] < EVENT.json

Options:
`,
	column: 35,
	rows: [][]helpRow{
		{
			{"--event <EVENT>", "edit (judge the files the tool touched) or stop (judge all the uncommitted work) " +
				"[default: stop for a Stop or SubagentStop event, else edit]"},
			{"--path <DIR>", "The project directory: the repository's directory judged [default: $CLAUDE_PROJECT_DIR, else the working directory]"},
			{"--no-cache", "Keep no cache (else --cache DIR, or the default cache directory)"},
		},
		analysisRows(),
		{rowConfig, rowJobs, {"-v, --verbose...", "Log what the cache held and the files passed over to stderr"}, rowHelp},
	},
	foot: `
Exit status: 0 nothing to report (nothing printed), 2 the change adds
findings (listed on stderr: Claude Code shows them to the agent), 1 any
error, a malformed event or a bad option included (Claude Code shows it to
the user, and the agent goes on), 130 or 143 when stopped by SIGINT or
SIGTERM.
`,
}.String()

// The events the hook judges (--event).
const (
	hookEdit = "edit"
	hookStop = "stop"
)

// hookLimit is how many findings the hook lists at most: an agent reads
// them between two edits.
const hookLimit = 20

// maxHookEvent caps the event read from stdin (it holds the tool's input:
// a whole file for Write).
const maxHookEvent = 64 << 20

// hookOptions are hook's options besides check's analysis options; those
// that shape check's output, exit status or progress line are refused.
var hookOptions = ownOptions{
	command: "hook",
	values:  map[string]string{"--event": "<EVENT>", "--path": "<DIR>"},
	flags:   map[string]bool{"--no-cache": true},
	refused: checkOnlyAnd("--output-format", "--report", "--mcf-file", "--quiet", "-q"),
}

// hookArgs are the parsed arguments of `scb-check hook`.
type hookArgs struct {
	check *checkArgs
	// event is --event, "" to take it from the event's name.
	event   string
	path    string
	noCache bool
}

// set records one of hook's own options.
func (h *hookArgs) set(name, value string) error {
	switch name {
	case "--event":
		if value != hookEdit && value != hookStop {
			return usagef("error: invalid value '%s' for '--event <EVENT>'\n  [possible values: %s, %s]", value, hookEdit, hookStop)
		}
		h.event = value
	case "--path":
		if value == "" {
			return usagef("error: invalid value '' for '--path <DIR>': expected a directory")
		}
		h.path = value
	case "--no-cache":
		h.noCache = true
	}
	return nil
}

// errHookFindings is the outcome of a hook that reported findings (on
// stderr, already): exit status 2.
var errHookFindings = &quietError{errors.New("the change adds findings")}

// hookError is any error of the hook: exit status 1, which Claude Code
// does not show the agent (2 would).
type hookError struct{ err error }

func (e *hookError) Error() string { return e.err.Error() }
func (e *hookError) Unwrap() error { return e.err }

// runHook is `scb-check hook`: every error is a hookError.
func runHook(ctx context.Context, c *cli, args []string) error {
	err := hook(ctx, c, args)
	if err == nil || err == errHookFindings {
		return err
	}
	return &hookError{err}
}

// hookEvent is what the hook reads of a Claude Code hook event; the other
// members are passed over.
type hookEvent struct {
	Name           string `json:"hook_event_name"`
	StopHookActive bool   `json:"stop_hook_active"`
	ToolInput      struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
	} `json:"tool_input"`
}

// readHookEvent reads the event from r: one JSON object (the members the
// hook reads of the types Claude Code gives them), nothing after it.
func readHookEvent(r io.Reader) (*hookEvent, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxHookEvent+1))
	if err != nil {
		return nil, fmt.Errorf("stdin: failed to read the hook event: %w", err)
	}
	if len(data) > maxHookEvent {
		return nil, fmt.Errorf("stdin: the hook event is over %d MiB", maxHookEvent>>20)
	}
	malformed := func(why string) error {
		return fmt.Errorf("stdin is not a Claude Code hook event (one JSON object): %s", why)
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, malformed("it is empty")
	}
	if trimmed[0] != '{' {
		return nil, malformed("it does not start with '{'")
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	var ev hookEvent
	if err := dec.Decode(&ev); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, malformed(fmt.Sprintf("%s is a JSON %s, not a %s", typeErr.Field, typeErr.Value, typeErr.Type))
		}
		return nil, malformed(err.Error())
	}
	if dec.More() {
		return nil, malformed("more follows the object")
	}
	return &ev, nil
}

// hook judges the change the event tells of; errHookFindings when it
// adds findings to report.
func hook(ctx context.Context, c *cli, args []string) error {
	h := &hookArgs{}
	positional, a, err := hookOptions.split(args, h.set)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, hookHelp)
		return nil
	}
	if len(positional) > 0 {
		return usagef("error: unexpected argument '%s' found (the event is read from stdin)\n\nUsage: scb-check hook [OPTIONS] < EVENT.json", positional[0])
	}
	if h.noCache && a.cache != "" {
		return usagef("error: '--no-cache' and '--cache' exclude each other")
	}
	h.check = a
	ev, err := readHookEvent(c.stdin)
	if err != nil {
		return err
	}
	event := h.eventOf(ev)
	if event == hookStop && ev.StopHookActive {
		// The agent goes on because a stop hook blocked: reporting again
		// could hold it in a loop.
		return nil
	}
	project, err := projectDir(h.path)
	if err != nil {
		return err
	}
	var touched []string
	if event == hookEdit {
		if touched = touchedFiles(ev, project); len(touched) == 0 {
			return nil
		}
	}
	return h.judge(ctx, c, project, touched)
}

// eventOf is what the hook judges: --event, else the event's name says.
func (h *hookArgs) eventOf(ev *hookEvent) string {
	switch {
	case h.event != "":
		return h.event
	case ev.Name == "Stop" || ev.Name == "SubagentStop":
		return hookStop
	}
	return hookEdit
}

// judge judges the working tree of the project against HEAD and writes
// the findings the change adds in the files touched (all of them when
// none are given: the Stop event) to stderr; errHookFindings when there
// are any.
func (h *hookArgs) judge(ctx context.Context, c *cli, project project, touched []string) error {
	a := h.check
	if !h.noCache && a.cache == "" {
		dir, err := defaultCacheDir(os.Getenv)
		if err != nil {
			return err
		}
		a.cache = dir
	}
	opt, err := prepareAnalysis(a, a.configPath != "")
	if err != nil {
		return err
	}
	opt.Path, opt.WorkDir = project.real, project.real
	if touched != nil && !mayAffect(opt, touched) {
		return nil
	}
	c.words = flagWords{own: map[libopt.Option]string{libopt.DiffBase: "HEAD", libopt.DiffHead: "the working tree"}}
	// Only with -v: what goes to stderr may go to the agent, and a cache
	// that could not be written changes no finding.
	if a.verbose >= 1 {
		c.atEnd(func() { reportCache(c.stderr, a, opt.CacheStats) })
	}
	d, err := scbcheck.Diff(ctx, scbcheck.DiffOptions{Options: opt, Base: scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD"},
		Head: scbcheck.Tree{Kind: scbcheck.WorkTree}})
	if err != nil && ctx.Err() != nil {
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	if a.verbose >= 1 {
		logSides(c.stderr, c.words, d)
	}
	found := foundIn(d, touched)
	if len(found) == 0 {
		return nil
	}
	io.WriteString(c.stderr, hookMessage(found, touched, fixHints(opt.Catalog)))
	return errHookFindings
}

// foundIn are the new findings of d in the files touched (all of them
// with none given), in path and line order.
func foundIn(d *change.Delta, touched []string) []change.NewFinding {
	var found []change.NewFinding
	for _, nf := range d.NewFindings {
		if touched == nil || slices.Contains(touched, nf.Path) {
			found = append(found, nf)
		}
	}
	slices.SortStableFunc(found, func(x, y change.NewFinding) int {
		return cmp.Or(cmp.Compare(x.Path, y.Path), cmp.Compare(x.Line, y.Line))
	})
	return found
}

// project is the project directory: as given (made absolute) and with
// its links resolved.
type project struct{ abs, real string }

// projectDir is the project directory: dir, else $CLAUDE_PROJECT_DIR,
// else the working directory.
func projectDir(dir string) (project, error) {
	if dir == "" {
		dir = os.Getenv("CLAUDE_PROJECT_DIR")
	}
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return project{}, fmt.Errorf("the project directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return project{}, fmt.Errorf("the project directory: %w", err)
	}
	if info, err := os.Stat(real); err != nil || !info.IsDir() {
		return project{}, fmt.Errorf("the project directory %s is not a directory", dir)
	}
	return project{abs: filepath.Clean(abs), real: real}, nil
}

// touchedFiles are the files the event's tool touched that lie in the
// project, relative to it with slashes, as a report names them. A
// relative path is the project's. The paths are untrusted: each is only
// compared with the project's, never looked up on the disk, and one
// outside the project is passed over.
func touchedFiles(ev *hookEvent, p project) []string {
	var out []string
	for _, path := range []string{ev.ToolInput.FilePath, ev.ToolInput.NotebookPath} {
		if path == "" {
			continue
		}
		if !filepath.IsAbs(path) {
			path = filepath.Join(p.abs, path)
		}
		path = filepath.Clean(path)
		for _, dir := range []string{p.abs, p.real} {
			if rel, ok := relInside(dir, path); ok {
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
	}
	return out
}

// relInside is path relative to dir when it lies strictly inside it, by
// their names alone.
func relInside(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// mayAffect reports whether one of the files can hold a finding or change
// what a run reports (scbcheck.Session.MayAffect): an edit of the others
// (documentation, images) needs no run.
func mayAffect(opt scbcheck.Options, files []string) bool {
	sess, err := scbcheck.NewSession(opt)
	if err != nil {
		// The run reports the error.
		return true
	}
	defer sess.Close()
	return slices.ContainsFunc(files, sess.MayAffect)
}

// fixHints are the one-line fixes of the catalog's rules by id: the first
// sentence of what each rule's docs say to write instead.
func fixHints(cat *rules.Catalog) map[string]string {
	infos := rules.MetricInfos()
	if cat != nil {
		infos = cat.Infos()
	}
	out := map[string]string{}
	for _, info := range infos {
		if hint := firstSentence(info.Instead); hint != "" {
			out[info.ID] = hint
		}
	}
	return out
}

// maxHint caps a fix hint, in characters.
const maxHint = 200

// firstSentence is s on one line up to the end of its first sentence (a
// period followed by a capital letter), at most maxHint characters.
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			if r, _ := utf8.DecodeRuneInString(s[i+2:]); unicode.IsUpper(r) {
				s = s[:i+1]
				break
			}
		}
	}
	if utf8.RuneCountInString(s) > maxHint {
		s = string([]rune(s)[:maxHint-1]) + "…"
	}
	return s
}

// hookMessage is what the hook writes for the findings found: a line
// saying what adds them (the edit of the files touched, or with none the
// uncommitted work), then each finding (the first hookLimit) with its
// place, rule and message, a clone's copies, and the fix its rule's docs
// give, else how to read them.
func hookMessage(found []change.NewFinding, touched []string, hints map[string]string) string {
	var b strings.Builder
	n := fmt.Sprintf("%d findings", len(found))
	if len(found) == 1 {
		n = "1 finding"
	}
	if len(touched) > 0 {
		var names []string
		for _, t := range touched {
			names = append(names, vfs.EscapePath(t))
		}
		fmt.Fprintf(&b, "scb-check: this edit adds %s to %s (the working tree against HEAD):\n", n, strings.Join(names, ", "))
	} else {
		fmt.Fprintf(&b, "scb-check: the uncommitted work adds %s (the working tree against HEAD); fix them before you finish:\n", n)
	}
	for _, nf := range found[:min(len(found), hookLimit)] {
		fmt.Fprintf(&b, "%s:%d %s: %s\n", vfs.EscapePath(nf.Path), nf.Line, report.ShownText(nf.RuleID), report.ShownText(nf.Message))
		for _, p := range nf.Counterparts {
			fmt.Fprintf(&b, "  copy of %s:%d\n", vfs.EscapePath(p.Path), p.Line)
		}
		hint, ok := hints[nf.RuleID]
		if !ok {
			hint = "see `scb-check rule " + report.ShownText(nf.RuleID) + "`"
		}
		fmt.Fprintf(&b, "  fix: %s\n", hint)
	}
	if len(found) > hookLimit {
		fmt.Fprintf(&b, "… and %d more: run `scb-check diff HEAD` to see them all\n", len(found)-hookLimit)
	}
	return b.String()
}
