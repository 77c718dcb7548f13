package rules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// The structural rules' ids, in the order they run (see StructuralIDs).
const (
	TrivialWrapperID      = "trivial-wrapper"
	LowUseShortFunctionID = "low-use-short-function"
)

// structuralRule is one structural rule, defined once: what `scb-check
// rule ID`, `scb-check rules` and the SARIF rule list show of it derives
// from this value, and its check makes its findings.
type structuralRule struct {
	ID string
	// Severity is the label its findings carry: warning or info.
	Severity string
	// Title names what the rule flags, Message describes it in a line,
	// Why says why it is flagged and Instead what to write instead.
	Title, Message, Why, Instead string
	// check returns the rule's findings over the files, each rule's in
	// file then callable order; nothing when cfg turns the rule off.
	check func(r *structuralRule, files []FileFacts, cfg config.LowUse) []finding.Finding
}

// structuralRules are the structural rules, in the order they run.
var structuralRules = []structuralRule{
	{
		ID: TrivialWrapperID, Severity: finding.Warning, Title: "Function adds no behavior",
		Message: "Function adds no behavior.",
		Why: "A private function whose whole body forwards its parameters unchanged to another call, " +
			"returns one of its parameters, or returns a constant adds a name and a hop without adding behavior.",
		Instead: "Call the wrapped function directly, or use the value in place.",
		check: func(r *structuralRule, files []FileFacts, _ config.LowUse) []finding.Finding {
			return trivialWrappers(r, files)
		},
	},
	{
		ID: LowUseShortFunctionID, Severity: finding.Info, Title: "Short low-use function can be inlined safely",
		Message: "Short low-use function can be inlined safely.",
		Why: "A short function called from one or two places, where inlining it keeps every caller " +
			"within the configured size, complexity and nesting budgets, splits code that reads better together.",
		Instead: "Inline the function into its callers.",
		check: func(r *structuralRule, files []FileFacts, cfg config.LowUse) []finding.Finding {
			if !cfg.Enabled {
				return nil
			}
			return lowUseShortFunctions(r, files, BuildCallGraph(files), cfg)
		},
	},
}

// StructuralIDs are the ids of the structural rules, in the order they
// run. No ast-grep rule may use one of them.
var StructuralIDs = idsOf(structuralRules, func(r *structuralRule) string { return r.ID })

// idsOf lists the ids of a table of rules, in order.
func idsOf[R any](table []R, id func(*R) string) []string {
	ids := make([]string, len(table))
	for i := range table {
		ids[i] = id(&table[i])
	}
	return ids
}

// StructuralFinding is a finding of the structural rule id with its kind,
// rule id and severity set, for another matcher of that rule (a profile's)
// to fill in; nil for an id that names no structural rule.
func StructuralFinding(id string) *finding.Finding {
	r := lookupStructural(id)
	if r == nil {
		return nil
	}
	return &finding.Finding{Kind: finding.Structural, RuleID: r.ID, Severity: r.Severity}
}

// lookupStructural returns the structural rule with the id, nil when there
// is none.
func lookupStructural(id string) *structuralRule {
	for i := range structuralRules {
		if structuralRules[i].ID == id {
			return &structuralRules[i]
		}
	}
	return nil
}

// doc is the rule's metadata document, as `scb-check rule ID` prints it.
func (r *structuralRule) doc() string {
	return "id: " + r.ID + "\nseverity: " + r.Severity + "\ntarget: symbol\nkind: structural\nmessage: " + r.Message
}

// finding is the rule's finding on fn, a callable of f.
func (r *structuralRule) finding(f FileFacts, fn source.Callable, message, fix string) finding.Finding {
	return finding.Finding{
		Kind: finding.Structural, RuleID: r.ID, Severity: r.Severity, Message: message, FixTitle: fix,
		Path: f.Path, Line: fn.StartLine, EndLine: fn.EndLine, Subject: fn.Name,
	}
}

// FunctionMetrics are the complexity counts of one callable that
// low-use-short-function budgets against.
type FunctionMetrics struct {
	// CC is the cyclomatic complexity.
	CC int
	// Cog is the cognitive complexity.
	Cog int
	// MaxNesting is the deepest flow-break nesting.
	MaxNesting int
}

// FileFacts is what the structural rules need of one parsed file. The
// slices Callables, Structure and Metrics are parallel.
type FileFacts struct {
	// Path names the file in findings; import suffixes are matched against
	// it (slash-separated, whole path components).
	Path      string
	Lang      *lang.Spec
	Callables []source.Callable
	Structure []source.Structure
	Metrics   []FunctionMetrics
	Imports   []source.ImportBinding
}

// NewFileFacts gathers a file's facts from its tree: fns as returned by
// tree.Callables and their metrics, in the same order.
func NewFileFacts(path string, tree *source.Tree, fns []source.Callable, metrics []FunctionMetrics) FileFacts {
	return FileFacts{
		Path: path, Lang: tree.Lang, Callables: fns, Structure: tree.Structure(fns),
		Metrics: metrics, Imports: tree.Imports(),
	}
}

