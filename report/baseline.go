package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/vfs"
)

// SchemaVersion is the version of the JSON documents of our own but the
// baseline (which has BaselineVersion): the properties of a SARIF run,
// the rule listing, dir's and trajectory's JSON. It is bumped whenever
// one of them changes in a way an existing reader would misread (a key
// removed, renamed or given another meaning); added keys do not bump it.
// The reference JSON report (WriteJSON) carries no version: its form is the
// reference's.
const SchemaVersion = 1

// The versions of the baseline file.
const (
	// MetricsBaselineVersion is a baseline of metrics only (NewBaseline):
	// the ratchet compares with it, and every finding of a run is its own.
	MetricsBaselineVersion = 1
	// BaselineVersion is a baseline that also records the files, every
	// function's numbers and every finding (see Baseline.Files): what
	// `check --write-baseline` writes. A reader that knew only version 1
	// would take it for metrics only, hence the bump.
	BaselineVersion = 2
)

// DefaultMaxBaseline is ReadBaseline's cap on a baseline file's size:
// 64 MB, as a baseline lists every function of the tree (about 200 bytes
// each).
const DefaultMaxBaseline = 64 << 20

// ToolName is the name the tool reports itself by.
const ToolName = "scb-check"

// Metrics are a report's numbers by metric key (metric.All), cleaned as
// the JSON report prints them (no NaN, infinity or -0); a metric the
// report has no value for (dir undefined) is absent. Their JSON, the
// metric record of a baseline and of a SARIF run, holds the reference
// report's numbers (metric.Reference) in its key order, a count as an
// integer (one above 2^53 cannot be held exactly: writing it is an
// error), one absent as 0; reading it back keeps those numbers.
type Metrics map[string]float64

// maxExactCount is the largest count a float64 holds exactly (2^53).
const maxExactCount = 1 << 53

// MetricsOf returns r's numbers.
func MetricsOf(r *Report) Metrics {
	m := Metrics{}
	for _, d := range metric.All {
		if v, ok := r.Value(d.Key); ok {
			m[d.Key] = cleanFloat(v)
		}
	}
	return m
}

