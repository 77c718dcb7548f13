// Command memory measures a tree held in memory whose root is a
// directory that exists on disk: the numbers are the memory tree's, and
// the directory on disk is left as it was: memory DIR.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/vfs"
)

// shapes is the one file of the tree in memory: area has cc 3 and 6
// SLOC, cells cc 3 and 2 SLOC.
const shapes = `def area(kind, w, h):
    if kind == "square":
        return w * w
    if kind == "rect":
        return w * h
    return 0


def cells(grid):
    return [c for row in grid for c in row if c]
`

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: memory DIR")
		os.Exit(2)
	}
	root, err := filepath.Abs(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	mem, err := vfs.NewMem(root)
	if err == nil {
		err = mem.WriteFile("shapes.py", []byte(shapes), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r, err := scbcheck.Analyze(context.Background(), scbcheck.AsSlopCodeBench(scbcheck.Options{Path: root, FS: mem, AstGrep: "ast-grep"}))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, f := range r.Functions() {
		fmt.Printf("%s %s cc %d sloc %d\n", f.Path, f.QualifiedName, f.CC, f.SLOC)
	}
	fmt.Printf("files %d functions %d erosion %.4f verbosity %.4f\n", r.FilesScanned, r.TotalFunctions, r.Erosion, r.Verbosity)
	entries, err := os.ReadDir(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "the directory on disk is gone:", err)
		os.Exit(1)
	}
	fmt.Print("on disk:")
	for _, e := range entries {
		fmt.Print(" ", e.Name())
	}
	fmt.Println()
}
