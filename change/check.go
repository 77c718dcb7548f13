package change

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// Worse are the functions of d the change took over a complexity
// threshold (report.HighComplexity, cyclomatic or cognitive) or made more
// complex while over one: new functions over one, and regressed functions
// whose measure over one rose. They are in the head's path and line
// order.
func Worse(d *Delta) []Function {
	var out []Function
	for _, f := range d.Functions {
		if f.Head != nil && len(worseMeasures(f)) > 0 {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b Function) int {
		return cmp.Or(cmp.Compare(a.Head.Path, b.Head.Path), cmp.Compare(a.Head.Line, b.Head.Line))
	})
	return out
}

// WorseLine says what got worse in a function of Worse: "`main` in
// cli.py: CC 9 -> 14, now over 10" when it was not over the threshold,
// "CC 12 -> 14, over 10" when it was, "CC 15 (new), over 10" for a new
// function; the cognitive complexity is named "cognitive", and both
// measures are named, joined by "; ", when both got worse.
func WorseLine(f Function) string {
	return fmt.Sprintf("`%s` in %s: %s", f.Name, f.Head.Path, strings.Join(worseMeasures(f), "; "))
}

// worseMeasures words each measure of f that is over the threshold in
// the head and was not in the base, or rose (see WorseLine).
func worseMeasures(f Function) []string {
	if f.Head == nil {
		return nil
	}
	var out []string
	for _, m := range []struct {
		name string
		num  func(*Numbers) int
	}{{"CC", func(n *Numbers) int { return n.CC }}, {"cognitive", func(n *Numbers) int { return n.Cog }}} {
		head := m.num(f.Head)
		switch {
		case head <= report.HighComplexity:
		case f.Base == nil:
			out = append(out, fmt.Sprintf("%s %d (new), over %d", m.name, head, report.HighComplexity))
		case m.num(f.Base) <= report.HighComplexity:
			out = append(out, fmt.Sprintf("%s %d -> %d, now over %d", m.name, m.num(f.Base), head, report.HighComplexity))
		case head > m.num(f.Base):
			out = append(out, fmt.Sprintf("%s %d -> %d, over %d", m.name, m.num(f.Base), head, report.HighComplexity))
		}
	}
	return out
}

// OnLines are the findings of r (Report.Issues: after the run's policy)
// whose first line is one of lines, by r's path: the findings on a
// patch's added lines. A clone's counterparts are its group's instances
// whose first line is not one of them.
func OnLines(r *report.Report, lines map[string][]int) []NewFinding {
	added := func(path string, line int) bool { return slices.Contains(lines[path], line) }
	var out []NewFinding
	for _, f := range r.Issues(0) {
		if !added(f.Path, f.Line) {
			continue
		}
		nf := NewFinding{Finding: f}
		for _, p := range f.Group {
			if !added(p.Path, p.Line) {
				nf.Counterparts = append(nf.Counterparts, p)
			}
		}
		out = append(out, nf)
	}
	return out
}

// WriteCheckJSON writes d as check --new-from-* prints it in JSON: the
// head's report object as writeReport writes it (its profile's JSON),
// then two members of ours: findings, d's new findings (rule, severity,
// path, line, end_line, message, and on a clone its counterparts), and
// change: base (every number of the base's report, metric.All's keys in
// order, null for one it has no value for), delta (the head's number less
// the base's, null when a side has none) and functions (Worse's, each
// with path, name, kind, status and its base and head numbers). Without
// a base (d.Base nil: a patch's added lines) base and delta are null.
// With nest the head's object is kept whole under a first member
// "report" instead of being extended, for a profile whose object must
// stay as it is (0.1.3's).
func WriteCheckJSON(w io.Writer, d *Delta, writeReport func(io.Writer, *report.Report) error, nest bool) error {
	var obj bytes.Buffer
	if err := writeReport(&obj, d.Head); err != nil {
		return err
	}
	head := bytes.TrimRight(obj.Bytes(), "\n")
	if len(head) < 2 || head[0] != '{' || head[len(head)-1] != '}' {
		return fmt.Errorf("the head's JSON report is not an object")
	}
	var b strings.Builder
	if nest {
		b.WriteString(`{"report":`)
		b.Write(head)
		b.WriteByte(',')
	} else {
		b.Write(head[:len(head)-1])
		if len(bytes.TrimSpace(head[1:len(head)-1])) > 0 {
			b.WriteByte(',')
		}
	}
	b.WriteString(`"findings":`)
	writeArray(&b, d.NewFindings, newFindingMembers)
	b.WriteString(`,"change":{"base":`)
	if d.Base == nil {
		b.WriteString(`null,"delta":null`)
	} else {
		base, head := report.MetricsOf(d.Base), report.MetricsOf(d.Head)
		writeNumbers(&b, func(key string) (float64, bool) {
			v, ok := base[key]
			return v, ok
		})
		b.WriteString(`,"delta":`)
		writeNumbers(&b, func(key string) (float64, bool) {
			bv, bok := base[key]
			hv, hok := head[key]
			return hv - bv, bok && hok
		})
	}
	b.WriteString(`,"functions":`)
	writeArray(&b, Worse(d), functionMembers)
	b.WriteString("}}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeNumbers writes an object of every number of the metric table
// (metric.All, in its order), each with the value value gives it: a
// count as an integer, null when it has none.
func writeNumbers(b *strings.Builder, value func(key string) (float64, bool)) {
	b.WriteByte('{')
	for i, m := range metric.All {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(report.JSONString(m.Key) + ":")
		v, ok := value(m.Key)
		switch {
		case !ok:
			b.WriteString("null")
		case m.Kind == metric.Count:
			b.WriteString(strconv.FormatInt(int64(v), 10))
		default:
			b.WriteString(report.JSONFloat(v))
		}
	}
	b.WriteByte('}')
}
