package main

import (
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/vfs"
)

// ruleHelp is rule's help; the metric rules' old ids come from the
// metric table.
var ruleHelp = helpText{
	head: `Print a rule of the catalog by id

Usage: scb-check rule [OPTIONS] <RULE_ID>

Arguments:
  <RULE_ID>  An ast-grep rule id of the catalog (bundled, replaced or extra), a structural rule id,
` + wrapHelp(13, "or a metric rule id ("+metricAliases()+")") + `

Options:
`,
	column: 24,
	rows:   [][]helpRow{{rowCatalog, rowRules, rowHelp}},
	foot: `
Exit status: 0 when the rule was printed, 2 when it is not in the catalog or the catalog
could not be loaded.
`,
}.String()

// metricAliases says which metric keys name which metric rules (the
// metrics with a Rule, in table order): "erosion and ... name
// cyclomatic-complexity and ...".
func metricAliases() string {
	var keys, rules []string
	for _, m := range metric.All {
		if m.Rule != "" {
			keys, rules = append(keys, m.Key), append(rules, m.Rule)
		}
	}
	return joinWords(keys, "and") + " name " + joinWords(rules, "and")
}

// wrapHelp fills text into lines of at most helpWidth characters, each
// indented by indent spaces (a longer word keeps a line of its own).
func wrapHelp(indent int, text string) string {
	pad := strings.Repeat(" ", indent)
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && indent+len(line)+1+len(w) > helpWidth {
			lines = append(lines, pad+line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, pad+line), "\n")
}

// runRule prints one rule of the active catalog: an ast-grep rule's YAML
// document, a structural rule's metadata, or a metric rule's metadata and
// docs.
func runRule(c *cli, args []string) error {
	a, err := parseCatalogArgs(args, false)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, ruleHelp)
		return nil
	}
	switch len(a.positional) {
	case 0:
		return usagef("error: the following required arguments were not provided:\n  <RULE_ID>\n\nUsage: scb-check rule <RULE_ID>")
	case 1:
	default:
		return usagef("error: unexpected argument '%s' found", a.positional[1])
	}
	id := a.positional[0]
	cat, err := loadCatalog(a.catalog, a.rules, 0)
	if err != nil {
		return err
	}
	text, ok := cat.Lookup(id)
	if !ok {
		return fmt.Errorf("rule not found: %s", id)
	}
	// A rule file may hold any character: its lines and indentation are
	// kept, nothing a terminal would act on.
	fmt.Fprintln(c.stdout, vfs.EscapePath(text, '\n', '\t'))
	return nil
}
