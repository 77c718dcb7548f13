package report

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/htmlpage"
	"github.com/scbcheck/scbcheck/metric"
	"github.com/scbcheck/scbcheck/option"
)

// HTMLSource says how much of the analysed source the HTML page shows,
// for the files with findings (the others show none).
type HTMLSource string

// The values of HTMLSource.
const (
	// SourceFlagged shows excerpts: every flagged line and every
	// finding's first line, with HTMLOptions.Context lines around each.
	SourceFlagged HTMLSource = "flagged"
	// SourceAll shows each file with findings whole.
	SourceAll HTMLSource = "all"
	// SourceNone shows no source: each file's findings are listed.
	SourceNone HTMLSource = "none"
)

// HTMLSources are the values of HTMLSource, the default first.
var HTMLSources = []HTMLSource{SourceFlagged, SourceAll, SourceNone}

// The HTML page's caps, so that the page of a large tree (sympy: 1,472
// files, 41,903 functions, 11,236 findings) still opens in seconds: a
// browser lays out a few thousand table rows quickly, not a hundred
// thousand.
const (
	// DefaultHTMLSourceLines is the most source lines a page shows unless
	// told otherwise: past it, the files left list their findings without
	// source.
	DefaultHTMLSourceLines = 10000
	// DefaultHTMLFunctions is the most rows the functions table holds
	// unless told otherwise: past it, the functions with the most
	// complexity mass.
	DefaultHTMLFunctions = 5000
	// openSourceLines is the most source lines a page shows open when it
	// loads; past it every file's source starts closed.
	openSourceLines = 3000
)

// HTMLOptions controls the HTML page.
type HTMLOptions struct {
	// Generator names the tool and its version in the page's footer.
	Generator string
	// ReadFile reads a source file, named by its full path (Report.Abs);
	// os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// Source is how much source the page shows; SourceFlagged when empty.
	Source HTMLSource
	// Context is the number of lines shown around each flagged line and
	// finding under SourceFlagged.
	Context int
	// MaxSourceLines caps the source lines the page shows, over all
	// files in path order; DefaultHTMLSourceLines when 0, no cap when
	// negative. A file that would pass the cap shows no source.
	MaxSourceLines int
	// MaxFunctions caps the rows of the functions table: the functions
	// with the most complexity mass (then in path and line order) are
	// listed, in path and line order; DefaultHTMLFunctions when 0, no cap
	// when negative.
	MaxFunctions int
	// MinDuplicateLines leaves out clone groups whose first instance has
	// fewer SLOC lines (0 keeps all).
	MinDuplicateLines int
	// Rules describe the rules (RuleInfos of rules.Catalog.Infos): the
	// page documents, once, every rule its findings cite.
	Rules []RuleInfo
	// Words spell the options a skip reason or a warning names; nil is
	// the library's.
	Words option.Words
}

// htmlFile is a file of the page that has findings or flagged lines.
type htmlFile struct {
	file    *File
	anchor  string
	items   []finding.Finding
	flagged []int
}

