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
}

// ruleDocs is the part of a rule document Infos reads.
type ruleDocs struct {
	Message string `yaml:"message"`
	Docs    struct {
		Title   string `yaml:"title"`
		Why     string `yaml:"why"`
		Instead string `yaml:"instead"`
	} `yaml:"docs"`
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
		out = append(out, Info{ID: r.ID, Severity: sev, Title: title, Message: d.Message, Why: d.Docs.Why, Instead: d.Docs.Instead})
	}
	for _, r := range structuralRules {
		out = append(out, Info{ID: r.ID, Severity: r.Severity, Title: r.Title, Message: r.Message, Why: r.Why, Instead: r.Instead})
	}
	return append(out, MetricInfos()...)
}
