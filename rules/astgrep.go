package rules

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/stopsig"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/vfs"
)

// PinnedAstGrep is the ast-grep CLI version the rules are written and
// tested for (the engine version the reference embeds).
const PinnedAstGrep = "0.44.0"

// ErrAstGrepNotFound is wrapped by the errors of ProbeAstGrep and Scan when
// the ast-grep binary does not exist.
var ErrAstGrepNotFound = errors.New("ast-grep not found")

// ErrAstGrepFailed is wrapped by every other error of ProbeAstGrep, Probe
// and Scan but a cancelled context's: ast-grep could not be run, failed,
// timed out or printed what cannot be read.
var ErrAstGrepFailed = errors.New("ast-grep failed")

// Remedy is what a caller can do about an AstGrepError. The library
// names no command-line option: a command words each remedy in its own.
type Remedy int

const (
	// RemedyNone: nothing to advise but what the message says.
	RemedyNone Remedy = iota
	// RemedyInstall: install the pinned ast-grep (PinnedAstGrep) and name
	// it, or run without the ast-grep rules.
	RemedyInstall
	// RemedySkip: run without the ast-grep rules.
	RemedySkip
	// RemedyTimeout: allow ast-grep longer, or run without its rules.
	RemedyTimeout
	// RemedyRules: a rule of the catalog is not valid for this ast-grep
	// (an extra rule file, or another version than PinnedAstGrep), or run
	// without the rules.
	RemedyRules
)

// remedyNames are the remedies' names, by Remedy.
var remedyNames = [...]string{RemedyNone: "none", RemedyInstall: "install", RemedySkip: "skip", RemedyTimeout: "timeout", RemedyRules: "rules"}

// String names the remedy ("install", "skip", ...), so that it prints as
// a word with every verb of fmt (%v, %s, %q), not as a number or a rune.
func (r Remedy) String() string {
	if r < 0 || int(r) >= len(remedyNames) {
		return "Remedy(" + strconv.Itoa(int(r)) + ")"
	}
	return remedyNames[r]
}

// AstGrepError is an error of ProbeAstGrep, Probe or Scan that a caller
// can do something about: its message says what happened, Remedy what to
// do. It wraps ErrAstGrepNotFound or ErrAstGrepFailed, and the cause.
type AstGrepError struct {
	Remedy Remedy
	err    error
	// sep joins the message and advice (see Advise).
	sep string
}

func (e *AstGrepError) Error() string { return e.err.Error() }

// Unwrap returns the cause and ErrAstGrepFailed, unless the cause is
// ErrAstGrepNotFound.
func (e *AstGrepError) Unwrap() []error {
	if errors.Is(e.err, ErrAstGrepNotFound) {
		return []error{e.err}
	}
	return []error{e.err, ErrAstGrepFailed}
}

// Advise returns the message followed by advice, the remedy worded by
// the caller, with the punctuation the message needs.
func (e *AstGrepError) Advise(advice string) string { return e.err.Error() + e.sep + advice }

// astGrepError is the AstGrepError of err with remedy r, advice to follow
// after sep.
func astGrepError(r Remedy, sep string, err error) error {
	return &AstGrepError{Remedy: r, err: err, sep: sep}
}

// waitDelay bounds how long a killed ast-grep may keep its output open.
const waitDelay = 2 * time.Second

// maxStderr is how much of ast-grep's stderr is kept.
const maxStderr = 64 << 10

// maxQuoted is how much of a bad output line or of stderr an error quotes.
const maxQuoted = 2000

// argBudget is how many bytes of arguments and environment one ast-grep
// process is given at most; a longer file list is split over several
// runs. It stays well under the smallest common ARG_MAX (1 MiB on macOS,
// 2 MiB by default on Linux, which also counts the environment and a
// pointer per string). A variable so that tests can make it small.
var argBudget = 512 << 10

