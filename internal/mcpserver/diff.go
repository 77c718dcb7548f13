package mcpserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/report"
)

const diffDescription = "Judge a change as `scb-check diff` does: measure the base revision (default HEAD) and the head " +
	"(default the working tree as it is on disk, or another revision) of the git repository holding path, and answer the " +
	"metric deltas, the functions the change made new or more complex (cyclomatic or cognitive) with their numbers in both " +
	"trees, and the findings the change added (a copy of existing code, a function taken over a complexity threshold, one more " +
	"match of a rule). Editing or moving flagged code adds nothing. Paths are relative to the answer's root. Call rule with a " +
	"finding's rule id to learn how to fix it."

// defaultDiffItems is how many functions, and how many new findings, diff
// lists unless told.
const defaultDiffItems = 50

// workTree is how an answer names the working tree as the head.
const workTree = "the working tree"

// diffArgs are diff's arguments.
type diffArgs struct {
	Path string `json:"path" jsonschema:"the file or directory compared, in a git repository's working tree: absolute, or relative to the server's working directory"`
	Base string `json:"base,omitempty" jsonschema:"the revision before the change: anything git rev-parse takes for a commit (default HEAD)"`
	Head string `json:"head,omitempty" jsonschema:"the revision after the change (default: the working tree as it is on disk)"`
	analysisArgs
	DisableSG *bool `json:"disable_sg,omitempty" jsonschema:"run no ast-grep rule on either tree"`
	Limit     *int  `json:"limit,omitempty" jsonschema:"how many functions, and how many new findings, to list (default 50 each); all are counted"`
}

// diffSchema gives base its default and bounds limit.
func diffSchema(s *jsonschema.Schema) {
	analysisSchema(s)
	s.Properties["base"].Default = json.RawMessage(`"HEAD"`)
	s.Properties["limit"].Minimum = ptr(0.0)
	s.Properties["limit"].Default = json.RawMessage(strconv.Itoa(defaultDiffItems))
}

// DiffAnswer is diff's answer.
type DiffAnswer struct {
	// Root is the directory the answer's paths are relative to.
	Root string `json:"root"`
	// Base and Head are the trees compared: the revisions, or "the
	// working tree".
	Base string `json:"base"`
	Head string `json:"head"`
	// Metrics are the headline metrics in both trees and their change.
	Metrics []MetricChange `json:"metrics"`
	// FunctionCounts counts the functions by what the change did to them.
	FunctionCounts FunctionCounts `json:"function_counts"`
	// Functions are the new and regressed functions, the largest change
	// of mass first: as many as the limit, fewer when the bound left some
	// out.
	Functions []ChangedFunction `json:"functions"`
	// NewFindingsTotal counts the findings the change added; NewFindings
	// are the first of them, in path and line order.
	NewFindingsTotal int       `json:"new_findings_total"`
	NewFindings      []Finding `json:"new_findings"`
	// FunctionsLeftOut and NewFindingsLeftOut count those within the
	// limit that the bound left out.
	FunctionsLeftOut   int `json:"functions_left_out"`
	NewFindingsLeftOut int `json:"new_findings_left_out"`
	// Skipped are the files of either tree that could not be read or
	// parsed: they count in no metric.
	Skipped []Skipped `json:"skipped"`
	// Warnings are the inputs other than sources passed over, each
	// prefixed by its tree ("base: ", "head: ").
	Warnings []string `json:"warnings"`
	// Cache is what the two runs found in the server's cache.
	Cache Cache `json:"cache"`
}

// nullable marks the members that are null when a tree lacks them: a
// function's numbers on the side it is missing from, a metric without a
// value.
func (DiffAnswer) nullable(out *jsonschema.Schema) {
	orNull := func(s *jsonschema.Schema) { s.Types, s.Type = []string{"null", s.Type}, "" }
	fn := out.Properties["functions"].Items
	orNull(fn.Properties["base"])
	orNull(fn.Properties["head"])
	m := out.Properties["metrics"].Items
	for _, k := range []string{"base", "head", "delta"} {
		orNull(m.Properties[k])
	}
}

