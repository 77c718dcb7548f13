package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/safefile"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// gateArgs are the gate and ratchet flags of `scb-check check`.
type gateArgs struct {
	// limits are the gate flags given, by gate name (metric.Gates).
	limits        map[string]float64
	baseline      string
	writeBaseline string
}

// set records one gate flag (a gate of metric.Gates, --baseline or
// --write-baseline).
func (g *gateArgs) set(name, value string) error {
	switch name {
	case "--baseline":
		if value == "" {
			return usagef("error: '--baseline <FILE>' needs a file name")
		}
		g.baseline = value
		return nil
	case "--write-baseline":
		if value == "" {
			return usagef("error: '--write-baseline <FILE>' needs a file name")
		}
		g.writeBaseline = value
		return nil
	}
	gate, ok := metric.GateNamed(strings.TrimPrefix(name, "--"))
	if !ok {
		return usagef("error: unexpected argument '%s'", name)
	}
	var x float64
	switch gate.Metric.Kind {
	case metric.Count:
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return usagef("error: invalid value '%s' for '%s <%s>': expected a whole number >= 0", value, name, gate.Placeholder())
		}
		x = float64(n)
	default:
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 1 {
			return usagef("error: invalid value '%s' for '%s <%s>': expected a share from 0 to 1 (not a percentage), such as 0.25", value, name, gate.Placeholder())
		}
		x = v
	}
	if g.limits == nil {
		g.limits = map[string]float64{}
	}
	g.limits[gate.Name] = x
	return nil
}

// validate rejects increase limits given without a baseline to compare
// with: a --baseline file, or the base of a change (base).
func (g *gateArgs) validate(base bool) error {
	if g.baseline != "" || base {
		return nil
	}
	for _, gate := range metric.Gates() {
		if _, set := g.limits[gate.Name]; set && gate.Increase {
			return usagef("error: '%s' needs '--baseline <FILE>' or a base (%s, %s or %s): it bounds the rise over one",
				gate.Flag(), flagNewFromRev, flagNewFromMergeBase, flagStaged)
		}
	}
	return nil
}

// increaseSet reports whether an increase limit (a ratchet gate) is set
// by a flag or by the configuration's gates.
func (g *gateArgs) increaseSet(cfg config.Gates) bool {
	for _, gate := range metric.Gates() {
		_, flag := g.limits[gate.Name]
		_, key := cfg[gate.Name]
		if gate.Increase && (flag || key) {
			return true
		}
	}
	return false
}

// gates merges the flags over the config's gates: a flag wins over the
// config key of the same name. The increase limits apply only with a
// baseline (0 unless set).
func (g *gateArgs) gates(cfg config.Gates, baseline *report.Baseline) report.Gates {
	out := report.Gates{Limits: map[string]float64{}, Baseline: baseline}
	for name, x := range cfg {
		out.Limits[name] = x
	}
	for name, x := range g.limits {
		out.Limits[name] = x
	}
	return out
}

// gateOptions are check's gate flags (metric.Gates), each with its
// value's name.
func gateOptions() map[string]string {
	out := map[string]string{}
	for _, gate := range metric.Gates() {
		out[gate.Flag()] = "<" + gate.Placeholder() + ">"
	}
	return out
}

// gateRows are the help rows of the gate and ratchet flags, from the
// metric table: the limits, --baseline, the increases, then
// --write-baseline.
func gateRows() []helpRow {
	var limits, increases []helpRow
	for _, gate := range metric.Gates() {
		row := helpRow{gate.Flag() + " <" + gate.Placeholder() + ">", gateHelp(gate)}
		if gate.Increase {
			increases = append(increases, row)
		} else {
			limits = append(limits, row)
		}
	}
	ratcheted := helpRow{"--baseline <FILE>", "Report only the findings not in this baseline; ratchet: fail when " +
		joinWords(metric.Keys(metric.Ratcheted()), "or") + " rose over its"}
	written := helpRow{"--write-baseline <FILE>", "Write this run's baseline (metrics and findings) to FILE"}
	scope := helpRow{"--gate-scope <SCOPE>", "Apply the gates and the baseline to the numbers of this scope (production " +
		"or tests) while the whole tree is reported [default: all, the numbers reported]"}
	return slices.Concat(limits, []helpRow{ratcheted}, increases, []helpRow{written, scope})
}

// gateHelp is a gate flag's help text.
func gateHelp(gate metric.Gate) string {
	switch {
	case gate.Increase:
		return "With --baseline or a base: allowed rise of " + gate.Metric.Key + " [default: 0]"
	case gate.Metric.GateHelp != "":
		return "Gate: fail when " + gate.Metric.GateHelp
	}
	return "Gate: fail when " + gate.Metric.Key + " is above " + gate.Placeholder()
}

// joinWords lists words as a sentence does: "a", "a or b", "a, b or c"
// (with conj "or").
func joinWords(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// runSettings are the settings of this run that change a metric, recorded
// in a baseline and compared with the current run's: the analysed path
// relative to the working directory, the ast-grep version and the
// config's excludes and low-use rule settings, beside the session's own
// (scbcheck.Settings.Recorded: --include-all, --disable-sg, the rule
// catalog's identity and --scope), and for the numbers of a scope other
// than all (--scope, --gate-scope) the scope and the config's tests and
// production globs. Display settings (context, --min-duplicate-lines,
// formats), -j and the gates themselves are not among them.
func runSettings(a *checkArgs, cwd string, cfg *config.Config, s scbcheck.Settings, r *report.Report) map[string]string {
	path := a.path
	rel := path
	if abs, err := filepath.Abs(path); err == nil {
		if p, err := filepath.Rel(cwd, abs); err == nil {
			rel = p
		}
	}
	exclude, _ := json.Marshal(cfg.Exclude)
	lu := cfg.LowUse
	out := s.Recorded()
	out["path"] = filepath.ToSlash(filepath.Clean(rel))
	out["ast_grep"] = r.AstGrep.Version
	out["exclude"] = string(exclude)
	if scope := a.gatedScope(); scope != lang.ScopeAll {
		out["scope"] = string(scope)
	}
	if _, ok := out["scope"]; ok {
		// What is test code changes a scope's numbers.
		tests, _ := json.Marshal(cfg.Tests)
		production, _ := json.Marshal(cfg.Production)
		out["tests"], out["production"] = string(tests), string(production)
	}
	out["low_use_short_function"] = fmt.Sprintf("enabled=%t max-call-sites=%d max-function-sloc=%d max-inline-caller-sloc=%d "+
		"max-inline-caller-complexity=%d max-inline-caller-cognitive-complexity=%d max-inline-call-nesting=%d",
		lu.Enabled, lu.MaxCallSites, lu.MaxFunctionSLOC, lu.MaxInlineCallerSLOC,
		lu.MaxInlineCallerComplexity, lu.MaxInlineCallerCognitive, lu.MaxInlineCallNesting)
	return out
}

// writeBaselineFile writes the run's baseline to path, whole or not at
// all (a temporary file renamed into place; a link at path is replaced).
func writeBaselineFile(path string, b *report.Baseline) error {
	if err := safefile.Write(path, 0o644, func(w io.Writer) error { return report.WriteBaseline(w, b) }); err != nil {
		return fmt.Errorf("failed to write baseline: %w", err)
	}
	return nil
}
