package rules

import (
	"bufio"
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

	"github.com/scbcheck/scbcheck/lang"
)

// PinnedAstGrep is the ast-grep CLI version the rules are written and
// tested for (the engine version the reference embeds).
const PinnedAstGrep = "0.44.0"

// ErrAstGrepNotFound is wrapped by the errors of ProbeAstGrep and Scan when
// the ast-grep binary does not exist.
var ErrAstGrepNotFound = errors.New("ast-grep not found")

// installHint says how to get ast-grep or do without it.
const installHint = "install it with scripts/setup (npm install --prefix .tools/ast-grep @ast-grep/cli@" +
	PinnedAstGrep + "), pass --ast-grep PATH, or run with --disable-sg"

// skipHint says how to run without ast-grep.
const skipHint = "run with --disable-sg to skip the ast-grep rules"

// waitDelay bounds how long a killed ast-grep may keep its output open.
const waitDelay = 2 * time.Second

// maxStderr is how much of ast-grep's stderr is kept.
const maxStderr = 64 << 10

// maxQuoted is how much of a bad output line or of stderr an error quotes.
const maxQuoted = 2000

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
		return "", fmt.Errorf("%s --version failed (%w): %s", path, err, excerpt(stderr.String()))
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 || fields[0] != "ast-grep" {
		return "", fmt.Errorf("%s --version printed %s, not \"ast-grep X.Y.Z\": is it ast-grep?", path, quote(string(out)))
	}
	return fields[1], nil
}

// Scanner runs ast-grep rules through the ast-grep CLI.
type Scanner struct {
	// Binary is the path (or name on PATH) of the ast-grep executable.
	Binary string
	// Timeout bounds one scan; zero means no bound beyond the context's.
	Timeout time.Duration
	// Threads caps ast-grep's worker threads; zero lets it choose.
	Threads int
}

// Finding is one ast-grep match.
type Finding struct {
	RuleID string
	// Severity is the reported label: "info" (hint and info rules),
	// "warning" or "critical" (error rules).
	Severity string
	// Message is the rule's message with metavariables substituted.
	Message string
	// File is the path as it was given to Scan.
	File string
	// StartLine and EndLine are 1-based; StartCol and EndCol are 0-based
	// columns as ast-grep reports them.
	StartLine, EndLine int
	StartCol, EndCol   int
	// Text is the matched source text.
	Text string
}

// Scan runs the catalog's active rules over the files of the languages
// ast-grep is run on (Python's .py and .pyw; Rust never, as the
// reference) among files, each language's rules on its files, in one
// ast-grep process, and returns the findings sorted by
// (file, start line, end line, start column, end column, rule id,
// severity, message, text) without exact duplicates. Rules of severity off
// never run, hint and info rules run only with includeAll, warning and
// error rules always. Nothing runs when there is no such file or no
// active rule. Callers pass the files they parsed: ast-grep silently skips
// a file that is not valid UTF-8.
//
// Any failure (binary missing, non-zero exit, timeout, cancellation,
// output that is not a match) is returned as an error, never as an empty
// result.
func (s *Scanner) Scan(ctx context.Context, cat *Catalog, files []string, includeAll bool) ([]Finding, error) {
	scanned, langs, byClean := scannedFiles(files)
	var active []Rule
	for _, r := range activeRules(cat, includeAll) {
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
		labels[r.ID] = severityLabel(r.Severity)
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
		"--json=stream", "--color", "never",
		// ast-grep already scans explicit files whatever ignore files
		// say; these flags keep it so for every kind of ignore file.
		"--no-ignore", "hidden", "--no-ignore", "dot", "--no-ignore", "exclude",
		"--no-ignore", "global", "--no-ignore", "parent", "--no-ignore", "vcs",
	}
	if s.Threads > 0 {
		args = append(args, "--threads", strconv.Itoa(s.Threads))
	}
	args = append(append(args, "--"), scanned...)
	cmd := exec.CommandContext(runCtx, s.Binary, args...)
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{max: maxStderr, buf: &stderr}
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	parsed := make(chan parseResult, 1)
	go func() { parsed <- parseStream(pr, labels, byClean) }()
	runErr := cmd.Run()
	pw.Close()
	res := <-parsed

	if runErr != nil {
		switch {
		case startError(s.Binary, runErr) != nil:
			return nil, startError(s.Binary, runErr)
		case ctx.Err() != nil:
			return nil, fmt.Errorf("ast-grep scan stopped: %w", ctx.Err())
		case runCtx.Err() != nil:
			return nil, fmt.Errorf("ast-grep did not finish within %s: raise the timeout or %s", s.Timeout, skipHint)
		}
		msg := strings.ReplaceAll(stderr.String(), ruleFile, "the combined rule file")
		hint := skipHint
		if strings.Contains(msg, "Cannot parse rule") {
			hint = "a rule of the catalog is not valid for this ast-grep (check the extra rule files and that ast-grep is version " +
				PinnedAstGrep + "), or " + skipHint
		}
		return nil, fmt.Errorf("ast-grep failed (%w): %s\n%s", runErr, excerpt(msg), hint)
	}
	if hasErrorLine(stderr.String()) {
		return nil, fmt.Errorf("ast-grep reported errors: %s\n%s", excerpt(stderr.String()), skipHint)
	}
	if res.err != nil {
		return nil, fmt.Errorf("cannot read ast-grep's output: %w; %s", res.err, skipHint)
	}
	return SortFindings(res.findings), nil
}

