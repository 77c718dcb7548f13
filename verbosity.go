package scbcheck

import (
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/verbosity"
)

// findingPolicy is the finding processors' policy of a run: --include-all
// keeps the findings that suppressions and thresholds would drop, and those
// of every severity.
func findingPolicy(includeAll bool) finding.Policy {
	if includeAll {
		return finding.Policy{MinSeverity: finding.Info}
	}
	return finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Warning}
}

// addVerbosity runs the findings step (verbosity.Collect) over the parsed
// files and puts its clones, findings and verbosity into the report.
func addVerbosity(r *report.Report, results []fileResult, cat *rules.Catalog, astGrep []finding.Finding, opt Options, cfg *config.Config) error {
	var files []verbosity.File
	for _, res := range results {
		if res.skipped == "" {
			files = append(files, verbosity.File{Path: res.file.Path, SLOC: res.sloc, Clones: res.clones,
				Facts: res.facts, Directives: res.directives, Callables: res.fns})
		}
	}
	out, err := verbosity.Collect(files, astGrep, cat, cfg.LowUse, findingPolicy(opt.IncludeAll))
	if err != nil {
		return err
	}
	for _, b := range out.Clones {
		r.CloneBlocks = append(r.CloneBlocks, report.CloneBlock{
			Path: b.Path, StartLine: b.StartLine, EndLine: b.EndLine, SLOC: b.SLOC,
			Group: b.Hash, Instances: b.Instances, FirstLines: b.FirstLines,
		})
	}
	r.Findings = append(r.Findings, out.Findings...)
	r.StructuralRuleFindings = out.Structural
	v := out.Verbosity
	r.Verbosity, r.VerbosityFlaggedLOC, r.CloneLOC = v.Verbosity, v.FlaggedLOC, v.CloneLOC
	r.AstGrepFlaggedLOC, r.StructuralRuleLOC = v.AstGrepLOC, v.StructuralLOC
	for _, fl := range v.Flagged {
		r.Flagged = append(r.Flagged, report.FlaggedLines{Path: fl.Path, Lines: fl.Lines})
	}
	return nil
}
