package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
)

// Gates are CI thresholds on a report's metrics (metric.Gates). With a
// Baseline the ratchet is on too: each ratcheted metric may rise over the
// baseline's by at most its increase gate's limit (0 unless set).
type Gates struct {
	// Limits are the gates set, by name (metric.Gate.Name: max-erosion,
	// max-high-cc-functions, max-erosion-increase, ...): for a limit the
	// most its metric may be, for an increase the most it may rise over
	// Baseline. A limit not set is not checked.
	Limits map[string]float64

	Baseline *Baseline
}

// gateTolerance absorbs float rounding: a value within it of its limit
// passes (metrics are shares in [0, 1], so it is far below any meaningful
// difference).
const gateTolerance = 1e-9

// Any reports whether any gate is set: then the exit status follows the
// gates alone. An increase limit without a baseline is no gate.
func (g *Gates) Any() bool {
	if g.Baseline != nil {
		return true
	}
	for _, gate := range metric.Gates() {
		if _, set := g.Limits[gate.Name]; set && !gate.Increase {
			return true
		}
	}
	return false
}

// Validate returns an error naming each limit that names no gate.
func (g *Gates) Validate() error {
	var unknown []string
	for name := range g.Limits {
		if _, ok := metric.GateNamed(name); !ok {
			unknown = append(unknown, strconv.Quote(name))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("gates: no gate named %s", strings.Join(unknown, ", "))
}

// GateCheck is the outcome of one gate on one report.
type GateCheck struct {
	// Gate is the gate's name, as its flag and config key (metric.Gates):
	// max-erosion, max-cog-erosion, max-verbosity, max-high-cc-functions,
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

// Check runs every set gate on r, in metric.Gates order: the absolute
// limits, then the increases over the baseline.
func (g *Gates) Check(r *Report) []GateCheck {
	var out []GateCheck
	for _, gate := range metric.Gates() {
		m := gate.Metric
		v, _ := r.Value(m.Key)
		c := GateCheck{Gate: gate.Name, Metric: m.Key, Measured: cleanFloat(v), Count: m.Kind == metric.Count}
		tolerance := gateTolerance
		if c.Count {
			tolerance = 0
		}
		allowed, set := g.Limits[gate.Name]
		switch {
		case gate.Increase && g.Baseline != nil:
			c.Baseline, c.Allowed, c.Increase = g.Baseline.Metrics[m.Key], allowed, true
			c.Failed = c.Measured-c.Baseline > allowed+tolerance
		case !gate.Increase && set:
			c.Allowed = allowed
			c.Failed = c.Measured > allowed+tolerance
		default:
			continue
		}
		out = append(out, c)
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