// ProbeAstGrep runs `path --version` and returns the version it prints
// ("0.44.0" for "ast-grep 0.44.0"). A missing binary gives an error
// wrapping ErrAstGrepNotFound.
func ProbeAstGrep(ctx context.Context, path string) (version string, err error) {
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{max: maxStderr, buf: &stderr}
	out, err := cmd.Output()
	if err != nil {
		if start := startError(path, err); start != nil {
			return "", start
		}
		if ctx.Err() != nil {
			return "", fmt.Errorf("%s --version did not finish: %w", path, ctx.Err())
		}
		return "", astGrepError(RemedyNone, "", fmt.Errorf("%s --version failed (%w): %s", path, err, excerpt(stderr.String())))
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 || fields[0] != "ast-grep" {
		return "", astGrepError(RemedyNone, "", fmt.Errorf("%s --version printed %s, not \"ast-grep X.Y.Z\": is it ast-grep?", path, quote(string(out))))
	}
	return fields[1], nil
}

// Probe runs ProbeAstGrep on s.Binary within s.Timeout (when set), the
// bound a scan has: an executable that hangs on --version is killed.
func (s *Scanner) Probe(ctx context.Context) (string, error) {
	if s.Timeout <= 0 {
		return ProbeAstGrep(ctx, s.Binary)
	}
	runCtx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	v, err := ProbeAstGrep(runCtx, s.Binary)
	if err != nil && ctx.Err() == nil && runCtx.Err() != nil {
		return "", astGrepError(RemedyTimeout, ": ", fmt.Errorf("%s --version did not finish within %s", s.Binary, s.Timeout))
	}
	return v, err
}

// IdentifyAstGrep names the file that runs as binary (a path, or a name
// looked up on PATH as exec does): its absolute path with every symbolic
// link resolved, and the SHA-256 of its content. npm's @ast-grep/cli puts
// the native executable itself in place of its launcher on install, so
// the file hashed is the one that scans; when the file is a script that
// starts another program, only the script is hashed (what it starts is
// not known to us), and its version still tells builds apart.
func IdentifyAstGrep(binary string) (string, error) {
	path, err := exec.LookPath(binary)
	if err != nil {
		return "", fmt.Errorf("cannot identify ast-grep at %s: %w", binary, err)
	}
	if path, err = filepath.Abs(path); err == nil {
		path, err = filepath.EvalSymlinks(path)
	}
	if err != nil {
		return "", fmt.Errorf("cannot identify ast-grep at %s: %w", binary, err)
	}
	sum, err := vfs.FileSHA256(path)
	if err != nil {
		return "", fmt.Errorf("cannot identify ast-grep at %s: %w", binary, err)
	}
	return path + " sha256:" + sum, nil
}

// Scanner runs ast-grep rules through the ast-grep CLI.
type Scanner struct {
	// Binary is the path (or name on PATH) of the ast-grep executable.
	Binary string
	// Timeout bounds one scan (every process of it together) and the
	// version probe; zero means no bound beyond the context's.
	Timeout time.Duration
	// Threads caps ast-grep's worker threads; zero lets it choose.
	Threads int
}

// Scan runs the active rules over the files of the languages
// ast-grep is run on (every language with a lang.Spec.AstGrepLanguage:
// all but Rust, as in the reference) among files, each language's rules
// on its files, in one
// ast-grep process (several, one after the other, when the file list
// does not fit the OS limit on arguments), and returns the findings sorted
// by (file, start line, end line, start column, end column, rule id,
// severity, message, text) without exact duplicates (Catalog.Active
// chooses the rules). Nothing runs when there is no such file or no
// active rule. Callers pass the files they parsed: ast-grep silently skips
// a file that is not valid UTF-8.
//
// Any failure (binary missing, non-zero exit, timeout, cancellation,
// output that is not a match) is returned as an error, never as an empty
// result. So is output that cannot be shown complete: each process must
// print a whole JSON array (an empty one when nothing matches) and report
// on stderr that it scanned every file it was given.
func (s *Scanner) Scan(ctx context.Context, rules *ActiveRules, files []string) ([]finding.Finding, error) {
	scanned, langs, byClean := scannedFiles(files)
	var active []Rule
	for _, r := range rules.Rules {
		if langs[lang.ForAstGrep(r.Language)] {
			active = append(active, r)
		}
	}
	if len(scanned) == 0 || len(active) == 0 {
		return nil, nil
	}

	dir, err := os.MkdirTemp("", "scb-check-ast-grep-")
	if err != nil {
		return nil, fmt.Errorf("failed to create a directory for the ast-grep rules: %w", err)
	}
	defer os.RemoveAll(dir)
	ruleFile := filepath.Join(dir, "rules.yml")
	configFile := filepath.Join(dir, "sgconfig.yml")
	docs := make([]string, len(active))
	labels := make(map[string]string, len(active))
	for i, r := range active {
		docs[i] = r.Doc
		labels[r.ID] = SeverityLabel(r.Severity)
	}
	if err := os.WriteFile(ruleFile, []byte(strings.Join(docs, "\n---\n")+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("failed to write the ast-grep rule file %s: %w", ruleFile, err)
	}
	// A project configuration of our own: ast-grep reads no sgconfig.yml of
	// the scanned project, and knows our extensions.
	if err := os.WriteFile(configFile, []byte(sgConfig()), 0o600); err != nil {
		return nil, fmt.Errorf("failed to write the ast-grep configuration %s: %w", configFile, err)
	}

	runCtx := ctx
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	args := []string{
		"scan", "--config", configFile, "--rule", ruleFile,
		// Every active rule reports as a warning: ast-grep prints every
		// match and does not fail the run on error-level matches. The
		// labels come from the catalog.
		"--warning",
		// A JSON array, printed even when empty: output cut short is an
		// array left open. The summary on stderr counts the files
		// scanned.
		"--json=compact", "--inspect", "summary", "--color", "never",
		// ast-grep already scans explicit files whatever ignore files
		// say; these flags keep it so for every kind of ignore file.
		"--no-ignore", "hidden", "--no-ignore", "dot", "--no-ignore", "exclude",
		"--no-ignore", "global", "--no-ignore", "parent", "--no-ignore", "vcs",
	}
	if s.Threads > 0 {
		args = append(args, "--threads", strconv.Itoa(s.Threads))
	}
	args = append(args, "--")
	var all []finding.Finding
	for _, chunk := range splitArgs(s.Binary, args, scanned, os.Environ(), argBudget) {
		found, err := s.run(ctx, runCtx, append(slices.Clip(args), chunk...), len(chunk), labels, byClean, ruleFile)
		if err != nil {
			return nil, err
		}
		all = append(all, found...)
	}
	return SortFindings(all), nil
}

// splitArgs splits files into runs whose command lines (binary, args and
// the run's files, each counted with its terminating NUL and a pointer, as
// the kernel counts them) and environment fit budget; every run has one
// file at least. The order of files is kept.
func splitArgs(binary string, args, files, env []string, budget int) [][]string {
	const pointer = 8
	fixed := len(binary) + 1 + pointer
	for _, a := range args {
		fixed += len(a) + 1 + pointer
	}
	for _, e := range env {
		fixed += len(e) + 1 + pointer
	}
	var chunks [][]string
	start, used := 0, fixed
	for i, f := range files {
		cost := len(f) + 1 + pointer
		if i > start && used+cost > budget {
			chunks = append(chunks, files[start:i])
			start, used = i, fixed
		}
		used += cost
	}
	return append(chunks, files[start:])
}

// run runs one ast-grep process over given files (the last of args) and
// returns its findings, or why they cannot be trusted.
func (s *Scanner) run(ctx, runCtx context.Context, args []string, given int, labels, byClean map[string]string, ruleFile string) ([]finding.Finding, error) {
	cmd := exec.CommandContext(runCtx, s.Binary, args...)
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	stderr := &stderrSink{}
	cmd.Stderr = stderr
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	parsed := make(chan parseResult, 1)
	go func() { parsed <- parseArray(pr, labels, byClean) }()
	runErr := cmd.Run()
	pw.Close()
	res := <-parsed
	stderr.finish()

	if runErr != nil {
		switch {
		case startError(s.Binary, runErr) != nil:
			return nil, startError(s.Binary, runErr)
		case ctx.Err() != nil:
			return nil, fmt.Errorf("ast-grep scan stopped: %w", ctx.Err())
		case runCtx.Err() != nil:
			return nil, astGrepError(RemedyTimeout, ": ", fmt.Errorf("ast-grep did not finish within %s", s.Timeout))
		case stopsig.Stopping(ctx, runErr):
			// A scheduler stopping a job (Slurm's scancel or requeue)
			// signals each of its processes: ast-grep may end before
			// the same signal has cancelled the run. That is the run
			// being stopped, not ast-grep failing.
			return nil, fmt.Errorf("ast-grep scan stopped: %w", ctx.Err())
		}
		msg := strings.ReplaceAll(stderr.kept.String(), ruleFile, "the combined rule file")
		remedy := RemedySkip
		if strings.Contains(msg, "Cannot parse rule") {
			remedy = RemedyRules
		}
		return nil, astGrepError(remedy, "\n", fmt.Errorf("ast-grep failed (%w): %s", runErr, excerpt(msg)))
	}
	if stderr.errorLine {
		return nil, astGrepError(RemedySkip, "\n", fmt.Errorf("ast-grep reported errors: %s", excerpt(stderr.kept.String())))
	}
	if res.err != nil {
		return nil, astGrepError(RemedySkip, "; ", fmt.Errorf("cannot read ast-grep's output: %w", res.err))
	}
	switch {
	case stderr.scanned < 0:
		return nil, astGrepError(RemedySkip, "; ", fmt.Errorf("ast-grep exited 0 without its file summary on stderr (\"sg: summary|file: scannedFileCount=N\"), so its %d files "+
			"cannot be shown scanned: is it ast-grep %s?", given, PinnedAstGrep))
	case stderr.scanned != given:
		return nil, astGrepError(RemedySkip, "; ", fmt.Errorf("ast-grep scanned %d of the %d files it was given", stderr.scanned, given))
	}
	return res.findings, nil
}

// Thresholds maps each rule with a min_file_count threshold to it (for
// finding.MinFileCount); nil for a nil catalog.
func (c *Catalog) Thresholds() map[string]int {
	if c == nil {
		return nil
	}
	out := map[string]int{}
	for id, r := range c.byID() {
		if r.MinFileCount > 1 {
			out[id] = r.MinFileCount
		}
	}
	return out
}

// SeverityLabel maps an ast-grep severity to the reported label.
func SeverityLabel(severity string) string {
	switch severity {
	case "hint", "info":
		return "info"
	case "error":
		return "critical"
	}
	return "warning"
}

// scannedFiles returns the distinct files among files whose language
// ast-grep is run on, the set of those languages, and the given spelling
// of each file by its cleaned form (ast-grep reports "./a.py" as "a.py").
func scannedFiles(files []string) ([]string, map[*lang.Spec]bool, map[string]string) {
	var out []string
	langs := map[*lang.Spec]bool{}
	byClean := map[string]string{}
	for _, f := range files {
		spec := lang.ForPath(f)
		if spec == nil || spec.AstGrepLanguage == "" {
			continue
		}
		c := filepath.Clean(f)
		if _, seen := byClean[c]; seen {
			continue
		}
		byClean[c] = f
		langs[spec] = true
		out = append(out, f)
	}
	return out, langs, byClean
}

// sgConfig is the ast-grep project configuration of a scan: no rule
// directories of its own, and each language's files known by our
// extensions (.pyw is Python to us).
func sgConfig() string {
	var b strings.Builder
	b.WriteString("ruleDirs: []\nlanguageGlobs:\n")
	for _, spec := range lang.All() {
		if spec.AstGrepLanguage == "" {
			continue
		}
		globs := make([]string, len(spec.Extensions))
		for i, e := range spec.Extensions {
			globs[i] = strconv.Quote("*." + e)
		}
		fmt.Fprintf(&b, "  %s: [%s]\n", spec.AstGrepLanguage, strings.Join(globs, ", "))
	}
	return b.String()
}

// startError returns the error to report when the binary could not be
// started, or nil when it ran.
func startError(binary string, err error) error {
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		return nil
	}
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		if !strings.ContainsRune(binary, '/') && !strings.ContainsRune(binary, filepath.Separator) {
			// A bare name was looked up on PATH; err names it.
			return astGrepError(RemedyInstall, ": ", fmt.Errorf("%w on PATH (%w)", ErrAstGrepNotFound, err))
		}
		return astGrepError(RemedyInstall, ": ", fmt.Errorf("%w at %s (%w)", ErrAstGrepNotFound, binary, err))
	}
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) || errors.Is(err, exec.ErrDot) {
		return astGrepError(RemedyInstall, "; ", fmt.Errorf("cannot run ast-grep at %s: %w", binary, err))
	}
	return nil
}

