package report

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// collectIssues lists every finding of r, the one list the human, text and SARIF
// writers read: one finding per instance of each clone group (groups in
// group order, instances in path and line order), then r.Findings, then,
// per file and callable, one per callable over a complexity threshold
// (cyclomatic, then cognitive). The metric findings are the metric rules'
// (rules.DuplicateStructureID, rules.CyclomaticComplexityID,
// rules.CognitiveComplexityID); those an ignore directive hides
// (CloneBlock.Ignored, Callable.Ignored) are left out, though a clone
// finding's group still names every instance. Clone groups whose first
// instance has fewer than minDup SLOC lines are left out. An ast-grep
// finding without a message gets "matches slop pattern". Function-level
// findings have no column yet (see resolveColumns). Paths are full paths
// (Report.Abs): the writers read the files and show each path by their own
// rule.
func collectIssues(r *Report, minDup int) []finding.Finding {
	return issues(r, minDup, r.Abs)
}

// Issues lists every finding of r the writers show, in the order
// collectIssues lists them (clone instances by group, then r.Findings,
// then the complexity findings by file and callable), with the paths of
// the report (relative to Root) and no column for the function-level
// findings. Clone groups whose first instance has fewer than minDup SLOC
// lines are left out, as the writers' MinDuplicateLines does.
func (r *Report) Issues(minDup int) []finding.Finding {
	return issues(r, minDup, func(p string) string { return p })
}

// issues is collectIssues with each path of the report written by path.
func issues(r *Report, minDup int, path func(string) string) []finding.Finding {
	var out []finding.Finding
	for _, g := range cloneGroups(r.CloneBlocks) {
		if g[0].SLOC < minDup {
			continue
		}
		places := make([]finding.Place, len(g))
		for k, b := range g {
			places[k] = finding.Place{Path: path(b.Path), Line: b.StartLine, EndLine: b.EndLine, Lines: b.FirstLines}
		}
		for k, b := range g {
			if b.Ignored {
				continue
			}
			out = append(out, finding.Finding{
				Kind: finding.Clone, RuleID: rules.DuplicateStructureID, Severity: rules.MetricSeverity(rules.DuplicateStructureID), Path: path(b.Path),
				Message: fmt.Sprintf("duplicated block (%d lines, %d instances)", g[0].SLOC, b.Instances),
				Line:    b.StartLine, EndLine: b.EndLine, Group: places, Self: k,
			})
		}
	}
	for _, f := range r.Findings {
		if f.Kind == finding.AstGrep && f.Message == "" {
			f.Message = "matches slop pattern"
		}
		f.Path = path(f.Path)
		if len(f.Group) > 0 {
			group := make([]finding.Place, len(f.Group))
			for k, p := range f.Group {
				p.Path = path(p.Path)
				group[k] = p
			}
			f.Group = group
		}
		out = append(out, f)
	}
	for _, f := range r.Files {
		full := path(f.Path)
		for _, c := range f.Callables {
			base := finding.Finding{Path: full, Line: c.StartLine, EndLine: c.EndLine, Subject: c.Name}
			if c.CC > HighComplexity && !slices.Contains(c.Ignored, rules.CyclomaticComplexityID) {
				out = append(out, complexityFinding(base, finding.Cyclomatic, rules.CyclomaticComplexityID, "complexity", c.CC, c.SLOC))
			}
			if c.Cog > HighComplexity && !slices.Contains(c.Ignored, rules.CognitiveComplexityID) {
				out = append(out, complexityFinding(base, finding.Cognitive, rules.CognitiveComplexityID, "cognitive complexity", c.Cog, c.SLOC))
			}
		}
	}
	return out
}

