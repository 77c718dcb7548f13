package compat013

import (
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/rules"
)

// Weighed returns a copy of the catalog c with scb-check 0.1.3's
// severities (0.1.3 §9): each bundled rule whose metadata has a weight is
// a warning when the weight is 5 or more, else info; 0.1.3 has no error
// rule. The rule's document is rewritten with it (its top-level severity
// line), since ast-grep reads the severity there, so the copy has its own
// Identity. Rules without a weight, and rules not bundled (catalog and
// extra files), keep theirs.
func Weighed(c *rules.Catalog) *rules.Catalog {
	if c == nil {
		return nil
	}
	out := *c
	out.Rules = make([]rules.Rule, len(c.Rules))
	for i, r := range c.Rules {
		out.Rules[i] = r
		if r.Origin != rules.OriginBundled {
			continue
		}
		w, ok := rules.ScanField(r.Doc, "weight:")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(w)
		if err != nil {
			continue
		}
		sev := "info"
		if n >= 5 {
			sev = "warning"
		}
		if doc, ok := withSeverity(r.Doc, sev); ok {
			out.Rules[i].Doc, out.Rules[i].Severity = doc, sev
		}
	}
	return &out
}

// withSeverity rewrites the top-level severity line of a rule document;
// false when it has none.
func withSeverity(doc, sev string) (string, bool) {
	lines := strings.Split(doc, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "severity:") {
			lines[i] = "severity: " + sev
			return strings.Join(lines, "\n"), true
		}
	}
	return doc, false
}