// MetricChange is one headline metric in both trees; a side without a
// value (dir with no public symbols) is null, and so is the delta then.
type MetricChange struct {
	Key   string   `json:"key"`
	Base  *float64 `json:"base"`
	Head  *float64 `json:"head"`
	Delta *float64 `json:"delta"`
}

// FunctionCounts counts the functions of a change by status.
type FunctionCounts struct {
	Regressed int `json:"regressed"`
	New       int `json:"new"`
	Improved  int `json:"improved"`
	Removed   int `json:"removed"`
}

// ChangedFunction is a function the change made new or more complex.
type ChangedFunction struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Status string `json:"status"`
	// Base is its numbers before the change (null for a new function),
	// Head after.
	Base *FunctionNumbers `json:"base"`
	Head *FunctionNumbers `json:"head"`
}

// FunctionNumbers are a function's place and numbers in one tree.
type FunctionNumbers struct {
	File    string  `json:"file"`
	Line    int     `json:"line"`
	EndLine int     `json:"end_line"`
	CC      int     `json:"cc"`
	Cog     int     `json:"cog"`
	SLOC    int     `json:"sloc"`
	Mass    float64 `json:"mass"`
}

// diff measures the two trees of the repository holding the path and
// answers their comparison.
func (s *server) diff(c *call, args diffArgs) (DiffAnswer, error) {
	limit, err := limitArg(args.Limit, defaultDiffItems)
	if err != nil {
		return DiffAnswer{}, err
	}
	base := args.Base
	if base == "" {
		base = "HEAD"
	}
	head, headTree := workTree, scbcheck.Tree{Kind: scbcheck.WorkTree}
	if args.Head != "" {
		head, headTree = args.Head, scbcheck.Tree{Kind: scbcheck.Revision, Rev: args.Head}
	}
	real, err := s.resolveRepo(c, args.Path)
	if err != nil {
		return DiffAnswer{}, err
	}
	ch := args.choice()
	ch.DisableSG = args.DisableSG
	opt := s.options(ch)
	var stats scbcheck.CacheStats
	opt.Path, opt.WorkDir, opt.CacheStats, opt.Progress = real, s.cfg.WorkDir, &stats, c.prog.callback()
	if opt.CacheDir == "" {
		opt.MemoryCache = true
	}
	d, err := scbcheck.Diff(c.ctx, scbcheck.DiffOptions{Options: opt, Base: scbcheck.Tree{Kind: scbcheck.Revision, Rev: base}, Head: headTree})
	if err != nil && c.ctx.Err() != nil {
		return DiffAnswer{}, fmt.Errorf("cancelled: %w", c.ctx.Err())
	}
	if err != nil {
		return DiffAnswer{}, err
	}
	s.log.Info("diff", "path", real, "base", base, "head", head, "new_findings", len(d.NewFindings),
		"file_hits", stats.FileHits, "file_misses", stats.FileMisses, "scan_hits", stats.ScanHits, "scan_misses", stats.ScanMisses)
	return diffAnswerOf(d, base, head, limit, cacheOf(stats)), nil
}

// resolveRepo is path resolved against the allowed roots (see
// roots.resolve), when the git repository holding it lies under one too:
// its objects are read, and its top's configuration applies.
func (s *server) resolveRepo(c *call, path string) (string, error) {
	allowed := s.roots.all(c.ctx, c.session())
	real, err := s.roots.resolve(path, allowed)
	if err != nil {
		return "", err
	}
	if top, ok := repoTop(real); ok && !under(top, allowed) {
		return "", fmt.Errorf("path %s lies in the git repository at %s, which is %w; it was not read (start the server there or give it with --root)",
			path, top, errOutside)
	}
	return real, nil
}

