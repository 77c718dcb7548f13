package config

import (
	"fmt"
	"math"

	"github.com/scbcheck/scbcheck/metric"
)

// Gates are the CI gates of the [gates] table (in a pyproject.toml,
// [tool.scb-check.gates]), by key: each key is a gate's name
// (metric.Gates: max-erosion, max-high-cc-functions,
// max-erosion-increase, ...). A gate not set is absent. A share's limit
// (and an increase's) is from 0 to 1, a count's a whole number. The
// command-line flags of the same names override them.
type Gates map[string]float64

// gates decodes the [gates] table.
func (d *decoder) gates(t map[string]any, prefix string, g *Gates) {
	for _, key := range sortedKeys(t) {
		v := t[key]
		gate, ok := metric.GateNamed(key)
		if !ok {
			d.parseError("unknown key %q", prefix+key)
			continue
		}
		var x float64
		switch gate.Metric.Kind {
		case metric.Share:
			x, ok = d.share(prefix+key, v)
		case metric.Count:
			var n int
			n, ok = d.uint(prefix+key, v)
			x = float64(n)
		default:
			d.parseError("key %q: no gate on a %s", prefix+key, gate.Metric.Kind)
			ok = false
		}
		if !ok {
			continue
		}
		if *g == nil {
			*g = Gates{}
		}
		(*g)[key] = x
	}
}

// share returns v as a number from 0 to 1 (an integer 0 or 1 too), or
// records a problem naming the key.
func (d *decoder) share(key string, v any) (float64, bool) {
	var x float64
	switch n := v.(type) {
	case float64:
		x = n
	case int64:
		x = float64(n)
	default:
		d.typeError(key, "a number from 0 to 1", v)
		return 0, false
	}
	if math.IsNaN(x) || x < 0 || x > 1 {
		d.parseError("key %q must be a share from 0 to 1 (not a percentage), found %s", key, fmt.Sprint(v))
		return 0, false
	}
	return x, true
}
