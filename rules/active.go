package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/scbcheck/scbcheck/lang"
)

// The lowest severities a run may choose for the ast-grep rules it runs
// (see Catalog.Active): every rule but those off, or only the warning and
// error rules.
const (
	SeverityHint    = "hint"
	SeverityWarning = "warning"
)

// severityRank orders the severities a rule may have; off (and anything
// else) ranks nowhere and never runs.
var severityRank = map[string]int{"hint": 1, "info": 2, "warning": 3, "error": 4}

// Identity identifies the catalog by its rules: the hex SHA-256 over
// every rule's id and document, each with its length, in catalog order.
// A rule's language, severity and threshold are read from its document,
// so equal identities run equal rules. Runs (and their cached findings)
// are compared by it; a baseline records its first 16 digits.
func (c *Catalog) Identity() string {
	h := sha256.New()
	for _, r := range c.Rules {
		fmt.Fprintf(h, "%d:%s%d:%s", len(r.ID), r.ID, len(r.Doc), r.Doc)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ActiveRules are the rules a run runs, chosen once per run
// (Catalog.Active) and passed to every step that needs them.
type ActiveRules struct {
	// Rules are the active rules, in catalog order.
	Rules []Rule
	// catalog is the catalog's Identity, min the lowest severity run.
	catalog, min string
	// langs counts the active rules of each language.
	langs map[*lang.Spec]int
}

// Active returns the rules that run when the lowest severity run is min
// (SeverityHint or SeverityWarning): the rules of a language ast-grep is
// run on (lang.ForAstGrep: the reference runs Python rules only, ours
// also the opt-in languages'), of severity min or higher, never those
// off. A nil catalog has none.
func (c *Catalog) Active(min string) *ActiveRules {
	a := &ActiveRules{langs: map[*lang.Spec]int{}}
	if c == nil {
		return a
	}
	a.catalog, a.min = c.Identity(), min
	for _, r := range c.Rules {
		spec := lang.ForAstGrep(r.Language)
		if spec == nil {
			continue
		}
		if rank := severityRank[r.Severity]; rank > 0 && rank >= severityRank[min] {
			a.Rules = append(a.Rules, r)
			a.langs[spec]++
		}
	}
	return a
}

// Len is the number of active rules.
func (a *ActiveRules) Len() int { return len(a.Rules) }

// Identity identifies the active rules: the catalog's identity and the
// lowest severity run.
func (a *ActiveRules) Identity() string { return a.catalog + "\n" + a.min }

// CatalogIdentity is the Identity of the catalog the rules were chosen
// from (empty for a nil catalog).
func (a *ActiveRules) CatalogIdentity() string { return a.catalog }

// RunsOn reports whether an active rule is of the language spec.
func (a *ActiveRules) RunsOn(spec *lang.Spec) bool { return a.langs[spec] > 0 }

// For returns the number of rules a scan of files runs: the active rules
// of the languages among files.
func (a *ActiveRules) For(files []string) int {
	_, langs, _ := scannedFiles(files)
	n := 0
	for spec := range langs {
		n += a.langs[spec]
	}
	return n
}