// sgMatch is the part of an ast-grep JSON match that is read.
type sgMatch struct {
	Text    *string `json:"text"`
	File    string  `json:"file"`
	RuleID  string  `json:"ruleId"`
	Message string  `json:"message"`
	Range   *struct {
		Start sgPos `json:"start"`
		End   sgPos `json:"end"`
	} `json:"range"`
}

type sgPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type parseResult struct {
	findings []finding.Finding
	err      error
}

// parseArray reads ast-grep's --json=compact output: one JSON array of
// matches, decoded a match at a time. It reads to the end whatever
// happens, so that ast-grep never blocks on a full pipe, and reports
// output that is not a whole array (nothing at all, an array left open,
// anything after it) and the first element that is not a match of a rule
// it was given on a file it was given.
func parseArray(r io.Reader, labels, byClean map[string]string) parseResult {
	head := &limitedBuffer{max: maxQuoted + 1, buf: &bytes.Buffer{}}
	tee := io.TeeReader(r, head)
	res, quoteHead := readArray(json.NewDecoder(tee), labels, byClean)
	_, _ = io.Copy(io.Discard, tee)
	if res.err != nil {
		res.findings = nil
	}
	if quoteHead {
		// Quoted once read to the end (or to the quote's length).
		res.err = fmt.Errorf("%w: %s", res.err, quote(head.buf.String()))
	}
	return res
}