// WriteHTML writes the report as one self-contained HTML page (see
// package internal/htmlpage): the headline metrics with what each
// means, every number of the JSON report, a treemap of the files (area:
// SLOC; colour and pattern: the share of the file's complexity mass in
// functions over the threshold), the functions table, the files with
// findings with their source (as opt.Source says) each flagged line
// marked by its sources and each finding under the line it starts on,
// the docs of the rules cited, and the files skipped. The page's
// numbers are the JSON report's.
func WriteHTML(w io.Writer, r *Report, opt HTMLOptions) error {
	if opt.Source == "" {
		opt.Source = SourceFlagged
	}
	if !slices.Contains(HTMLSources, opt.Source) {
		return fmt.Errorf("unknown HTML source setting %q", opt.Source)
	}
	if opt.MaxSourceLines == 0 {
		opt.MaxSourceLines = DefaultHTMLSourceLines
	}
	if opt.MaxFunctions == 0 {
		opt.MaxFunctions = DefaultHTMLFunctions
	}
	files, byAbs := htmlFiles(r, opt.MinDuplicateLines)
	rules := ruleAnchors(files, opt.Rules)
	name := "."
	if r.Root != "" {
		name = filepath.Base(r.Root)
	}
	p := &htmlpage.Page{
		Kind: "check", Title: "scb-check: " + shownText(name), Generator: opt.Generator,
		Subtitle: fmt.Sprintf("%s files, %s SLOC, %s functions", count(r.FilesScanned), count(r.TotalLOC), count(r.TotalFunctions)),
		Lead:     leadText(r, files),
	}
	p.Sections = append(p.Sections, summarySection(r), numbersSection(r), treemapSection(r, files), functionsSection(r, files, opt.MaxFunctions))
	sources, err := sourceSection(r, files, byAbs, rules, opt)
	if err != nil {
		return err
	}
	p.Sections = append(p.Sections, sources)
	if len(rules) > 0 {
		p.Sections = append(p.Sections, rulesSection(rules, opt.Rules))
	}
	if len(r.Skipped) > 0 || len(r.Warnings) > 0 {
		p.Sections = append(p.Sections, skippedSection(r, opt.Words))
	}
	return htmlpage.Write(w, p)
}

// htmlFiles are the report's files with findings (collectIssues) or
// flagged lines, in path order, each with its anchor, and the same keyed
// by full path.
func htmlFiles(r *Report, minDup int) ([]*htmlFile, map[string]*htmlFile) {
	byAbs := map[string]*htmlFile{}
	for i := range r.Files {
		byAbs[r.Abs(r.Files[i].Path)] = &htmlFile{file: &r.Files[i]}
	}
	for _, it := range collectIssues(r, minDup) {
		if f := byAbs[it.Path]; f != nil {
			f.items = append(f.items, it)
		}
	}
	for _, fl := range r.Flagged {
		if f := byAbs[r.Abs(fl.Path)]; f != nil {
			f.flagged = fl.Lines
		}
	}
	var out []*htmlFile
	for i := range r.Files {
		f := byAbs[r.Abs(r.Files[i].Path)]
		if len(f.items) > 0 || len(f.flagged) > 0 {
			f.anchor = htmlpage.Anchor("f", len(out)+1)
			slices.SortStableFunc(f.items, func(a, b finding.Finding) int {
				return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.RuleID, b.RuleID))
			})
			out = append(out, f)
		}
	}
	return out, byAbs
}

// ruleAnchors gives every rule the findings cite an anchor, in id order.
func ruleAnchors(files []*htmlFile, infos []RuleInfo) map[string]string {
	ids := map[string]bool{}
	for _, f := range files {
		for _, it := range f.items {
			ids[it.RuleID] = true
		}
	}
	out := map[string]string{}
	for i, id := range slices.Sorted(maps.Keys(ids)) {
		out[id] = htmlpage.Anchor("r", i+1)
	}
	return out
}

// leadText sums the page up: the findings and the files they are in.
func leadText(r *Report, files []*htmlFile) string {
	n := 0
	for _, f := range files {
		n += len(f.items)
	}
	if n == 0 && len(files) == 0 {
		return "No findings."
	}
	return fmt.Sprintf("%s in %s; erosion %s, verbosity %s.", plural(n, "finding"), plural(len(files), "file"),
		shareText(r.Erosion), shareText(r.Verbosity))
}

