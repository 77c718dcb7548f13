package change

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// WriteJSON writes d as one compact JSON object and a newline, its keys in
// this order:
//
//   - base and head: each side's report object, as writeReport writes it
//     (the JSON report `check --report` prints for it; report.WriteJSON
//     when nil), byte for byte;
//   - delta: every number of the metric table (metric.All), in its order,
//     the head's value minus the base's (counts as integers), null when a
//     side has no value (DIR undefined);
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
	for i, m := range metric.All {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(report.JSONString(m.Key) + ":")
		v, ok := d.Metrics[m.Key]
		switch {
		case !ok:
			b.WriteString("null")
		case m.Kind == metric.Count:
			b.WriteString(strconv.FormatInt(int64(math.Round(v)), 10))
		default:
			b.WriteString(report.JSONFloat(v))
		}
	}
	b.WriteString(`},"functions":`)
	var changed []Function
	for _, f := range d.Functions {
		if f.Status != Unchanged {
			changed = append(changed, f)
		}
	}
	writeArray(&b, changed, func(o *jsonObject, f Function) {
		o.text("path", f.place().Path)
		o.text("name", f.Name)
		o.text("kind", f.Kind)
		o.text("status", string(f.Status))
		o.numbers("base", f.Base)
		o.numbers("head", f.Head)
	})
	b.WriteString(`,"new_findings":`)
	writeArray(&b, d.NewFindings, func(o *jsonObject, nf NewFinding) {
		o.text("rule", nf.RuleID)
		o.text("severity", nf.Severity)
		o.span(nf.Path, nf.Line, nf.EndLine)
		o.text("message", nf.Message)
		if nf.Kind == finding.Clone {
			o.key("counterparts")
			writeArray(o.b, nf.Counterparts, func(c *jsonObject, p finding.Place) { c.span(p.Path, p.Line, p.EndLine) })
		}
	})
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
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

// place is where a function is shown: in the head, in the base for a
// removed function.
func (f Function) place() *Numbers {
	if f.Head != nil {
		return f.Head
	}
	if f.Base != nil {
		return f.Base
	}
	return &Numbers{}
}
