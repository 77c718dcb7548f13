package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/safefile"
	"github.com/scbcheck/scbcheck/report"
)

// gateArgs are the gate and ratchet flags of `scb-check check`; nil is
// not given.
type gateArgs struct {
	maxErosion, maxCogErosion, maxVerbosity *float64
	maxHighCC                               *int
	maxErosionIncrease                      *float64
	maxVerbosityIncrease                    *float64
	baseline                                string
	writeBaseline                           string
}

// set records one gate flag; name is a gate flag.
func (g *gateArgs) set(name, value string) error {
	share := func(dst **float64) error {
		x, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(x) || x < 0 || x > 1 {
			return usagef("error: invalid value '%s' for '%s <SHARE>': expected a share from 0 to 1 (not a percentage), such as 0.25", value, name)
		}
		*dst = &x
		return nil
	}
	switch name {
	case "--max-erosion":
		return share(&g.maxErosion)
	case "--max-cog-erosion":
		return share(&g.maxCogErosion)
	case "--max-verbosity":
		return share(&g.maxVerbosity)
	case "--max-erosion-increase":
		return share(&g.maxErosionIncrease)
	case "--max-verbosity-increase":
		return share(&g.maxVerbosityIncrease)
	case "--max-high-cc-functions":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return usagef("error: invalid value '%s' for '--max-high-cc-functions <N>': expected a whole number >= 0", value)
		}
		g.maxHighCC = &n
	case "--baseline":
		if value == "" {
			return usagef("error: '--baseline <FILE>' needs a file name")
		}
		g.baseline = value
	case "--write-baseline":
		if value == "" {
			return usagef("error: '--write-baseline <FILE>' needs a file name")
		}
		g.writeBaseline = value
	}
	return nil
}

// validate rejects increase limits given without a baseline to compare
// with.
func (g *gateArgs) validate() error {
	if g.baseline != "" {
		return nil
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"--max-erosion-increase", g.maxErosionIncrease != nil}, {"--max-verbosity-increase", g.maxVerbosityIncrease != nil}} {
		if f.set {
			return usagef("error: '%s' needs '--baseline <FILE>': it bounds the rise over a baseline", f.name)
		}
	}
	return nil
}

// gates merges the flags over the config's gates: a flag wins over the
// config key of the same name. The increase limits apply only with a
// baseline (0 unless set).
func (g *gateArgs) gates(cfg config.Gates, baseline *report.Baseline) report.Gates {
	pick := func(flag, conf *float64) *float64 {
		if flag != nil {
			return flag
		}
		return conf
	}
	out := report.Gates{
		MaxErosion:         pick(g.maxErosion, cfg.MaxErosion),
		MaxCogErosion:      pick(g.maxCogErosion, cfg.MaxCogErosion),
		MaxVerbosity:       pick(g.maxVerbosity, cfg.MaxVerbosity),
		MaxHighCCFunctions: g.maxHighCC,
		Baseline:           baseline,
	}
	if out.MaxHighCCFunctions == nil {
		out.MaxHighCCFunctions = cfg.MaxHighCCFunctions
	}
	if x := pick(g.maxErosionIncrease, cfg.MaxErosionIncrease); x != nil {
		out.MaxErosionIncrease = *x
	}
	if x := pick(g.maxVerbosityIncrease, cfg.MaxVerbosityIncrease); x != nil {
		out.MaxVerbosityIncrease = *x
	}
	return out
}

// runSettings are the settings of this run that change a metric, recorded
// in a baseline and compared with the current run's: the analysed path
// relative to the working directory, the ast-grep version and the
// config's excludes and low-use rule settings, beside the session's own
// (scbcheck.Settings.Recorded: --include-all, --disable-sg and the rule
// catalog's identity). Display settings (context, --min-duplicate-lines,
// formats), -j and the gates themselves are not among them.
func runSettings(path, cwd string, cfg *config.Config, s scbcheck.Settings, r *report.Report) map[string]string {
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
