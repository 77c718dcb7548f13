package main

import (
	"fmt"

	"github.com/scbcheck/scbcheck/vfs"
)

// ruleHelp is rule's help.
var ruleHelp = helpText{
	head: `Print a rule of the catalog by id

Usage: scb-check rule [OPTIONS] <RULE_ID>

Arguments:
  <RULE_ID>  An ast-grep rule id of the catalog (bundled, replaced or extra), a structural rule id,
             or a metric rule id (erosion and cog_erosion name cyclomatic-complexity and
             cognitive-complexity)

Options:
`,
	column: 24,
	rows:   [][]helpRow{{rowCatalog, rowRules, rowHelp}},
	foot: `
Exit status: 0 when the rule was printed, 2 when it is not in the catalog or the catalog
could not be loaded.
`,
}.String()

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