// readArray decodes the array; quoteHead is set when the error is best
// shown with the start of the output.
func readArray(dec *json.Decoder, labels, byClean map[string]string) (res parseResult, quoteHead bool) {
	tok, err := dec.Token()
	switch {
	case errors.Is(err, io.EOF):
		res.err = errors.New("it printed nothing, not even an empty JSON array: its output is missing")
		return res, false
	case err != nil:
		res.err = fmt.Errorf("not a JSON array of matches (%v)", err)
		return res, true
	case tok != json.Delim('['):
		res.err = errors.New("not a JSON array of matches")
		return res, true
	}
	cut := func(err error) error {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("its JSON array ends after %d matches without its closing ]: the output is cut short", len(res.findings))
		}
		return fmt.Errorf("a broken JSON array after %d matches: %w", len(res.findings), err)
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			res.err = cut(err)
			return res, false
		}
		f, err := parseMatch(raw, labels, byClean)
		if err != nil {
			res.err = err
			return res, false
		}
		res.findings = append(res.findings, f)
	}
	if _, err := dec.Token(); err != nil {
		res.err = cut(err)
		return res, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		res.err = errors.New("more output after its JSON array")
	}
	return res, false
}

// parseMatch converts one JSON match into a finding: ast-grep's 0-based
// lines and columns become 1-based.
func parseMatch(line []byte, labels, byClean map[string]string) (finding.Finding, error) {
	var m sgMatch
	if err := json.Unmarshal(line, &m); err != nil {
		return finding.Finding{}, fmt.Errorf("not a JSON match (%v): %s", err, quote(string(line)))
	}
	if m.RuleID == "" || m.File == "" || m.Range == nil || m.Text == nil {
		return finding.Finding{}, fmt.Errorf("a match without ruleId, file, range or text: %s", quote(string(line)))
	}
	label, ok := labels[m.RuleID]
	if !ok {
		return finding.Finding{}, fmt.Errorf("a match of rule %q, which was not run: %s", m.RuleID, quote(string(line)))
	}
	file, ok := byClean[filepath.Clean(m.File)]
	if !ok {
		return finding.Finding{}, fmt.Errorf("a match in file %q, which was not scanned: %s", m.File, quote(string(line)))
	}
	return finding.Finding{
		Kind:     finding.AstGrep,
		RuleID:   m.RuleID,
		Severity: label,
		Message:  m.Message,
		Path:     file,
		Line:     m.Range.Start.Line + 1,
		EndLine:  m.Range.End.Line + 1,
		Col:      m.Range.Start.Column + 1,
		EndCol:   m.Range.End.Column + 1,
		Text:     *m.Text,
	}, nil
}

