package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

const rulesHelp = `List the rules of the catalog: id, language, severity, category and source

Usage: scb-check rules [OPTIONS]

Options:
      --catalog <PATH>          Replace the bundled rules with the rules of this file or directory
                                (repeatable; else $SCB_CHECK_SLOP_RULES)
      --rules <FILE>            Also load this ast-grep rule file (repeatable; added to
                                $SCB_CHECK_EXTRA_SLOP_RULES)
      --output-format <FORMAT>  text or json [default: text]
  -h, --help                    Print help

Exit status: 0 when the catalog was listed, 2 when it could not be loaded.
`

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
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			a.positional = append(a.positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			a.positional = append(a.positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg, "=")
		metavar := map[string]string{"--catalog": "<PATH>", "--rules": "<FILE>", "--output-format": "<FORMAT>"}[name]
		if name == "--output-format" && !withFormat {
			metavar = ""
		}
		switch {
		case arg == "-h" || arg == "--help":
			a.help = true
			continue
		case metavar == "":
			return nil, usagef("error: unexpected argument '%s' found", arg)
		case !hasValue:
			if i+1 >= len(args) {
				return nil, usagef("error: a value is required for '%s %s' but none was supplied", name, metavar)
			}
			i++
			value = args[i]
		}
		switch name {
		case "--catalog":
			a.catalog = append(a.catalog, value)
		case "--rules":
			a.rules = append(a.rules, value)
		case "--output-format":
			switch value {
			case formatText, formatHuman, formatJSON:
				a.format = value
			default:
				return nil, usagef("error: invalid value '%s' for '--output-format <FORMAT>'\n  [possible values: text, json]", value)
			}
		}
	}
	return a, nil
}

// loadCatalog loads the catalog of a command: the --catalog paths (else
// $SCB_CHECK_SLOP_RULES, else the bundled rules), then the extra rule
// files of $SCB_CHECK_EXTRA_SLOP_RULES and --rules, none larger than max
// bytes (0: the default cap, negative: none).
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
func runRules(args []string, stdout, stderr io.Writer) int {
	a, err := parseCatalogArgs(args, true)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError
	}
	if a.help {
		fmt.Fprint(stdout, rulesHelp)
		return exitClean
	}
	if len(a.positional) > 0 {
		fmt.Fprintln(stderr, usagef("error: unexpected argument '%s' found", a.positional[0]))
		return exitError
	}
	cat, err := loadCatalog(a.catalog, a.rules, 0)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError
	}
	listing := report.RuleListing{Catalog: cat.Name(scbcheck.Version)}
	for _, e := range cat.Entries() {
		listing.Rules = append(listing.Rules, report.ListedRule(e))
	}
	if a.format == formatJSON {
		err = report.WriteRulesJSON(stdout, listing)
	} else {
		err = report.WriteRulesText(stdout, listing)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError
	}
	return exitClean
}