// summarySection shows the headline metrics, and DIR when computed.
func summarySection(r *Report) htmlpage.Section {
	s := htmlpage.Section{ID: "summary", Title: "Summary"}
	for _, m := range metric.Headlines() {
		v, _ := r.Value(m.Key)
		detail := ""
		if m.Kind == metric.Share {
			detail = shareDetail(r, m)
		} else if m.Key == "high_cc_functions" {
			detail = "of " + count(r.TotalFunctions) + " functions"
		}
		s.Cards = append(s.Cards, htmlpage.Card{Key: m.Key, Name: m.Key, Value: metricNumber(m.Key, v), Detail: detail, About: MetricAbout(m.Key)})
	}
	if d := r.DIR; d != nil {
		c := htmlpage.Card{Key: "dir", Name: "dir", Value: htmlpage.Number{Text: "null", Exact: "null"}, About: MetricAbout("dir"),
			Detail: "no public symbols in standalone modules"}
		if d.Dir != nil {
			c.Value = metricNumber("dir", *d.Dir)
			c.Detail = fmt.Sprintf("%s of %s public symbols used by other modules", count(d.Used), count(d.Exported))
		}
		s.Cards = append(s.Cards, c)
	}
	if line := CatalogLine(r); line != "" {
		s.Notes = append(s.Notes, shownText(line))
	}
	return s
}

// metricNumber is a value of the metric of key as shown and as the JSON
// report writes it.
func metricNumber(key string, v float64) htmlpage.Number {
	return htmlpage.Number{Text: MetricText(key, v), Exact: MetricExact(key, v)}
}

// numbersSection lists every metric of the JSON report with its value.
func numbersSection(r *Report) htmlpage.Section {
	t := &htmlpage.MetricTable{Columns: []string{"value"}}
	for _, m := range metric.All {
		v, ok := r.Value(m.Key)
		n := htmlpage.Number{Text: "null", Exact: "null"}
		if ok {
			n = metricNumber(m.Key, v)
		} else if m.Key == "dir" && r.DIR == nil {
			continue
		}
		t.Rows = append(t.Rows, htmlpage.MetricRow{Key: m.Key, Values: []htmlpage.Number{n}, About: MetricAbout(m.Key)})
	}
	return htmlpage.Section{ID: "numbers", Title: "All numbers", Metrics: t,
		Intro: "Every number of the JSON report, rounded for reading; each cell carries the exact value."}
}

// fileMass is a file's complexity mass and the part of it in functions
// over the threshold.
func fileMass(f *File) (high, total float64, over int) {
	for _, c := range f.Callables {
		total += c.CCMass
		if c.CC > HighComplexity {
			high += c.CCMass
			over++
		}
	}
	return high, total, over
}

// treemapSection draws the files as a treemap.
func treemapSection(r *Report, files []*htmlFile) htmlpage.Section {
	links := map[*File]string{}
	for _, f := range files {
		links[f.file] = "#" + f.anchor
	}
	name := "."
	if r.Root != "" {
		name = filepath.Base(r.Root)
	}
	tree := htmlpage.NewTree(shownText(name))
	empty := 0
	for i := range r.Files {
		f := &r.Files[i]
		if f.SLOC == 0 {
			empty++
			continue
		}
		high, total, over := fileMass(f)
		share := 0.0
		if total > 0 {
			share = high / total
		}
		title := fmt.Sprintf("%s — %s SLOC, %s, %d over complexity %d; mass over the threshold %s of %s (%s)",
			shownText(f.Path), count(f.SLOC), plural(len(f.Callables), "function"), over, HighComplexity,
			massText(high), massText(total), percent(share))
		tree.Add(f.Path, htmlpage.TreeNode{Size: float64(f.SLOC), Share: share, Title: title, Link: links[f]})
	}
	s := htmlpage.Section{ID: "treemap", Title: "Where the mass is", Treemap: tree.Layout(),
		Intro: fmt.Sprintf("Each file is a rectangle whose area is its SLOC; its colour and pattern show the share of its "+
			"complexity mass in functions with complexity over %d. Hover for the numbers, click a file with findings to go to "+
			"its source, click a directory's frame to zoom into it.", HighComplexity)}
	if empty > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s without SLOC take no room.", plural(empty, "file")))
	}
	return s
}

// percent shows a share as a whole percentage.
func percent(share float64) string { return strconv.FormatFloat(share*100, 'f', 0, 64) + "%" }

