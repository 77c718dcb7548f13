package trajectory

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// jsonDoc is the JSON shape of a trajectory.
type jsonDoc struct {
	SchemaVersion int         `json:"schema_version"`
	Points        []jsonPoint `json:"points"`
	Summary       jsonSummary `json:"summary"`
}

// jsonPoint is one point of the document: its head, its report (written
// as it is, see writeJSON) and its tail.
type jsonPoint struct {
	head jsonPointHead
	// report is the `check --report` object of the point's profile, byte
	// for byte; null without numbers.
	report []byte
	tail   jsonPointTail
}

// jsonPointHead are a point's members before its report.
type jsonPointHead struct {
	Index      int    `json:"index"`
	Checkpoint string `json:"checkpoint"`
	Commit     string `json:"commit,omitempty"`
	Time       string `json:"time,omitempty"`
	Subject    string `json:"subject,omitempty"`
}

// jsonPointTail are a point's members after its report.
type jsonPointTail struct {
	Delta   *byMetric[*float64] `json:"delta"`
	Skipped []jsonSkipped       `json:"skipped"`
	Error   *string             `json:"error"`
}

// marshal writes the point as one JSON object with the report's bytes
// unchanged: encoding/json would compact a raw message, and a report of
// scb-check 0.1.3 has its own separators (", " and ": ").
func (p *jsonPoint) marshal() ([]byte, error) {
	head, err := marshal(p.head)
	if err != nil {
		return nil, err
	}
	tail, err := marshal(p.tail)
	if err != nil {
		return nil, err
	}
	out := append(bytes.TrimSuffix(head, []byte("}")), `,"report":`...)
	out = append(out, p.report...)
	out = append(out, ',')
	return append(out, bytes.TrimPrefix(tail, []byte("{"))...), nil
}

// byMetric holds one value per trended metric (metric.Trended), in its
// order; its JSON is an object keyed by the metrics' keys.
type byMetric[T any] []T

