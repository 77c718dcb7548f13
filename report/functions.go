package report

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// Function is one callable of a report with its file: a row of
// `scb-check functions`.
type Function struct {
	// Path is the file's path, relative to the report's Root.
	Path     string
	Language string
	Callable
}

// Functions lists every callable the report counts (TotalFunctions of
// them), in the report's order: by path, then by position in the file.
// Their masses give TotalMass and TotalCogMass exactly when summed as the
// report sums them: erosion.Summarize, Neumaier's compensated summation
// in path, start line and name order. A plain left-to-right sum of the
// floats may differ from those totals in the last bits.
func (r *Report) Functions() []Function {
	out := make([]Function, 0, r.TotalFunctions)
	for _, f := range r.Files {
		for _, c := range f.Callables {
			out = append(out, Function{Path: f.Path, Language: f.Language, Callable: c})
		}
	}
	return out
}

// functionColumns are the fields of a function in the JSON and CSV
// listings, in order.
var functionColumns = []string{
	"path", "name", "qualified_name", "kind", "language", "start_line", "end_line", "start_col",
	"cc", "cog", "sloc", "mass", "cog_mass",
}

// functionFields are fn's values in the order of functionColumns; quote
// writes a text value (a JSON string, a CSV text cell) and nothing else:
// the numbers are written as they are; floats are written as the JSON report
// writes them (the shortest digits that read back as the value).
func functionFields(fn Function, quote func(string) string) []string {
	return []string{
		quote(fn.Path), quote(fn.Name), quote(fn.QualifiedName), quote(fn.Kind), quote(fn.Language),
		strconv.Itoa(fn.StartLine), strconv.Itoa(fn.EndLine), strconv.Itoa(fn.StartCol),
		strconv.Itoa(fn.CC), strconv.Itoa(fn.Cog), strconv.Itoa(fn.SLOC),
		formatFloat(fn.CCMass), formatFloat(fn.CogMass),
	}
}

// WriteFunctionsJSON writes one compact JSON object per function and
// line: path, name, qualified_name, kind, language, start_line, end_line,
// start_col, cc, cog, sloc, mass and cog_mass, in this order.
func WriteFunctionsJSON(w io.Writer, fns []Function) error {
	var b strings.Builder
	quote := func(s string) string {
		var q strings.Builder
		writeString(&q, s)
		return q.String()
	}
	for _, fn := range fns {
		b.WriteByte('{')
		for k, v := range functionFields(fn, quote) {
			if k > 0 {
				b.WriteByte(',')
			}
			writeString(&b, functionColumns[k])
			b.WriteByte(':')
			b.WriteString(v)
		}
		b.WriteString("}\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteFunctionsCSV writes the functions as CSV: a header row of the
// JSON listing's keys, then one row per function, its text cells (path,
// names, kind, language) as CSVText writes them, its numbers as they are.
func WriteFunctionsCSV(w io.Writer, fns []Function) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(functionColumns); err != nil {
		return err
	}
	for _, fn := range fns {
		if err := cw.Write(functionFields(fn, CSVText)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteFunctionsHuman writes the functions as a table of aligned columns
// (the numbers right-aligned, the masses with two decimals), the location
// (path:line:col, escaped as vfs.EscapePath does) and the qualified name
// last; with no functions, a line saying so.
func WriteFunctionsHuman(w io.Writer, fns []Function) error {
	if len(fns) == 0 {
		_, err := io.WriteString(w, "no functions\n")
		return err
	}
	header := []string{"CC", "COG", "SLOC", "MASS", "COG_MASS", "KIND", "LOCATION", "FUNCTION"}
	// The first five columns are numbers, aligned right.
	const numeric = 5
	rows := [][]string{header}
	for _, fn := range fns {
		rows = append(rows, []string{
			strconv.Itoa(fn.CC), strconv.Itoa(fn.Cog), strconv.Itoa(fn.SLOC),
			strconv.FormatFloat(cleanFloat(fn.CCMass), 'f', 2, 64), strconv.FormatFloat(cleanFloat(fn.CogMass), 'f', 2, 64),
			fn.Kind, fmt.Sprintf("%s:%d:%d", vfs.EscapePath(fn.Path), fn.StartLine, fn.StartCol), vfs.EscapePath(fn.QualifiedName),
		})
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for k, cell := range row {
			widths[k] = max(widths[k], len([]rune(cell)))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for k, cell := range row {
			pad := strings.Repeat(" ", widths[k]-len([]rune(cell)))
			switch {
			case k < numeric:
				b.WriteString(pad + cell + "  ")
			case k == len(row)-1:
				b.WriteString(cell)
			default:
				b.WriteString(cell + pad + "  ")
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// FunctionSortKeys are the keys functions can be sorted by
// (SelectFunctions), in the order they are listed.
var FunctionSortKeys = []string{"cc", "cog", "sloc", "mass"}

// functionKey is the number of fn a sort key names; nil for a key that
// names none.
func functionKey(key string) func(Function) float64 {
	switch key {
	case "cc":
		return func(fn Function) float64 { return float64(fn.CC) }
	case "cog":
		return func(fn Function) float64 { return float64(fn.Cog) }
	case "sloc":
		return func(fn Function) float64 { return float64(fn.SLOC) }
	case "mass":
		return func(fn Function) float64 { return fn.CCMass }
	}
	return nil
}

// SelectFunctions keeps the functions of fns with cyclomatic complexity
// at least minCC, sorts them by key (one of FunctionSortKeys), largest
// first (a stable sort: ties keep their order; "" keeps fns' order), and
// keeps the first top (all when top is 0). fns is not changed.
func SelectFunctions(fns []Function, key string, minCC, top int) ([]Function, error) {
	by := functionKey(key)
	if by == nil && key != "" {
		return nil, fmt.Errorf("unknown sort key %q (known: %s)", key, strings.Join(FunctionSortKeys, ", "))
	}
	out := slices.DeleteFunc(slices.Clone(fns), func(fn Function) bool { return fn.CC < minCC })
	if by != nil {
		slices.SortStableFunc(out, func(a, b Function) int { return cmp.Compare(by(b), by(a)) })
	}
	if top > 0 && len(out) > top {
		out = out[:top]
	}
	return out, nil
}
