package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/vfs"
)

// dirDetail is the JSON shape of `scb-check dir --output-format json`.
type dirDetail struct {
	// SchemaVersion is our JSON documents' version (SchemaVersion).
	SchemaVersion       int            `json:"schema_version"`
	Dir                 *float64       `json:"dir"`
	Exported            int            `json:"dir_exported"`
	Used                int            `json:"dir_used"`
	WithTests           *float64       `json:"dir_with_tests"`
	Reachable           *float64       `json:"dir_reachable"`
	Lenient             *float64       `json:"dir_lenient"`
	Macro               *float64       `json:"macro_dir"`
	NullReason          string         `json:"null_reason,omitempty"`
	ReachableNullReason string         `json:"reachable_null_reason,omitempty"`
	MCF                 *float64       `json:"mcf"`
	IF50                *float64       `json:"if50"`
	Entries             []dirEntry     `json:"entries"`
	Modules             []dirModule    `json:"modules"`
	Symbols             []dirSymbol    `json:"symbols"`
	Unresolved          []dirLocated   `json:"unresolved"`
	Warnings            []dirLocated   `json:"warnings"`
	Components          []dirComponent `json:"mcf_components,omitempty"`
	Config              []dirConfig    `json:"config"`
}

// dirConfig is the effective definition for one language.
type dirConfig struct {
	Language    string   `json:"language"`
	Granularity string   `json:"granularity"`
	TestFiles   []string `json:"test_files"`
	TestDirs    []string `json:"test_dirs"`
	EntryFiles  []string `json:"entry_files"`
	EntryDirs   []string `json:"entry_dirs"`
	Notes       []string `json:"notes"`
}

