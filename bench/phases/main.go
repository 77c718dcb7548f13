package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

type phase int

const (
	discover phase = iota
	read
	parse
	sloc
	callables
	complexity
	candidates
	facts
	directives
	dirFacts
	structural
	detect
	dirCompute
	numPhases
)

var phaseNames = [numPhases]string{
	discover:   "discover",
	read:       "read",
	parse:      "parse",
	sloc:       "sloc",
	callables:  "callables",
	complexity: "complexity",
	candidates: "clones",
	facts:      "facts",
	directives: "directives",
	dirFacts:   "dir facts",
	structural: "structural",
	detect:     "clone groups",
	dirCompute: "dir",
}

// timer accumulates the time since the last lap into phases.
type timer struct {
	last  time.Time
	spent [numPhases]time.Duration
}

func (t *timer) start() { t.last = time.Now() }

// lap charges the time since the last lap (or start) to p.
func (t *timer) lap(p phase) {
	now := time.Now()
	t.spent[p] += now.Sub(t.last)
	t.last = now
}

type counts struct {
	files, analysed, skipped, nodes, fns, cands, blocks, structural int
}

func run(dirs []string) (*timer, counts, error) {
	var c counts
	cat, err := rules.LoadCatalog(nil)
	if err != nil {
		return nil, c, err
	}
	ruleIDs := cat.IDs()
	lowUse := config.Default("").LowUse

	parsers := map[*lang.Spec]*source.Parser{}
	defer func() {
		for _, p := range parsers {
			p.Close()
		}
	}()
	var allCands []clones.Candidate
	var allFacts []rules.FileFacts
	var dirFiles []reuse.File
	rootName := ""
	t := &timer{}
	for _, dir := range dirs {
		root, err := filepath.Abs(dir)
		if err != nil {
			return nil, c, err
		}
		if real, err := filepath.EvalSymlinks(root); err == nil {
			root = real
		}
		if rootName == "" {
			rootName = filepath.Base(root)
		}
		t.start()
		files, err := source.Discover(dir, source.DiscoverOptions{NoIgnoreFiles: true})
		t.lap(discover)
		if err != nil {
			return nil, c, err
		}
		c.files += len(files)
		for _, f := range files {
			p := parsers[f.Lang]
			if p == nil {
				if p, err = source.NewParser(f.Lang); err != nil {
					return nil, c, err
				}
				parsers[f.Lang] = p
			}

			t.start()
			src, err := os.ReadFile(f.Path)
			ok := err == nil && utf8.Valid(src)
			t.lap(read)
			if !ok {
				c.skipped++
				continue
			}
			tree, err := p.Parse(src)
			t.lap(parse)
			if err != nil {
				c.skipped++
				continue
			}
			lines := tree.SLOC()
			t.lap(sloc)
			fns := tree.Callables(lines)
			t.lap(callables)
			cx := erosion.Measure(tree, fns)
			t.lap(complexity)
			cands := clones.Candidates(f.Path, tree, fns)
			t.lap(candidates)
			metrics := make([]rules.FunctionMetrics, len(cx))
			for k, m := range cx {
				metrics[k] = rules.FunctionMetrics{CC: m.CC, Cog: m.Cog, MaxNesting: m.MaxNesting}
			}
			ff := rules.NewFileFacts(f.Path, tree, fns, metrics)
			t.lap(facts)
			ds, err1 := tree.Directives(f.Path)
			err2 := rules.ValidateIgnores(f.Path, ds, ruleIDs)
			t.lap(directives)
			if err := source.JoinDirectiveErrors(err1, err2); err != nil {
				fmt.Fprintln(os.Stderr, "phases:", err)
			}
			t.start()
			rf := reuse.Extract(tree)
			t.lap(dirFacts)
			if rf != nil {
				rel, err := filepath.Rel(root, f.Path)
				if err != nil {
					rel = f.Path
				}
				dirFiles = append(dirFiles, reuse.File{Path: filepath.ToSlash(rel), Lang: f.Lang, Facts: rf})
			}

			c.analysed++
			c.nodes += len(tree.Nodes)
			c.fns += len(fns)
			c.cands += len(cands)
			allCands = append(allCands, cands...)
			allFacts = append(allFacts, ff)
		}
	}
	t.start()
	c.structural = len(rules.Structural(allFacts, lowUse))
	t.lap(structural)
	blocks := clones.Detect(allCands)
	t.lap(detect)
	reuse.Compute(dirFiles, reuse.Options{RootName: rootName})
	t.lap(dirCompute)
	c.blocks = len(blocks)
	return t, c, nil
}

func main() {
	if len(os.Args) < 2 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: phases DIR...")
		os.Exit(2)
	}
	t, c, err := run(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "phases:", err)
		os.Exit(1)
	}
	var total time.Duration
	for _, d := range t.spent {
		total += d
	}
	share := func(d time.Duration) float64 {
		if total <= 0 {
			return 0
		}
		return 100 * d.Seconds() / total.Seconds()
	}
	fmt.Printf("files %d  analysed %d  skipped %d  nodes %d  callables %d  clone candidates %d  clone blocks %d  structural findings %d\n",
		c.files, c.analysed, c.skipped, c.nodes, c.fns, c.cands, c.blocks, c.structural)
	fmt.Printf("%-13s %9s %7s\n", "phase", "seconds", "share")
	for p, d := range t.spent {
		fmt.Printf("%-13s %9.3f %6.1f%%\n", phaseNames[p], d.Seconds(), share(d))
	}
	fmt.Printf("%-13s %9.3f %6.1f%%\n", "total", total.Seconds(), 100.0)
	clone := t.spent[candidates] + t.spent[detect]
	rest := total - clone
	added := 0.0
	if rest > 0 {
		added = 100 * clone.Seconds() / rest.Seconds()
	}
	fmt.Printf("clone share %.1f%%  (clones + clone groups = %.3f s of %.3f s; %.1f%% on top of the rest)\n",
		share(clone), clone.Seconds(), total.Seconds(), added)
}