// MarshalJSON writes the record: the reference numbers in key order.
func (m Metrics) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, d := range metric.Reference() {
		if i > 0 {
			b.WriteByte(',')
		}
		key, err := json.Marshal(d.Key)
		if err != nil {
			return nil, err
		}
		b.Write(key)
		b.WriteByte(':')
		if d.Kind == metric.Count {
			if math.Abs(m[d.Key]) > maxExactCount {
				return nil, fmt.Errorf("metrics.%s: %v is too large a count to record exactly", d.Key, m[d.Key])
			}
			b.WriteString(strconv.FormatInt(int64(m[d.Key]), 10))
			continue
		}
		v, err := json.Marshal(m[d.Key])
		if err != nil {
			return nil, fmt.Errorf("metrics.%s: %w", d.Key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a record: the reference numbers it holds (a count
// must be a whole number), other keys ignored.
func (m *Metrics) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	out := Metrics{}
	for _, d := range metric.Reference() {
		v, ok := raw[d.Key]
		if !ok {
			continue
		}
		var err error
		if d.Kind == metric.Count {
			var n int
			err = json.Unmarshal(v, &n)
			out[d.Key] = float64(n)
		} else {
			var x float64
			err = json.Unmarshal(v, &x)
			out[d.Key] = x
		}
		if err != nil {
			return fmt.Errorf("metrics.%s: %w", d.Key, err)
		}
	}
	*m = out
	return nil
}

// Baseline is what the ratchet compares a run with: the metrics of an
// earlier run, with the tool version and the settings that produced them,
// and, from version 2 (BaselineVersion), its files, functions and
// findings, which tell the findings a later run adds (package change).
type Baseline struct {
	SchemaVersion int    `json:"schema_version"`
	Tool          string `json:"tool"`
	ToolVersion   string `json:"tool_version"`
	// Settings are every setting that changes a metric, by name (the
	// command line fills them); two runs compare only when they agree.
	Settings map[string]string `json:"settings"`
	Metrics  Metrics           `json:"metrics"`

	// Files are the paths of the run's parsed files, sorted; nil in a
	// baseline of metrics only (version 1), as are Functions and
	// Findings.
	Files []string `json:"files,omitempty"`
	// Functions are every function of the run, by file path and in
	// source order within a file (the report's order).
	Functions []BaselineFunction `json:"functions,omitempty"`
	// Findings are every finding of the run (Report.AllFindings), in the
	// order of SortBaselineFindings.
	Findings []BaselineFinding `json:"findings,omitempty"`
}

// HasFindings reports whether the baseline records functions and findings
// (version 2), not metrics only.
func (b *Baseline) HasFindings() bool { return b.SchemaVersion >= BaselineVersion }

// NewBaseline records r as a baseline of metrics only (version 1)
// written by toolVersion with settings: its reference numbers
// (metric.Reference), those its JSON holds. change.NewBaseline records its
// functions and findings too.
func NewBaseline(r *Report, toolVersion string, settings map[string]string) *Baseline {
	s := make(map[string]string, len(settings))
	for k, v := range settings {
		s[k] = v
	}
	m := MetricsOf(r)
	for _, d := range metric.All {
		if !d.Reference {
			delete(m, d.Key)
		}
	}
	return &Baseline{SchemaVersion: MetricsBaselineVersion, Tool: ToolName, ToolVersion: toolVersion, Settings: s, Metrics: m}
}

// WriteBaseline writes b as indented JSON (keys in a fixed order, settings
// sorted by name) and a newline. A version 2 baseline's files, functions
// and findings follow, one entry a line (its members in a fixed order),
// in the order b lists them, so that a change to the tree changes the
// lines of what it changed.
func WriteBaseline(w io.Writer, b *Baseline) error {
	head := *b
	head.Files, head.Functions, head.Findings = nil, nil, nil
	data, err := json.MarshalIndent(&head, "", "  ")
	if err != nil {
		return err
	}
	if b.HasFindings() {
		data = bytes.TrimSuffix(data, []byte("\n}"))
		var buf bytes.Buffer
		buf.Write(data)
		if err := writeEntries(&buf, "files", b.Files); err != nil {
			return err
		}
		if err := writeEntries(&buf, "functions", b.Functions); err != nil {
			return err
		}
		if err := writeEntries(&buf, "findings", b.Findings); err != nil {
			return err
		}
		buf.WriteString("\n}")
		data = buf.Bytes()
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// writeEntries writes `,\n  "name": [` and the entries, one a line, as
// compact JSON (no HTML escaping: a name such as <lambda> stays as it is),
// then `]`; `[]` when there are none.
func writeEntries[T any](buf *bytes.Buffer, name string, entries []T) error {
	fmt.Fprintf(buf, ",\n  %q: [", name)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	for i, e := range entries {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("%s[%d]: %w", name, i, err)
		}
		// Encode ends each value with a newline.
		buf.Truncate(buf.Len() - 1)
	}
	if len(entries) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteByte(']')
	return nil
}

// ReadBaseline reads the baseline file at path, of either version
// (MetricsBaselineVersion, BaselineVersion). Every error names the file; a
// file that is JSON but not a baseline of ours (a --report output, another
// tool's file, another schema version) is refused with what it is, and so
// is a version 2 baseline lacking its files, functions or findings, or
// holding an entry no run writes (see Baseline.Report). The file must be a
// regular file (a link to one counts) of at most DefaultMaxBaseline bytes.
func ReadBaseline(path string) (*Baseline, error) {
	return ReadBaselineLimit(path, DefaultMaxBaseline)
}

// ReadBaselineLimit is ReadBaseline with a cap of max bytes (none when
// max <= 0).
func ReadBaselineLimit(path string, max int64) (*Baseline, error) {
	data, err := vfs.ReadRegular(vfs.OS, path, max)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("baseline %s: not JSON: %w", path, err)
	}
	if _, ok := probe["schema_version"]; !ok {
		_, isReport := probe["erosion"]
		return nil, &NotBaselineError{Path: path, Report: isReport}
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	switch {
	case b.Tool != ToolName:
		return nil, fmt.Errorf("baseline %s: written by %q, not by %s", path, b.Tool, ToolName)
	case b.SchemaVersion != MetricsBaselineVersion && b.SchemaVersion != BaselineVersion:
		return nil, fmt.Errorf("baseline %s: schema version %d, but this %s reads versions %d and %d; write the baseline again with this version",
			path, b.SchemaVersion, ToolName, MetricsBaselineVersion, BaselineVersion)
	}
	if b.HasFindings() {
		for _, key := range []string{"files", "functions", "findings"} {
			if _, ok := probe[key]; !ok {
				return nil, fmt.Errorf("baseline %s: schema version %d but no %q", path, b.SchemaVersion, key)
			}
		}
		if b.Files == nil {
			b.Files = []string{}
		}
		if _, err := b.Report(); err != nil {
			return nil, fmt.Errorf("baseline %s: %w", path, err)
		}
	}
	return &b, nil
}

// NotBaselineError is ReadBaseline's error for a JSON file that is not a
// baseline (no schema_version): a JSON report (Report), or other JSON.
type NotBaselineError struct {
	Path   string
	Report bool
}

func (e *NotBaselineError) Error() string {
	if e.Report {
		return fmt.Sprintf("baseline %s: this is a JSON report, which records no tool version or settings; write the baseline with WriteBaseline instead", e.Path)
	}
	return fmt.Sprintf("baseline %s: not a baseline written by %s (no schema_version)", e.Path, ToolName)
}

// ErrBaselineMismatch is wrapped by the errors of CheckCompatible.
var ErrBaselineMismatch = errors.New("refused")

// CheckCompatible returns an error when the baseline cannot be compared
// with a run of toolVersion with settings: it was written by another
// version, or with other settings (each differing setting is named, with
// its value there and here).
func (b *Baseline) CheckCompatible(toolVersion string, settings map[string]string) error {
	if b.ToolVersion != toolVersion {
		return fmt.Errorf("%w: it was written by %s %s and this is %s %s; write it again with this version",
			ErrBaselineMismatch, ToolName, b.ToolVersion, ToolName, toolVersion)
	}
	keys := map[string]bool{}
	for k := range b.Settings {
		keys[k] = true
	}
	for k := range settings {
		keys[k] = true
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	var diffs []string
	for _, k := range names {
		there, inBase := b.Settings[k]
		here, inRun := settings[k]
		switch {
		case !inBase:
			diffs = append(diffs, fmt.Sprintf("%s is not recorded there, %s here", k, quoteSetting(here)))
		case !inRun:
			diffs = append(diffs, fmt.Sprintf("%s is %s there, not set here", k, quoteSetting(there)))
		case there != here:
			diffs = append(diffs, fmt.Sprintf("%s is %s there, %s here", k, quoteSetting(there), quoteSetting(here)))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%w: it was written with other settings (%s); write it again with this run's settings",
			ErrBaselineMismatch, strings.Join(diffs, "; "))
	}
	return nil
}

// quoteSetting shows a setting's value, "" visibly.
func quoteSetting(v string) string {
	if v == "" {
		return `""`
	}
	return v
}
