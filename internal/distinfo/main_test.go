package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/rules"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{"the version", []string{"version"}, 0, scbcheck.Version + "\n", ""},
		{"the pinned ast-grep", []string{"ast-grep"}, 0, rules.PinnedAstGrep + "\n", ""},
		{"the PyPI name", []string{"pypi"}, 0, "scb-check-go\n", ""},
		{"both, in the order asked", []string{"ast-grep", "version"}, 0, rules.PinnedAstGrep + "\n" + scbcheck.Version + "\n", ""},
		{"no name", nil, 2, "", "usage: distinfo NAME... (NAME: ast-grep, pypi, version)\n"},
		{"an unknown name prints nothing else", []string{"version", "go"}, 2, "",
			"distinfo: unknown name \"go\" (known: ast-grep, pypi, version)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, tt.wantStatus, run(tt.args, &out, &errOut))
			assert.Equal(t, tt.wantOut, out.String())
			assert.Equal(t, tt.wantErr, errOut.String())
		})
	}
}

// The values are the ones the release is published under: a semantic
// version without a "v" (the wheel, npm and archive names add none).
func TestValuesAreBareVersions(t *testing.T) {
	for _, name := range []string{"version", "ast-grep"} {
		assert.Regexpf(t, `^[0-9]+\.[0-9]+\.[0-9]+$`, values[name], "%s", name)
	}
}

// pypiLookalike is the form PyPI compares a new project's name in, to
// refuse one "too similar to an existing project": the name lowercased,
// its separators (-, _ and .) dropped, and the letters that pass for
// digits folded into them (l and i to 1, o to 0).
func pypiLookalike(name string) string {
	return strings.NewReplacer("-", "", "_", "", ".", "", "l", "1", "i", "1", "o", "0").Replace(strings.ToLower(name))
}

func TestPyPILookalike(t *testing.T) {
	tests := []struct{ name, want string }{
		{"scb-check", "scbcheck"},
		{"scbcheck", "scbcheck"},
		{"SCB_Check", "scbcheck"},
		{"scb.-check", "scbcheck"},
		{"scb-check-go", "scbcheckg0"},
		{"Pillow", "p1110w"},
		{"ast-grep-cli", "astgrepc11"},
	}
	for _, tt := range tests {
		assert.Equalf(t, tt.want, pypiLookalike(tt.name), "%s", tt.name)
	}
}

// PyPI refuses an upload under a name it takes for an existing
// project's: scb-check is the reference's, and scbcheck (the name this
// wheel had first) is the same to it.
func TestPyPINameIsNotTheReferences(t *testing.T) {
	name := values["pypi"]
	for _, taken := range []string{"scb-check", "scbcheck"} {
		assert.NotEqualf(t, pypiLookalike(taken), pypiLookalike(name), "%s is too similar to %s for PyPI", name, taken)
	}
	// A valid name (PEP 508) already in its normalised form (PEP 503):
	// what pip, uv and PyPI print is what the README tells to install.
	assert.Regexp(t, `^[a-z0-9]+(-[a-z0-9]+)*$`, name)
}
