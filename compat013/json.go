package compat013

import (
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// WriteJSON writes the report as scb-check 0.1.3 prints it with
// --report (0.1.3 §12): Python's json.dump of its 17 keys in its order, on
// one line with no trailing newline, the separators ", " and ": ", floats
// in Python's repr. A mass with nothing to sum (no function, no function
// over the threshold) is the integer 0, as Python's sum of an empty list.
// trivial_wrapper_loc and trivial_wrappers are the structural rule's
// lines and findings: in the 0.1.3 profile the trivial wrappers are the
// only structural rule. A run that named a scope (report.Report.Scope)
// adds the key scopes last, in the same style.
func WriteJSON(w io.Writer, r *report.Report) error {
	var b strings.Builder
	b.WriteByte('{')
	// key starts a member; the keys are plain ASCII, quoted as is.
	key := func(k string) {
		if b.Len() > 1 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(k))
		b.WriteString(": ")
	}
	float := func(k string, v float64) { key(k); b.WriteString(pythonRepr(v)) }
	integer := func(k string, v int) { key(k); b.WriteString(strconv.Itoa(v)) }
	// mass is a sum over n functions: the integer 0 over none.
	mass := func(k string, v float64, n int) {
		if n == 0 {
			integer(k, 0)
			return
		}
		float(k, v)
	}

	float("verbosity", r.Verbosity)
	float("erosion", r.Erosion)
	float("cog_erosion", r.CogErosion)
	integer("files_scanned", r.FilesScanned)
	integer("total_loc", r.TotalLOC)
	integer("verbosity_flagged_loc", r.VerbosityFlaggedLOC)
	integer("clone_loc", r.CloneLOC)
	integer("ast_grep_flagged_loc", r.AstGrepFlaggedLOC)
	integer("trivial_wrapper_loc", r.StructuralRuleLOC)
	integer("trivial_wrappers", r.StructuralRuleFindings)
	integer("total_functions", r.TotalFunctions)
	integer("high_cc_functions", r.HighCCFunctions)
	integer("high_cog_functions", r.HighCogFunctions)
	mass("total_mass", r.TotalMass, r.TotalFunctions)
	mass("high_cc_mass", r.HighCCMass, r.HighCCFunctions)
	mass("total_cog_mass", r.TotalCogMass, r.TotalFunctions)
	mass("high_cog_mass", r.HighCogMass, r.HighCogFunctions)
	if r.Scopes != nil && r.Scope != "" {
		key("scopes")
		writeScopes(&b, r.Scopes)
	}
	b.WriteByte('}')
	_, err := io.WriteString(w, b.String())
	return err
}

// renamed are 0.1.3's names of the keys it names otherwise.
var renamed = map[string]string{"structural_rule_loc": "trivial_wrapper_loc"}

// writeScopes writes the scopes key's value as 0.1.3's json.dump would:
// production then tests, each holding the numbers of metric.Scoped in
// table order under 0.1.3's names.
func writeScopes(b *strings.Builder, s *report.Scopes) {
	b.WriteByte('{')
	for i, sc := range []struct {
		key string
		r   *report.Report
	}{{"production", s.Production}, {"tests", s.Tests}} {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(sc.key) + ": {")
		for j, m := range metric.Scoped() {
			if j > 0 {
				b.WriteString(", ")
			}
			name := m.Key
			if n, ok := renamed[name]; ok {
				name = n
			}
			b.WriteString(strconv.Quote(name) + ": ")
			v, _ := sc.r.Value(m.Key)
			if m.Kind == metric.Count {
				b.WriteString(strconv.Itoa(int(v)))
			} else {
				b.WriteString(pythonRepr(v))
			}
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
}

// pythonRepr prints v as Python's repr of a float: the shortest digits
// that read back as v, with ".0" when they are a whole number, in plain
// notation for decimal exponents from -4 to 15 and as d.ddde±XX (at least
// two exponent digits) outside; NaN and Infinity as json.dump prints them.
func pythonRepr(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	}
	e := strconv.FormatFloat(v, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if x < -4 || x >= 16 {
		sign := "+"
		if x < 0 {
			sign, x = "-", -x
		}
		digits := strconv.Itoa(x)
		if len(digits) < 2 {
			digits = "0" + digits
		}
		return mant + "e" + sign + digits
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}
