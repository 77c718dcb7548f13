package change

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// WriteJSON writes d as one compact JSON object and a newline, its keys in
// this order:
//
//   - base and head: each side's report object, as writeReport writes it
//     (the JSON report `check --report` prints for it; report.WriteJSON
//     when nil), byte for byte;
//   - delta: every number of the JSON report object (d.Metrics: see
//     MetricDeltas), in the report's order (see deltaKeys), nested ones
//     dotted, counts as whole numbers; null when a side has no value (DIR
//     undefined);
//   - functions: each function that is not unchanged, in d's order: path
//     (the head's, the base's for a removed function), name (the
//     qualified name), kind, status, and base and head, each null on the
//     side the function is missing from, else its path, line, end_line,
//     cc, cog, sloc and mass;
//   - new_findings: rule, severity, path, line, end_line and message, and
//     on a clone its counterparts (path, line, end_line).
//
// Floats and strings are written as the JSON report writes them.
func WriteJSON(w io.Writer, d *Delta, writeReport func(io.Writer, *report.Report) error) error {
	if writeReport == nil {
		writeReport = report.WriteJSON
	}
	var b strings.Builder
	b.WriteString(`{"base":`)
	for i, r := range []*report.Report{d.Base, d.Head} {
		if i == 1 {
			b.WriteString(`,"head":`)
		}
		var side bytes.Buffer
		if err := writeReport(&side, r); err != nil {
			return err
		}
		b.Write(bytes.TrimRight(side.Bytes(), "\n"))
	}
	b.WriteString(`,"delta":{`)
	keys, err := deltaKeys(d)
	if err != nil {
		return err
	}
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(report.JSONString(k.key) + ":")
		v, ok := d.Metrics[k.key]
		switch {
		case !ok:
			b.WriteString("null")
		case k.count:
			b.WriteString(strconv.FormatInt(int64(math.Round(v)), 10))
		default:
			b.WriteString(report.JSONFloat(v))
		}
	}
	b.WriteString(`},"functions":`)
	writeArray(&b, listed(d, false), functionMembers)
	b.WriteString(`,"new_findings":`)
	writeArray(&b, d.NewFindings, newFindingMembers)
	b.WriteString("}\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// deltaKey is a key of the delta object, and whether the reports write
// its numbers as whole numbers (the delta is then written as one).
type deltaKey struct {
	key   string
	count bool
}

// deltaKeys are the keys of the delta object: every member of the two
// sides' JSON report objects (report.WriteJSON, whatever profile wrote
// the sides) that holds a number or null, a nested one dotted as
// Delta.Metrics keys it ("syntax_by_language.python.tree_count"), in the
// head's order, each member only the base has right after the one it
// follows in the base; then any other key of d.Metrics, sorted.
func deltaKeys(d *Delta) ([]deltaKey, error) {
	head, err := numberKeys(d.Head)
	if err != nil {
		return nil, err
	}
	base, err := numberKeys(d.Base)
	if err != nil {
		return nil, err
	}
	keys := head
	at := func(key string) int {
		return slices.IndexFunc(keys, func(k deltaKey) bool { return k.key == key })
	}
	after := -1
	for _, k := range base {
		if i := at(k.key); i >= 0 {
			keys[i].count = keys[i].count || k.count
			after = i
			continue
		}
		after++
		keys = slices.Insert(keys, after, k)
	}
	var rest []string
	for k := range d.Metrics {
		if at(k) < 0 {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	for _, k := range rest {
		keys = append(keys, deltaKey{key: k})
	}
	return keys, nil
}

// numberKeys are the members of r's JSON report object that hold a number
// or null, in its order, nested ones dotted.
func numberKeys(r *report.Report) ([]deltaKey, error) {
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, r); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(&buf)
	dec.UseNumber()
	var keys []deltaKey
	// members reads the members of the object whose '{' was read, and
	// its '}'.
	var members func(prefix string) error
	members = func(prefix string) error {
		for dec.More() {
			name, err := dec.Token()
			if err != nil {
				return err
			}
			key := prefix + name.(string)
			value, err := dec.Token()
			if err != nil {
				return err
			}
			switch v := value.(type) {
			case json.Number:
				keys = append(keys, deltaKey{key, !strings.ContainsAny(v.String(), ".eE")})
			case nil:
				keys = append(keys, deltaKey{key: key})
			case json.Delim:
				if v == '[' {
					err = skipArray(dec)
				} else {
					err = members(key + ".")
				}
				if err != nil {
					return err
				}
			}
		}
		_, err := dec.Token() // the closing '}'
		return err
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if err := members(""); err != nil {
		return nil, fmt.Errorf("report JSON: %w", err)
	}
	return keys, nil
}

// skipArray reads past the array whose '[' was read: the report holds
// no number in arrays.
func skipArray(dec *json.Decoder) error {
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
	}
	return nil
}

// jsonObject writes the members of a JSON object into b, its opening
// brace before the first; close ends it.
type jsonObject struct {
	b       *strings.Builder
	started bool
}

func (o *jsonObject) key(k string) {
	if o.started {
		o.b.WriteByte(',')
	} else {
		o.b.WriteByte('{')
	}
	o.started = true
	o.b.WriteString(report.JSONString(k) + ":")
}

func (o *jsonObject) text(k, v string)        { o.key(k); o.b.WriteString(report.JSONString(v)) }
func (o *jsonObject) integer(k string, v int) { o.key(k); o.b.WriteString(strconv.Itoa(v)) }

// span writes a place's path, line and end_line.
func (o *jsonObject) span(path string, line, end int) {
	o.text("path", path)
	o.integer("line", line)
	o.integer("end_line", end)
}

// writeArray writes items as a JSON array of objects, each item's members
// written by member.
func writeArray[T any](b *strings.Builder, items []T, member func(o *jsonObject, item T)) {
	b.WriteByte('[')
	for i, item := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		o := jsonObject{b: b}
		member(&o, item)
		o.close()
	}
	b.WriteByte(']')
}

// close ends the object ({} when it has no member).
func (o *jsonObject) close() {
	if !o.started {
		o.b.WriteByte('{')
	}
	o.b.WriteByte('}')
}

// numbers writes one side's numbers of a function, null when n is nil.
func (o *jsonObject) numbers(k string, n *Numbers) {
	o.key(k)
	if n == nil {
		o.b.WriteString("null")
		return
	}
	side := jsonObject{b: o.b}
	side.span(n.Path, n.Line, n.EndLine)
	side.integer("cc", n.CC)
	side.integer("cog", n.Cog)
	side.integer("sloc", n.SLOC)
	side.key("mass")
	o.b.WriteString(report.JSONFloat(n.Mass))
	side.close()
}

// functionMembers writes a function's members: path, name, kind, status,
// and its base and head numbers (null on a side it is missing from).
func functionMembers(o *jsonObject, f Function) {
	o.text("path", f.Path())
	o.text("name", f.Name)
	o.text("kind", f.Kind)
	o.text("status", string(f.Status))
	o.numbers("base", f.Base)
	o.numbers("head", f.Head)
}

// newFindingMembers writes a new finding's members: rule, severity,
// path, line, end_line, message, and on a clone its counterparts.
func newFindingMembers(o *jsonObject, nf NewFinding) {
	o.text("rule", nf.RuleID)
	o.text("severity", nf.Severity)
	o.span(nf.Path, nf.Line, nf.EndLine)
	o.text("message", nf.Message)
	if nf.Kind == finding.Clone {
		o.key("counterparts")
		writeArray(o.b, nf.Counterparts, func(c *jsonObject, p finding.Place) { c.span(p.Path, p.Line, p.EndLine) })
	}
}
