package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/safefile"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// The names of the output formats.
const (
	formatHuman = "human"
	formatJSON  = "json"
	formatSARIF = "sarif"
	formatText  = "text"
	formatCSV   = "csv"
	formatHTML  = "html"
)

// outputFormat is one format a command writes: its name and what its
// help says of it ("" for nothing).
type outputFormat struct{ name, about string }

// formatChoice is a command's --output-format: the formats it writes, in
// the order its help and its messages list them, the first the default.
// Its help row and its validation derive from it.
type formatChoice struct {
	// option is the option as the command's messages name it.
	option  string
	formats []outputFormat
	// synonyms are other names taken for a format, by name.
	synonyms map[string]string
}

// names are the formats' names.
func (c formatChoice) names() []string {
	out := make([]string, len(c.formats))
	for i, f := range c.formats {
		out[i] = f.name
	}
	return out
}

// parse returns the format value names, or a usage error listing the
// possible values.
func (c formatChoice) parse(value string) (string, error) {
	if name, ok := c.synonyms[value]; ok {
		return name, nil
	}
	for _, f := range c.formats {
		if f.name == value {
			return value, nil
		}
	}
	return "", usagef("error: invalid value '%s' for %s\n  [possible values: %s]", value, c.option, strings.Join(c.names(), ", "))
}

// describe lists the formats for the help, each with what is said of it,
// then the synonyms.
func (c formatChoice) describe() string {
	names := make([]string, len(c.formats))
	for i, f := range c.formats {
		names[i] = f.name
		var notes []string
		if f.about != "" {
			notes = append(notes, f.about)
		}
		for _, syn := range slices.Sorted(maps.Keys(c.synonyms)) {
			if c.synonyms[syn] == f.name {
				notes = append(notes, "also spelled "+syn)
			}
		}
		if len(notes) > 0 {
			names[i] += " (" + strings.Join(notes, "; ") + ")"
		}
	}
	return oneOf(names)
}

// checkFormats are check's output formats.
var checkFormats = formatChoice{
	option: "'--output-format <OUTPUT_FORMAT>'",
	formats: []outputFormat{
		{formatHuman, "findings, then a summary of the metrics"}, {formatJSON, ""}, {formatSARIF, ""},
		{formatText, "path:line:col: severity[rule]: message"},
		{formatHTML, "one self-contained page: metrics, treemap, functions, marked source"},
		{formatMarkdown, "with a change option: a pull-request comment"},
	},
}

