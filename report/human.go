package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/scbcheck/scbcheck/vfs"
)

// HumanOptions controls the human output.
type HumanOptions struct {
	// CWD is the directory paths are shown relative to; paths outside it
	// are shown absolute.
	CWD string
	// Context is the number of source lines shown around a finding.
	Context int
	// ReadFile reads a source file for the excerpts; os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// MinDuplicateLines hides clone groups whose first instance has fewer
	// SLOC lines (display only; 0 shows all).
	MinDuplicateLines int
}

// Entry ranks within one line, as the reference orders them.
const (
	rankClone = iota
	rankAstGrep
	rankStructural
	rankErosion
	rankCogErosion
)

type entry struct {
	path string
	line int
	rank int
	text string
}

// WriteHuman writes one block per finding, sorted by path, line and kind,
// separated by blank lines, then the DIR summary, then, when the catalog is
// not the bundled one alone, the line naming it (CatalogLine). A clean run
// with the bundled catalog and no public symbols writes nothing.
func WriteHuman(w io.Writer, r *Report, opt HumanOptions) error {
	src := &sources{read: opt.ReadFile, lines: map[string][]string{}}
	if src.read == nil {
		src.read = os.ReadFile
	}
	entries := cloneEntries(r.CloneBlocks, opt)
	for _, f := range r.Findings {
		lines, err := src.get(f.Path)
		if err != nil {
			return err
		}
		display := displayPath(f.Path, opt.CWD)
		block := sourceBlock(lines, f.StartLine-opt.Context, f.EndLine+opt.Context)
		if f.Kind == KindStructural {
			entries = append(entries, entry{display, f.StartLine, rankStructural, fmt.Sprintf(
				"%s[%s]: %s\n  --> %s:%d\n%s", f.RuleID, f.Severity, f.Message, display, f.StartLine, block)})
			continue
		}
		msg := f.Message
		if msg == "" {
			msg = "matches slop pattern"
		}
		entries = append(entries, entry{display, f.StartLine, rankAstGrep, fmt.Sprintf(
			"%s[%s]: %s\n  --> %s:%d:%d\n%s", f.Severity, f.RuleID, msg, display, f.StartLine, f.StartCol+1, block)})
	}
	for _, f := range r.Files {
		display := displayPath(f.Path, opt.CWD)
		for _, c := range f.Callables {
			if c.CC <= HighComplexity && c.Cog <= HighComplexity {
				continue
			}
			lines, err := src.get(f.Path)
			if err != nil {
				return err
			}
			block := sourceBlock(lines, c.StartLine-opt.Context, c.StartLine+opt.Context)
			if c.CC > HighComplexity {
				entries = append(entries, entry{display, c.StartLine, rankErosion, fmt.Sprintf(
					"erosion: function `%s` exceeds complexity threshold\n  --> %s:%d\n%s  = complexity: %d, sloc: %d (threshold: complexity > %d)\n",
					c.Name, display, c.StartLine, block, c.CC, c.SLOC, HighComplexity)})
			}
			if c.Cog > HighComplexity {
				entries = append(entries, entry{display, c.StartLine, rankCogErosion, fmt.Sprintf(
					"cog_erosion: function `%s` exceeds cognitive complexity threshold\n  --> %s:%d\n%s  = cognitive complexity: %d, sloc: %d (threshold: cognitive complexity > %d)\n",
					c.Name, display, c.StartLine, block, c.Cog, c.SLOC, HighComplexity)})
			}
		}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.path != b.path {
			return a.path < b.path
		}
		if a.line != b.line {
			return a.line < b.line
		}
		return a.rank < b.rank
	})
	var out bytes.Buffer
	for i, e := range entries {
		if i > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(e.text)
	}
	if d := r.DIR; d != nil && d.Exported > 0 {
		if len(entries) > 0 {
			out.WriteByte('\n')
		}
		writeDIRSummary(&out, r)
	}
	// A catalog other than the bundled one is named, so that its numbers
	// are not taken for the bundled catalog's.
	if r.Catalog.Custom() {
		if out.Len() > 0 {
			out.WriteByte('\n')
		}
		out.WriteString(CatalogLine(r) + "\n")
	}
	_, err := w.Write(out.Bytes())
	return err
}

