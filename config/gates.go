package config

import (
	"fmt"
	"math"
)

// Gates are the CI gates of the [gates] table (in a pyproject.toml,
// [tool.scb-check.gates]). A nil field is not set. The command-line flags
// of the same names override them.
type Gates struct {
	// MaxErosion, MaxCogErosion and MaxVerbosity are shares from 0 to 1.
	MaxErosion    *float64
	MaxCogErosion *float64
	MaxVerbosity  *float64
	// MaxHighCCFunctions is a count.
	MaxHighCCFunctions *int
	// MaxErosionIncrease and MaxVerbosityIncrease bound the rise over a
	// baseline; they apply only when a run is given one.
	MaxErosionIncrease   *float64
	MaxVerbosityIncrease *float64
}

// shareGates are the keys of [gates] holding a share, and their fields.
var shareGates = []struct {
	key   string
	field func(*Gates) **float64
}{
	{"max-erosion", func(g *Gates) **float64 { return &g.MaxErosion }},
	{"max-cog-erosion", func(g *Gates) **float64 { return &g.MaxCogErosion }},
	{"max-verbosity", func(g *Gates) **float64 { return &g.MaxVerbosity }},
	{"max-erosion-increase", func(g *Gates) **float64 { return &g.MaxErosionIncrease }},
	{"max-verbosity-increase", func(g *Gates) **float64 { return &g.MaxVerbosityIncrease }},
}

// gates decodes the [gates] table.
func (d *decoder) gates(t map[string]any, prefix string, g *Gates) {
	for _, key := range sortedKeys(t) {
		v := t[key]
		if key == "max-high-cc-functions" {
			if n, ok := d.uint(prefix+key, v); ok {
				g.MaxHighCCFunctions = &n
			}
			continue
		}
		found := false
		for _, s := range shareGates {
			if s.key != key {
				continue
			}
			found = true
			if x, ok := d.share(prefix+key, v); ok {
				*s.field(g) = &x
			}
		}
		if !found {
			d.parseError("unknown key %q", prefix+key)
		}
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