// listedFunctions are the callables the functions table lists: all of
// them, or the most massive up to limit (not negative), each marked by
// its file's index and its own.
func listedFunctions(r *Report, limit int) (map[[2]int]bool, int) {
	var all [][2]int
	for i := range r.Files {
		for k := range r.Files[i].Callables {
			all = append(all, [2]int{i, k})
		}
	}
	if limit >= 0 && len(all) > limit {
		mass := func(a [2]int) float64 { return r.Files[a[0]].Callables[a[1]].CCMass }
		// Stable: equal masses keep path and line order.
		slices.SortStableFunc(all, func(a, b [2]int) int { return cmp.Compare(mass(b), mass(a)) })
		all = all[:limit]
	}
	out := make(map[[2]int]bool, len(all))
	for _, a := range all {
		out[a] = true
	}
	return out, len(all)
}

// functionsSection is the table of the functions.
func functionsSection(r *Report, files []*htmlFile, limit int) htmlpage.Section {
	listed, n := listedFunctions(r, limit)
	links := map[*File]string{}
	for _, f := range files {
		links[f.file] = "#" + f.anchor
	}
	t := &htmlpage.Table{ID: "functions-table", Empty: "No functions.", Columns: []htmlpage.Column{
		{Name: "file", Filter: "text"}, {Name: "function", Filter: "text"}, {Name: "line", Numeric: true}, {Name: "kind", Filter: "text"},
		{Name: "cc", Numeric: true, Filter: "min", Title: "cyclomatic complexity"},
		{Name: "cog", Numeric: true, Filter: "min", Title: "cognitive complexity"},
		{Name: "sloc", Numeric: true, Filter: "min", Title: "source lines of code"},
		{Name: "nesting", Numeric: true, Title: "deepest nesting"},
		{Name: "mass", Numeric: true, Filter: "min", Title: "complexity mass: cc × √sloc"},
		{Name: "cog mass", Numeric: true, Title: "cognitive mass: cog × √sloc"},
	}}
	threshold := "> " + strconv.Itoa(HighComplexity)
	for i := range r.Files {
		f := &r.Files[i]
		path := shownText(f.Path)
		for k, c := range f.Callables {
			if !listed[[2]int{i, k}] {
				continue
			}
			name := c.QualifiedName
			if name == "" {
				name = c.Name
			}
			t.Rows = append(t.Rows, htmlpage.Row{Cells: []htmlpage.Cell{
				{Text: path, Link: links[f], Code: true}, {Text: shownText(name), Code: true},
				{Text: strconv.Itoa(c.StartLine)}, {Text: c.Kind},
				overCell(c.CC, threshold), overCell(c.Cog, threshold),
				{Text: strconv.Itoa(c.SLOC)}, {Text: strconv.Itoa(c.MaxNesting)},
				{Text: strconv.FormatFloat(c.CCMass, 'f', 1, 64), Sort: formatFloat(c.CCMass)},
				{Text: strconv.FormatFloat(c.CogMass, 'f', 1, 64), Sort: formatFloat(c.CogMass)},
			}})
		}
	}
	s := htmlpage.Section{ID: "functions", Title: "Functions", Table: t,
		Intro: fmt.Sprintf("Every function measured (%s), in path and line order. With the page's script on, click a column "+
			"to sort by it and type in the boxes under the names to filter (text contained, or a least value).", count(r.TotalFunctions))}
	if n < r.TotalFunctions {
		s.Intro = fmt.Sprintf("The %s functions with the most complexity mass of the %s measured, in path and line order "+
			"(the page lists at most %s, so that it opens quickly; the functions listing has them all). With the page's script on, "+
			"click a column to sort by it and type in the boxes under the names to filter (text contained, or a least value).",
			count(n), count(r.TotalFunctions), count(limit))
	}
	return s
}

// overCell is a complexity cell, marked when over the threshold.
func overCell(v int, tag string) htmlpage.Cell {
	c := htmlpage.Cell{Text: strconv.Itoa(v)}
	if v > HighComplexity {
		c.Over, c.Tag = true, tag
	}
	return c
}

