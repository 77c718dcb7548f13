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

// structuralInfos are the structural rules' descriptions.
var structuralInfos = []Info{
	{
		ID: TrivialWrapperID, Severity: "warning", Title: "Function adds no behavior",
		Message: "Function adds no behavior.",
		Why: "A private function whose whole body forwards its parameters unchanged to another call, " +
			"returns one of its parameters, or returns a constant adds a name and a hop without adding behavior.",
		Instead: "Call the wrapped function directly, or use the value in place.",
	},
	{
		ID: LowUseShortFunctionID, Severity: "info", Title: "Short low-use function can be inlined safely",
		Message: "Short low-use function can be inlined safely.",
		Why: "A short function called from one or two places, where inlining it keeps every caller " +
			"within the configured size, complexity and nesting budgets, splits code that reads better together.",
		Instead: "Inline the function into its callers.",
	},
}

// Infos describes every rule: the ast-grep rules in catalog order, then
// the structural rules.
func (c *Catalog) Infos() []Info {
	out := make([]Info, 0, len(c.Rules)+len(structuralInfos))
	for _, r := range c.Rules {
		var d ruleDocs
		// The document was parsed when the catalog was loaded; a document
		// whose extra fields do not decode just has no docs.
		_ = yaml.Unmarshal([]byte(r.Doc), &d)
		sev := "off"
		if r.Severity != "off" {
			sev = severityLabel(r.Severity)
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
	return append(out, structuralInfos...)
}
