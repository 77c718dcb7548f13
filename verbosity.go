package scbcheck

import (
	"errors"
	"sort"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/verbosity"
)

// addVerbosity detects clones, filters the rule findings and unions their
// lines into the report's verbosity fields.
func addVerbosity(r *report.Report, results []fileResult, cat *rules.Catalog, astGrep []rules.Finding, policy Policy, cfg *config.Config) error {
	sloc := map[string]source.Lines{}
	var cands []clones.Candidate
	var facts []rules.FileFacts
	filter := rules.NewDirectiveFilter()
	var boundaryErrs []error
	for _, res := range results {
		if res.Skipped != "" {
			continue
		}
		sloc[res.File.Path] = res.SLOC
		cands = append(cands, res.Clones...)
		facts = append(facts, res.Facts)
		// Boundary directives are checked for every file, even with
		// without suppressions, and their errors gathered before failing.
		bounds, err := rules.Boundaries(res.File.Path, res.Directives, res.Fns)
		if err != nil {
			boundaryErrs = append(boundaryErrs, err)
		}
		filter.Add(res.File.Path, res.Directives, bounds)
	}
	if len(boundaryErrs) > 0 {
		return errors.Join(boundaryErrs...)
	}

	blocks := clones.Detect(cands)
	var cloneSpans []verbosity.Span
	for _, b := range blocks {
		cloneSpans = append(cloneSpans, verbosity.Span{Path: b.Path, Start: b.StartLine, End: b.EndLine})
		r.CloneBlocks = append(r.CloneBlocks, report.CloneBlock{
			Path: b.Path, StartLine: b.StartLine, EndLine: b.EndLine, SLOC: b.SLOC,
			Group: b.Hash, Instances: b.Instances, FirstLines: b.FirstLines,
		})
	}

	// Findings in files that did not parse count nowhere.
	kept := astGrep[:0:0]
	for _, f := range astGrep {
		if _, ok := sloc[f.File]; ok {
			kept = append(kept, f)
		}
	}
	structural := rules.Structural(facts, cfg.LowUse)
	if policy.Suppressions {
		kept = rules.DropIgnored(filter, kept, rules.AstGrepKey)
		kept = rules.DropBounded(filter, kept, rules.AstGrepKey)
	}
	if policy.Thresholds {
		kept = rules.ApplyThresholds(kept, cat)
	}
	if policy.Suppressions {
		structural = rules.DropIgnored(filter, structural, rules.StructuralFinding.Key)
	}
	var astSpans []verbosity.Span
	for _, f := range kept {
		astSpans = append(astSpans, verbosity.Span{Path: f.File, Start: f.StartLine, End: f.EndLine})
		r.Findings = append(r.Findings, report.Finding{
			Kind: report.KindAstGrep, RuleID: f.RuleID, Severity: f.Severity, Message: f.Message, Path: f.File,
			StartLine: f.StartLine, EndLine: f.EndLine, StartCol: f.StartCol, EndCol: f.EndCol,
		})
	}

	var structSpans []verbosity.Span
	for _, f := range structural {
		structSpans = append(structSpans, verbosity.Span{Path: f.Path, Start: f.StartLine, End: f.EndLine})
		r.Findings = append(r.Findings, report.Finding{
			Kind: report.KindStructural, RuleID: f.RuleID, Severity: f.Severity, Message: f.Message, Path: f.Path,
			StartLine: f.StartLine, EndLine: f.EndLine, FixTitle: f.FixTitle, Subject: f.Subject,
		})
	}
	r.StructuralRuleFindings = len(structural)

	v := verbosity.Union(sloc, cloneSpans, astSpans, structSpans)
	r.Verbosity = v.Verbosity
	r.VerbosityFlaggedLOC = v.FlaggedLOC
	r.CloneLOC = v.CloneLOC
	r.AstGrepFlaggedLOC = v.AstGrepLOC
	r.StructuralRuleLOC = v.StructuralLOC
	for _, fl := range v.Flagged {
		r.Flagged = append(r.Flagged, report.FlaggedLines{Path: fl.Path, Lines: fl.Lines})
	}
	sortFindings(r.Findings)
	return nil
}

func sortFindings(fs []report.Finding) {
	rank := map[string]int{report.KindAstGrep: 0, report.KindStructural: 1}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.StartLine != b.StartLine {
			return a.StartLine < b.StartLine
		}
		if rank[a.Kind] != rank[b.Kind] {
			return rank[a.Kind] < rank[b.Kind]
		}
		return a.RuleID < b.RuleID
	})
}
