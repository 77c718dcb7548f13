package report

import (
	"io"
	"strconv"
	"strings"
)

// WriteJSON writes the reference report: one compact JSON object with the
// reference's 20 keys in the reference's order, then a newline.
func WriteJSON(w io.Writer, r *Report) error {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	key := func(k string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(strconv.Quote(k))
		b.WriteByte(':')
	}
	float := func(k string, v float64) { key(k); b.WriteString(formatFloat(v)) }
	integer := func(k string, v int) { key(k); b.WriteString(strconv.Itoa(v)) }

	float("verbosity", r.Verbosity)
	float("erosion", r.Erosion)
	float("cog_erosion", r.CogErosion)
	integer("files_scanned", r.FilesScanned)
	integer("total_loc", r.TotalLOC)
	integer("verbosity_flagged_loc", r.VerbosityFlaggedLOC)
	integer("clone_loc", r.CloneLOC)
	integer("ast_grep_flagged_loc", r.AstGrepFlaggedLOC)
	integer("structural_rule_loc", r.StructuralRuleLOC)
	integer("structural_rule_findings", r.StructuralRuleFindings)
	integer("total_functions", r.TotalFunctions)
	integer("high_cc_functions", r.HighCCFunctions)
	integer("high_cog_functions", r.HighCogFunctions)
	float("total_mass", r.TotalMass)
	float("high_cc_mass", r.HighCCMass)
	float("total_cog_mass", r.TotalCogMass)
	float("high_cog_mass", r.HighCogMass)
	integer("syntax_tree_count", r.SyntaxTreeCount)
	integer("syntax_node_count", r.SyntaxNodeCount)
	key("syntax_by_language")
	b.WriteByte('{')
	for i, l := range r.SyntaxByLanguage {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(l.Language))
		b.WriteString(`:{"tree_count":`)
		b.WriteString(strconv.Itoa(l.TreeCount))
		b.WriteString(`,"node_count":`)
		b.WriteString(strconv.Itoa(l.NodeCount))
		b.WriteByte('}')
	}
	b.WriteString("}}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
