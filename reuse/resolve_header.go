package reuse

import (
	"path"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// buildHeaders adds the HeaderUnits modules: the files of one directory
// sharing a name without extension form a module named by that path; only
// its headers' declarations are symbols. Includes are resolved once here,
// from the including file's directory, then from the analysis root and
// its include/ and src/ directories.
func (pr *project) buildHeaders(files []File) {
	byName := map[string]*module{}
	for _, f := range files {
		name := strings.TrimSuffix(f.Path, path.Ext(f.Path))
		m := byName[name]
		if m == nil {
			m = newModule(name, f.Path, f.Lang)
			m.root = m
			m.test = isTestPath(&f.Lang.Exports, f.Path)
			byName[name] = m
			pr.modules = append(pr.modules, m)
		}
		part := &f.Facts.Modules[0]
		if isHeader(f) {
			pr.headers[f.Path] = m
			m.addFiles([]File{f})
		} else {
			// a source file's declarations are no symbols
			own := *part
			own.Defs = nil
			m.addPart(&own)
			m.partPaths = append(m.partPaths, f.Path)
		}
		if part.Entry != "" && m.entry == "" {
			m.entry = part.Entry
		}
	}
	for _, m := range pr.modules {
		if system(m) != lang.HeaderUnits {
			continue
		}
		for k, p := range m.parts {
			dir := path.Dir(m.partPath(k))
			for i := range p.Imports {
				imp := &p.Imports[i]
				if h := pr.headerAt(dir, imp.Path[0]); h != nil {
					pr.includes[imp] = h
				}
			}
		}
	}
}

func isHeader(f File) bool {
	ext := strings.TrimPrefix(path.Ext(f.Path), ".")
	return containsStr(f.Lang.Exports.HeaderExtensions, ext)
}

// headerAt returns the module of the header an include names.
func (pr *project) headerAt(dir, p string) *module {
	for _, c := range includeCandidates(dir, p) {
		if m := pr.headers[c]; m != nil {
			return m
		}
	}
	return nil
}

// includeCandidates are the paths an include from directory dir may
// name: from dir, then from the analysis root and its include/ and src/.
func includeCandidates(dir, p string) []string {
	return []string{path.Join(dir, p), path.Join(".", p), path.Join("include", p), path.Join("src", p)}
}

// includesUnparsed reports whether an include of module c names a file
// that was skipped.
func (pr *project) includesUnparsed(c *module, imp *Import) bool {
	for k, p := range c.parts {
		for i := range p.Imports {
			if &p.Imports[i] != imp {
				continue
			}
			for _, cand := range includeCandidates(path.Dir(c.partPath(k)), imp.Path[0]) {
				if pr.unparsed[cand] {
					return true
				}
			}
		}
	}
	return false
}

// visibleHeaders returns the modules whose headers module c includes,
// directly or through the headers it includes, in breadth-first order.
func (pr *project) visibleHeaders(c *module) []*module {
	if v, ok := pr.visible[c]; ok {
		return v
	}
	var out []*module
	seen := map[*module]bool{c: true}
	queue := []*module{c}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		for k, p := range m.parts {
			if m != c && !containsStr(m.lang.Exports.HeaderExtensions, strings.TrimPrefix(path.Ext(m.partPath(k)), ".")) {
				continue // only headers pass their includes on
			}
			for i := range p.Imports {
				if h := pr.includes[&p.Imports[i]]; h != nil && !seen[h] {
					seen[h] = true
					out = append(out, h)
					queue = append(queue, h)
				}
			}
		}
	}
	pr.visible[c] = out
	return out
}

// resolveHeaderRef resolves a name used in HeaderUnits module c: its own
// declaration, else the first included header declaring it.
func (pr *project) resolveHeaderRef(c *module, segs []string) (target, bool) {
	n := segs[0]
	if _, ok := c.defs[n]; ok {
		return target{mod: c, name: n}, true
	}
	for _, m := range pr.visibleHeaders(c) {
		if _, ok := m.defs[n]; ok {
			return target{mod: m, name: n}, true
		}
	}
	return target{}, false
}
