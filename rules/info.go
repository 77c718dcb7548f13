package rules

import (
	yaml "go.yaml.in/yaml/v3"
)

// Info describes one rule of the catalog for report formats that list the
// rules beside their findings (SARIF).
type Info struct {
	ID string
	// Severity is the label the rule's findings are reported with: info,
	// warning or critical; "off" for an ast-grep rule that never runs.
	Severity string
	// Title is a one-line name of what the rule flags (the docs title, else
	// the message).
	Title string
	// Message is the rule's finding message.
	Message string
	// Why and Instead are the rule's documentation, empty when it has none
	// (extra rules need not document themselves).
	Why, Instead string
	// Flagged and Clean are an ast-grep rule's examples: snippets it
	// flags (examples.invalid) and snippets it leaves alone
	// (examples.valid); none for a rule without examples.
	Flagged, Clean []string
}

// ruleDocs is the part of a rule document Infos reads.
type ruleDocs struct {
	Message string `yaml:"message"`
	Docs    struct {
		Title   string `yaml:"title"`
		Why     string `yaml:"why"`
		Instead string `yaml:"instead"`
	} `yaml:"docs"`
	Examples struct {
		Invalid []string `yaml:"invalid"`
		Valid   []string `yaml:"valid"`
	} `yaml:"examples"`
}

// Infos describes every rule: the ast-grep rules in catalog order, then
// the structural rules, then the metric rules.
func (c *Catalog) Infos() []Info {
	out := make([]Info, 0, len(c.Rules)+len(structuralRules)+len(metricRules))
	for _, r := range c.Rules {
		var d ruleDocs
		// The document was parsed when the catalog was loaded; a document
		// whose extra fields do not decode just has no docs.
		_ = yaml.Unmarshal([]byte(r.Doc), &d)
		sev := "off"
		if r.Severity != "off" {
			sev = SeverityLabel(r.Severity)
		}
		title := d.Docs.Title
		if title == "" {
			title = d.Message
		}
		if title == "" {
			title = r.ID
		}
		out = append(out, Info{ID: r.ID, Severity: sev, Title: title, Message: d.Message, Why: d.Docs.Why, Instead: d.Docs.Instead,
			Flagged: d.Examples.Invalid, Clean: d.Examples.Valid})
	}
	for _, r := range structuralRules {
		out = append(out, Info{ID: r.ID, Severity: r.Severity, Title: r.Title, Message: r.Message, Why: r.Why, Instead: r.Instead})
	}
	return append(out, MetricInfos()...)
}

// Describe describes the rule id names (an alias of a metric rule too, see
// CanonicalID), as Infos does; false when the catalog has no such rule.
func (c *Catalog) Describe(id string) (Info, bool) {
	id = CanonicalID(id)
	for _, info := range c.Infos() {
		if info.ID == id {
			return info, true
		}
	}
	return Info{}, false
}