// writeDIRSummary writes the short DIR section of the human output: the
// ratio with its counts and variants, and IF50 when MCF scores were given.
func writeDIRSummary(out *bytes.Buffer, r *Report) {
	d := r.DIR
	fmt.Fprintf(out, "dir: %s (%d of %d public symbols of standalone modules used by other modules)\n",
		ratioText(d.Dir), d.Used, d.Exported)
	fmt.Fprintf(out, "  = with tests: %s, reachable from entry modules: %s, lenient: %s, per-module mean: %s\n",
		ratioText(d.WithTests), ratioText(d.Reachable), ratioText(d.Lenient), ratioText(d.Macro))
	if r.MCF != nil {
		fmt.Fprintf(out, "  = mcf: %s, if50: %s\n", formatFloat(r.MCF.Value), ratioText(r.IF50))
	}
	fmt.Fprintf(out, "  = per symbol: scb-check dir <PATH>\n")
}

func ratioText(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'f', 3, 64)
}

// sources reads each file once for its excerpts.
type sources struct {
	read  func(string) ([]byte, error)
	lines map[string][]string
}

func (s *sources) get(path string) ([]string, error) {
	if l, ok := s.lines[path]; ok {
		return l, nil
	}
	b, err := s.read(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	l := splitLines(b)
	s.lines[path] = l
	return l, nil
}

// cloneEntries renders one entry per clone group, keyed by its anchor: the
// first instance in (group, path, start) order.
func cloneEntries(blocks []CloneBlock, opt HumanOptions) []entry {
	groups := map[string][]CloneBlock{}
	for _, b := range blocks {
		groups[b.Group] = append(groups[b.Group], b)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []entry
	for _, key := range keys {
		g := groups[key]
		sort.Slice(g, func(i, j int) bool {
			if g[i].Path != g[j].Path {
				return g[i].Path < g[j].Path
			}
			return g[i].StartLine < g[j].StartLine
		})
		anchor := g[0]
		if anchor.SLOC < opt.MinDuplicateLines {
			continue
		}
		width := 0
		for _, b := range g {
			if w := len(strconv.Itoa(b.EndLine)); w > width {
				width = w
			}
		}
		pad := strings.Repeat(" ", width)
		var b strings.Builder
		fmt.Fprintf(&b, "duplicate-structure: duplicated block (%d lines, %d instances)\n", anchor.SLOC, anchor.Instances)
		for i, inst := range g {
			display := displayPath(inst.Path, opt.CWD)
			if i > 0 {
				fmt.Fprintf(&b, "%s ┆\n", pad)
			}
			fmt.Fprintf(&b, "%s ┌─ %s:%d\n%s │\n", pad, display, inst.StartLine, pad)
			for k, line := range inst.FirstLines {
				fmt.Fprintf(&b, "%*d │ %s\n", width, inst.StartLine+k, strings.TrimRightFunc(line, unicode.IsSpace))
			}
			fmt.Fprintf(&b, "%s │\n", pad)
		}
		out = append(out, entry{displayPath(anchor.Path, opt.CWD), anchor.StartLine, rankClone, b.String()})
	}
	return out
}

// displayPath returns path relative to cwd when it lies under cwd, else
// the path as given, escaped (vfs.EscapePath) so that a name holding a
// line break or a control character shows on one line and moves no
// terminal's cursor.
func displayPath(path, cwd string) string {
	if cwd == "" {
		return vfs.EscapePath(path)
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return vfs.EscapePath(path)
	}
	return vfs.EscapePath(rel)
}

func splitLines(src []byte) []string {
	s := string(src)
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// sourceBlock renders lines [from, to] (clamped to the file) as
// "<n> | <text>" rows, numbers right-aligned to the widest.
func sourceBlock(lines []string, from, to int) string {
	if from < 1 {
		from = 1
	}
	if to > len(lines) {
		to = len(lines)
	}
	var b strings.Builder
	width := len(strconv.Itoa(to))
	for n := from; n <= to; n++ {
		fmt.Fprintf(&b, "%*d | %s\n", width, n, strings.TrimRightFunc(lines[n-1], unicode.IsSpace))
	}
	return b.String()
}