// MarshalJSON writes the object, the values as marshal writes them.
func (b byMetric[T]) MarshalJSON() ([]byte, error) {
	var out bytes.Buffer
	out.WriteByte('{')
	for i, m := range metric.Trended() {
		if i > 0 {
			out.WriteByte(',')
		}
		key, err := marshal(m.Key)
		if err != nil {
			return nil, err
		}
		v, err := marshal(b[i])
		if err != nil {
			return nil, err
		}
		out.Write(key)
		out.WriteByte(':')
		out.Write(v)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

type jsonSkipped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// jsonSummary is the summary: the counts of points, one trend per
// trended metric, then the callables that grew most.
type jsonSummary struct {
	Checkpoints int
	Measured    int
	Trends      byMetric[jsonTrend]
	Grown       []jsonGrowth
}

// MarshalJSON writes checkpoints, measured, the trends by metric key and
// grown_callables.
func (s jsonSummary) MarshalJSON() ([]byte, error) {
	head, err := marshal(struct {
		Checkpoints int `json:"checkpoints"`
		Measured    int `json:"measured"`
	}{s.Checkpoints, s.Measured})
	if err != nil {
		return nil, err
	}
	trends, err := marshal(s.Trends)
	if err != nil {
		return nil, err
	}
	tail, err := marshal(struct {
		Grown []jsonGrowth `json:"grown_callables"`
	}{s.Grown})
	if err != nil {
		return nil, err
	}
	out := append(bytes.TrimSuffix(head, []byte("}")), ',')
	out = append(out, bytes.TrimSuffix(bytes.TrimPrefix(trends, []byte("{")), []byte("}"))...)
	out = append(out, ',')
	return append(out, bytes.TrimPrefix(tail, []byte("{"))...), nil
}

type jsonTrend struct {
	Points int      `json:"points"`
	First  *float64 `json:"first"`
	Last   *float64 `json:"last"`
	Mean   *float64 `json:"mean"`
	Slope  *float64 `json:"slope"`
	Rose   bool     `json:"rose"`
}

type jsonGrowth struct {
	Path          string `json:"path"`
	QualifiedName string `json:"qualified_name"`
	Occurrence    int    `json:"occurrence"`
	Line          int    `json:"line"`
	FirstIndex    int    `json:"first_index"`
	LastIndex     int    `json:"last_index"`
	FirstCC       int    `json:"first_cc"`
	LastCC        int    `json:"last_cc"`
	CCGrowth      int    `json:"cc_growth"`
	FirstCog      int    `json:"first_cog"`
	LastCog       int    `json:"last_cog"`
	CogGrowth     int    `json:"cog_growth"`
}

func (t *Trajectory) delta(i int, key string) *float64 {
	if d, ok := t.Delta(i, key); ok {
		return &d
	}
	return nil
}

// WriteJSON writes the trajectory as one JSON document: schema_version,
// one object per point (its `check --report` object under "report", in
// the JSON of the profile that measured it, byte for byte; the
// deltas of the trended metrics since the previous point with a value,
// its skipped files and its error) and the summary.
func WriteJSON(w io.Writer, t *Trajectory) error {
	doc := jsonDoc{SchemaVersion: report.SchemaVersion, Points: []jsonPoint{}}
	for i, p := range t.Points {
		jp := jsonPoint{
			head: jsonPointHead{
				Index: p.Index, Checkpoint: p.Checkpoint.Label, Commit: p.Checkpoint.Commit,
				Time: p.Checkpoint.Time, Subject: p.Checkpoint.Subject,
			},
			report: []byte("null"),
			tail:   jsonPointTail{Skipped: []jsonSkipped{}},
		}
		if p.Report != nil {
			jp.report = p.Report
			var d byMetric[*float64]
			for _, m := range metric.Trended() {
				d = append(d, t.delta(i, m.Key))
			}
			jp.tail.Delta = &d
		}
		if p.Err != nil {
			e := p.Err.Spell(t.Words)
			jp.tail.Error = &e
		}
		for _, s := range p.Skipped {
			jp.tail.Skipped = append(jp.tail.Skipped, jsonSkipped{Path: s.Path, Reason: s.Reason.Spell(t.Words)})
		}
		doc.Points = append(doc.Points, jp)
	}
	s := t.Summary
	doc.Summary = jsonSummary{Checkpoints: s.Checkpoints, Measured: s.Measured, Grown: []jsonGrowth{}}
	for _, m := range metric.Trended() {
		var jt jsonTrend
		for _, tr := range s.Trends {
			if tr.Metric == m.Key {
				jt = jsonTrend{Points: tr.Points, First: tr.First, Last: tr.Last, Mean: tr.Mean, Slope: tr.Slope, Rose: tr.Rose}
			}
		}
		doc.Summary.Trends = append(doc.Summary.Trends, jt)
	}
	for _, g := range s.Grown {
		doc.Summary.Grown = append(doc.Summary.Grown, jsonGrowth{
			Path: g.Path, QualifiedName: g.QualifiedName, Occurrence: g.Occurrence, Line: g.Line,
			FirstIndex: g.FirstIndex, LastIndex: g.LastIndex,
			FirstCC: g.FirstCC, LastCC: g.LastCC, CCGrowth: g.CCGrowth(),
			FirstCog: g.FirstCog, LastCog: g.LastCog, CogGrowth: g.CogGrowth(),
		})
	}
	// One point per line: the document stays valid JSON and each point's
	// report is the exact text `check --report` prints.
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"schema_version\":%d,\"points\":[", doc.SchemaVersion)
	for i, p := range doc.Points {
		line, err := p.marshal()
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n")
		b.Write(line)
	}
	if len(doc.Points) > 0 {
		b.WriteString("\n")
	}
	summary, err := marshal(doc.Summary)
	if err != nil {
		return err
	}
	b.WriteString("],\n\"summary\":")
	b.Write(summary)
	b.WriteString("}\n")
	_, err = w.Write(b.Bytes())
	return err
}

// marshal is json.Marshal without HTML escaping and without the newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// csvColumns are the metric columns of the CSV output (every metric's
// key, in table order: the `check --report` numbers, then dir), after
// index, checkpoint, commit, time, subject and error, and before the
// deltas.
var csvColumns = metric.Keys(metric.All)

func csvFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// csvValues are m's values in csvColumns order; empty cells for the
// values m lacks (all of them without numbers).
func csvValues(m report.Metrics) []string {
	out := make([]string, 0, len(metric.All))
	for _, d := range metric.All {
		v, ok := m[d.Key]
		switch {
		case !ok:
			out = append(out, "")
		case d.Kind == metric.Count:
			out = append(out, strconv.Itoa(int(v)))
		default:
			out = append(out, csvFloat(v))
		}
	}
	return out
}

// WriteCSV writes one row per point: index, checkpoint, commit, time,
// subject, error, the `check --report` numbers (dir last) and the deltas
// of the trended metrics (metric.Trended). Missing values are empty
// cells. The text cells (checkpoint to error) are written as
// report.CSVText writes them (escaped, a leading =, +, -, @, tab or
// carriage return neutralised), the numbers as they are (a negative delta
// stays a number). The summary is not part of the CSV.
func WriteCSV(w io.Writer, t *Trajectory) error {
	cw := csv.NewWriter(w)
	header := append([]string{"index", "checkpoint", "commit", "time", "subject", "error"}, csvColumns...)
	for _, m := range metric.Trended() {
		header = append(header, "delta_"+m.Key)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for i, p := range t.Points {
		row := []string{strconv.Itoa(p.Index)}
		for _, text := range []string{p.Checkpoint.Label, p.Checkpoint.Commit, p.Checkpoint.Time, p.Checkpoint.Subject, p.Err.Spell(t.Words)} {
			row = append(row, report.CSVText(text))
		}
		row = append(row, csvValues(p.Metrics)...)
		for _, m := range metric.Trended() {
			if d, ok := t.Delta(i, m.Key); ok {
				row = append(row, csvFloat(d))
			} else {
				row = append(row, "")
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteHuman writes a table of the points (values, with the change since
// the previous point in brackets), the points without numbers and the
// files skipped, the summary and the callables that grew most. Labels,
// paths, reasons and subjects are escaped (vfs.EscapePath), so that a
// name holding a newline, a tab or an escape character stays on its line
// and reaches no terminal as a control sequence.
func WriteHuman(w io.Writer, t *Trajectory) error {
	var b bytes.Buffer
	s := t.Summary
	of := ""
	switch t.Scope {
	case lang.ScopeProduction:
		of = " of the production code"
	case lang.ScopeTests:
		of = " of the test code"
	}
	fmt.Fprintf(&b, "Trajectory%s of %d checkpoints (%d measured)\n\n", of, s.Checkpoints, s.Measured)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tcheckpoint\t"+strings.Join(metric.Keys(metric.Trended()), "\t")+"\tloc\tfunctions\t")
	for i, p := range t.Points {
		cells := []string{strconv.Itoa(p.Index), vfs.EscapePath(p.Checkpoint.Label)}
		for _, m := range metric.Trended() {
			cells = append(cells, humanValue(t, i, m.Key))
		}
		if p.Metrics != nil {
			cells = append(cells, strconv.Itoa(int(p.Metrics["total_loc"])), strconv.Itoa(int(p.Metrics["total_functions"])))
		} else {
			cells = append(cells, "-", "-")
		}
		line := strings.Join(cells, "\t") + "\t"
		if p.Checkpoint.Subject != "" {
			line += " " + clip(vfs.EscapePath(p.Checkpoint.Subject), 50)
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var failed, skipped []string
	for _, p := range t.Points {
		label := vfs.EscapePath(p.Checkpoint.Label)
		if p.Err != nil {
			failed = append(failed, fmt.Sprintf("  %d %s: %s\n", p.Index, label, vfs.EscapePath(p.Err.Spell(t.Words))))
		}
		for _, sk := range p.Skipped {
			skipped = append(skipped, fmt.Sprintf("  %d %s: %s: %s\n", p.Index, label, vfs.EscapePath(sk.Path), vfs.EscapePath(sk.Reason.Spell(t.Words))))
		}
	}
	if len(failed) > 0 {
		b.WriteString("\nNot measured:\n")
		b.WriteString(strings.Join(failed, ""))
	}
	if len(skipped) > 0 {
		b.WriteString("\nSkipped files:\n")
		b.WriteString(strings.Join(skipped, ""))
	}

	b.WriteString("\nSummary\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tpoints\tfirst\tlast\tmean\tslope/checkpoint\trose\t")
	for _, tr := range s.Trends {
		rose := "no"
		if tr.Rose {
			rose = "yes"
		}
		if tr.Points == 0 {
			rose = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t\n", tr.Metric, tr.Points,
			fixed(tr.First, "%.4f"), fixed(tr.Last, "%.4f"), fixed(tr.Mean, "%.4f"), fixed(tr.Slope, "%+.4f"), rose)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(s.Grown) > 0 {
		b.WriteString("\nCallables whose complexity grew most (matched by file and qualified name, or by body)\n")
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for _, g := range s.Grown {
			name := vfs.EscapePath(g.QualifiedName)
			if g.Occurrence > 1 {
				name += fmt.Sprintf(" (#%d)", g.Occurrence)
			}
			fmt.Fprintf(tw, "  %s:%d\t%s\tcc %d -> %d (%+d)\tcog %d -> %d (%+d)\tcheckpoints %d..%d\t\n",
				vfs.EscapePath(g.Path), g.Line, name, g.FirstCC, g.LastCC, g.CCGrowth(), g.FirstCog, g.LastCog, g.CogGrowth(),
				g.FirstIndex, g.LastIndex)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	// Tab-aligned cells end with padding; trailing spaces are trimmed.
	var out strings.Builder
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		out.WriteString(strings.TrimRight(strings.TrimSuffix(line, "\n"), " "))
		if strings.HasSuffix(line, "\n") {
			out.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// humanValue is point i's value of the metric of key with its delta, or
// "-".
func humanValue(t *Trajectory, i int, key string) string {
	v, ok := value(t.Points[i].Metrics, key)
	if !ok {
		return "-"
	}
	s := fmt.Sprintf("%.4f", v)
	if d, ok := t.Delta(i, key); ok {
		s += fmt.Sprintf(" (%s)", signed(d))
	}
	return s
}

// signed prints a delta with its sign; a change too small to show is 0.
func signed(d float64) string {
	s := fmt.Sprintf("%+.4f", d)
	if s == "-0.0000" || s == "+0.0000" {
		return "0"
	}
	return s
}

func fixed(v *float64, format string) string {
	if v == nil {
		return "-"
	}
	s := fmt.Sprintf(format, *v)
	if s == "+0.0000" || s == "-0.0000" {
		s = "0.0000"
	}
	return s
}

// clip shortens s to at most n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
