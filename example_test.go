package scbcheck_test

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck"
)

// Analyze a directory and read the report: the totals and each
// callable's measurements. report.WriteJSON(os.Stdout, r) would print the
// reference JSON report.
func ExampleAnalyze() {
	// DisableSG skips the ast-grep rules; set AstGrep to the ast-grep
	// executable to run them.
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: "testdata/example", DisableSG: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("files:", r.FilesScanned, "sloc:", r.TotalLOC, "functions:", r.TotalFunctions)
	for _, f := range r.Files {
		for _, c := range f.Callables {
			fmt.Printf("%s cc=%d cog=%d sloc=%d\n", c.QualifiedName, c.CC, c.Cog, c.SLOC)
		}
	}
	fmt.Printf("total mass %.4f, erosion %.1f\n", r.TotalMass, r.Erosion)
	// Output:
	// files: 1 sloc: 9 functions: 2
	// area cc=3 cog=3 sloc=6
	// Grid.cells cc=3 cog=0 sloc=2
	// total mass 11.5911, erosion 0.0
}

// A Session runs many analyses with the same settings and one cache: a
// trajectory's checkpoints, a batch's snapshots. Here the same directory
// twice, with a cache held in memory: the second run reads the file's
// analysis back instead of parsing it again.
func ExampleSession() {
	s, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, MemoryCache: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	var stats scbcheck.CacheStats
	for range 2 {
		r, err := s.Run(context.Background(), scbcheck.Target{Path: "testdata/example", CacheStats: &stats})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("sloc:", r.TotalLOC, "functions:", r.TotalFunctions)
	}
	fmt.Println("analysed:", stats.FileMisses, "read back:", stats.FileHits)
	// Output:
	// sloc: 9 functions: 2
	// sloc: 9 functions: 2
	// analysed: 1 read back: 1
}

// Options.Progress is told how far a run has got: here each file done of
// those found (PhaseFiles; with ast-grep, PhaseAstGrep says when its scan
// starts and ends). The library prints nothing itself: a command draws
// its progress line from these reports.
func ExampleOptions_progress() {
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: "testdata/example", DisableSG: true,
		Progress: func(p scbcheck.Progress) {
			fmt.Printf("%s %d/%d\n", p.Phase, p.Done, p.Total)
		},
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// files 0/1
	// files 1/1
}