type dirEntry struct {
	Module string `json:"module"`
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

type dirModule struct {
	Name     string   `json:"name"`
	Path     string   `json:"path"`
	Language string   `json:"language"`
	Role     string   `json:"role"`
	Exported int      `json:"exported"`
	Used     int      `json:"used"`
	Ratio    *float64 `json:"ratio"`
}

type dirSymbol struct {
	Module      string   `json:"module"`
	Name        string   `json:"name"`
	Qualified   string   `json:"qualified"`
	Kind        string   `json:"kind"`
	Path        string   `json:"path"`
	Line        int      `json:"line"`
	Status      string   `json:"status"`
	Public      bool     `json:"public"`
	UsedBy      []string `json:"used_by"`
	UsedByTests []string `json:"used_by_tests"`
	ImportedBy  []string `json:"imported_by"`
	MaybeUsedBy []string `json:"maybe_used_by"`
}

type dirLocated struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

type dirComponent struct {
	ID       string `json:"id"`
	Score    int    `json:"score"`
	Evidence string `json:"evidence,omitempty"`
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// WriteDIRJSON writes the full DIR detail of a report as indented JSON:
// the values, entry modules, per-module rows, every listed symbol with its
// status and users, unresolved imports and warnings.
func WriteDIRJSON(w io.Writer, r *Report) error {
	d := r.DIR
	if d == nil {
		d = &reuse.Result{}
	}
	out := dirDetail{
		Dir: d.Dir, Exported: d.Exported, Used: d.Used, WithTests: d.WithTests, Reachable: d.Reachable,
		Lenient: d.Lenient, Macro: d.Macro, NullReason: d.NullReason, ReachableNullReason: d.ReachableNullReason,
		IF50:    r.IF50,
		Entries: []dirEntry{}, Modules: []dirModule{}, Symbols: []dirSymbol{},
		Unresolved: []dirLocated{}, Warnings: []dirLocated{},
	}
	out.SchemaVersion = SchemaVersion
	if r.MCF != nil {
		out.MCF = &r.MCF.Value
		for _, c := range r.MCF.Components {
			out.Components = append(out.Components, dirComponent(c))
		}
	}
	for _, e := range d.Entries {
		out.Entries = append(out.Entries, dirEntry(e))
	}
	for _, m := range d.Modules {
		out.Modules = append(out.Modules, dirModule(m))
	}
	for _, s := range d.Symbols {
		out.Symbols = append(out.Symbols, dirSymbol{
			Module: s.Module, Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Path: s.Path, Line: s.Line, Status: s.Status, Public: s.Public,
			UsedBy: nonNil(s.UsedBy), UsedByTests: nonNil(s.UsedByTests), ImportedBy: nonNil(s.ImportedBy),
			MaybeUsedBy: nonNil(s.MaybeUsedBy),
		})
	}
	for _, u := range d.Unresolved {
		out.Unresolved = append(out.Unresolved, dirLocated{Path: u.Path, Line: u.Line, Message: "unresolved import " + u.Import})
	}
	for _, wn := range d.Warnings {
		out.Warnings = append(out.Warnings, dirLocated(wn))
	}
	parsed := map[string]bool{}
	for _, ls := range r.SyntaxByLanguage {
		parsed[ls.Language] = true
	}
	// The default languages are always listed; an opt-in one when it was
	// analysed.
	for _, spec := range lang.All() {
		e := spec.Exports
		if e.System == nil || spec.OptIn && !parsed[spec.Name] {
			continue
		}
		out.Config = append(out.Config, dirConfig{
			Language: spec.Name, Granularity: "module-level definitions",
			TestFiles: nonNil(e.TestFiles), TestDirs: nonNil(slices.Concat(e.TestDirs, e.TestDirPaths)),
			EntryFiles: nonNil(e.EntryFiles), EntryDirs: nonNil(e.EntryDirs), Notes: nonNil(e.Notes),
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteDIRHuman writes the DIR detail for people: the values, the entry
// modules, one line per listed symbol (status, symbol, kind, place, the
// modules using it) and the unresolved imports and warnings.
func WriteDIRHuman(w io.Writer, r *Report) error {
	d := r.DIR
	if d == nil {
		d = &reuse.Result{}
	}
	// Names come from the tree (file names, module names, pyproject
	// keys): escaped, one per line.
	esc := vfs.EscapePath
	var b strings.Builder
	if d.Dir == nil {
		fmt.Fprintf(&b, "dir: null (%s)\n", d.NullReason)
	} else {
		fmt.Fprintf(&b, "dir: %s (%d of %d public symbols of standalone modules used by other modules)\n",
			ratioText(d.Dir), d.Used, d.Exported)
		fmt.Fprintf(&b, "  with tests: %s, reachable from entry modules: %s, lenient: %s, per-module mean: %s\n",
			ratioText(d.WithTests), ratioText(d.Reachable), ratioText(d.Lenient), ratioText(d.Macro))
	}
	if r.MCF != nil {
		fmt.Fprintf(&b, "  mcf: %s (%s), if50: %s\n", formatFloat(r.MCF.Value), esc(r.MCF.File), ratioText(r.IF50))
	}
	if len(d.Entries) > 0 {
		b.WriteString("\nentry modules:\n")
		for _, e := range d.Entries {
			fmt.Fprintf(&b, "  %s  %s (%s)\n", esc(e.Module), esc(e.Path), esc(e.Reason))
		}
	}
	if len(d.Symbols) > 0 {
		b.WriteString("\nsymbols:\n")
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		for _, s := range d.Symbols {
			users := esc(strings.Join(s.UsedBy, ", "))
			switch {
			case users == "" && len(s.UsedByTests) > 0:
				users = "tests: " + esc(strings.Join(s.UsedByTests, ", "))
			case users == "" && len(s.MaybeUsedBy) > 0:
				users = "maybe: " + esc(strings.Join(s.MaybeUsedBy, ", "))
			case users == "" && len(s.ImportedBy) > 0:
				users = "imported by: " + esc(strings.Join(s.ImportedBy, ", "))
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s:%d\t%s\n", s.Status, esc(s.Qualified), s.Kind, esc(s.Path), s.Line, users)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(d.Unresolved) > 0 {
		b.WriteString("\nunresolved imports:\n")
		for _, u := range d.Unresolved {
			fmt.Fprintf(&b, "  %s:%d: %s\n", esc(u.Path), u.Line, esc(u.Import))
		}
	}
	if len(d.Warnings) > 0 {
		b.WriteString("\nwarnings:\n")
		for _, wn := range d.Warnings {
			if wn.Line > 0 {
				fmt.Fprintf(&b, "  %s:%d: %s\n", esc(wn.Path), wn.Line, esc(wn.Message))
			} else {
				fmt.Fprintf(&b, "  %s: %s\n", esc(wn.Path), esc(wn.Message))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