// ApplyThresholds drops, for each rule with a min_file_count threshold, its
// findings in every file where it has fewer findings than the threshold.
// The order of the kept findings is unchanged.
func ApplyThresholds(findings []Finding, cat *Catalog) []Finding {
	if cat == nil {
		return findings
	}
	rules := cat.byID()
	type key struct{ rule, file string }
	counts := map[key]int{}
	for _, f := range findings {
		counts[key{f.RuleID, f.File}]++
	}
	kept := make([]Finding, 0, len(findings))
	for _, f := range findings {
		if n := rules[f.RuleID].MinFileCount; n > 1 && counts[key{f.RuleID, f.File}] < n {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// severityLabel maps an ast-grep severity to the reported label.
func severityLabel(severity string) string {
	switch severity {
	case "hint", "info":
		return "info"
	case "error":
		return "critical"
	}
	return "warning"
}

// activeRules are the rules that run: rules of a language ast-grep is run
// on (lang.ForAstGrep: the reference runs Python rules only, ours also the
// opt-in languages'), never off, hint and info only with includeAll.
func activeRules(cat *Catalog, includeAll bool) []Rule {
	var active []Rule
	if cat == nil {
		return nil
	}
	for _, r := range cat.Rules {
		if lang.ForAstGrep(r.Language) == nil {
			continue
		}
		switch r.Severity {
		case "warning", "error":
			active = append(active, r)
		case "hint", "info":
			if includeAll {
				active = append(active, r)
			}
		}
	}
	return active
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
		return fmt.Errorf("%w at %s (%w): %s", ErrAstGrepNotFound, binary, err, installHint)
	}
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) || errors.Is(err, exec.ErrDot) {
		return fmt.Errorf("cannot run ast-grep at %s: %w; %s", binary, err, installHint)
	}
	return nil
}

// hasErrorLine reports whether ast-grep's stderr holds an "ERROR:" line,
// which it prints (still exiting 0) for a path it cannot read.
func hasErrorLine(stderr string) bool {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "ERROR:") {
			return true
		}
	}
	return false
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
	findings []Finding
	err      error
}

// parseStream reads ast-grep's --json=stream output: one match object per
// line. It reads to the end whatever happens, so that ast-grep never blocks
// on a full pipe, and reports the first line that is not a match of a rule
// it was given on a file it was given.
func parseStream(r io.Reader, labels, byClean map[string]string) parseResult {
	var res parseResult
	br := bufio.NewReader(r)
	for {
		line, readErr := br.ReadBytes('\n')
		if res.err == nil {
			if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
				f, err := parseMatch(trimmed, labels, byClean)
				if err != nil {
					res.err = err
				} else {
					res.findings = append(res.findings, f)
				}
			}
		}
		if readErr != nil {
			if !errors.Is(readErr, io.EOF) && res.err == nil {
				res.err = readErr
			}
			return res
		}
	}
}

// parseMatch converts one JSON line into a Finding.
func parseMatch(line []byte, labels, byClean map[string]string) (Finding, error) {
	var m sgMatch
	if err := json.Unmarshal(line, &m); err != nil {
		return Finding{}, fmt.Errorf("not a JSON match (%v): %s", err, quote(string(line)))
	}
	if m.RuleID == "" || m.File == "" || m.Range == nil || m.Text == nil {
		return Finding{}, fmt.Errorf("a match without ruleId, file, range or text: %s", quote(string(line)))
	}
	label, ok := labels[m.RuleID]
	if !ok {
		return Finding{}, fmt.Errorf("a match of rule %q, which was not run: %s", m.RuleID, quote(string(line)))
	}
	file, ok := byClean[filepath.Clean(m.File)]
	if !ok {
		return Finding{}, fmt.Errorf("a match in file %q, which was not scanned: %s", m.File, quote(string(line)))
	}
	return Finding{
		RuleID:    m.RuleID,
		Severity:  label,
		Message:   m.Message,
		File:      file,
		StartLine: m.Range.Start.Line + 1,
		EndLine:   m.Range.End.Line + 1,
		StartCol:  m.Range.Start.Column,
		EndCol:    m.Range.End.Column,
		Text:      *m.Text,
	}, nil
}

// SortFindings sorts findings in report order (as Scan returns them) and
// removes exact duplicates.
func SortFindings(findings []Finding) []Finding {
	slices.SortFunc(findings, compareFindings)
	return slices.Compact(findings)
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.StartLine, b.StartLine),
		cmp.Compare(a.EndLine, b.EndLine),
		cmp.Compare(a.StartCol, b.StartCol),
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

// ActiveCount returns the number of rules a scan can run: rules of a
// language ast-grep is run on, not off, hint and info ones only with
// includeAll.
func (c *Catalog) ActiveCount(includeAll bool) int { return len(activeRules(c, includeAll)) }

// ActiveFor returns the number of rules a scan of files runs: the active
// rules of the languages among files.
func (c *Catalog) ActiveFor(includeAll bool, files []string) int {
	_, langs, _ := scannedFiles(files)
	n := 0
	for _, r := range activeRules(c, includeAll) {
		if langs[lang.ForAstGrep(r.Language)] {
			n++
		}
	}
	return n
}
