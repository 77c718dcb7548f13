package change

import (
	"sort"

	"github.com/scbcheck/scbcheck/report"
)

// Func is one function of a report as the matching reads it.
type Func struct {
	Numbers
	// Name is the qualified name (the plain name when the report has no
	// qualified one).
	Name string
	// Kind is function, method, closure or lambda.
	Kind string
	// Body is the hash of the body's clone fingerprint
	// (report.Callable.Body); empty when the report has none.
	Body string
}

// Funcs lists the functions of r in the report's order: by file path,
// then in source order within a file.
func Funcs(r *report.Report) []Func {
	n := 0
	for _, f := range r.Files {
		n += len(f.Callables)
	}
	out := make([]Func, 0, n)
	for _, f := range r.Files {
		for _, c := range f.Callables {
			name := c.QualifiedName
			if name == "" {
				name = c.Name
			}
			out = append(out, Func{
				Numbers: Numbers{Path: f.Path, Line: c.StartLine, EndLine: c.EndLine, CC: c.CC, Cog: c.Cog, SLOC: c.SLOC, Mass: c.CCMass},
				Name:    name, Kind: c.Kind, Body: c.Body,
			})
		}
	}
	return out
}

// Match pairs the functions of a base with those of a head and returns,
// for each head function, the index in base of the function it is, or -1
// for a function of the head only. renames maps a file of the head to the
// file of the base it was renamed from; a head file not in it is
// compared with the base file of the same path. Each base function is
// matched at most once. The k-th function of a file means the k-th in the
// order the slice lists that file's functions (source order, for Funcs).
//
// Functions are matched in two passes:
//
//  1. By file and qualified name: the k-th function of a name in a head
//     file is the k-th function of that name in its base file. When
//     several head files have the same base file (a file copied as well
//     as kept), the one listed first takes its functions first.
//  2. By body, among the functions the first pass left unmatched on both
//     sides that have a body hash (Func.Body): a function renamed, or
//     moved to another file, without other change. First within a file
//     and its base file (the k-th unmatched head function of a body with
//     the k-th unmatched base function of that body), then across files,
//     the k-th of a body in path order (then the slice's order) on one
//     side with the k-th on the other. Equal bodies are thus matched
//     deterministically, nearest first, and a surplus on either side is
//     left unmatched (new or removed).
func Match(base, head []Func, renames map[string]string) []int {
	match := make([]int, len(head))
	for i := range match {
		match[i] = -1
	}
	matched := make([]bool, len(base))
	baseFile := func(h Func) string {
		if p, ok := renames[h.Path]; ok {
			return p
		}
		return h.Path
	}
	// pair matches the k-th unmatched head function of each key with the
	// k-th unmatched base function of that key, each side in the order of
	// its indexes; a function whose key is not ok takes no part.
	pair := func(hs, bs []int, headKey, baseKey func(int) (string, bool)) {
		queue := map[string][]int{}
		for _, j := range bs {
			if k, ok := baseKey(j); ok && !matched[j] {
				queue[k] = append(queue[k], j)
			}
		}
		for _, i := range hs {
			k, ok := headKey(i)
			if !ok || match[i] >= 0 || len(queue[k]) == 0 {
				continue
			}
			j := queue[k][0]
			queue[k] = queue[k][1:]
			match[i], matched[j] = j, true
		}
	}
	hs, bs := indexes(len(head)), indexes(len(base))
	pair(hs, bs,
		func(i int) (string, bool) { return key(baseFile(head[i]), head[i].Name), true },
		func(j int) (string, bool) { return key(base[j].Path, base[j].Name), true })
	pair(hs, bs,
		func(i int) (string, bool) { return key(baseFile(head[i]), head[i].Body), head[i].Body != "" },
		func(j int) (string, bool) { return key(base[j].Path, base[j].Body), base[j].Body != "" })
	byPath := func(fs []Func, idx []int) []int {
		out := append([]int(nil), idx...)
		sort.SliceStable(out, func(a, b int) bool { return fs[out[a]].Path < fs[out[b]].Path })
		return out
	}
	pair(byPath(head, hs), byPath(base, bs),
		func(i int) (string, bool) { return head[i].Body, head[i].Body != "" },
		func(j int) (string, bool) { return base[j].Body, base[j].Body != "" })
	return match
}

// key joins a file path and a name (or body hash) into one map key; a
// NUL byte is in no path.
func key(path, name string) string { return path + "\x00" + name }

// indexes are 0, 1, ..., n-1.
func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
