package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A catalog's identity is the SHA-256 of its rules' ids and documents,
// each after its length: "2:r16:id: r1" for the one rule r1 whose
// document is "id: r1". The active rules add the lowest severity run.
func TestCatalogIdentity(t *testing.T) {
	one := &Catalog{Rules: []Rule{{ID: "r1", Doc: "id: r1"}}}
	sum := sha256.Sum256([]byte("2:r16:id: r1"))
	assert.Equal(t, hex.EncodeToString(sum[:]), one.Identity())

	same := &Catalog{Rules: []Rule{{ID: "r1", Doc: "id: r1", Origin: "elsewhere.yml", Category: "other"}}}
	assert.Equal(t, one.Identity(), same.Identity(), "where a rule was read from does not change what it runs")
	edited := &Catalog{Rules: []Rule{{ID: "r1", Doc: "id: r1\n"}}}
	assert.NotEqual(t, one.Identity(), edited.Identity(), "a changed document")
	// Lengths keep the parts apart: "r1"+"x" and "r"+"1x" differ.
	a := &Catalog{Rules: []Rule{{ID: "r1", Doc: "x"}}}
	b := &Catalog{Rules: []Rule{{ID: "r", Doc: "1x"}}}
	assert.NotEqual(t, a.Identity(), b.Identity())

	assert.Equal(t, one.Identity(), one.Active(SeverityHint).CatalogIdentity())
	assert.NotEqual(t, one.Active(SeverityHint).Identity(), one.Active(SeverityWarning).Identity(),
		"the same catalog run at another lowest severity is other active rules")
	var none *Catalog
	assert.Zero(t, none.Active(SeverityHint).Len())
}
