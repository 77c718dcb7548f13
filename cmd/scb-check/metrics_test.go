package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/metric"
)

// Every gate of the metric table is wired end to end: a flag of check
// with its value's name and a help row, refused by trajectory, a key of
// the configuration's [gates], merged into the report's gates (a flag
// over the key), and an input of the GitHub Action passed on as the flag.
// A gate added to the table cannot be half-wired.
func TestEveryGateIsWired(t *testing.T) {
	action, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	require.NoError(t, err)
	for _, gate := range metric.Gates() {
		t.Run(gate.Name, func(t *testing.T) {
			flag, metavar := gate.Flag(), "<"+gate.Placeholder()+">"
			assert.Equal(t, metavar, checkOptions[flag].metavar, "check option")
			assert.Regexp(t, `\n      `+flag+` `+metavar+`[ \n]`, checkHelp, "help row")
			assert.True(t, checkOnlyFlags[flag], "trajectory refuses it")

			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "scb-check.toml"), []byte("[gates]\n"+gate.Name+" = 0\n"), 0o644))
			cfg, err := config.Load(dir, "")
			require.NoError(t, err, "config key")
			assert.Equal(t, config.Gates{gate.Name: 0}, cfg.Gates)

			args := []string{flag, "1", "."}
			if gate.Increase {
				args = append([]string{"--baseline", "base.json"}, args...)
			}
			a, err := parseCheck(args)
			require.NoError(t, err, "flag")
			assert.Equal(t, map[string]float64{gate.Name: 1}, a.gates.gates(cfg.Gates, nil).Limits, "the flag wins over the key")

			assert.Contains(t, string(action), "\n  "+gate.Name+":\n", "action input")
			assert.Contains(t, string(action), `"`+flag+`=$INPUT_`+strings.ToUpper(strings.ReplaceAll(gate.Name, "-", "_"))+`"`,
				"the action passes the input on")
		})
	}
}

func TestGateFlagValues(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // the error's first line, "" for none
	}{
		{"a share from 0 to 1", []string{"--max-cog-erosion", "0.35", "."}, ""},
		{"a percentage is no share", []string{"--max-cog-erosion", "35", "."},
			"error: invalid value '35' for '--max-cog-erosion <SHARE>': expected a share from 0 to 1 (not a percentage), such as 0.25"},
		{"a count is whole", []string{"--max-high-cc-functions", "2.5", "."},
			"error: invalid value '2.5' for '--max-high-cc-functions <N>': expected a whole number >= 0"},
		{"an increase needs a baseline", []string{"--max-verbosity-increase", "0.1", "."},
			"error: '--max-verbosity-increase' needs '--baseline <FILE>' or a base (--new-from-rev, --new-from-merge-base or --staged): it bounds the rise over one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseCheck(tt.args)
			if tt.want == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, tt.want)
			}
		})
	}
}

func TestGatesHelp(t *testing.T) {
	assert.Equal(t, `Options:
      --max-erosion <SHARE>        Gate: fail when erosion is above SHARE (0 to 1)
      --max-cog-erosion <SHARE>    Gate: fail when cog_erosion is above SHARE
      --max-verbosity <SHARE>      Gate: fail when verbosity is above SHARE
      --max-high-cc-functions <N>  Gate: fail when more than N functions have complexity > 10
      --baseline <FILE>            Report only the findings not in this baseline; ratchet: fail when
                                   erosion or verbosity rose over its
      --max-erosion-increase <SHARE>
                                   With --baseline or a base: allowed rise of erosion [default: 0]
      --max-verbosity-increase <SHARE>
                                   With --baseline or a base: allowed rise of verbosity [default: 0]
      --write-baseline <FILE>      Write this run's baseline (metrics and findings) to FILE
      --gate-scope <SCOPE>         Apply the gates and the baseline to the numbers of this scope
                                   (production or tests) while the whole tree is reported
                                   [default: all, the numbers reported]
`, helpText{head: "Options:\n", column: 35, rows: [][]helpRow{gateRows()}}.String())
}

func TestJoinWords(t *testing.T) {
	assert.Equal(t, "a", joinWords([]string{"a"}, "or"))
	assert.Equal(t, "a or b", joinWords([]string{"a", "b"}, "or"))
	assert.Equal(t, "a, b and c", joinWords([]string{"a", "b", "c"}, "and"))
}
