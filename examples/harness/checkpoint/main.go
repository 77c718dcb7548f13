// Command checkpoint measures one checkpoint as SlopCodeBench does and
// lists its heaviest functions: checkpoint DIR [N].
package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: checkpoint DIR [N]")
		os.Exit(2)
	}
	top := 3
	if len(os.Args) > 2 {
		n, err := strconv.Atoi(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		top = n
	}
	opt := scbcheck.AsSlopCodeBench(scbcheck.Options{Path: os.Args[1], AstGrep: "ast-grep"})
	r, err := scbcheck.Analyze(context.Background(), opt)
	if err != nil {
		// A failed run gives no report: nothing here can be stored.
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("erosion %.4f verbosity %.4f functions %d mass %.4f\n", r.Erosion, r.Verbosity, r.TotalFunctions, r.TotalMass)
	fns := r.Functions()
	slices.SortStableFunc(fns, func(a, b report.Function) int { return cmp.Compare(b.CCMass, a.CCMass) })
	for _, f := range fns[:min(top, len(fns))] {
		fmt.Printf("%s:%d %s cc %d sloc %d mass %.4f\n", f.Path, f.StartLine, f.QualifiedName, f.CC, f.SLOC, f.CCMass)
	}
}
