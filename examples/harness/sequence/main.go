// Command sequence measures checkpoints in order, as SlopCodeBench does,
// and prints each one's erosion and verbosity with their change since
// the previous checkpoint, and the function that added most mass:
// sequence DIR...
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/trajectory"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: sequence DIR...")
		os.Exit(2)
	}
	opt := trajectory.Options{
		Analysis:  scbcheck.AsSlopCodeBench(scbcheck.Options{AstGrep: "ast-grep"}),
		Functions: true,
	}
	tr, err := trajectory.Directories(context.Background(), os.Args[1:], opt)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var before map[string]float64
	for i, p := range tr.Points {
		if p.Err != nil {
			fmt.Printf("%d %s: no numbers: %s\n", i, p.Checkpoint.Label, p.Err)
			continue
		}
		fmt.Printf("%d erosion %.4f%s verbosity %.4f%s", i,
			p.Metrics["erosion"], delta(tr, i, "erosion"), p.Metrics["verbosity"], delta(tr, i, "verbosity"))
		now := masses(p.Functions)
		if name, grew := mostGrown(before, now); grew > 0 {
			fmt.Printf(" most mass added: %s (+%.4f)", name, grew)
		}
		fmt.Println()
		before = now
	}
}

// delta is the change of the metric key at point i since the previous
// point with numbers, as " (+0.1234)"; "" for the first.
func delta(tr *trajectory.Trajectory, i int, key string) string {
	d, ok := tr.Delta(i, key)
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (%+.4f)", d)
}

// masses is each function's mass by path and qualified name.
func masses(fns []report.Function) map[string]float64 {
	out := map[string]float64{}
	for _, f := range fns {
		out[f.Path+":"+f.QualifiedName] += f.CCMass
	}
	return out
}

// mostGrown is the function whose mass grew most from before to now (a
// new function grows from 0), the first by name among equals.
func mostGrown(before, now map[string]float64) (string, float64) {
	best, grew := "", 0.0
	for name, m := range now {
		if g := m - before[name]; g > grew || g == grew && g > 0 && name < best {
			best, grew = name, g
		}
	}
	return best, grew
}
