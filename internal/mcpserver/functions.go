package mcpserver

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/scbcheck/scbcheck/report"
)

const functionsDescription = "List the worst functions of a file or directory, largest first by cc (cyclomatic complexity), " +
	"cog (cognitive complexity), mass (cc times the square root of SLOC: what erosion weighs) or sloc, with their numbers and " +
	"locations. No ast-grep rule runs. Paths are relative to the answer's root."

// defaultFunctions is how many functions functions lists unless told.
const defaultFunctions = 20

// functionsArgs are functions' arguments.
type functionsArgs struct {
	Path string `json:"path" jsonschema:"the file or directory to measure: absolute, or relative to the server's working directory"`
	analysisArgs
	Sort  string `json:"sort,omitempty" jsonschema:"the key the functions are listed by, largest first: cc (the default), cog, mass or sloc"`
	Limit *int   `json:"limit,omitempty" jsonschema:"how many functions to list (default 20)"`
	MinCC *int   `json:"min_cc,omitempty" jsonschema:"list only the functions with cyclomatic complexity at least this"`
}

// functionsSchema lists the sort keys and bounds the numbers.
func functionsSchema(s *jsonschema.Schema) {
	analysisSchema(s)
	for _, k := range report.FunctionSortKeys {
		s.Properties["sort"].Enum = append(s.Properties["sort"].Enum, k)
	}
	s.Properties["sort"].Default = json.RawMessage(`"cc"`)
	s.Properties["limit"].Minimum = ptr(1.0)
	s.Properties["limit"].Default = json.RawMessage(strconv.Itoa(defaultFunctions))
	s.Properties["min_cc"].Minimum = ptr(0.0)
}

// FunctionsAnswer is functions' answer.
type FunctionsAnswer struct {
	// Root is the directory the answer's paths are relative to.
	Root string `json:"root"`
	// Total counts the tree's functions; Matched those at least min_cc.
	Total   int `json:"total"`
	Matched int `json:"matched"`
	// Sort is the key they are listed by.
	Sort string `json:"sort"`
	// Functions are the first of them by the key: as many as the limit,
	// fewer when the answer's bound left some out.
	Functions []Function `json:"functions"`
	// LeftOut counts the functions within the limit the bound left out.
	LeftOut int `json:"left_out"`
	// Cache is what the run found in the server's cache.
	Cache Cache `json:"cache"`
}

// Function is one function with its numbers.
type Function struct {
	File          string  `json:"file"`
	Name          string  `json:"name"`
	QualifiedName string  `json:"qualified_name"`
	Kind          string  `json:"kind"`
	Line          int     `json:"line"`
	EndLine       int     `json:"end_line"`
	CC            int     `json:"cc"`
	Cog           int     `json:"cog"`
	SLOC          int     `json:"sloc"`
	Mass          float64 `json:"mass"`
	CogMass       float64 `json:"cog_mass"`
}

// functions measures the path (no ast-grep) and lists its worst
// functions.
func (s *server) functions(c *call, args functionsArgs) (FunctionsAnswer, error) {
	limit, minCC, key := defaultFunctions, 0, args.Sort
	if args.Limit != nil {
		limit = *args.Limit
	}
	if args.MinCC != nil {
		minCC = *args.MinCC
	}
	if key == "" {
		key = "cc"
	}
	if limit < 1 || minCC < 0 {
		return FunctionsAnswer{}, fmt.Errorf("limit must be 1 or more and min_cc 0 or more (got %d and %d)", limit, minCC)
	}
	ch := args.choice()
	ch.DisableSG = ptr(true)
	sess, err := s.session(ch)
	if err != nil {
		return FunctionsAnswer{}, err
	}
	r, stats, err := s.analyse(c, sess, args.Path)
	if err != nil {
		return FunctionsAnswer{}, err
	}
	all := r.Functions()
	fns, err := report.SelectFunctions(all, key, minCC, 0)
	if err != nil {
		return FunctionsAnswer{}, err
	}
	a := FunctionsAnswer{Root: r.Root, Total: len(all), Matched: len(fns), Sort: key, Functions: []Function{}, Cache: cacheOf(stats)}
	for _, fn := range fns[:min(limit, len(fns))] {
		a.Functions = append(a.Functions, Function{
			File: fn.Path, Name: fn.Name, QualifiedName: fn.QualifiedName, Kind: fn.Kind, Line: fn.StartLine, EndLine: fn.EndLine,
			CC: fn.CC, Cog: fn.Cog, SLOC: fn.SLOC, Mass: fn.CCMass, CogMass: fn.CogMass,
		})
	}
	return a, nil
}

func (a FunctionsAnswer) items() int { return len(a.Functions) }

func (a FunctionsAnswer) keep(n int) FunctionsAnswer {
	a.LeftOut += len(a.Functions) - n
	a.Functions = a.Functions[:n]
	return a
}

// text renders the answer: a line per function, largest first.
func (a FunctionsAnswer) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "scb-check functions of %s: %d functions", a.Root, a.Total)
	if a.Matched != a.Total {
		fmt.Fprintf(&b, ", %d at least min_cc", a.Matched)
	}
	fmt.Fprintf(&b, "; the first %d by %s:\n", len(a.Functions)+a.LeftOut, a.Sort)
	for _, f := range a.Functions {
		fmt.Fprintf(&b, "%s:%d-%d %s (%s) cc %d, cog %d, sloc %d, mass %s\n", f.File, f.Line, f.EndLine, f.QualifiedName, f.Kind,
			f.CC, f.Cog, f.SLOC, strconv.FormatFloat(f.Mass, 'f', -1, 64))
	}
	b.WriteString(leftOutLine(a.LeftOut, "functions"))
	return b.String()
}
