package rules

// Rule kinds of an Entry (and KindMetric).
const (
	KindAstGrep    = "ast-grep"
	KindStructural = "structural"
)

// SourceBuiltIn is the Source of the structural and metric rules, which
// are code.
const SourceBuiltIn = "built-in"

// Entry is one rule of the catalog as `scb-check rules` lists it.
type Entry struct {
	ID string
	// Kind is KindAstGrep, KindStructural or KindMetric.
	Kind string
	// Language is an ast-grep rule's language as written; "any" for the
	// structural and metric rules, which work on every analysed language.
	Language string
	// Severity is the severity as written (hint, info, warning, error or
	// off); a structural or metric rule's is warning or info.
	Severity string
	// Category is the rule's category (see Rule.Category); the kind for
	// the structural and metric rules.
	Category string
	// Source is where the rule came from: OriginBundled, the rule file's
	// path, or SourceBuiltIn for the structural and metric rules.
	Source string
}

// Entries lists every rule: the ast-grep rules in catalog order, then the
// structural rules, then the metric rules.
func (c *Catalog) Entries() []Entry {
	out := make([]Entry, 0, len(c.Rules)+len(structuralRules)+len(metricRules))
	for _, r := range c.Rules {
		out = append(out, Entry{
			ID: r.ID, Kind: KindAstGrep, Language: r.Language, Severity: r.Severity,
			Category: r.Category, Source: r.Origin,
		})
	}
	for _, r := range structuralRules {
		out = append(out, Entry{ID: r.ID, Kind: KindStructural, Language: "any", Severity: r.Severity, Category: KindStructural, Source: SourceBuiltIn})
	}
	for _, r := range metricRules {
		out = append(out, Entry{ID: r.ID, Kind: KindMetric, Language: "any", Severity: r.Severity, Category: KindMetric, Source: SourceBuiltIn})
	}
	return out
}