// FuncRef names a callable: the index of its file among the FileFacts and
// its index among the file's callables.
type FuncRef struct{ File, Func int }

// ResolvedCall is a bare call site resolved to its target.
type ResolvedCall struct {
	Caller, Target FuncRef
	Site           source.CallSite
}

// CallGraph holds every resolved bare call of a set of files.
type CallGraph struct {
	files []FileFacts
	// byName indexes each file's callables by name.
	byName []map[string][]int
	// roots indexes the root-scope callables of all files by name, the
	// candidates of import bindings.
	roots map[string][]FuncRef
	// Calls are the resolved calls in caller order (file, callable, site).
	Calls    []ResolvedCall
	incoming map[FuncRef][]int
}

// BuildCallGraph resolves every bare call site of the files.
//
// A call looks, for each scope its caller sees (Structure.Visible, in
// order), at the same file's targetable callables of that name and scope:
// one resolves it, several leave it unresolved, none moves on. When no
// scope matched, the caller's file's import bindings whose local name is
// the call's name give candidates in any file: root-scope callables named
// like the binding's target whose path ends with one of its suffixes;
// exactly one candidate resolves the call. In a language whose packages
// are directories (lang.ImportSpec.PackageDirectory), the root-scope
// callables of the other files of the caller's directory are candidates
// too.
func BuildCallGraph(files []FileFacts) *CallGraph {
	g := &CallGraph{
		files:    files,
		byName:   make([]map[string][]int, len(files)),
		roots:    map[string][]FuncRef{},
		incoming: map[FuncRef][]int{},
	}
	for fi, f := range files {
		g.byName[fi] = map[string][]int{}
		for k, fn := range f.Callables {
			g.byName[fi][fn.Name] = append(g.byName[fi][fn.Name], k)
			if st := structureAt(f, k); st.Targetable && len(st.Scope) == 0 {
				g.roots[fn.Name] = append(g.roots[fn.Name], FuncRef{fi, k})
			}
		}
	}
	for fi, f := range files {
		for k := range f.Callables {
			caller := FuncRef{fi, k}
			for _, site := range structureAt(f, k).Calls {
				target, ok := g.Resolve(caller, site.Name)
				if !ok {
					continue
				}
				g.incoming[target] = append(g.incoming[target], len(g.Calls))
				g.Calls = append(g.Calls, ResolvedCall{Caller: caller, Target: target, Site: site})
			}
		}
	}
	return g
}

// structureAt returns callable k's structure, or the zero Structure (not a
// target, no calls) when the file has none for it.
func structureAt(f FileFacts, k int) source.Structure {
	if k < len(f.Structure) {
		return f.Structure[k]
	}
	return source.Structure{}
}

