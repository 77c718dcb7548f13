package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/rules"
)

// pypiName is the Python distribution's name on PyPI. The command it
// installs is scb-check all the same; the name itself cannot be
// scb-check, the reference's, nor one PyPI takes for it (see
// TestPyPINameIsNotTheReferences).
const pypiName = "scb-check-go"

// values are the names distinfo knows and what each prints.
var values = map[string]string{
	"version":  scbcheck.Version,
	"ast-grep": rules.PinnedAstGrep,
	"pypi":     pypiName,
}

// run prints the value of each name in args, one per line, and returns
// the exit status: 2 (and a message on stderr) for no name or an unknown
// one, before anything is printed.
func run(args []string, stdout, stderr io.Writer) int {
	var names []string
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(args) == 0 {
		fmt.Fprintf(stderr, "usage: distinfo NAME... (NAME: %s)\n", strings.Join(names, ", "))
		return 2
	}
	for _, a := range args {
		if _, ok := values[a]; !ok {
			fmt.Fprintf(stderr, "distinfo: unknown name %q (known: %s)\n", a, strings.Join(names, ", "))
			return 2
		}
	}
	for _, a := range args {
		fmt.Fprintln(stdout, values[a])
	}
	return 0
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
