package reuse

import (
	"bytes"
	"sort"
	"strings"
)

// Symbol statuses.
const (
	// StatusUsed: referenced by another non-test module.
	StatusUsed = "used"
	// StatusUnused: referenced nowhere else, not even imported.
	StatusUnused = "unused"
	// StatusSameModuleOnly: referenced only in its own module.
	StatusSameModuleOnly = "same_module_only"
	// StatusTestOnly: referenced by tests only.
	StatusTestOnly = "test_only"
	// StatusImportOnly: imported by another module that never refers to it.
	StatusImportOnly = "import_only"
	// StatusMaybeUsed: reached only by heuristic uses (dir_lenient).
	StatusMaybeUsed = "maybe_used"
	// StatusNonPublicUsedDownstream: not public (not exported, private
	// name) yet referenced by another module; not in E_total.
	StatusNonPublicUsedDownstream = "non_public_used_downstream"
)

// NullReasonNoSymbols is Result.NullReason when E_total is empty.
const NullReasonNoSymbols = "no_standalone_public_symbols"

// NullReasonNoEntries is Result.ReachableNullReason without entry modules.
const NullReasonNoEntries = "no_entry_modules"

// Result is DIR with its variants and detail.
type Result struct {
	// Dir is |E_used| / |E_total|, nil when E_total is empty (NullReason).
	Dir        *float64
	NullReason string
	// Exported is |E_total|; Used is |E_used|.
	Exported, Used int
	// WithTests counts uses by tests too; Reachable only uses by modules
	// reachable from an entry module (nil without one); Lenient adds the
	// heuristic uses. Macro is the mean of the per-module ratios.
	WithTests, Reachable, Lenient, Macro *float64
	// UsedWithTests, UsedReachable and UsedLenient are their numerators.
	UsedWithTests, UsedReachable, UsedLenient int
	ReachableNullReason                       string
	Modules                                   []ModuleRow
	Symbols                                   []Symbol
	Entries                                   []Entry
	Unresolved                                []Unresolved
	Warnings                                  []FileWarning
}

// ModuleRow is one module of the project.
type ModuleRow struct {
	Name, Path, Language string
	// Role is standalone, entry or test.
	Role string
	// Exported and Used count the module's symbols in E_total and E_used;
	// Ratio is nil when it exports nothing.
	Exported, Used int
	Ratio          *float64
}

// Symbol is one public symbol of a standalone module, or a non-public one
// used downstream.
type Symbol struct {
	Module, Name, Kind, Path string
	// Qualified is the module and the name joined the language's way
	// (pkg.mod.name, krate::module::Name).
	Qualified string
	Line      int
	Status    string
	// Public is true for symbols in E_total.
	Public bool
	// UsedBy are the non-test modules referring to it; UsedByTests the
	// test modules; ImportedBy the modules importing it without referring
	// to it; MaybeUsedBy the modules reaching it by heuristics.
	UsedBy, UsedByTests, ImportedBy, MaybeUsedBy []string
}

// Entry is an entry module and why it is one.
type Entry struct {
	Module, Path, Reason string
}

// Unresolved is a project-internal import that names nothing.
type Unresolved struct {
	Path   string
	Line   int
	Import string
}

// FileWarning is a Warning with its file.
type FileWarning struct {
	Path    string
	Line    int
	Message string
}

type uses struct {
	users, testUsers, importers, lenient map[*module]bool
	same                                 bool
}

func (u *uses) add(set *map[*module]bool, m *module) {
	if *set == nil {
		*set = map[*module]bool{}
	}
	(*set)[m] = true
}

// Compute resolves every file's imports and references and returns DIR.
// Files of languages without a module system are ignored.
func Compute(files []File, opts Options) *Result {
	pr := &project{opts: opts, byName: map[string]*module{}, resolvers: map[string]resolver{}, unparsed: map[string]bool{}}
	for _, p := range opts.Unparsed {
		pr.unparsed[p] = true
	}
	bySystem := map[string][]File{}
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].Path < sorted[b].Path })
	for _, f := range sorted {
		if f.Facts == nil || f.Facts.Generated || systemOf(f.Lang) == nil || underAny(f.Path, f.Lang.Exports.ForeignDirs) {
			continue
		}
		name := f.Lang.Exports.System.SystemName()
		bySystem[name] = append(bySystem[name], f)
		for _, w := range f.Facts.Warnings {
			pr.warns = append(pr.warns, FileWarning{Path: f.Path, Line: w.Line, Message: w.Message})
		}
	}
	// Each system builds its modules from its files; the order of the
	// systems leaves no trace, the modules being sorted next.
	for _, name := range systemNames(bySystem) {
		r := systems[name].resolver(pr)
		pr.resolvers[name] = r
		r.build(bySystem[name])
	}
	pr.sortModules()

	table := map[target]*uses{}
	use := func(t target) *uses {
		u := table[t]
		if u == nil {
			u = &uses{}
			table[t] = u
		}
		return u
	}
	var unresolved []Unresolved
	for _, c := range pr.modules {
		pr.consume(c, use, &unresolved)
	}
	// imported: reached by another non-test module
	for _, c := range pr.modules {
		if c.test {
			continue
		}
		for m := range c.edges {
			if m != c && m != c.host {
				m.imported = true
			}
		}
	}
	reach := pr.reachable()
	for _, df := range opts.Data {
		c := &module{name: df.Path, path: df.Path, test: df.Test, edges: map[*module]bool{}}
		for _, str := range df.Strings {
			t, ok := pr.resolveString(str)
			if !ok {
				continue
			}
			u := use(t)
			if c.test {
				u.add(&u.testUsers, c)
			} else {
				u.add(&u.users, c)
			}
		}
		// A configuration file is read by the programs: its uses are
		// reachable whenever there is an entry module.
		if reach != nil && !c.test {
			reach[c] = true
		}
	}
	return pr.result(table, reach, unresolved)
}

