package scbcheck_test

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck"
)

// The zero Options measure as `scb-check check` does by default; a
// harness comparing with published numbers names a preset. On this tree
// (app.py, and generated.py, which its .ignore file lists): the default
// honours the ignore file and runs the warning and error rules only;
// scb-check 0.2.0's --include-all reads generated.py (cc 12) and runs the
// info rules too; SlopCodeBench (0.1.3 with --include-all) also counts a
// function whose body is one return as a trivial wrapper.
func ExampleAsSlopCodeBench() {
	for _, preset := range []struct {
		name string
		opt  scbcheck.Options
	}{
		{"default", scbcheck.Options{}},
		{"0.2.0 --include-all", scbcheck.AsScbCheck020(scbcheck.Options{})},
		{"SlopCodeBench", scbcheck.AsSlopCodeBench(scbcheck.Options{})},
	} {
		opt := preset.opt
		opt.Path, opt.AstGrep = "testdata/presets", "ast-grep"
		r, err := scbcheck.Analyze(context.Background(), opt)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-20s files %d, functions %d, verbosity %d/%d = %.4f, erosion %.4f\n",
			preset.name, r.FilesScanned, r.TotalFunctions, r.VerbosityFlaggedLOC, r.TotalLOC, r.Verbosity, r.Erosion)
	}
	// Output:
	// default              files 1, functions 4, verbosity 4/20 = 0.2000, erosion 0.0000
	// 0.2.0 --include-all  files 2, functions 5, verbosity 31/44 = 0.7045, erosion 0.7117
	// SlopCodeBench        files 2, functions 5, verbosity 33/44 = 0.7500, erosion 0.7117
}