// markOf is the mark of a finding's kind.
func markOf(k finding.Kind) htmlpage.Mark {
	switch k {
	case finding.Clone:
		return htmlpage.MarkClone
	case finding.AstGrep:
		return htmlpage.MarkAstGrep
	case finding.Structural:
		return htmlpage.MarkStructural
	}
	return htmlpage.MarkComplexity
}

// lineMarks are each line's marks in one file: where the line's flag
// comes from (the clone blocks, ast-grep and structural findings that
// span it, as verbosity counts them) and the complexity findings on the
// function's first line, in mark order, each once.
func lineMarks(r *Report, f *htmlFile) map[int][]htmlpage.Mark {
	kinds := map[int]map[finding.Kind]bool{}
	add := func(from, to int, k finding.Kind) {
		for l := from; l <= to; l++ {
			if kinds[l] == nil {
				kinds[l] = map[finding.Kind]bool{}
			}
			kinds[l][k] = true
		}
	}
	// Every clone instance flags its lines, even one whose finding an
	// ignore directive hides (it counts in verbosity all the same).
	for _, b := range r.CloneBlocks {
		if b.Path == f.file.Path {
			add(b.StartLine, b.EndLine, finding.Clone)
		}
	}
	for _, it := range f.items {
		switch it.Kind {
		case finding.AstGrep, finding.Structural:
			add(it.Line, max(it.Line, it.EndLine), it.Kind)
		case finding.Cyclomatic, finding.Cognitive:
			add(it.Line, it.Line, finding.Cyclomatic)
		}
	}
	flagged := map[int]bool{}
	for _, l := range f.flagged {
		flagged[l] = true
	}
	out := map[int][]htmlpage.Mark{}
	for l, ks := range kinds {
		for _, k := range []finding.Kind{finding.Clone, finding.AstGrep, finding.Structural, finding.Cyclomatic} {
			// A span's lines that are not SLOC are not flagged: only the
			// complexity mark stands on a line that is not.
			if ks[k] && (flagged[l] || k == finding.Cyclomatic) {
				out[l] = append(out[l], markOf(k))
			}
		}
	}
	for l := range flagged {
		if len(out[l]) == 0 {
			out[l] = []htmlpage.Mark{htmlpage.MarkFlagged}
		}
	}
	return out
}

