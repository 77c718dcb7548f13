package scbcheck

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/rules"
)

// Options resolve once into the settings every step reads: defaults
// applied, "none" spelled 0, the policy chosen by IncludeAll and the
// active rules by the policy's lowest severity.
func TestResolveSettings(t *testing.T) {
	cat := &rules.Catalog{Rules: []rules.Rule{
		{ID: "w", Language: "python", Severity: "warning", Doc: "id: w"},
		{ID: "i", Language: "python", Severity: "info", Doc: "id: i"},
		{ID: "o", Language: "python", Severity: "off", Doc: "id: o"},
	}}
	cases := []struct {
		name       string
		opt        Options
		policy     Policy
		active     int
		maxSize    int64
		parse      time.Duration
		astGrep    string
		astTimeout time.Duration
		maxConfig  int64
	}{
		{"defaults", Options{Catalog: cat}, DefaultPolicy, 1,
			DefaultMaxFileSize, DefaultParseTimeout, "ast-grep", DefaultAstGrepTimeout, 1 << 20},
		{"include-all runs the info rule, never the one off", Options{Catalog: cat, IncludeAll: true}, IncludeAllPolicy, 2,
			DefaultMaxFileSize, DefaultParseTimeout, "ast-grep", DefaultAstGrepTimeout, 1 << 20},
		{"negative limits are none", Options{Catalog: cat, MaxFileSize: -1, ParseTimeout: -1, AstGrepTimeout: -1, MaxConfigSize: -1}, DefaultPolicy, 1,
			0, 0, "ast-grep", 0, 0},
		{"given values are kept", Options{Catalog: cat, MaxFileSize: 5, ParseTimeout: time.Second, AstGrep: "sg", AstGrepTimeout: time.Minute, MaxConfigSize: 7},
			DefaultPolicy, 1, 5, time.Second, "sg", time.Minute, 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := resolve(tc.opt)
			require.NoError(t, err)
			assert.Equal(t, tc.policy, s.Policy)
			assert.Equal(t, tc.policy.IgnoreFiles, s.engine.IgnoreFiles)
			assert.Equal(t, tc.active, s.engine.Active.Len())
			assert.Equal(t, tc.maxSize, s.engine.MaxFileSize)
			assert.Equal(t, tc.parse, s.engine.ParseTimeout)
			assert.Equal(t, tc.astGrep, s.engine.AstGrep)
			assert.Equal(t, tc.astTimeout, s.engine.AstGrepTimeout)
			assert.Equal(t, tc.maxConfig, s.engine.MaxConfigSize)
			assert.Equal(t, cat.IDs(), s.engine.RuleIDs)
		})
	}
}

// The policies are what --include-all has always meant: every file
// walked, the hint and info rules run, no suppression or threshold; and
// a baseline records the choice and the catalog's identity.
func TestPoliciesAndRecordedSettings(t *testing.T) {
	assert.Equal(t, Policy{IgnoreFiles: true, MinSeverity: "warning", Suppressions: true, Thresholds: true}, DefaultPolicy)
	assert.Equal(t, Policy{MinSeverity: "hint"}, IncludeAllPolicy)
	cat := &rules.Catalog{Rules: []rules.Rule{{ID: "w", Language: "python", Severity: "warning", Doc: "id: w"}}}
	s, err := resolve(Options{Catalog: cat, IncludeAll: true, DisableSG: true})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"include_all": "true", "disable_sg": "true", "rules": cat.Identity()[:16]}, s.Recorded())
}
