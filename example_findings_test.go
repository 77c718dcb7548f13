package scbcheck_test

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

// Read the findings of a report: the rule findings (ast-grep and
// structural), the clone instances, and the callables over a complexity
// threshold, which are the erosion findings.
func ExampleAnalyze_findings() {
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: "testdata/example_slop", DisableSG: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range r.Findings {
		fmt.Printf("%s %s[%s] line %d-%d: %s\n", f.Kind, f.Severity, f.RuleID, f.Line, f.EndLine, f.Message)
	}
	for _, c := range r.CloneBlocks {
		fmt.Printf("clone of %d instances, lines %d-%d (%d SLOC)\n", c.Instances, c.StartLine, c.EndLine, c.SLOC)
	}
	for _, f := range r.Files {
		for _, c := range f.Callables {
			if c.CC > report.HighComplexity || c.Cog > report.HighComplexity {
				fmt.Printf("%s: cc %d, cognitive %d, sloc %d, nesting %d\n", c.QualifiedName, c.CC, c.Cog, c.SLOC, c.MaxNesting)
			}
		}
	}
	fmt.Printf("verbosity %.4f = %d flagged of %d SLOC; erosion %.4f\n", r.Verbosity, r.VerbosityFlaggedLOC, r.TotalLOC, r.Erosion)
	// Output:
	// structural warning[trivial-wrapper] line 1-2: `_identity` adds no behavior
	// clone of 2 instances, lines 5-8 (4 SLOC)
	// clone of 2 instances, lines 11-14 (4 SLOC)
	// tangled: cc 12, cognitive 13, sloc 12, nesting 3
	// verbosity 0.4545 = 10 flagged of 22 SLOC; erosion 0.8848
}
