package report

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/reuse"
)

// fuzzReader turns fuzz bytes into report values; past the end of the
// input every value is zero.
type fuzzReader struct{ data []byte }

func (r *fuzzReader) bytes(n int) []byte {
	out := make([]byte, n)
	k := copy(out, r.data)
	r.data = r.data[k:]
	return out
}

func (r *fuzzReader) float() float64 {
	return math.Float64frombits(binary.LittleEndian.Uint64(r.bytes(8)))
}
func (r *fuzzReader) integer() int { return int(int64(binary.LittleEndian.Uint64(r.bytes(8)))) }
func (r *fuzzReader) small() int   { return int(r.bytes(1)[0]) }
func (r *fuzzReader) text() string { return string(r.bytes(r.small() % 24)) }

// nullable is nil or a float, by a flag byte.
func (r *fuzzReader) nullable() *float64 {
	if r.small()%2 == 0 {
		return nil
	}
	v := r.float()
	return &v
}

// fuzzReport builds a report from fuzz bytes: every field WriteJSON
// writes, in the order it writes them.
func fuzzReport(data []byte) *Report {
	r := &fuzzReader{data}
	rep := &Report{
		Verbosity: r.float(), Erosion: r.float(), CogErosion: r.float(),
		FilesScanned: r.integer(), TotalLOC: r.integer(), VerbosityFlaggedLOC: r.integer(), CloneLOC: r.integer(),
		AstGrepFlaggedLOC: r.integer(), StructuralRuleLOC: r.integer(), StructuralRuleFindings: r.integer(),
		TotalFunctions: r.integer(), HighCCFunctions: r.integer(), HighCogFunctions: r.integer(),
		TotalMass: r.float(), HighCCMass: r.float(), TotalCogMass: r.float(), HighCogMass: r.float(),
		SyntaxTreeCount: r.integer(), SyntaxNodeCount: r.integer(),
	}
	for n := r.small() % 4; n > 0; n-- {
		rep.SyntaxByLanguage = append(rep.SyntaxByLanguage, LanguageSyntax{Language: r.text(), TreeCount: r.integer(), NodeCount: r.integer()})
	}
	if r.small()%2 == 1 {
		rep.DIR = &reuse.Result{Dir: r.nullable(), Exported: r.integer(), Used: r.integer(),
			WithTests: r.nullable(), Reachable: r.nullable(), Lenient: r.nullable()}
	}
	if r.small()%2 == 1 {
		rep.MCF = &reuse.MCF{Value: r.float()}
	}
	rep.IF50 = r.nullable()
	rep.Catalog.Name, rep.Catalog.Rules, rep.AstGrep.Version = r.text(), r.integer(), r.text()
	return rep
}

// fuzzBytes encodes values the way fuzzReport reads them, for seeds.
func fuzzBytes(values ...any) []byte {
	var b []byte
	for _, v := range values {
		switch x := v.(type) {
		case float64:
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		case int:
			b = binary.LittleEndian.AppendUint64(b, uint64(int64(x)))
		case byte:
			b = append(b, x)
		case string:
			b = append(append(b, byte(len(x))), x...)
		}
	}
	return b
}

// FuzzWriteJSON writes reports of arbitrary values and reads them back
// with encoding/json: one line of valid JSON, the keys in the fixed order,
// every integer and string as written, every float as the shortest
// digits that read back as its cleaned value (non-finite values and values
// closer to zero than epsilon as 0.0, so never -0), unset DIR values as
// null, the catalog keys only when the report names its catalog.
func FuzzWriteJSON(f *testing.F) {
	f.Add([]byte{})
	f.Add(fuzzBytes(0.25, 0.4, 1.0/3, 12, 340, 20, 10, 5, 5, 1, 40, 3, 4, 120.5, 60.25, 90.0, 30.0, 2, 700,
		byte(2), "python", 1, 500, "rust", 1, 200, byte(1), byte(1), 0.4, 5, 2, byte(1), 0.6, byte(0), byte(1), 1.0,
		byte(1), 3.0, byte(1), 0.575, "bundled:0.1.0", 197, "0.44.0"))
	f.Add(fuzzBytes(math.Copysign(0, -1), math.NaN(), math.Inf(-1), -1, math.MinInt64, math.MaxInt64, 0, 0, 0, 0,
		0, 0, 0, 1e-17, -2.5e-16, 1e16, 1e15, 0, 0, byte(3), "", 0, 0, "a\"\\\n\x00\x1f\x7f", 0, 0, "\xff\xfe\u2028é", 0, 0))
	f.Add(fuzzBytes(math.MaxFloat64, -math.SmallestNonzeroFloat64, 5e-324, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0.00001, 0.000001, 123456.789, -1.2345e-7))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := fuzzReport(data)
		var out bytes.Buffer
		require.NoError(t, WriteJSON(&out, rep))
		text := out.String()
		require.True(t, strings.HasSuffix(text, "}\n") && strings.Count(text, "\n") == 1, "one line: %q", text)
		require.True(t, json.Valid(out.Bytes()) && utf8.Valid(out.Bytes()), "valid JSON in UTF-8: %q", text)
		checkJSON(t, rep, out.Bytes())
	})
}

