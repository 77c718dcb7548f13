package main

import (
	"bytes"
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
		{"both, in the order asked", []string{"ast-grep", "version"}, 0, rules.PinnedAstGrep + "\n" + scbcheck.Version + "\n", ""},
		{"no name", nil, 2, "", "usage: distinfo NAME... (NAME: ast-grep, version)\n"},
		{"an unknown name prints nothing else", []string{"version", "go"}, 2, "",
			"distinfo: unknown name \"go\" (known: ast-grep, version)\n"},
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
	for name, v := range values {
		assert.Regexpf(t, `^[0-9]+\.[0-9]+\.[0-9]+$`, v, "%s", name)
	}
}
