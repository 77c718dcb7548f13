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
}

// Entry ranks within one line, as the reference orders them.
const (
	rankErosion    = 3
	rankCogErosion = 4
)

type entry struct {
	path string
	line int
	rank int
	text string
}

// WriteHuman writes one block per finding, sorted by path, line and kind,
// separated by blank lines. A clean run writes nothing.
func WriteHuman(w io.Writer, r *Report, opt HumanOptions) error {
	read := opt.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	var entries []entry
	for _, f := range r.Files {
		var lines []string
		display := DisplayPath(f.Path, opt.CWD)
		for _, c := range f.Callables {
			if c.CC <= HighComplexity && c.Cog <= HighComplexity {
				continue
			}
			if lines == nil {
				src, err := read(f.Path)
				if err != nil {
					return fmt.Errorf("%s: %w", f.Path, err)
				}
				lines = splitLines(src)
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
	_, err := w.Write(out.Bytes())
	return err
}

// DisplayPath returns path relative to cwd when it lies under cwd, else
// the path as given.
func DisplayPath(path, cwd string) string {
	if cwd == "" {
		return path
	}
	rel, err := filepath.Rel(cwd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
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
