package report

import (
	"path/filepath"

	"github.com/scbcheck/scbcheck/finding"
)

// Relativize makes the paths of r (as the analysis spells them:
// canonical, absolute) relative to root, the canonical analysed directory,
// and records root as r.Root; a path not below root is kept as it is.
// DIR's paths are relative to root already. The places of a clone group
// shared with another report are copied, not rewritten in place.
func (r *Report) Relativize(root string) {
	r.Root = root
	rel := func(p *string) { *p = relativeTo(root, *p) }
	for i := range r.Files {
		rel(&r.Files[i].Path)
	}
	for i := range r.Skipped {
		rel(&r.Skipped[i].Path)
	}
	for i := range r.CloneBlocks {
		rel(&r.CloneBlocks[i].Path)
	}
	for i := range r.Flagged {
		rel(&r.Flagged[i].Path)
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		rel(&f.Path)
		if len(f.Group) > 0 {
			// The places may be shared with another finding of the group.
			group := make([]finding.Place, len(f.Group))
			copy(group, f.Group)
			for k := range group {
				rel(&group[k].Path)
			}
			f.Group = group
		}
	}
}

// relativeTo is p relative to root, slash-separated, when p lies below
// root; else p as it is.
func relativeTo(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil || !filepath.IsLocal(rel) {
		return p
	}
	return filepath.ToSlash(rel)
}
