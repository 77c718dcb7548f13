package change

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

// worse and better tell the statuses the listings paint as a change for
// the worse and for the better.
func worse(s Status) bool  { return s == Regressed || s == New }
func better(s Status) bool { return s == Improved || s == Removed }

// listed are the functions of d the human and Markdown outputs list, in
// d's order: those not unchanged, or all with unchanged.
func listed(d *Delta, unchanged bool) []Function {
	out := make([]Function, 0, len(d.Functions))
	for _, f := range d.Functions {
		if unchanged || f.Status != Unchanged {
			out = append(out, f)
		}
	}
	return out
}

// metricRow is one metric's row of the human and Markdown tables: its
// key and its base, head and delta as shown ("-" for no value).
type metricRow struct {
	key               string
	base, head, delta string
	// sign is the delta's direction: -1, 0 or 1 (0 without one, or
	// when it rounds to zero).
	sign int
	// gated marks a metric a gate bounds from above: a rise is for the
	// worse.
	gated bool
}

// metricRows are d's metric rows, one per metric of the table, in its
// order: shares with three decimals, masses with two, counts whole; the
// base's values "-" when d has no base.
func metricRows(d *Delta) []metricRow {
	base, head := report.Metrics{}, report.MetricsOf(d.Head)
	if d.Base != nil {
		base = report.MetricsOf(d.Base)
	}
	rows := make([]metricRow, 0, len(metric.All))
	for _, m := range metric.All {
		places := map[metric.Kind]int{metric.Share: 3, metric.Mass: 2, metric.Count: 0}[m.Kind]
		row := metricRow{key: m.Key, base: "-", head: "-", delta: "-", gated: m.Gate == metric.AtMost}
		if v, ok := base[m.Key]; ok {
			row.base = fixed(v, places, false)
		}
		if v, ok := head[m.Key]; ok {
			row.head = fixed(v, places, false)
		}
		if v, ok := d.Metrics[m.Key]; ok {
			row.delta = fixed(v, places, true)
			if row.delta != fixed(0, places, false) {
				row.sign = cmp.Compare(v, 0)
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// fixed writes v with places decimals, with a "+" before a positive value
// when signed; a value that rounds to zero is written unsigned.
func fixed(v float64, places int, signed bool) string {
	s := strconv.FormatFloat(v, 'f', places, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	if signed && v > 0 {
		return "+" + s
	}
	return s
}

// change is a function's number in both sides ("9 -> 14", "9" when it is
// the same), or on the one side it has.
func change(f Function, arrow string, number func(*Numbers) string) string {
	switch {
	case f.Base == nil:
		return number(f.Head)
	case f.Head == nil:
		return number(f.Base)
	}
	b, h := number(f.Base), number(f.Head)
	if b == h {
		return h
	}
	return b + arrow + h
}

// The numbers of a function's side as the listings show them.
var (
	ccText   = func(n *Numbers) string { return strconv.Itoa(n.CC) }
	cogText  = func(n *Numbers) string { return strconv.Itoa(n.Cog) }
	slocText = func(n *Numbers) string { return strconv.Itoa(n.SLOC) }
	massText = func(n *Numbers) string { return fixed(n.Mass, 2, false) }
)

// location is where a function is (Path), path:line, its path passed
// through escape.
func (f Function) location(escape func(string) string) string {
	return fmt.Sprintf("%s:%d", escape(f.Path()), f.line())
}
