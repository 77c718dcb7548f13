package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: callables DIR...")
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	parsers := map[*lang.Spec]*source.Parser{}
	for _, dir := range os.Args[1:] {
		files, err := source.Discover(dir, source.DiscoverOptions{NoIgnoreFiles: true, Languages: lang.All()})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, f := range files {
			if err := emit(out, parsers, f.Path, f.Lang); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", f.Path, err)
			}
		}
	}
}

func emit(out *bufio.Writer, parsers map[*lang.Spec]*source.Parser, path string, spec *lang.Spec) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	p := parsers[spec]
	if p == nil {
		if p, err = source.NewParser(spec); err != nil {
			return err
		}
		parsers[spec] = p
	}
	tree, err := p.Parse(src)
	if err != nil {
		return err
	}
	fns := tree.Callables(tree.SLOC())
	for k, c := range erosion.Measure(tree, fns) {
		// A computed or quoted name may hold tabs or newlines.
		name := strings.Join(strings.Fields(fns[k].QualifiedName), " ")
		fmt.Fprintf(out, "%s\t%d\t%s\t%d\t%d\t%d\t%s\n", path, fns[k].StartLine, name, c.CC, c.Cog,
			fns[k].EndLine, decisions(tree, fns[k].Node))
	}
	return nil
}

// decisions lists the decision points of callable node f by kind and by
// the kind of f's child that holds them.
func decisions(t *source.Tree, f int) string {
	counts := map[string]int{}
	for _, j := range erosion.DecisionPoints(t, f) {
		top := j
		for int(t.Nodes[top].Parent) != f {
			top = int(t.Nodes[top].Parent)
		}
		counts[t.Kind(j)+"@"+t.Kind(top)]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%s:%d", k, counts[k])
	}
	return strings.Join(keys, ",")
}