// hiddenIssues counts the findings collectIssues(r, minDup) leaves out:
// the clone groups under minDup SLOC lines with an instance no ignore
// directive hides, and the metric findings ignore directives hide (a
// clone group once, when every instance is hidden).
func hiddenIssues(r *Report, minDup int) hiddenFindings {
	h := hiddenFindings{MinLines: minDup}
	for _, g := range cloneGroups(r.CloneBlocks) {
		if !slices.ContainsFunc(g, func(b CloneBlock) bool { return !b.Ignored }) {
			h.Ignored++
		} else if g[0].SLOC < minDup {
			h.Short++
		}
	}
	for _, f := range r.Files {
		for _, c := range f.Callables {
			if c.CC > HighComplexity && slices.Contains(c.Ignored, rules.CyclomaticComplexityID) {
				h.Ignored++
			}
			if c.Cog > HighComplexity && slices.Contains(c.Ignored, rules.CognitiveComplexityID) {
				h.Ignored++
			}
		}
	}
	return h
}

// complexityFinding is base, a callable's finding, for a measure over
// HighComplexity.
func complexityFinding(base finding.Finding, kind finding.Kind, rule, metric string, value, sloc int) finding.Finding {
	base.Kind, base.RuleID, base.Severity = kind, rule, rules.MetricSeverity(rule)
	base.Measure = &finding.Measure{Metric: metric, Value: value, Limit: HighComplexity, SLOC: sloc}
	base.Message = fmt.Sprintf("function `%s` exceeds %s threshold (%s %d > %d, sloc %d)",
		base.Subject, metric, metric, value, HighComplexity, sloc)
	return base
}

// resolveColumns gives every finding without a column (the function-level
// ones) the column of the first non-blank character of its first line,
// read from the source, in list order.
func resolveColumns(items []finding.Finding, src *sources) error {
	for i := range items {
		if items[i].Col != 0 {
			continue
		}
		lines, err := src.get(items[i].Path)
		if err != nil {
			return err
		}
		items[i].Col = 1
		if line := items[i].Line; line >= 1 && line <= len(lines) {
			items[i].Col = indentColumn(lines[line-1])
		}
	}
	return nil
}

// indentColumn is the 1-based column (in characters) of the first
// non-blank character of a source line.
func indentColumn(text string) int {
	trimmed := strings.TrimLeft(text, " \t\f\v")
	return utf8.RuneCountInString(text[:len(text)-len(trimmed)]) + 1
}

// cloneGroups returns the clone groups in group order, each sorted by path
// and start line (its first instance is the human output's anchor).
func cloneGroups(blocks []CloneBlock) [][]CloneBlock {
	byGroup := map[string][]CloneBlock{}
	for _, b := range blocks {
		byGroup[b.Group] = append(byGroup[b.Group], b)
	}
	keys := make([]string, 0, len(byGroup))
	for k := range byGroup {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][]CloneBlock, 0, len(keys))
	for _, k := range keys {
		g := byGroup[k]
		sort.SliceStable(g, func(i, j int) bool {
			if g[i].Path != g[j].Path {
				return g[i].Path < g[j].Path
			}
			return g[i].StartLine < g[j].StartLine
		})
		out = append(out, g)
	}
	return out
}

// lineOrder returns the items' displayed paths (display maps a report path
// to the path shown) and sorts items by displayed path, line, column, kind,
// rule and message: the order of the line-oriented formats.
func lineOrder(items []finding.Finding, display func(string) string) map[string]string {
	shown := map[string]string{}
	for _, it := range items {
		if _, ok := shown[it.Path]; !ok {
			shown[it.Path] = display(it.Path)
		}
	}
	slices.SortStableFunc(items, func(a, b finding.Finding) int {
		return cmp.Or(cmp.Compare(shown[a.Path], shown[b.Path]), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.RuleID, b.RuleID), cmp.Compare(a.Message, b.Message))
	})
	return shown
}

// lineBreaks turns every line break into a space.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// oneLine folds a message onto one line.
func oneLine(s string) string {
	return strings.TrimSpace(lineBreaks.Replace(s))
}

// shownText is a message, rule id or name as the outputs meant for a
// terminal (human, text, the rule listing) show it: on one line
// (oneLine), then escaped (vfs.EscapePath), since an ast-grep message
// quotes the analysed source and a function name or rule id may hold any
// character. The JSON and SARIF writers keep the exact text.
func shownText(s string) string {
	return vfs.EscapePath(oneLine(s))
}
