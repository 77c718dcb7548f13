package finding

import (
	"cmp"
	"slices"
)

// Processor is one step of the list findings flow through: it returns the
// findings it keeps, in the order they go on. A processor may reuse its
// input's backing array.
type Processor struct {
	// Name says what the processor does (in tests and in Names).
	Name    string
	process func([]Finding) []Finding
}

// Process runs the processor.
func (p Processor) Process(fs []Finding) []Finding { return p.process(fs) }

// Apply runs the processors over fs, in order.
func Apply(fs []Finding, ps []Processor) []Finding {
	for _, p := range ps {
		fs = p.Process(fs)
	}
	return fs
}

// Names lists the processors' names, in order.
func Names(ps []Processor) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// Filter is the processor named name that keeps the findings keep accepts.
func Filter(name string, keep func(Finding) bool) Processor {
	return Processor{Name: name, process: func(fs []Finding) []Finding {
		var out []Finding
		for _, f := range fs {
			if keep(f) {
				out = append(out, f)
			}
		}
		return out
	}}
}

// InFiles keeps the findings in the files parsed accepts: findings in
// files that did not parse count nowhere.
func InFiles(parsed func(path string) bool) Processor {
	return Filter("in-parsed-files", func(f Finding) bool { return parsed(f.Path) })
}

// MinSeverity drops the ast-grep findings whose severity ranks below min
// (see SeverityRank). The structural rules are switched on and off by
// their own configuration, not by severity.
func MinSeverity(min string) Processor {
	rank := SeverityRank(min)
	return Filter("min-severity", func(f Finding) bool { return f.Kind != AstGrep || SeverityRank(f.Severity) >= rank })
}

// Ignores drops the findings an ignore directive targets (ignored reports
// whether one does).
func Ignores(ignored func(Finding) bool) Processor {
	return Filter("ignore-directives", func(f Finding) bool { return !ignored(f) })
}

// Boundaries drops the ast-grep findings that start in a boundary function
// (bounded reports whether one does); other findings are not subject to
// boundaries.
func Boundaries(bounded func(Finding) bool) Processor {
	return Filter("boundary-directives", func(f Finding) bool { return f.Kind != AstGrep || !bounded(f) })
}

// MinFileCount applies the rules' min_file_count thresholds: a rule's
// findings in a file are dropped when the file has fewer of them than
// counts[rule] (rules without an entry, or with one of 1 or less, keep
// every finding). Run it after the processors that drop findings, since
// only the findings that remain count.
func MinFileCount(counts map[string]int) Processor {
	return Processor{Name: "min-file-count", process: func(fs []Finding) []Finding {
		type key struct{ rule, path string }
		n := map[key]int{}
		for _, f := range fs {
			if counts[f.RuleID] > 1 {
				n[key{f.RuleID, f.Path}]++
			}
		}
		out := make([]Finding, 0, len(fs))
		for _, f := range fs {
			if min := counts[f.RuleID]; min > 1 && n[key{f.RuleID, f.Path}] < min {
				continue
			}
			out = append(out, f)
		}
		return out
	}}
}

// Sorted orders findings as the report lists them: by path, start line,
// kind and rule id; findings equal in all four keep their order.
func Sorted() Processor {
	return Processor{Name: "sort", process: func(fs []Finding) []Finding {
		slices.SortStableFunc(fs, func(a, b Finding) int {
			return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.RuleID, b.RuleID))
		})
		return fs
	}}
}

// Policy says which of the optional processors run. Its fields are plain
// values so that a named policy (the default, --include-all) is a value.
type Policy struct {
	// Suppressions applies the ignore and boundary directives.
	Suppressions bool
	// Thresholds applies the rules' min_file_count thresholds.
	Thresholds bool
	// MinSeverity is the lowest severity of the ast-grep findings kept;
	// empty keeps every one.
	MinSeverity string
}

// Facts are what the processors of a run read of it.
type Facts struct {
	// Parsed reports whether a file parsed.
	Parsed func(path string) bool
	// Ignored reports whether an ignore directive targets a finding, and
	// Bounded whether it starts in a boundary function.
	Ignored, Bounded func(Finding) bool
	// MinFileCount maps each rule with a min_file_count threshold to it.
	MinFileCount map[string]int
}

// Processors is a run's processor list: the findings in files that parsed,
// then, as the policy says, the lowest severity, the ignore directives,
// the boundary directives and the min_file_count thresholds, and last the
// report's order.
func Processors(p Policy, facts Facts) []Processor {
	ps := []Processor{InFiles(facts.Parsed)}
	if p.MinSeverity != "" {
		ps = append(ps, MinSeverity(p.MinSeverity))
	}
	if p.Suppressions {
		ps = append(ps, Ignores(facts.Ignored), Boundaries(facts.Bounded))
	}
	if p.Thresholds {
		ps = append(ps, MinFileCount(facts.MinFileCount))
	}
	return append(ps, Sorted())
}
