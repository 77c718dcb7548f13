package report

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/reuse"
)

// WriteJSON writes the report as one compact JSON object and a newline:
// the reference's 20 keys in the reference's order, then ours: dir,
// dir_exported, dir_used, dir_with_tests, dir_reachable, dir_lenient, mcf
// and if50 (null when not computed or undefined), and, when the report
// names its catalog, catalog, catalog_rules and ast_grep_version.
func WriteJSON(w io.Writer, r *Report) error {
	var b strings.Builder
	b.WriteByte('{')
	o := &object{b: &b, sep: ",", colon: ":", format: formatFloat}
	key, float, integer := o.key, o.float, o.integer

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
		writeString(&b, l.Language)
		b.WriteString(`:{"tree_count":`)
		b.WriteString(strconv.Itoa(l.TreeCount))
		b.WriteString(`,"node_count":`)
		b.WriteString(strconv.Itoa(l.NodeCount))
		b.WriteByte('}')
	}
	b.WriteByte('}')
	// Ours, after the reference's keys: DIR and its variants, MCF, IF50.
	nullable := func(k string, v *float64) {
		key(k)
		if v == nil {
			b.WriteString("null")
		} else {
			b.WriteString(formatFloat(*v))
		}
	}
	d := r.DIR
	if d == nil {
		d = &reuse.Result{}
	}
	nullable("dir", d.Dir)
	integer("dir_exported", d.Exported)
	integer("dir_used", d.Used)
	nullable("dir_with_tests", d.WithTests)
	nullable("dir_reachable", d.Reachable)
	nullable("dir_lenient", d.Lenient)
	var mcf *float64
	if r.MCF != nil {
		mcf = &r.MCF.Value
	}
	nullable("mcf", mcf)
	nullable("if50", r.IF50)
	writeCatalogKeys(&b, key, r)
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// object writes the members of a JSON object into b: sep between them,
// colon after each key, floats printed by format.
type object struct {
	b          *strings.Builder
	sep, colon string
	format     func(float64) string
	started    bool
}

func (o *object) key(k string) {
	if o.started {
		o.b.WriteString(o.sep)
	}
	o.started = true
	writeString(o.b, k)
	o.b.WriteString(o.colon)
}

func (o *object) float(k string, v float64) { o.key(k); o.b.WriteString(o.format(v)) }
func (o *object) integer(k string, v int)   { o.key(k); o.b.WriteString(strconv.Itoa(v)) }

// writeString writes s as a JSON string the way serde_json does: `"` and
// `\` escaped, control characters as \b \f \n \r \t or \u00xx, everything
// else as is. Bytes that are not UTF-8 become U+FFFD, one per byte, as
// encoding/json writes them, so the output is always valid JSON.
func writeString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
		i++
	}
	b.WriteByte('"')
}
