package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

// analyze runs the analysis the examples share: a Python file with a
// trivial wrapper, two clones and one tangled function, without ast-grep.
func analyze() *report.Report {
	r, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: "../testdata/example_slop", DisableSG: true})
	if err != nil {
		panic(err)
	}
	return r
}

// The reference JSON report: one line, the reference's keys first, then
// ours (DIR, then the rule catalog and the ast-grep version, null here as
// ast-grep did not run), and last the numbers of the production code and
// of the test code (the one file is production code).
func ExampleWriteJSON() {
	r := analyze()
	if err := report.WriteJSON(os.Stdout, r); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"verbosity":0.45454545454545453,"erosion":0.8847633469264936,"cog_erosion":1.0,"files_scanned":1,"total_loc":22,"verbosity_flagged_loc":10,"clone_loc":8,"ast_grep_flagged_loc":0,"structural_rule_loc":2,"structural_rule_findings":1,"total_functions":4,"high_cc_functions":1,"high_cog_functions":1,"total_mass":46.98343294402615,"high_cc_mass":41.569219381653056,"total_cog_mass":45.033320996790806,"high_cog_mass":45.033320996790806,"syntax_tree_count":1,"syntax_node_count":156,"syntax_by_language":{"python":{"tree_count":1,"node_count":156}},"dir":0.0,"dir_exported":3,"dir_used":0,"dir_with_tests":0.0,"dir_reachable":null,"dir_lenient":0.0,"mcf":null,"if50":null,"catalog":"bundled:0.2.0","catalog_rules":373,"ast_grep_version":null,"scopes":{"production":{"verbosity":0.45454545454545453,"erosion":0.8847633469264936,"cog_erosion":1.0,"files_scanned":1,"total_loc":22,"verbosity_flagged_loc":10,"clone_loc":8,"ast_grep_flagged_loc":0,"structural_rule_loc":2,"total_functions":4,"high_cc_functions":1},"tests":{"verbosity":0.0,"erosion":0.0,"cog_erosion":0.0,"files_scanned":0,"total_loc":0,"verbosity_flagged_loc":0,"clone_loc":0,"ast_grep_flagged_loc":0,"structural_rule_loc":0,"total_functions":0,"high_cc_functions":0}}}
}

// One line per finding, paths relative to CWD (here the module root).
func ExampleWriteText() {
	r := analyze()
	cwd, _ := os.Getwd()
	if err := report.WriteText(os.Stdout, r, report.TextOptions{CWD: filepath.Dir(cwd)}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// testdata/example_slop/slop.py:1:1: warning[trivial-wrapper]: `_identity` adds no behavior
	// testdata/example_slop/slop.py:5:1: warning[duplicate-structure]: duplicated block (4 lines, 2 instances), also at testdata/example_slop/slop.py:11
	// testdata/example_slop/slop.py:11:1: warning[duplicate-structure]: duplicated block (4 lines, 2 instances), also at testdata/example_slop/slop.py:5
	// testdata/example_slop/slop.py:17:1: warning[cyclomatic-complexity]: function `tangled` exceeds complexity threshold (complexity 12 > 10, sloc 12)
	// testdata/example_slop/slop.py:17:1: warning[cognitive-complexity]: function `tangled` exceeds cognitive complexity threshold (cognitive complexity 13 > 10, sloc 12)
}

// A SARIF log for GitHub code scanning, with URIs relative to the
// repository root. Rules would normally describe the catalog (the command
// line passes every rule's documentation); without them, the rules found
// and the metric rules are listed.
func ExampleWriteSARIF() {
	r := analyze()
	cwd, _ := os.Getwd()
	root := filepath.Dir(cwd) // the module root, as the repository root
	var buf bytes.Buffer
	sum, err := report.WriteSARIF(&buf, r, report.SARIFOptions{ToolVersion: scbcheck.Version, Root: root})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("results:", sum.Results, "omitted:", sum.Omitted)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		fmt.Println(err)
		return
	}
	for _, res := range log.Runs[0].Results {
		loc := res.Locations[0].PhysicalLocation
		fmt.Printf("%s %s %s:%d\n", res.Level, res.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine)
	}
	// Output:
	// results: 5 omitted: 0
	// warning trivial-wrapper testdata/example_slop/slop.py:1
	// warning duplicate-structure testdata/example_slop/slop.py:5
	// warning duplicate-structure testdata/example_slop/slop.py:11
	// warning cyclomatic-complexity testdata/example_slop/slop.py:17
	// warning cognitive-complexity testdata/example_slop/slop.py:17
}