// SortFindings sorts ast-grep findings in the order Scan returns them and
// removes exact duplicates.
func SortFindings(findings []finding.Finding) []finding.Finding {
	slices.SortFunc(findings, compareFindings)
	// compareFindings reads every field an ast-grep finding sets.
	return slices.CompactFunc(findings, func(a, b finding.Finding) bool { return compareFindings(a, b) == 0 })
}

func compareFindings(a, b finding.Finding) int {
	return cmp.Or(
		cmp.Compare(a.Path, b.Path),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.EndLine, b.EndLine),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.EndCol, b.EndCol),
		cmp.Compare(a.RuleID, b.RuleID),
		cmp.Compare(a.Severity, b.Severity),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.Text, b.Text),
	)
}

// quote returns s trimmed, truncated and Go-quoted for an error message.
func quote(s string) string { return fmt.Sprintf("%q", excerpt(s)) }

// excerpt returns s trimmed and truncated for an error message.
func excerpt(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// stderrSink reads ast-grep's stderr line by line as it comes: it keeps
// the first maxStderr bytes of the lines that are not its --inspect
// summary, notes an "ERROR:" line (ast-grep prints one, still exiting 0,
// for a path it cannot read) and the scannedFileCount of the summary
// (-1 until seen). Call finish once the process is done.
type stderrSink struct {
	kept      bytes.Buffer
	partial   []byte
	errorLine bool
	scanned   int
	seen      bool
}

// maxStderrLine bounds the part of a line kept while its end is awaited.
const maxStderrLine = 4096

func (s *stderrSink) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			s.partial = append(s.partial, p[:min(len(p), max(0, maxStderrLine-len(s.partial)))]...)
			break
		}
		s.partial = append(s.partial, p[:min(i, max(0, maxStderrLine-len(s.partial)))]...)
		s.line(s.partial)
		s.partial, p = s.partial[:0], p[i+1:]
	}
	return n, nil
}

