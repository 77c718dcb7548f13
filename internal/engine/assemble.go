package engine

import (
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
)

// Assemble builds the report's files, skipped files, erosion and syntax
// counts from the per-file results, in their order.
func Assemble(results []Result) *report.Report {
	r := &report.Report{}
	type syntax struct{ trees, nodes int }
	byLang := map[*lang.Spec]*syntax{}
	var entries []erosion.Entry
	for _, res := range results {
		if res.Skipped != "" {
			r.Skipped = append(r.Skipped, report.Skipped{Path: res.File.Path, Language: res.File.Lang.Name, Reason: res.Skipped})
			continue
		}
		r.FilesScanned++
		r.TotalLOC += res.SLOC.Len()
		s := byLang[res.File.Lang]
		if s == nil {
			s = &syntax{}
			byLang[res.File.Lang] = s
		}
		s.trees++
		s.nodes += res.Nodes
		rf := report.File{Path: res.File.Path, Language: res.File.Lang.Name, Lines: res.Lines, SLOC: res.SLOC.Len(), Nodes: res.Nodes}
		for k, fn := range res.Fns {
			e := erosion.Entry{Path: res.File.Path, StartLine: fn.StartLine, Name: fn.Name, SLOC: fn.SLOC, Complexity: res.Cx[k]}
			entries = append(entries, e)
			rf.Callables = append(rf.Callables, report.Callable{
				Name: fn.Name, QualifiedName: fn.QualifiedName, StartLine: fn.StartLine, EndLine: fn.EndLine,
				Public: fn.Public, Params: fn.Params, SLOC: fn.SLOC,
				CC: e.CC, Cog: e.Cog, MaxNesting: e.MaxNesting, CCMass: e.CCMass(), CogMass: e.CogMass(),
			})
		}
		r.Files = append(r.Files, rf)
	}
	sum := erosion.Summarize(entries)
	r.TotalFunctions, r.HighCCFunctions, r.HighCogFunctions = sum.TotalFunctions, sum.HighCCFunctions, sum.HighCogFunctions
	r.TotalMass, r.HighCCMass, r.TotalCogMass, r.HighCogMass = sum.TotalMass, sum.HighCCMass, sum.TotalCogMass, sum.HighCogMass
	r.Erosion, r.CogErosion = sum.Erosion, sum.CogErosion
	for _, l := range lang.All() {
		if s := byLang[l]; s != nil {
			r.SyntaxByLanguage = append(r.SyntaxByLanguage, report.LanguageSyntax{Language: l.Name, TreeCount: s.trees, NodeCount: s.nodes})
			r.SyntaxTreeCount += s.trees
			r.SyntaxNodeCount += s.nodes
		}
	}
	return r
}