// CI gates on a report: a limit on erosion and on the number of
// functions over the complexity threshold.
func ExampleGates_Check() {
	r := analyze()
	gates := report.Gates{Limits: map[string]float64{"max-erosion": 0.5, "max-high-cc-functions": 1}}
	for _, c := range gates.Check(r) {
		fmt.Println(c)
	}
	fmt.Println("failed:", len(report.Failed(gates.Check(r))))
	// Output:
	// gate max-erosion failed: erosion is 0.8847633469264936, allowed at most 0.5
	// gate max-high-cc-functions passed: high_cc_functions is 1, allowed at most 1
	// failed: 1
}

// The ratchet: compare a run with a baseline written earlier by the same
// version with the same settings.
func ExampleNewBaseline() {
	r := analyze()
	settings := map[string]string{"path": "src", "include_all": "false"}
	base := report.NewBaseline(r, scbcheck.Version, settings)
	base.Metrics["erosion"] = 0.8 // as if the code had eroded less before

	if err := base.CheckCompatible(scbcheck.Version, settings); err != nil {
		fmt.Println(err)
		return
	}
	gates := report.Gates{Baseline: base, Limits: map[string]float64{"max-erosion-increase": 0.05}}
	for _, c := range gates.Check(r) {
		fmt.Println(c)
	}
	fmt.Println(base.CheckCompatible(scbcheck.Version, map[string]string{"path": "src", "include_all": "true"}))
	// Output:
	// gate max-erosion-increase failed: erosion is 0.8847633469264936, baseline 0.8 (+0.0847633), allowed increase 0.05
	// gate max-verbosity-increase passed: verbosity is 0.45454545454545453, baseline 0.45454545454545453 (+0), allowed increase 0.0
	// refused: it was written with other settings (include_all is false there, true here); write it again with this run's settings
}

// The human output, as `scb-check check` prints it (here without context
// lines around the findings).
func ExampleWriteHuman() {
	r := analyze()
	cwd, _ := os.Getwd()
	if err := report.WriteHuman(os.Stdout, r, report.HumanOptions{CWD: filepath.Dir(cwd), Context: 0, DIRHint: "per symbol: scb-check dir <PATH>"}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// warning[trivial-wrapper]: `_identity` adds no behavior
	//   --> testdata/example_slop/slop.py:1:1
	// 1 | def _identity(value):
	// 2 |     return value
	//
	// warning[duplicate-structure]: duplicated block (4 lines, 2 instances)
	//    ┌─ testdata/example_slop/slop.py:5:1
	//    │
	//  5 │ def first(value):
	//  6 │     x = value + 1
	//  7 │     y = x * 2
	//    │
	//    ┆
	//    ┌─ testdata/example_slop/slop.py:11:1
	//    │
	// 11 │ def second(item):
	// 12 │     a = item + 3
	// 13 │     b = a * 4
	//    │
	//
	// warning[cyclomatic-complexity]: function `tangled` exceeds complexity threshold
	//   --> testdata/example_slop/slop.py:17:1
	// 17 | def tangled(a, b, c):
	//   = complexity: 12, sloc: 12 (threshold: complexity > 10)
	//
	// warning[cognitive-complexity]: function `tangled` exceeds cognitive complexity threshold
	//   --> testdata/example_slop/slop.py:17:1
	// 17 | def tangled(a, b, c):
	//   = cognitive complexity: 13, sloc: 12 (threshold: cognitive complexity > 10)
	//
	// Summary
	//   erosion       0.885   complexity mass of the functions over complexity 10: 41.6 of 47.0
	//   cog_erosion   1.000   cognitive mass of the functions over cognitive complexity 10: 45.0 of 45.0
	//   verbosity     0.455   10 of 22 SLOC flagged: clones 8, ast-grep off, structural 2 (a line counts once)
	//   files         1
	//   SLOC          22
	//   functions     4       1 over complexity 10, 1 over cognitive complexity 10
	//   dir           0.000   0 of 3 public symbols of standalone modules used by other modules
	//                         with tests 0.000, reachable from entry modules null, lenient 0.000, per-module mean 0.000
	//                         per symbol: scb-check dir <PATH>
	//
	// Found 4 findings: 4 warnings.
}