// repoTop is the nearest directory at or above real (a file's directory
// for a file) holding a .git entry: the top of the repository git finds
// for it. False when there is none.
func repoTop(real string) (string, bool) {
	dir := real
	if info, err := os.Stat(real); err == nil && !info.IsDir() {
		dir = filepath.Dir(real)
	}
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// diffAnswerOf is the answer of the comparison d of the trees named base
// and head, with at most limit functions and limit new findings.
func diffAnswerOf(d *change.Delta, base, head string, limit int, cache Cache) DiffAnswer {
	a := DiffAnswer{Root: d.Head.Root, Base: base, Head: head, Metrics: metricChanges(d), Functions: []ChangedFunction{},
		NewFindings: []Finding{}, Skipped: []Skipped{}, Warnings: []string{}, Cache: cache, NewFindingsTotal: len(d.NewFindings)}
	for _, f := range d.Functions {
		a.FunctionCounts.add(f.Status)
		if (f.Status == change.Regressed || f.Status == change.New) && len(a.Functions) < limit {
			a.Functions = append(a.Functions, ChangedFunction{Name: f.Name, Kind: f.Kind, Status: string(f.Status),
				Base: numbersOf(f.Base), Head: numbersOf(f.Head)})
		}
	}
	for _, nf := range d.NewFindings[:min(limit, len(d.NewFindings))] {
		out := findingOf(nf.Finding)
		out.Also = nil
		for _, p := range nf.Counterparts {
			out.Also = append(out.Also, fmt.Sprintf("%s:%d", p.Path, p.Line))
		}
		a.NewFindings = append(a.NewFindings, out)
	}
	for _, side := range []struct {
		name string
		r    *report.Report
	}{{"base", d.Base}, {"head", d.Head}} {
		for _, sk := range side.r.Skipped {
			a.Skipped = append(a.Skipped, Skipped{File: sk.Path, Reason: sk.Reason.Spell(callWords{}), Tree: side.name})
		}
		for _, w := range side.r.Warnings {
			a.Warnings = append(a.Warnings, side.name+": "+w.Spell(callWords{}))
		}
	}
	return a
}

// metricChanges are the headline metrics of d's two trees with their
// change, in the metric table's order.
func metricChanges(d *change.Delta) []MetricChange {
	base, head := report.MetricsOf(d.Base), report.MetricsOf(d.Head)
	value := func(values map[string]float64, key string) *float64 {
		if v, ok := values[key]; ok {
			return ptr(v)
		}
		return nil
	}
	var out []MetricChange
	for _, m := range metric.All {
		mc := MetricChange{Key: m.Key, Base: value(base, m.Key), Head: value(head, m.Key)}
		if mc.Base != nil && mc.Head != nil {
			mc.Delta = value(d.Metrics, m.Key)
		}
		out = append(out, mc)
	}
	return out
}

// add counts a function of status s (an unchanged one in none).
func (fc *FunctionCounts) add(s change.Status) {
	switch s {
	case change.Regressed:
		fc.Regressed++
	case change.New:
		fc.New++
	case change.Improved:
		fc.Improved++
	case change.Removed:
		fc.Removed++
	}
}

// numbersOf is a side's numbers as an answer gives them, nil for none.
func numbersOf(n *change.Numbers) *FunctionNumbers {
	if n == nil {
		return nil
	}
	return &FunctionNumbers{File: n.Path, Line: n.Line, EndLine: n.EndLine, CC: n.CC, Cog: n.Cog, SLOC: n.SLOC, Mass: n.Mass}
}

func (a DiffAnswer) items() int { return len(a.Functions) + len(a.NewFindings) }

// keep keeps n items, the new findings first: they are what an agent
// fixes.
func (a DiffAnswer) keep(n int) DiffAnswer {
	findings := min(n, len(a.NewFindings))
	functions := n - findings
	a.NewFindingsLeftOut += len(a.NewFindings) - findings
	a.FunctionsLeftOut += len(a.Functions) - functions
	a.NewFindings, a.Functions = a.NewFindings[:findings], a.Functions[:functions]
	return a
}

// text renders the answer: the metrics that changed, the new and
// regressed functions with both numbers, then the new findings.
func (a DiffAnswer) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scb-check diff of %s: %s -> %s\n", a.Root, a.Base, a.Head)
	a.metricsText(&b)
	a.functionsText(&b)
	a.findingsText(&b)
	for _, sk := range a.Skipped {
		fmt.Fprintf(&b, "skipped in the %s: %s: %s\n", sk.Tree, sk.File, sk.Reason)
	}
	for _, w := range a.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	return b.String()
}

