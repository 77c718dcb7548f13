package testkit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCheckSARIF(t *testing.T) {
	tests := []struct {
		name  string
		log   string
		valid bool
	}{
		{"a minimal log", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}}}]}`, true},
		{"a driver needs a name", `{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`, false},
		{"only version 2.1.0", `{"version":"2.0.0","runs":[]}`, false},
		{"unknown top-level keys are rejected", `{"version":"2.1.0","runs":[],"extra":1}`, false},
		{"a level outside the enum", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`, false},
		{"startLine is at least 1", `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.py"},"region":{"startLine":0}}}]}]}]}`, false},
		{"formats are asserted: $schema must be an absolute URI", `{"$schema":"sarif.json","version":"2.1.0","runs":[]}`, false},
		{"not JSON", `{`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSARIF([]byte(tt.log))
			if tt.valid {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}
