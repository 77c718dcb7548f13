package scbcheck_test

import (
	"context"
	"fmt"

	"github.com/scbcheck/scbcheck"
)

// Diff measures a base and a head tree and compares them: here two
// directories, the head's area gaining a guard. Each number of the report
// has its delta, head minus base.
func ExampleDiff() {
	d, err := scbcheck.Diff(context.Background(), scbcheck.DiffOptions{
		// DisableSG skips the ast-grep rules; set AstGrep to run them.
		Options: scbcheck.Options{DisableSG: true},
		Base:    scbcheck.Tree{Kind: scbcheck.Directory, Dir: "testdata/diff/base"},
		Head:    scbcheck.Tree{Kind: scbcheck.Directory, Dir: "testdata/diff/head"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, key := range []string{"total_loc", "total_functions", "total_mass", "total_cog_mass", "erosion"} {
		b, _ := d.Base.Value(key)
		h, _ := d.Head.Value(key)
		fmt.Printf("%s: %.4f -> %.4f (%+.4f)\n", key, b, h, d.Metrics[key])
	}
	// Output:
	// total_loc: 2.0000 -> 4.0000 (+2.0000)
	// total_functions: 1.0000 -> 1.0000 (+0.0000)
	// total_mass: 1.4142 -> 4.0000 (+2.5858)
	// total_cog_mass: 0.0000 -> 2.0000 (+2.0000)
	// erosion: 0.0000 -> 0.0000 (+0.0000)
}