// shownLines are the line numbers of a file of n lines the page shows.
func shownLines(f *htmlFile, n int, opt HTMLOptions) []int {
	switch opt.Source {
	case SourceNone:
		return nil
	case SourceAll:
		out := make([]int, n)
		for i := range out {
			out[i] = i + 1
		}
		return out
	}
	keep := map[int]bool{}
	around := func(l int) {
		for k := max(1, l-opt.Context); k <= min(n, l+opt.Context); k++ {
			keep[k] = true
		}
	}
	for _, l := range f.flagged {
		around(l)
	}
	for _, it := range f.items {
		around(it.Line)
	}
	out := make([]int, 0, len(keep))
	for l := range keep {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// lineAnchor is the anchor of a line of a file's source.
func lineAnchor(f *htmlFile, line int) string { return f.anchor + "-" + strconv.Itoa(line) }

// sourceSection is the table of the files with findings and each one's
// source with its marks and findings.
func sourceSection(r *Report, files []*htmlFile, byAbs map[string]*htmlFile, rules map[string]string, opt HTMLOptions) (htmlpage.Section, error) {
	src := newSources(opt.ReadFile)
	s := htmlpage.Section{ID: "files", Title: "Files with findings"}
	t := &htmlpage.Table{ID: "files-table", Empty: "No file has a finding or a flagged line.", Columns: []htmlpage.Column{
		{Name: "file", Filter: "text"}, {Name: "findings", Numeric: true, Filter: "min"}, {Name: "flagged SLOC", Numeric: true, Filter: "min"},
		{Name: "SLOC", Numeric: true}, {Name: "mass over threshold", Numeric: true, Title: "share of the file's complexity mass in functions over the threshold"},
	}}
	// The lines each file shows, decided first: a start line whose
	// finding is shown gets an anchor other findings can link to.
	shown := make([][]int, len(files))
	texts := make([][]string, len(files))
	budget, capped, total := opt.MaxSourceLines, 0, 0
	anchors := map[string]map[int]bool{}
	for i, f := range files {
		if opt.Source == SourceNone {
			continue
		}
		lines, err := src.get(r.Abs(f.file.Path))
		if err != nil {
			return s, err
		}
		want := shownLines(f, len(lines), opt)
		if budget >= 0 && len(want) > budget {
			capped++
			continue
		}
		if budget >= 0 {
			budget -= len(want)
		}
		total += len(want)
		shown[i], texts[i] = want, lines
		anchors[f.anchor] = map[int]bool{}
		for _, it := range f.items {
			anchors[f.anchor][it.Line] = true
		}
	}
	placeLink := func(abs string, line int) string {
		g := byAbs[abs]
		switch {
		case g == nil || g.anchor == "":
			return ""
		case anchors[g.anchor][line]:
			return lineAnchor(g, line)
		}
		return g.anchor
	}
	for i, f := range files {
		high, total, _ := fileMass(f.file)
		share := 0.0
		if total > 0 {
			share = high / total
		}
		t.Rows = append(t.Rows, htmlpage.Row{Cells: []htmlpage.Cell{
			{Text: shownText(f.file.Path), Link: "#" + f.anchor, Code: true}, {Text: strconv.Itoa(len(f.items))},
			{Text: strconv.Itoa(len(f.flagged))}, {Text: strconv.Itoa(f.file.SLOC)}, {Text: percent(share), Sort: formatFloat(share)},
		}})
		notes := map[int][]htmlpage.Note{}
		var all []htmlpage.Note
		for _, it := range f.items {
			n := htmlpage.Note{Line: it.Line, Kind: markOf(it.Kind).Kind, Severity: it.Severity, Rule: shownText(it.RuleID),
				RuleLink: rules[it.RuleID], Message: shownText(it.Message)}
			if anchors[f.anchor][it.Line] {
				n.Link = lineAnchor(f, it.Line)
			}
			// As the text output: a group of n instances costs n notes of
			// constant length, not n squared.
			for k, p := range it.Group {
				if k != it.Self && len(n.Also) < maxAlsoAt {
					rel := shownText(filepath.ToSlash(relTo(r, p.Path)))
					n.Also = append(n.Also, htmlpage.Place{Text: fmt.Sprintf("%s:%d", rel, p.Line), Link: placeLink(p.Path, p.Line)})
				}
			}
			if more := len(it.Group) - 1 - len(n.Also); more > 0 {
				n.Also = append(n.Also, htmlpage.Place{Text: fmt.Sprintf("and %d more", more)})
			}
			notes[it.Line] = append(notes[it.Line], n)
			all = append(all, n)
		}
		sf := htmlpage.SourceFile{ID: f.anchor, Path: shownText(f.file.Path), Open: total <= openSourceLines,
			Summary: fmt.Sprintf("%s; %s of %s SLOC flagged", plural(len(f.items), "finding"), count(len(f.flagged)), count(f.file.SLOC))}
		switch {
		case opt.Source == SourceNone:
			sf.Findings = all
		case shown[i] == nil:
			sf.Note = "Source and findings not shown: the page's cap on source lines was reached before this file. " +
				"Its findings by rule: " + byRule(f.items) + "."
		default:
			marks := lineMarks(r, f)
			flagged := map[int]bool{}
			for _, l := range f.flagged {
				flagged[l] = true
			}
			prev := 0
			for _, l := range shown[i] {
				if l > prev+1 {
					sf.Lines = append(sf.Lines, htmlpage.SourceLine{Gap: l - prev - 1})
				}
				prev = l
				sl := htmlpage.SourceLine{N: l, Text: sourceLine(texts[i][l-1]), Flagged: flagged[l], Marks: marks[l], Notes: notes[l]}
				if anchors[f.anchor][l] {
					sl.ID = lineAnchor(f, l)
				}
				sf.Lines = append(sf.Lines, sl)
			}
			if n := len(texts[i]); prev < n {
				sf.Lines = append(sf.Lines, htmlpage.SourceLine{Gap: n - prev})
			}
		}
		s.Files = append(s.Files, sf)
	}
	s.Table = t
	s.Intro = "Each flagged line (counted in verbosity) is highlighted and marked in the gutter by where its flag comes from: " +
		"C a clone, A an ast-grep rule, S a structural rule; X marks the first line of a function over a complexity threshold " +
		"(F a flagged line no finding shown spans). Each finding is shown under the line it starts on; its rule links to the rule's docs."
	switch opt.Source {
	case SourceFlagged:
		s.Notes = append(s.Notes, fmt.Sprintf("Source shown: the flagged lines and each finding's first line, with %s around them.", plural(opt.Context, "line")))
	case SourceAll:
		s.Notes = append(s.Notes, "Source shown: each file with findings, whole.")
	case SourceNone:
		s.Notes = append(s.Notes, "No source shown: each file lists its findings.")
	}
	if capped > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s show no source: the page shows at most %s source lines, so that it opens quickly; "+
			"each counts its findings by rule (the other outputs list them all).",
			plural(capped, "file"), count(opt.MaxSourceLines)))
	}
	return s, nil
}