// checkJSON reads the written report token by token and compares each key
// and value with the report.
func checkJSON(t *testing.T, rep *Report, out []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	next := func() json.Token {
		tok, err := dec.Token()
		require.NoError(t, err)
		return tok
	}
	delim := func(want json.Delim) { require.Equal(t, want, next()) }
	key := func(want string) { require.Equal(t, want, next(), "key order") }
	integer := func(k string, want int) {
		key(k)
		n, ok := next().(json.Number)
		require.True(t, ok, "%s is a number", k)
		got, err := strconv.ParseInt(string(n), 10, 64)
		require.NoError(t, err, "%s = %s is an integer", k, n)
		require.Equal(t, int64(want), got, k)
	}
	float := func(k string, v float64) {
		key(k)
		n, ok := next().(json.Number)
		require.True(t, ok, "%s is a number", k)
		checkFloat(t, k, string(n), v)
	}
	nullable := func(k string, v *float64) {
		if v != nil {
			float(k, *v)
			return
		}
		key(k)
		require.Nil(t, next(), "%s is null", k)
	}

	delim('{')
	float("verbosity", rep.Verbosity)
	float("erosion", rep.Erosion)
	float("cog_erosion", rep.CogErosion)
	integer("files_scanned", rep.FilesScanned)
	integer("total_loc", rep.TotalLOC)
	integer("verbosity_flagged_loc", rep.VerbosityFlaggedLOC)
	integer("clone_loc", rep.CloneLOC)
	integer("ast_grep_flagged_loc", rep.AstGrepFlaggedLOC)
	integer("structural_rule_loc", rep.StructuralRuleLOC)
	integer("structural_rule_findings", rep.StructuralRuleFindings)
	integer("total_functions", rep.TotalFunctions)
	integer("high_cc_functions", rep.HighCCFunctions)
	integer("high_cog_functions", rep.HighCogFunctions)
	float("total_mass", rep.TotalMass)
	float("high_cc_mass", rep.HighCCMass)
	float("total_cog_mass", rep.TotalCogMass)
	float("high_cog_mass", rep.HighCogMass)
	integer("syntax_tree_count", rep.SyntaxTreeCount)
	integer("syntax_node_count", rep.SyntaxNodeCount)
	key("syntax_by_language")
	delim('{')
	for _, l := range rep.SyntaxByLanguage {
		key(validUTF8(l.Language))
		delim('{')
		integer("tree_count", l.TreeCount)
		integer("node_count", l.NodeCount)
		delim('}')
	}
	delim('}')
	d := rep.DIR
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
	if rep.MCF != nil {
		mcf = &rep.MCF.Value
	}
	nullable("mcf", mcf)
	nullable("if50", rep.IF50)
	if rep.Catalog.Name != "" {
		key("catalog")
		require.Equal(t, validUTF8(rep.Catalog.Name), next(), "catalog")
		integer("catalog_rules", rep.Catalog.Rules)
		key("ast_grep_version")
		if rep.AstGrep.Version == "" {
			require.Nil(t, next(), "ast_grep_version is null")
		} else {
			require.Equal(t, validUTF8(rep.AstGrep.Version), next(), "ast_grep_version")
		}
	}
	delim('}')
	_, err := dec.Token()
	require.ErrorIs(t, err, io.EOF, "nothing after the object")
}

// checkFloat requires text to be v as the reference prints it: a decimal
// point or an exponent always, 0.0 for what the clean-up zeroes, else the
// shortest digits that read back as v exactly.
func checkFloat(t *testing.T, key, text string, v float64) {
	t.Helper()
	require.True(t, strings.ContainsAny(text, ".e"), "%s = %s has a point or an exponent", key, text)
	require.NotContains(t, text, "+", "%s = %s", key, text)
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) < epsilon {
		require.Equal(t, "0.0", text, "%s = %v", key, v)
		return
	}
	got, err := strconv.ParseFloat(text, 64)
	require.NoError(t, err, "%s = %s", key, text)
	require.Equal(t, math.Float64bits(v), math.Float64bits(got), "%s = %s reads back as %v, not %v", key, text, got, v)
	mant, _, _ := strings.Cut(strings.TrimPrefix(text, "-"), "e")
	digits := strings.TrimRight(strings.TrimLeft(strings.Replace(mant, ".", "", 1), "0"), "0")
	shortest, _, _ := strings.Cut(strconv.FormatFloat(math.Abs(v), 'e', -1, 64), "e")
	require.Equal(t, len(strings.TrimRight(strings.Replace(shortest, ".", "", 1), "0")), len(digits),
		"%s = %s is not the shortest form of %v", key, text, v)
}

// validUTF8 is s as encoding/json reads it back: each byte of an invalid
// sequence becomes U+FFFD.
func validUTF8(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