// metricsText writes a line per metric that changed (or has no value on
// a side), then the names of those that did not.
func (a DiffAnswer) metricsText(b *strings.Builder) {
	num := func(p *float64) string {
		if p == nil {
			return "null"
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	var same []string
	for _, m := range a.Metrics {
		if m.Delta != nil && *m.Delta == 0 {
			same = append(same, m.Key)
			continue
		}
		fmt.Fprintf(b, "%s %s -> %s (delta %s)\n", m.Key, num(m.Base), num(m.Head), num(m.Delta))
	}
	if len(same) > 0 {
		fmt.Fprintf(b, "unchanged: %s\n", strings.Join(same, ", "))
	}
}

// functionsText writes the counts by status and a line per function
// listed.
func (a DiffAnswer) functionsText(b *strings.Builder) {
	fc := a.FunctionCounts
	fmt.Fprintf(b, "functions: %d regressed, %d new, %d improved, %d removed\n", fc.Regressed, fc.New, fc.Improved, fc.Removed)
	if listed := len(a.Functions) + a.FunctionsLeftOut; listed < fc.Regressed+fc.New {
		fmt.Fprintf(b, "the first %d regressed and new functions (raise limit for more):\n", listed)
	}
	for _, f := range a.Functions {
		b.WriteString(f.line() + "\n")
	}
	b.WriteString(leftOutLine(a.FunctionsLeftOut, "functions"))
}

// findingsText writes the new findings, a copy's originals after it.
func (a DiffAnswer) findingsText(b *strings.Builder) {
	if a.NewFindingsTotal == 0 {
		b.WriteString("no new findings\n")
		return
	}
	fmt.Fprintf(b, "%d new findings", a.NewFindingsTotal)
	if listed := len(a.NewFindings) + a.NewFindingsLeftOut; listed < a.NewFindingsTotal {
		fmt.Fprintf(b, "; the first %d (raise limit for more)", listed)
	}
	b.WriteString(":\n")
	for _, f := range a.NewFindings {
		fmt.Fprintf(b, "%s:%d %s: %s\n", f.File, f.Line, f.Rule, f.Message)
		if len(f.Also) > 0 {
			fmt.Fprintf(b, "  a copy of %s\n", strings.Join(f.Also, ", "))
		}
	}
	b.WriteString(leftOutLine(a.NewFindingsLeftOut, "new findings"))
}

// line is the function's line of the text: its status, name and place,
// and each number in both trees ("cc 2 -> 3"; one number when it did not
// change or the function is new).
func (f ChangedFunction) line() string {
	n := f.Head
	pair := func(name string, v func(*FunctionNumbers) string) string {
		if f.Base == nil || v(f.Base) == v(n) {
			return name + " " + v(n)
		}
		return name + " " + v(f.Base) + " -> " + v(n)
	}
	itoa := func(g func(*FunctionNumbers) int) func(*FunctionNumbers) string {
		return func(x *FunctionNumbers) string { return strconv.Itoa(g(x)) }
	}
	parts := []string{
		pair("cc", itoa(func(x *FunctionNumbers) int { return x.CC })),
		pair("cog", itoa(func(x *FunctionNumbers) int { return x.Cog })),
		pair("sloc", itoa(func(x *FunctionNumbers) int { return x.SLOC })),
		pair("mass", func(x *FunctionNumbers) string { return strconv.FormatFloat(x.Mass, 'f', -1, 64) }),
	}
	return fmt.Sprintf("%s %s (%s) %s:%d-%d: %s", f.Status, f.Name, f.Kind, n.File, n.Line, n.EndLine, strings.Join(parts, ", "))
}