// Resolve returns the callable a bare call of name made by caller reaches.
func (g *CallGraph) Resolve(caller FuncRef, name string) (FuncRef, bool) {
	f := g.files[caller.File]
	for _, scope := range structureAt(f, caller.Func).Visible {
		match, count := 0, 0
		for _, k := range g.byName[caller.File][name] {
			if st := structureAt(f, k); st.Targetable && slices.Equal(st.Scope, scope) {
				match = k
				count++
			}
		}
		switch {
		case count == 1:
			return FuncRef{caller.File, match}, true
		case count > 1:
			return FuncRef{}, false
		}
	}
	var found []FuncRef
	for _, b := range f.Imports {
		if b.Local != name {
			continue
		}
		for _, ref := range g.roots[b.Target] {
			if pathEndsWithAny(g.files[ref.File].Path, b.Suffixes) && !slices.Contains(found, ref) {
				found = append(found, ref)
			}
		}
	}
	if f.Lang != nil && f.Lang.Imports.PackageDirectory {
		dir := filepath.Dir(f.Path)
		for _, ref := range g.roots[name] {
			o := g.files[ref.File]
			if ref.File != caller.File && o.Lang == f.Lang && filepath.Dir(o.Path) == dir && !slices.Contains(found, ref) {
				found = append(found, ref)
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return FuncRef{}, false
}

// Incoming returns the resolved calls targeting f, in caller order.
func (g *CallGraph) Incoming(f FuncRef) []ResolvedCall {
	idx := g.incoming[f]
	out := make([]ResolvedCall, len(idx))
	for i, k := range idx {
		out[i] = g.Calls[k]
	}
	return out
}

// pathEndsWithAny reports whether path ends with one of the slash-separated
// suffixes on a path-component boundary.
func pathEndsWithAny(path string, suffixes []string) bool {
	path = filepath.ToSlash(path)
	for _, s := range suffixes {
		if s != "" && (path == s || strings.HasSuffix(path, "/"+s)) {
			return true
		}
	}
	return false
}

// Structural runs the structural rules, trivial-wrapper, then
// low-use-short-function (only when cfg.Enabled), over the files and
// returns their findings in that order, each rule's in file then callable
// order. A finding's span is the whole function; its Line is the def/fn
// line (decorators and attributes excluded), the line ignore directives
// must target.
func Structural(files []FileFacts, cfg config.LowUse) []finding.Finding {
	var out []finding.Finding
	for i := range structuralRules {
		r := &structuralRules[i]
		out = append(out, r.check(r, files, cfg)...)
	}
	return out
}

// TrivialWrappers flags private functions without a receiver or
// non-trivial parameters whose body only forwards their parameters, in
// order, to a call (any callee), returns a parameter, or (without
// parameters) returns a constant or a non-string literal.
func TrivialWrappers(files []FileFacts) []finding.Finding {
	return trivialWrappers(lookupStructural(TrivialWrapperID), files)
}

func trivialWrappers(r *structuralRule, files []FileFacts) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		for k, fn := range f.Callables {
			if isTrivialWrapper(fn, structureAt(f, k).Body) {
				out = append(out, r.finding(f, fn, fmt.Sprintf("`%s` adds no behavior", fn.Name), fmt.Sprintf("Inline or remove `%s`", fn.Name)))
			}
		}
	}
	return out
}

func isTrivialWrapper(fn source.Callable, body source.BodyShape) bool {
	if fn.Public || fn.HasReceiver || fn.HasNontrivialParams {
		return false
	}
	switch body.Kind {
	case source.ShapeCall:
		if len(body.Args) == 0 || len(body.Args) != len(fn.Params) {
			return false
		}
		for i, a := range body.Args {
			if a.Kind != source.ArgParam || a.Param != i {
				return false
			}
		}
		return true
	case source.ShapeParam:
		return true
	case source.ShapeConstant, source.ShapeLiteral:
		return len(fn.Params) == 0
	default:
		return false
	}
}

// LowUseShortFunctions flags short functions with few resolved call sites
// (from callers other than themselves) that every caller could absorb
// within the budgets of cfg. It does not look at cfg.Enabled; Structural
// does.
func LowUseShortFunctions(files []FileFacts, g *CallGraph, cfg config.LowUse) []finding.Finding {
	return lowUseShortFunctions(lookupStructural(LowUseShortFunctionID), files, g, cfg)
}

func lowUseShortFunctions(r *structuralRule, files []FileFacts, g *CallGraph, cfg config.LowUse) []finding.Finding {
	var out []finding.Finding
	for fi, f := range files {
		for k, fn := range f.Callables {
			ref := FuncRef{fi, k}
			if fn.SLOC > cfg.MaxFunctionSLOC {
				continue
			}
			var calls []ResolvedCall
			for _, c := range g.Incoming(ref) {
				if c.Caller != ref {
					calls = append(calls, c)
				}
			}
			if len(calls) < 1 || len(calls) > cfg.MaxCallSites || !inlinable(files, ref, calls, cfg) {
				continue
			}
			unit := "call sites"
			if len(calls) == 1 {
				unit = "call site"
			}
			out = append(out, r.finding(f, fn, fmt.Sprintf("`%s` is short and used at %d %s; inline it", fn.Name, len(calls), unit),
				fmt.Sprintf("Inline `%s`", fn.Name)))
		}
	}
	return out
}

// inlinable reports whether inlining f at every call keeps each caller
// within the budgets: with k the caller's number of calls to f,
// C.sloc + (f.sloc-1)k, C.cc + (f.cc-1)k and C.cog + f.cog*k stay within
// their maxima, and so does max(C.nesting, call nesting + f.nesting).
func inlinable(files []FileFacts, f FuncRef, calls []ResolvedCall, cfg config.LowUse) bool {
	perCaller := map[FuncRef]int{}
	for _, c := range calls {
		perCaller[c.Caller]++
	}
	fSLOC := files[f.File].Callables[f.Func].SLOC
	fm := metricsAt(files, f)
	for _, c := range calls {
		k := perCaller[c.Caller]
		cSLOC := files[c.Caller.File].Callables[c.Caller.Func].SLOC
		cm := metricsAt(files, c.Caller)
		if cSLOC+satSub1(fSLOC)*k > cfg.MaxInlineCallerSLOC ||
			cm.CC+satSub1(fm.CC)*k > cfg.MaxInlineCallerComplexity ||
			cm.Cog+fm.Cog*k > cfg.MaxInlineCallerCognitive ||
			max(cm.MaxNesting, c.Site.Nesting+fm.MaxNesting) > cfg.MaxInlineCallNesting {
			return false
		}
	}
	return true
}

func metricsAt(files []FileFacts, f FuncRef) FunctionMetrics {
	if ms := files[f.File].Metrics; f.Func < len(ms) {
		return ms[f.Func]
	}
	return FunctionMetrics{}
}

// satSub1 is n-1, saturating at 0.
func satSub1(n int) int { return max(n-1, 0) }
