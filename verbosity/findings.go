package verbosity

import (
	"encoding/json"
	"errors"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// File is what one parsed file brings to the findings step.
type File struct {
	// Path names the file as its findings do.
	Path string
	SLOC source.Lines
	// Clones are the file's clone candidates.
	Clones []clones.Candidate
	// Facts are what the structural rules read of the file.
	Facts rules.FileFacts
	// Directives are the file's scbc directives and Callables its
	// functions (for the boundary directives).
	Directives []source.Directive
	Callables  []source.Callable
	// ProfileData is the profile's per-file slot: what a compatibility
	// profile's own steps read of the file, in the profile's encoding
	// (nil for the default profile).
	ProfileData json.RawMessage
}

// Outcome is what the findings step makes of a run.
type Outcome struct {
	// Clones are every instance of every clone group (clones.Detect).
	Clones []clones.Block
	// Findings are the ast-grep and structural findings the processors
	// kept, in report order.
	Findings []finding.Finding
	// Structural is the number of structural findings among them.
	Structural int
	// Verbosity is the union of the clones' and findings' lines.
	Verbosity Result
	// Ignored reports whether the run's ignore directives hide a finding
	// (never when the policy applies no suppressions). The metric
	// findings (clone instances, functions over a complexity threshold)
	// are made from the metrics after this step: their callers ask it
	// which of them are hidden, and no metric changes.
	Ignored func(finding.Finding) bool
}

// Collect is the findings step of a run over the parsed files: it checks
// every file's boundary directives (whatever the policy; their errors are
// returned together), detects clones, runs the structural rules (lowUse
// configures low-use-short-function), passes the ast-grep findings and
// theirs through the processor list (finding.Processors) the policy makes,
// with cat's min_file_count thresholds, and unions the lines of the clones
// and of the findings kept.
func Collect(files []File, astGrep []finding.Finding, cat *rules.Catalog, lowUse config.LowUse, policy finding.Policy) (Outcome, error) {
	return CollectWith(files, astGrep, cat, policy, func() []finding.Finding {
		facts := make([]rules.FileFacts, len(files))
		for k, f := range files {
			facts[k] = f.Facts
		}
		return rules.Structural(facts, lowUse)
	})
}

// CollectWith is Collect with structural giving the structural rules'
// findings: the findings step of a profile with rules of its own.
func CollectWith(files []File, astGrep []finding.Finding, cat *rules.Catalog, policy finding.Policy, structural func() []finding.Finding) (Outcome, error) {
	sloc := make(map[string]source.Lines, len(files))
	var cands []clones.Candidate
	filter := rules.NewDirectiveFilter()
	var boundaryErrs []error
	for _, f := range files {
		sloc[f.Path] = f.SLOC
		cands = append(cands, f.Clones...)
		bounds, err := rules.Boundaries(f.Path, f.Directives, f.Callables)
		if err != nil {
			boundaryErrs = append(boundaryErrs, err)
		}
		filter.Add(f.Path, f.Directives, bounds)
	}
	if len(boundaryErrs) > 0 {
		return Outcome{}, errors.Join(boundaryErrs...)
	}

	var out Outcome
	out.Ignored = func(finding.Finding) bool { return false }
	if policy.Suppressions {
		out.Ignored = filter.Ignored
	}
	out.Clones = clones.Detect(cands)
	all := append(append([]finding.Finding(nil), astGrep...), structural()...)
	out.Findings = finding.Apply(all, finding.Processors(policy, finding.Facts{
		Parsed:       func(path string) bool { _, ok := sloc[path]; return ok },
		Ignored:      filter.Ignored,
		Bounded:      filter.Bounded,
		MinFileCount: cat.Thresholds(),
	}))

	var cloneSpans, astSpans, structSpans []Span
	for _, b := range out.Clones {
		cloneSpans = append(cloneSpans, Span{Path: b.Path, Start: b.StartLine, End: b.EndLine})
	}
	for _, f := range out.Findings {
		span := Span{Path: f.Path, Start: f.Line, End: f.EndLine}
		if f.Kind == finding.Structural {
			structSpans = append(structSpans, span)
			out.Structural++
		} else {
			astSpans = append(astSpans, span)
		}
	}
	out.Verbosity = Union(sloc, cloneSpans, astSpans, structSpans)
	return out, nil
}
