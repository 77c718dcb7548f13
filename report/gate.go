package report

import (
	"fmt"
	"strconv"
)

// Gates are CI thresholds on a report's metrics. A nil limit is not
// checked. With a Baseline the ratchet is on too: erosion and verbosity may
// rise over the baseline's by at most MaxErosionIncrease and
// MaxVerbosityIncrease (0 unless set).
type Gates struct {
	MaxErosion         *float64
	MaxCogErosion      *float64
	MaxVerbosity       *float64
	MaxHighCCFunctions *int

	Baseline             *Baseline
	MaxErosionIncrease   float64
	MaxVerbosityIncrease float64
}

// gateTolerance absorbs float rounding: a value within it of its limit
// passes (metrics are shares in [0, 1], so it is far below any meaningful
// difference).
const gateTolerance = 1e-9

// Any reports whether any gate is set: then the exit status follows the
// gates alone.
func (g *Gates) Any() bool {
	return g.MaxErosion != nil || g.MaxCogErosion != nil || g.MaxVerbosity != nil ||
		g.MaxHighCCFunctions != nil || g.Baseline != nil
}

// GateCheck is the outcome of one gate on one report.
type GateCheck struct {
	// Gate is the gate's name, as its flag and config key: max-erosion,
	// max-cog-erosion, max-verbosity, max-high-cc-functions,
	// max-erosion-increase or max-verbosity-increase.
	Gate string
	// Metric is the report metric checked (the JSON key).
	Metric string
	// Measured is the metric's value in the report.
	Measured float64
	// Allowed is the limit: the most the metric may be, or, for an
	// increase gate, the most it may rise over Baseline.
	Allowed float64
	// Baseline is the baseline's value (increase gates only).
	Baseline float64
	// Increase marks a ratchet gate.
	Increase bool
	// Count marks an integer metric.
	Count  bool
	Failed bool
}

// Check runs every set gate on r, in a fixed order: the absolute limits
// (erosion, cog_erosion, verbosity, high_cc_functions), then the increases
// over the baseline (erosion, verbosity).
func (g *Gates) Check(r *Report) []GateCheck {
	var out []GateCheck
	limit := func(gate, metric string, measured float64, allowed *float64) {
		if allowed != nil {
			out = append(out, GateCheck{Gate: gate, Metric: metric, Measured: measured, Allowed: *allowed,
				Failed: measured > *allowed+gateTolerance})
		}
	}
	limit("max-erosion", "erosion", cleanFloat(r.Erosion), g.MaxErosion)
	limit("max-cog-erosion", "cog_erosion", cleanFloat(r.CogErosion), g.MaxCogErosion)
	limit("max-verbosity", "verbosity", cleanFloat(r.Verbosity), g.MaxVerbosity)
	if g.MaxHighCCFunctions != nil {
		out = append(out, GateCheck{Gate: "max-high-cc-functions", Metric: "high_cc_functions", Count: true,
			Measured: float64(r.HighCCFunctions), Allowed: float64(*g.MaxHighCCFunctions),
			Failed: r.HighCCFunctions > *g.MaxHighCCFunctions})
	}
	if b := g.Baseline; b != nil {
		increase := func(gate, metric string, measured, base, allowed float64) {
			out = append(out, GateCheck{Gate: gate, Metric: metric, Measured: measured, Baseline: base,
				Allowed: allowed, Increase: true, Failed: measured-base > allowed+gateTolerance})
		}
		increase("max-erosion-increase", "erosion", cleanFloat(r.Erosion), b.Metrics.Erosion, g.MaxErosionIncrease)
		increase("max-verbosity-increase", "verbosity", cleanFloat(r.Verbosity), b.Metrics.Verbosity, g.MaxVerbosityIncrease)
	}
	return out
}

// Failed returns the checks that failed.
func Failed(checks []GateCheck) []GateCheck {
	var out []GateCheck
	for _, c := range checks {
		if c.Failed {
			out = append(out, c)
		}
	}
	return out
}

// String is the one-line message for the check, with the measured and
// the allowed value: "gate max-erosion failed: erosion is 0.25, allowed at
// most 0.2", or for an increase gate "gate max-erosion-increase failed:
// erosion is 0.25, baseline 0.2 (+0.05), allowed increase 0.0". A check
// that passed says "passed".
func (c GateCheck) String() string {
	verdict := "passed"
	if c.Failed {
		verdict = "failed"
	}
	switch {
	case c.Increase:
		return fmt.Sprintf("gate %s %s: %s is %s, baseline %s (%s), allowed increase %s",
			c.Gate, verdict, c.Metric, formatFloat(c.Measured), formatFloat(c.Baseline),
			formatDelta(c.Measured-c.Baseline), formatFloat(c.Allowed))
	case c.Count:
		return fmt.Sprintf("gate %s %s: %s is %d, allowed at most %d",
			c.Gate, verdict, c.Metric, int(c.Measured), int(c.Allowed))
	}
	return fmt.Sprintf("gate %s %s: %s is %s, allowed at most %s",
		c.Gate, verdict, c.Metric, formatFloat(c.Measured), formatFloat(c.Allowed))
}

// formatDelta prints a difference with its sign, rounded to six
// significant digits (the difference of two shares carries rounding noise
// in its last digits): "+0.05", "-0.0125", "+0".
func formatDelta(d float64) string {
	if d > -gateTolerance && d < gateTolerance {
		return "+0"
	}
	s := strconv.FormatFloat(d, 'g', 6, 64)
	if d > 0 {
		s = "+" + s
	}
	return s
}
