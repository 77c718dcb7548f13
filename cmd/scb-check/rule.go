package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/scbcheck/scbcheck/rules"
)

const ruleHelp = `Print a rule of the catalog by id

Usage: scb-check rule [OPTIONS] <RULE_ID>

Arguments:
  <RULE_ID>  An ast-grep rule id (bundled or extra) or a structural rule id

Options:
      --rules <FILE>  Also load this ast-grep rule file (repeatable)
  -h, --help          Print help
`

// runRule prints one rule: an ast-grep rule's YAML document, or a
// structural rule's metadata.
func runRule(args []string, stdout, stderr io.Writer) int {
	var id string
	var extra []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "-h" || arg == "--help":
			fmt.Fprint(stdout, ruleHelp)
			return exitClean
		case arg == "--rules" && i+1 < len(args):
			i++
			extra = append(extra, args[i])
		case strings.HasPrefix(arg, "--rules="):
			extra = append(extra, strings.TrimPrefix(arg, "--rules="))
		case strings.HasPrefix(arg, "-") && arg != "-":
			fmt.Fprintln(stderr, usagef("error: unexpected argument '%s' found", arg))
			return exitError
		case id == "":
			id = arg
		default:
			fmt.Fprintln(stderr, usagef("error: unexpected argument '%s' found", arg))
			return exitError
		}
	}
	if id == "" {
		fmt.Fprintln(stderr, usagef("error: the following required arguments were not provided:\n  <RULE_ID>\n\nUsage: scb-check rule <RULE_ID>"))
		return exitError
	}
	cat, err := rules.LoadCatalog(append(extraRuleFiles(), extra...))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError
	}
	text, ok := cat.Lookup(id)
	if !ok {
		fmt.Fprintf(stderr, "rule not found: %s\n", id)
		return exitError
	}
	fmt.Fprintln(stdout, text)
	return exitClean
}