// byRule counts findings by rule: "3 × rule-a, 1 × rule-b", rules in id
// order.
func byRule(items []finding.Finding) string {
	n := map[string]int{}
	for _, it := range items {
		n[it.RuleID]++
	}
	var parts []string
	for _, id := range slices.Sorted(maps.Keys(n)) {
		parts = append(parts, fmt.Sprintf("%d × %s", n[id], shownText(id)))
	}
	return strings.Join(parts, ", ")
}

// relTo is a full path of the report relative to its root.
func relTo(r *Report, abs string) string {
	if r.Root == "" {
		return abs
	}
	if rel, err := filepath.Rel(r.Root, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return abs
}

// rulesSection documents every rule the findings cite, once.
func rulesSection(anchors map[string]string, infos []RuleInfo) htmlpage.Section {
	byID := map[string]RuleInfo{}
	for _, in := range infos {
		byID[in.ID] = in
	}
	var docs []htmlpage.RuleDoc
	for id, a := range anchors {
		in, ok := byID[id]
		if !ok {
			in = RuleInfo{ID: id, Title: id}
		}
		docs = append(docs, htmlpage.RuleDoc{Anchor: a, ID: shownText(id), Severity: in.Severity, Title: shownText(in.Title),
			Why: oneLine(in.Description), Instead: oneLine(in.Help)})
	}
	slices.SortFunc(docs, func(a, b htmlpage.RuleDoc) int { return cmp.Compare(a.ID, b.ID) })
	return htmlpage.Section{ID: "rules", Title: "Rules cited", Rules: docs,
		Intro: "What each rule the findings cite flags, why, and what to write instead."}
}

// skippedSection lists the files left out and the inputs passed over.
func skippedSection(r *Report, words option.Words) htmlpage.Section {
	t := &htmlpage.Table{ID: "skipped-table", Columns: []htmlpage.Column{{Name: "file"}, {Name: "reason"}}}
	for _, s := range r.Skipped {
		t.Rows = append(t.Rows, htmlpage.Row{Cells: []htmlpage.Cell{{Text: shownText(s.Path), Code: true}, {Text: shownText(s.Reason.Spell(words))}}})
	}
	sec := htmlpage.Section{ID: "skipped", Title: "Skipped", Table: t,
		Intro: "Files that could not be read or parsed count in no metric."}
	for _, w := range r.Warnings {
		sec.Notes = append(sec.Notes, "warning: "+shownText(w.Spell(words)))
	}
	return sec
}
