package scbcheck

import (
	"path/filepath"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
)

// relativize makes the paths of r (found as the analysis spells them:
// canonical, absolute) relative to root, the canonical analysed directory,
// and records root as r.Root. DIR's paths are relative to it already.
func relativize(r *report.Report, root string) {
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
