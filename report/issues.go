package report

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Rule ids of the findings that come from metrics rather than from a rule
// of the catalog; the line-oriented formats (text, SARIF) report them under
// these ids.
const (
	RuleDuplicateStructure = "duplicate-structure"
	RuleErosion            = "erosion"
	RuleCogErosion         = "cog_erosion"
)

// issue is one finding of any kind, as the text and SARIF formats list
// them: one per ast-grep or structural finding, per clone instance, and per
// callable over a complexity threshold.
type issue struct {
	rule     string
	severity string // info, warning or critical
	path     string // as in the report
	message  string
	// line and col are 1-based, col in Unicode code points; endLine and
	// endCol are the end of the span (endCol exclusive, 0 when unknown).
	line, col       int
	endLine, endCol int
	rank            int
	// shown is the path as the writer shows it (set by sortIssues).
	shown string
	// clone is set on clone instances: the whole group, sorted by path
	// and line, and this instance's place in it.
	clone     []CloneBlock
	cloneSelf int
}

// collectIssues lists every finding of r. Clone groups whose first
// instance has fewer than minDup SLOC lines are left out, as in the human
// output. Function-level findings get the column of the first
// non-blank character of their first line, read from the source.
func collectIssues(r *Report, src *sources, minDup int) ([]issue, error) {
	var out []issue
	indent := func(path string, line int) (int, error) {
		lines, err := src.get(path)
		if err != nil {
			return 0, err
		}
		if line < 1 || line > len(lines) {
			return 1, nil
		}
		text := lines[line-1]
		trimmed := strings.TrimLeft(text, " \t\f\v")
		return utf8.RuneCountInString(text[:len(text)-len(trimmed)]) + 1, nil
	}

	for _, g := range cloneGroups(r.CloneBlocks) {
		if g[0].SLOC < minDup {
			continue
		}
		for k, b := range g {
			col, err := indent(b.Path, b.StartLine)
			if err != nil {
				return nil, err
			}
			out = append(out, issue{
				rule: RuleDuplicateStructure, severity: "warning", path: b.Path,
				message: fmt.Sprintf("duplicated block (%d lines, %d instances)", g[0].SLOC, b.Instances),
				line:    b.StartLine, col: col, endLine: b.EndLine, rank: rankClone, clone: g, cloneSelf: k,
			})
		}
	}
	for _, f := range r.Findings {
		it := issue{rule: f.RuleID, severity: f.Severity, path: f.Path, message: f.Message, line: f.StartLine, endLine: f.EndLine}
		if f.Kind == KindStructural {
			col, err := indent(f.Path, f.StartLine)
			if err != nil {
				return nil, err
			}
			it.col, it.rank = col, rankStructural
		} else {
			it.col, it.endCol, it.rank = f.StartCol+1, f.EndCol+1, rankAstGrep
			if it.message == "" {
				it.message = "matches slop pattern"
			}
		}
		out = append(out, it)
	}
	for _, f := range r.Files {
		for _, c := range f.Callables {
			if c.CC <= HighComplexity && c.Cog <= HighComplexity {
				continue
			}
			col, err := indent(f.Path, c.StartLine)
			if err != nil {
				return nil, err
			}
			base := issue{severity: "warning", path: f.Path, line: c.StartLine, col: col, endLine: c.EndLine}
			if c.CC > HighComplexity {
				it := base
				it.rule, it.rank = RuleErosion, rankErosion
				it.message = fmt.Sprintf("function `%s` exceeds complexity threshold (complexity %d > %d, sloc %d)",
					c.Name, c.CC, HighComplexity, c.SLOC)
				out = append(out, it)
			}
			if c.Cog > HighComplexity {
				it := base
				it.rule, it.rank = RuleCogErosion, rankCogErosion
				it.message = fmt.Sprintf("function `%s` exceeds cognitive complexity threshold (cognitive complexity %d > %d, sloc %d)",
					c.Name, c.Cog, HighComplexity, c.SLOC)
				out = append(out, it)
			}
		}
	}
	return out, nil
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

// sortIssues orders issues by displayed path, line, column, kind, rule and
// message; display maps a report path to the path shown.
func sortIssues(items []issue, display func(string) string) {
	for i := range items {
		items[i].shown = display(items[i].path)
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if a.shown != b.shown {
			return a.shown < b.shown
		}
		if a.line != b.line {
			return a.line < b.line
		}
		if a.col != b.col {
			return a.col < b.col
		}
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if a.rule != b.rule {
			return a.rule < b.rule
		}
		return a.message < b.message
	})
}

// lineBreaks turns every line break into a space.
var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// oneLine folds a message onto one line.
func oneLine(s string) string {
	return strings.TrimSpace(lineBreaks.Replace(s))
}
