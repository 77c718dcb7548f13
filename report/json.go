package report

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/reuse"
)

// WriteJSON writes the report as one compact JSON object and a newline:
// the reference's 20 keys in the reference's order (its numbers are
// metric.Reference's, then syntax_by_language), then ours: dir,
// dir_exported, dir_used, dir_with_tests, dir_reachable, dir_lenient, mcf
// and if50 (null when not computed or undefined), when the report
// names its catalog, catalog, catalog_rules and ast_grep_version, and
// when it has them, scopes: the numbers of metric.Scoped for its
// production code and for its test code.
func WriteJSON(w io.Writer, r *Report) error {
	var b strings.Builder
	b.WriteByte('{')
	o := &object{b: &b, sep: ",", colon: ":", format: formatFloat}
	key, float, integer := o.key, o.float, o.integer

	for _, m := range metric.Reference() {
		if n, ok := r.count(m.Key); ok {
			integer(m.Key, n)
		} else {
			v, _ := r.Value(m.Key)
			float(m.Key, v)
		}
	}
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
	if r.Scopes != nil {
		key("scopes")
		writeScopes(o, r.Scopes)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeScopes writes the scopes key's value: production then tests,
// each an object of the numbers of metric.Scoped in table order, with
// o's separators and float format.
func writeScopes(o *object, s *Scopes) {
	o.b.WriteByte('{')
	scope := &object{b: o.b, sep: o.sep, colon: o.colon, format: o.format}
	for _, sc := range []struct {
		key string
		r   *Report
	}{{"production", s.Production}, {"tests", s.Tests}} {
		scope.key(sc.key)
		o.b.WriteByte('{')
		numbers := &object{b: o.b, sep: o.sep, colon: o.colon, format: o.format}
		for _, m := range metric.Scoped() {
			if n, ok := sc.r.count(m.Key); ok {
				numbers.integer(m.Key, n)
			} else {
				v, _ := sc.r.Value(m.Key)
				numbers.float(m.Key, v)
			}
		}
		o.b.WriteByte('}')
	}
	o.b.WriteByte('}')
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