// underAny reports whether the slash-separated path lies in a directory
// of one of the names.
func underAny(p string, names []string) bool {
	if len(names) == 0 {
		return false
	}
	segs := strings.Split(p, "/")
	for _, s := range segs[:len(segs)-1] {
		for _, n := range names {
			if s == n {
				return true
			}
		}
	}
	return false
}

// DataStrings returns the distinct dotted-path tokens of a configuration
// file's text (identifiers joined by dots, at least two), sorted.
func DataStrings(text []byte) []string {
	seen := map[string]bool{}
	start := -1
	flush := func(end int) {
		if start >= 0 {
			tok := bytes.Trim(text[start:end], ".")
			if isDottedPath(tok) {
				seen[string(tok)] = true
			}
		}
		start = -1
	}
	for i, c := range text {
		word := c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		switch {
		case word && start < 0:
			start = i
		case !word:
			flush(i)
		}
	}
	flush(len(text))
	return sortedKeys(seen)
}

// consume resolves what module c refers to and imports, recording uses.
func (pr *project) consume(c *module, use func(target) *uses, unresolved *[]Unresolved) {
	record := func(t target) {
		u := use(t)
		switch {
		case c.test:
			u.add(&u.testUsers, c)
		case t.mod == c || t.mod == c.host:
			u.same = true
		default:
			u.add(&u.users, c)
		}
	}
	escape := func(m *module) {
		if c.test || m == c {
			return
		}
		for _, t := range pr.sysOf(m).escapeTargets(m) {
			u := use(t)
			u.add(&u.lenient, c)
		}
	}
	referenced := map[string]bool{}
	for _, p := range c.parts {
		for _, r := range p.Refs {
			referenced[r.Segs[0]] = true
			for _, t := range pr.sysOf(c).resolveRef(c, p, r.Segs) {
				c.edges[t.mod] = true
				if t.name != "" {
					record(t)
				} else if !t.mod.virtual || len(t.mod.defs) > 0 {
					escape(t.mod)
				}
			}
		}
		for _, s := range p.Strings {
			if t, ok := pr.resolveString(s); ok {
				c.edges[t.mod] = true
				record(t)
			}
		}
		for _, d := range p.Dynamic {
			if ts := pr.sysOf(c).resolveRef(c, p, strings.Split(d, ".")); len(ts) == 1 && ts[0].name == "" {
				escape(ts[0].mod)
			}
		}
	}
	for pi, p := range c.parts {
		for k := range p.Imports {
			imp := &p.Imports[k]
			var t target
			var ok bool
			if imp.Star {
				if src := pr.sysOf(c).starSource(c, imp, 0); src != nil {
					t, ok = target{mod: src}, true
				}
			} else {
				t, ok = pr.resolveImport(c, imp, 0)
			}
			if pr.sysOf(c).unresolved(c, imp, ok) {
				*unresolved = append(*unresolved, Unresolved{Path: c.partPath(pi), Line: imp.Line, Import: importText(c, imp)})
			}
			if !ok {
				continue
			}
			c.edges[t.mod] = true
			if imp.InPlace && t.name != "" {
				record(t)
				continue
			}
			if t.name == "" || imp.Star || referenced[imp.Local] || imp.Public || c.pkg || c.exports[imp.Local] {
				continue
			}
			if !c.test && t.mod != c {
				u := use(t)
				u.add(&u.importers, c)
			}
		}
	}
}

func importText(c *module, imp *Import) string {
	sep := c.lang.Exports.PathSeparator
	text := strings.Repeat(".", imp.Level) + strings.Join(imp.Path, sep)
	if imp.Name != "" {
		if text != "" && !strings.HasSuffix(text, ".") {
			text += sep
		}
		text += imp.Name
	}
	if imp.Star {
		text += sep + "*"
	}
	return text
}

// reachable returns the modules reachable from an entry module through
// the references and imports between modules; nil without entries.
func (pr *project) reachable() map[*module]bool {
	var work []*module
	seen := map[*module]bool{}
	for _, m := range pr.modules {
		if m.entry != "" && !m.test {
			work = append(work, m)
			seen[m] = true
		}
	}
	if len(work) == 0 {
		return nil
	}
	for len(work) > 0 {
		m := work[len(work)-1]
		work = work[:len(work)-1]
		next := make([]*module, 0, len(m.edges))
		for e := range m.edges {
			next = append(next, e)
		}
		for _, e := range next {
			if !seen[e] && !e.test {
				seen[e] = true
				work = append(work, e)
			}
		}
	}
	return seen
}

