package report

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGatesCheck(t *testing.T) {
	r := &Report{Erosion: 0.25, CogErosion: 0.5, Verbosity: 0.1, HighCCFunctions: 3}
	tests := []struct {
		name  string
		gates Gates
		want  []string // String() of every check, in order
	}{
		{name: "no gates, no checks", gates: Gates{}, want: nil},
		{
			name:  "a limit above the value passes, below fails",
			gates: Gates{Limits: map[string]float64{"max-erosion": 0.3, "max-cog-erosion": 0.4}},
			want: []string{
				"gate max-erosion passed: erosion is 0.25, allowed at most 0.3",
				"gate max-cog-erosion failed: cog_erosion is 0.5, allowed at most 0.4",
			},
		},
		{
			name:  "a value equal to its limit passes",
			gates: Gates{Limits: map[string]float64{"max-verbosity": 0.1, "max-high-cc-functions": 3}},
			want: []string{
				"gate max-verbosity passed: verbosity is 0.1, allowed at most 0.1",
				"gate max-high-cc-functions passed: high_cc_functions is 3, allowed at most 3",
			},
		},
		{
			name:  "a count over its limit fails",
			gates: Gates{Limits: map[string]float64{"max-high-cc-functions": 2}},
			want:  []string{"gate max-high-cc-functions failed: high_cc_functions is 3, allowed at most 2"},
		},
		{
			name:  "a limit of 0 fails on any erosion",
			gates: Gates{Limits: map[string]float64{"max-erosion": 0}},
			want:  []string{"gate max-erosion failed: erosion is 0.25, allowed at most 0.0"},
		},
		{
			name:  "the ratchet: erosion rose, verbosity fell; default allowed increase 0",
			gates: Gates{Baseline: &Baseline{Metrics: Metrics{"erosion": 0.2, "verbosity": 0.125}}},
			want: []string{
				"gate max-erosion-increase failed: erosion is 0.25, baseline 0.2 (+0.05), allowed increase 0.0",
				"gate max-verbosity-increase passed: verbosity is 0.1, baseline 0.125 (-0.025), allowed increase 0.0",
			},
		},
		{
			name: "the ratchet: a rise within the allowed increase passes",
			gates: Gates{Baseline: &Baseline{Metrics: Metrics{"erosion": 0.2, "verbosity": 0.1}},
				Limits: map[string]float64{"max-erosion-increase": 0.05, "max-verbosity-increase": 0.01}},
			want: []string{
				"gate max-erosion-increase passed: erosion is 0.25, baseline 0.2 (+0.05), allowed increase 0.05",
				"gate max-verbosity-increase passed: verbosity is 0.1, baseline 0.1 (+0), allowed increase 0.01",
			},
		},
		{
			name:  "limits come before the ratchet",
			gates: Gates{Baseline: &Baseline{Metrics: Metrics{"erosion": 0.25, "verbosity": 0.1}}, Limits: map[string]float64{"max-erosion": 1}},
			want: []string{
				"gate max-erosion passed: erosion is 0.25, allowed at most 1.0",
				"gate max-erosion-increase passed: erosion is 0.25, baseline 0.25 (+0), allowed increase 0.0",
				"gate max-verbosity-increase passed: verbosity is 0.1, baseline 0.1 (+0), allowed increase 0.0",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, c := range tt.gates.Check(r) {
				got = append(got, c.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestGatesAny(t *testing.T) {
	assert.False(t, (&Gates{}).Any())
	assert.False(t, (&Gates{Limits: map[string]float64{"max-erosion-increase": 0.1}}).Any(), "an increase limit without a baseline is no gate")
	assert.True(t, (&Gates{Limits: map[string]float64{"max-high-cc-functions": 0}}).Any())
	assert.True(t, (&Gates{Baseline: &Baseline{}}).Any())
}

func TestFailed(t *testing.T) {
	r := &Report{Erosion: 0.5, Verbosity: 0.5}
	checks := (&Gates{Limits: map[string]float64{"max-erosion": 0.4, "max-verbosity": 0.6}}).Check(r)
	failed := Failed(checks)
	if assert.Len(t, failed, 1) {
		assert.Equal(t, "max-erosion", failed[0].Gate)
		assert.Equal(t, 0.5, failed[0].Measured)
		assert.Equal(t, 0.4, failed[0].Allowed)
	}
}

func TestFormatDelta(t *testing.T) {
	assert.Equal(t, "+0", formatDelta(0))
	assert.Equal(t, "+0", formatDelta(1e-12), "rounding noise is no change")
	assert.Equal(t, "+0.05", formatDelta(0.25-0.2))
	assert.Equal(t, "-0.125", formatDelta(-0.125))
	assert.Equal(t, "+0.333333", formatDelta(1.0/3))
}

func TestRatchetToleratesRounding(t *testing.T) {
	now, base, allowed := 0.8, 0.7, 0.1
	assert.Greater(t, now-base, allowed, "in floats 0.8 - 0.7 is 0.10000000000000009")
	checks := (&Gates{Baseline: &Baseline{Metrics: Metrics{"erosion": base}}, Limits: map[string]float64{"max-erosion-increase": allowed}}).Check(&Report{Erosion: now})
	assert.Equal(t, "gate max-erosion-increase passed: erosion is 0.8, baseline 0.7 (+0.1), allowed increase 0.1", checks[0].String())
	checks = (&Gates{Baseline: &Baseline{Metrics: Metrics{"erosion": base}}, Limits: map[string]float64{"max-erosion-increase": 0.0999}}).Check(&Report{Erosion: now})
	assert.True(t, checks[0].Failed, "a real excess still fails")
}

func TestGatesValidate(t *testing.T) {
	assert.NoError(t, (&Gates{Limits: map[string]float64{"max-erosion": 0.1, "max-verbosity-increase": 0}}).Validate())
	assert.EqualError(t, (&Gates{Limits: map[string]float64{"max-erosoin": 0.1, "max-dir": 0.5, "max-erosion": 0.2}}).Validate(),
		`gates: no gate named "max-dir", "max-erosoin"`)
}