// htmlSourceList names the values of --html-source, for its help and
// its error.
func htmlSourceList() string {
	names := make([]string, len(report.HTMLSources))
	for i, s := range report.HTMLSources {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// checkRun is what finishCheck needs of a finished analysis.
type checkRun struct {
	args     *checkArgs
	cfg      *config.Config
	settings scbcheck.Settings
	cwd      string
	baseline *report.Baseline
	report   *report.Report
	// delta, when check judges a change, is the comparison whose new
	// findings the output shows and the outcome follows; report is its
	// head.
	delta *change.Delta
}

// finishCheck checks the baseline against the run, writes the report in
// the chosen format, writes the baseline file if asked, prints the gates
// and returns the outcome (see checkOutcome).
func finishCheck(stdout, stderr io.Writer, run checkRun) error {
	a, r := run.args, run.report
	// The gates and the baseline read the numbers of the gated scope.
	gated := r.InScope(a.gatedScope())
	if gated == nil {
		return fmt.Errorf("the report holds no numbers of the scope %s to gate", a.gatedScope())
	}
	var settings map[string]string
	if run.baseline != nil || a.gates.writeBaseline != "" {
		settings = runSettings(a, run.cwd, run.cfg, run.settings, r)
	}
	var against *change.BaselineDelta
	if run.baseline != nil {
		if err := run.baseline.CheckCompatible(scbcheck.Version, settings); err != nil {
			return fmt.Errorf("baseline %s: %v", a.gates.baseline, err)
		}
		// A baseline of findings is judged as a change is; with
		// --new-from-patch its patch decides, the baseline ratchets.
		if run.baseline.HasFindings() && run.delta == nil {
			var err error
			if against, err = change.CompareBaseline(run.baseline, r); err != nil {
				return fmt.Errorf("baseline %s: %w", a.gates.baseline, err)
			}
			run.delta = against.Delta
		}
	}
	if err := writeReport(stdout, stderr, run); err != nil {
		return err
	}
	if a.markdownFile != "" {
		err := safefile.Write(a.markdownFile, 0o644, func(w io.Writer) error { return writeChangeMarkdown(w, run.delta) })
		if err != nil {
			return fmt.Errorf("failed to write %s: %w", flagWriteMarkdown, err)
		}
	}
	if against != nil {
		fmt.Fprintln(stderr, baselineLine(a.gates.baseline, against))
	}
	if a.gates.writeBaseline != "" {
		b := change.NewBaseline(r, scbcheck.Version, settings)
		// The findings are the reported tree's, the metrics the gated
		// scope's (what the ratchet compares).
		b.Metrics = report.NewBaseline(gated, scbcheck.Version, nil).Metrics
		if err := writeBaselineFile(a.gates.writeBaseline, b); err != nil {
			return err
		}
	}
	gates := a.gates.gates(run.cfg.Gates, run.baseline)
	if d := run.delta; d != nil && a.change.hasBase() && d.Base != nil && a.gates.increaseSet(run.cfg.Gates) {
		// The ratchet's baseline is the change's base, in the gated scope
		// (a base without that scope's numbers held no source files).
		base := d.Base.InScope(a.gatedScope())
		if base == nil {
			base = &report.Report{}
		}
		gates.Baseline = report.NewBaseline(base, scbcheck.Version, nil)
	}
	checks := gates.Check(gated)
	for _, c := range checks {
		// The ratchet prints every delta; an absolute limit only when it
		// failed.
		if c.Failed || c.Increase {
			fmt.Fprintln(stderr, c)
		}
	}
	in := exitInput{
		hasFindings: r.HasFindings() && run.settings.Profile.FindingsFail, gatesSet: gates.Any(),
		gatesFailed: len(report.Failed(checks)) > 0, exitZero: a.exitZero,
	}
	if run.delta != nil {
		in.hasFindings, in.change = len(run.delta.NewFindings) > 0 && run.settings.Profile.FindingsFail, true
	}
	return checkOutcome(in)
}

// baselineLine says how many of the run's findings the baseline of
// findings at path hid (those not new) and how many of its findings are
// stale: "baseline base.json: 3 old findings hidden, 1 stale (no longer
// found as recorded; write it again with --write-baseline)".
func baselineLine(path string, d *change.BaselineDelta) string {
	noun := "findings"
	if d.Hidden == 1 {
		noun = "finding"
	}
	line := fmt.Sprintf("baseline %s: %d old %s hidden, %d stale", vfs.EscapePath(path), d.Hidden, noun, d.Stale)
	if d.Stale > 0 {
		line += " (no longer found as recorded; write it again with --write-baseline)"
	}
	return line
}

// writeReport writes the report to stdout in the chosen format.
func writeReport(stdout, stderr io.Writer, run checkRun) error {
	a, r := run.args, run.report
	color := useColor(a.color, stdout, os.Getenv)
	var shown *report.Change
	// The source shown is the head's: the staged bytes with --staged.
	var readFile func(string) ([]byte, error)
	if run.delta != nil {
		shown, readFile = changeOutput(run.delta), run.delta.ReadHead
	}
	switch a.format {
	case formatMarkdown:
		// parseCheck accepts markdown only with a change option.
		return writeChangeMarkdown(stdout, run.delta)
	case formatJSON:
		if run.delta != nil {
			p := run.settings.Profile
			return change.WriteCheckJSON(stdout, run.delta, p.WriteJSON, p.FrozenJSON)
		}
		return run.settings.Profile.WriteJSON(stdout, r)
	case formatText:
		return report.WriteText(stdout, r, report.TextOptions{CWD: run.cwd, MinDuplicateLines: a.minDuplicateLines, Color: color, Change: shown, ReadFile: readFile})
	case formatSARIF:
		sum, err := report.WriteSARIF(stdout, r, report.SARIFOptions{
			ToolVersion: scbcheck.Version, Root: repoRoot(a.path, run.cwd),
			Rules: ruleInfos(run.settings.Catalog()), MinDuplicateLines: a.minDuplicateLines, Change: shown,
			ReadFile: readFile,
		})
		if err == nil && sum.Omitted > 0 {
			fmt.Fprintf(stderr, "warning: SARIF output holds %d of %d results: %d omitted because %s (the lowest-severity ones, the latest in path order first)\n",
				sum.Results, sum.Results+sum.Omitted, sum.Omitted, sum.Reason)
		}
		return err
	case formatHTML:
		return report.WriteHTML(stdout, r, report.HTMLOptions{
			Generator: "scb-check " + scbcheck.Version, Source: a.htmlSource, Context: run.cfg.Context,
			MinDuplicateLines: a.minDuplicateLines, Rules: ruleInfos(run.settings.Catalog()), Words: flagWords{},
		})
	}
	return report.WriteHuman(stdout, r, report.HumanOptions{
		CWD: run.cwd, Context: run.cfg.Context, MinDuplicateLines: a.minDuplicateLines, Color: color,
		DIRHint: "per symbol: scb-check dir <PATH>", Change: shown, ReadFile: readFile,
	})
}

// ruleInfos describes the catalog's rules for SARIF.
func ruleInfos(cat *rules.Catalog) []report.RuleInfo {
	return report.RuleInfos(cat.Infos())
}

// repoRoot is the directory SARIF URIs are relative to: the nearest
// directory holding .git (a directory, or a file in a worktree) at or above
// the analysed path, else the working directory.
func repoRoot(path, cwd string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return cwd
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if info, err := os.Stat(abs); err == nil && !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			if real, err := filepath.EvalSymlinks(cwd); err == nil {
				return real
			}
			return cwd
		}
		dir = parent
	}
}

// htmlSourceCap is the HTML page's cap on source lines, as its help
// shows it.
var htmlSourceCap = strconv.FormatInt(report.DefaultHTMLSourceLines, 10)