// public returns the names of m's symbols in E_total, and whether m
// exports anything at all (it is a standalone module).
func (pr *project) publicNames(m *module) map[string]bool {
	out := map[string]bool{}
	if m.exports != nil {
		for n := range m.exports {
			if _, ok := m.defs[n]; ok {
				out[n] = true
			}
		}
		return out
	}
	for n, d := range m.defs {
		if d.Public {
			out[n] = true
		}
	}
	return out
}

func (pr *project) result(table map[target]*uses, reach map[*module]bool, unresolved []Unresolved) *Result {
	res := &Result{Unresolved: unresolved, Warnings: pr.warns}
	var ratios []float64
	for _, m := range pr.modules {
		row := ModuleRow{Name: m.name, Path: m.path, Language: m.lang.Name, Role: roleStandalone}
		switch {
		case m.test:
			row.Role = roleTest
		case m.entry != "":
			row.Role = roleEntry
			res.Entries = append(res.Entries, Entry{Module: m.name, Path: m.path, Reason: m.entry})
		}
		if m.test || m.host != nil || (m.entry != "" && !m.imported) {
			res.Modules = append(res.Modules, row)
			continue
		}
		public := pr.publicNames(m)
		names := make([]string, 0, len(m.defs))
		for n := range m.defs {
			names = append(names, n)
		}
		sort.Slice(names, func(a, b int) bool {
			// a package's symbols come file by file
			if pa, pb := m.defPaths[names[a]], m.defPaths[names[b]]; pa != pb {
				return pa < pb
			}
			da, db := m.defs[names[a]], m.defs[names[b]]
			if da.Line != db.Line {
				return da.Line < db.Line
			}
			return names[a] < names[b]
		})
		for _, n := range names {
			d := m.defs[n]
			u := table[target{mod: m, name: n}]
			if u == nil {
				u = &uses{}
			}
			defPath := m.path
			if p, ok := m.defPaths[n]; ok {
				defPath = p
			}
			qualified := m.name + m.lang.Exports.PathSeparator + n
			if d.Self {
				qualified = m.name
			}
			sym := Symbol{
				Module: m.name, Name: n, Qualified: qualified,
				Kind: d.Kind, Path: defPath, Line: d.Line, Public: public[n],
				UsedBy: moduleNames(u.users), UsedByTests: moduleNames(u.testUsers),
				ImportedBy: moduleNames(u.importers), MaybeUsedBy: moduleNames(u.lenient),
			}
			if !sym.Public {
				if len(u.users) > 0 {
					sym.Status = StatusNonPublicUsedDownstream
					res.Symbols = append(res.Symbols, sym)
				}
				continue
			}
			sym.Status = status(u)
			row.Exported++
			res.Exported++
			if len(u.users) > 0 {
				row.Used++
				res.Used++
			}
			if len(u.users) > 0 || len(u.testUsers) > 0 {
				res.UsedWithTests++
			}
			if len(u.users) > 0 || len(u.lenient) > 0 {
				res.UsedLenient++
			}
			for c := range u.users {
				if reach[c] {
					res.UsedReachable++
					break
				}
			}
			res.Symbols = append(res.Symbols, sym)
		}
		if row.Exported > 0 {
			r := float64(row.Used) / float64(row.Exported)
			row.Ratio = &r
			ratios = append(ratios, r)
		}
		res.Modules = append(res.Modules, row)
	}
	if res.Exported == 0 {
		res.NullReason = NullReasonNoSymbols
		if reach == nil {
			res.ReachableNullReason = NullReasonNoEntries
		}
		return res
	}
	ratio := func(n int) *float64 {
		r := float64(n) / float64(res.Exported)
		return &r
	}
	res.Dir = ratio(res.Used)
	res.WithTests = ratio(res.UsedWithTests)
	res.Lenient = ratio(res.UsedLenient)
	if reach != nil {
		res.Reachable = ratio(res.UsedReachable)
	} else {
		res.ReachableNullReason = NullReasonNoEntries
	}
	sum := 0.0
	for _, r := range ratios {
		sum += r
	}
	macro := sum / float64(len(ratios))
	res.Macro = &macro
	return res
}

func status(u *uses) string {
	switch {
	case len(u.users) > 0:
		return StatusUsed
	case len(u.testUsers) > 0:
		return StatusTestOnly
	case len(u.lenient) > 0:
		return StatusMaybeUsed
	case len(u.importers) > 0:
		return StatusImportOnly
	case u.same:
		return StatusSameModuleOnly
	}
	return StatusUnused
}

func moduleNames(set map[*module]bool) []string {
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for m := range set {
		out = append(out, m.name)
	}
	sort.Strings(out)
	return out
}
