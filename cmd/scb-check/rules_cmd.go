package main

import (
	"fmt"
	"io"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// rulesHelp is the rules command's help.
var rulesHelp = helpText{
	head: `List the rules of the catalog: id, language, severity, category and source

Usage: scb-check rules [OPTIONS]

Options:
`,
	column: 32,
	rows:   [][]helpRow{{rowCatalog, rowRules, rowOutputFormat(rulesFormats, ""), rowHelp}},
	foot: `
Exit status: 0 when the catalog was listed, 2 when it could not be loaded.
`,
}.String()

// rulesFormats are the rules command's output formats; human, the other
// commands' default, is taken for text.
var rulesFormats = formatChoice{
	option:   "'--output-format <FORMAT>'",
	formats:  []outputFormat{{formatText, ""}, {formatJSON, ""}},
	synonyms: map[string]string{formatHuman: formatText},
}

// catalogArgs are the arguments of the rule and rules commands.
type catalogArgs struct {
	catalog, rules []string
	format         string
	positional     []string
	help           bool
}

// parseCatalogArgs reads --catalog, --rules, --output-format (when
// withFormat), --help and positional arguments.
func parseCatalogArgs(args []string, withFormat bool) (*catalogArgs, error) {
	a := &catalogArgs{}
	help := func(_, _ string) error { a.help = true; return nil }
	opts := map[string]option{
		"-h": {"", help}, "--help": {"", help},
		"--catalog": {"<PATH>", func(_, v string) error { a.catalog = append(a.catalog, v); return nil }},
		"--rules":   {"<FILE>", func(_, v string) error { a.rules = append(a.rules, v); return nil }},
	}
	if withFormat {
		opts["--output-format"] = option{"<FORMAT>", func(_, value string) (err error) {
			a.format, err = rulesFormats.parse(value)
			return err
		}}
	}
	positional, _, err := scanArgs(args, optionTable{lookup: byName(opts), wholeArgument: true, names: func() []string { return mapKeys(opts) }})
	if err != nil {
		return nil, err
	}
	a.positional = positional
	return a, nil
}

// loadCatalog loads the catalog of a command: the --catalog paths (else
// $SCB_CHECK_SLOP_RULES, else the bundled rules), then the extra rule
// files of $SCB_CHECK_EXTRA_SLOP_RULES and --rules, none larger than max
// bytes (none when not positive: a resolved limit, see configCap).
func loadCatalog(catalog, extra []string, max int64) (*rules.Catalog, error) {
	return rules.Load(rules.CatalogOptions{
		Replace:     catalogPaths(catalog),
		Extra:       append(extraRuleFiles(), extra...),
		MaxFileSize: max,
	})
}

// warnEmptyCatalog says on stderr that a catalog holds no ast-grep rule.
func warnEmptyCatalog(stderr io.Writer, cat *rules.Catalog) {
	if len(cat.Rules) == 0 {
		fmt.Fprintf(stderr, "warning: the rule catalog %s holds no ast-grep rules, so verbosity counts clones and structural rules only\n",
			cat.Name(scbcheck.Version))
	}
}

// runRules lists the active catalog.
func runRules(c *cli, args []string) error {
	a, err := parseCatalogArgs(args, true)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprint(c.stdout, rulesHelp)
		return nil
	}
	if len(a.positional) > 0 {
		return usagef("error: unexpected argument '%s' found", a.positional[0])
	}
	cat, err := loadCatalog(a.catalog, a.rules, 0)
	if err != nil {
		return err
	}
	listing := report.RuleListing{Catalog: cat.Name(scbcheck.Version)}
	for _, e := range cat.Entries() {
		listing.Rules = append(listing.Rules, report.ListedRule(e))
	}
	if a.format == formatJSON {
		return report.WriteRulesJSON(c.stdout, listing)
	}
	return report.WriteRulesText(c.stdout, listing)
}