// summaryFile starts the summary line that counts files.
const summaryFile = "sg: summary|file: "

func (s *stderrSink) line(l []byte) {
	text := string(l)
	if i := strings.Index(text, "sg: summary|"); i >= 0 {
		if j := strings.Index(text, summaryFile); j >= 0 {
			for _, kv := range strings.Split(text[j+len(summaryFile):], ",") {
				if v, ok := strings.CutPrefix(kv, "scannedFileCount="); ok {
					if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
						s.scanned, s.seen = n, true
					}
				}
			}
		}
		// The summary lines are ast-grep's own bookkeeping: what came
		// before them on the line (ast-grep does not always end its last
		// line) is kept.
		text = text[:i]
		if strings.TrimSpace(text) == "" {
			return
		}
	}
	if strings.HasPrefix(strings.TrimSpace(text), "ERROR:") {
		s.errorLine = true
	}
	if room := maxStderr - s.kept.Len(); room > 0 {
		s.kept.WriteString(text[:min(room, len(text))])
		s.kept.WriteByte('\n')
	}
}

// finish reads the last line, which may not end with a newline.
func (s *stderrSink) finish() {
	if len(s.partial) > 0 {
		s.line(s.partial)
		s.partial = nil
	}
	if !s.seen {
		s.scanned = -1
	}
}

// limitedBuffer keeps the first max bytes written to it and drops the rest.
type limitedBuffer struct {
	max int
	buf *bytes.Buffer
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.buf.Len(); room > 0 {
		l.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}
