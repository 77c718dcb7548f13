package scbcheck

import (
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/verbosity"
)

// findingPolicy is the finding processors' share of the run's policy:
// whether suppressions and thresholds apply, and the label of the lowest
// severity run as the lowest kept.
func findingPolicy(p Policy) finding.Policy {
	return finding.Policy{Suppressions: p.Suppressions, Thresholds: p.Thresholds, MinSeverity: rules.SeverityLabel(p.MinSeverity)}
}

// addVerbosity runs the findings step (verbosity.Collect) over the parsed
// files and puts its clones, findings and verbosity into the report.
func addVerbosity(r *report.Report, results []fileResult, cat *rules.Catalog, astGrep []finding.Finding, policy Policy, cfg *config.Config) error {
	var files []verbosity.File
	for _, res := range results {
		if res.Skipped == "" {
			files = append(files, verbosity.File{Path: res.File.Path, SLOC: res.SLOC, Clones: res.Clones,
				Facts: res.Facts, Directives: res.Directives, Callables: res.Fns})
		}
	}
	out, err := verbosity.Collect(files, astGrep, cat, cfg.LowUse, findingPolicy(policy))
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
