package engine

import (
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/verbosity"
	"github.com/scbcheck/scbcheck/vfs"
)

// Assemble builds the report's files, skipped files, erosion and syntax
// counts from the per-file results, in their order.
func Assemble(results []Result) *report.Report {
	r := &report.Report{}
	type syntax struct{ trees, nodes int }
	byLang := map[*lang.Spec]*syntax{}
	var entries []erosion.Entry
	for _, res := range results {
		if len(res.Skipped) > 0 {
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
		rf := report.File{Path: res.File.Path, Language: res.File.Lang.Name, Lines: res.Lines, SLOC: res.SLOC.Len(), Nodes: res.Nodes, Test: res.File.Test}
		for k, fn := range res.Fns {
			e := erosion.Entry{Path: res.File.Path, StartLine: fn.StartLine, Name: fn.Name, SLOC: fn.SLOC, Complexity: res.Cx[k]}
			entries = append(entries, e)
			rf.Callables = append(rf.Callables, report.Callable{
				Name: fn.Name, QualifiedName: fn.QualifiedName, Kind: string(fn.Kind),
				StartLine: fn.StartLine, EndLine: fn.EndLine, StartCol: fn.StartCol,
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

// addBodies gives each callable of r (Assemble's report of results) the
// hash of its clone candidate (report.Callable.Body), when the profile's
// candidates are the callables themselves: a subsequence of the file's
// callables, in their order, each with its callable's span and SLOC. A
// candidate is given to the callable of its span only when that span and
// SLOC are the file's only callable's; when several share them (callables
// nested on one line) which one the candidate is cannot be told from the
// cached candidate, and none gets a hash.
func addBodies(r *report.Report, results []Result) {
	type span struct{ start, end, sloc int }
	k := 0
	for _, res := range results {
		if len(res.Skipped) > 0 || k == len(r.Files) {
			continue
		}
		f := &r.Files[k]
		k++
		count := map[span]int{}
		for _, c := range f.Callables {
			count[span{c.StartLine, c.EndLine, c.SLOC}]++
		}
		hash := map[span]string{}
		for _, cand := range res.Clones {
			hash[span{cand.StartLine, cand.EndLine, cand.SLOC}] = cand.Hash
		}
		for i := range f.Callables {
			c := &f.Callables[i]
			if s := (span{c.StartLine, c.EndLine, c.SLOC}); count[s] == 1 {
				c.Body = hash[s]
			}
		}
	}
}

// DIR computes DIR of the analysed files (reuse.Run); found are the
// files of reuse.ReadExtensions discovered with the sources. dataStrings
// serves the configuration files' strings (from the file cache, when
// there is one). No file larger than max bytes is read (none when max is
// 0).
func DIR(fsys vfs.FS, root string, results []Result, found []string, dataStrings func(string, []byte) []string, max int64) *reuse.Result {
	sources := make([]reuse.Source, len(results))
	for k, res := range results {
		sources[k] = reuse.Source{Path: res.File.Path, Lang: res.File.Lang, Facts: res.Reuse, Skipped: len(res.Skipped) > 0}
	}
	return reuse.Run(reuse.Input{FS: fsys, Root: root, Sources: sources, Found: found, MaxSize: max, DataStrings: dataStrings})
}

// AddVerbosity runs the findings step (the profile's Verbosity) over the parsed
// files (read from fsys), with the catalog of s, the ast-grep findings, the structural
// rules' low-use setting and the processors' policy, and puts its clones, findings and
// verbosity into the report. r is Assemble's report of the same results:
// the metric findings its ignore directives hide are marked in r's
// callables and clone blocks (see markIgnored).
func AddVerbosity(r *report.Report, fsys vfs.FS, results []Result, s *Settings, astGrep []finding.Finding, lowUse config.LowUse, policy finding.Policy) error {
	var files []verbosity.File
	for _, res := range results {
		if len(res.Skipped) == 0 {
			files = append(files, verbosity.File{Path: res.File.Path, SLOC: res.SLOC, Clones: res.Clones,
				Facts: res.Facts, Directives: res.Directives, Callables: res.Fns, ProfileData: res.ProfileData})
		}
	}
	out, err := s.profile().Verbosity(fsys, files, astGrep, s.Catalog, lowUse, policy)
	if err != nil {
		return err
	}
	heads := headLines(results)
	for _, b := range out.Clones {
		clone := finding.Finding{Kind: finding.Clone, RuleID: rules.DuplicateStructureID, Path: b.Path, Line: b.StartLine}
		r.CloneBlocks = append(r.CloneBlocks, report.CloneBlock{
			Path: b.Path, StartLine: b.StartLine, EndLine: b.EndLine, SLOC: b.SLOC,
			Group: b.Hash, Instances: b.Instances, FirstLines: b.FirstLines,
			Ignored: ignoredFromHead(out.Ignored, clone, heads[b.Path][b.StartLine]),
		})
	}
	markIgnored(r, results, out.Ignored)
	r.Findings = append(r.Findings, out.Findings...)
	r.StructuralRuleFindings = out.Structural
	v := out.Verbosity
	r.Verbosity, r.VerbosityFlaggedLOC, r.CloneLOC = v.Verbosity, v.FlaggedLOC, v.CloneLOC
	r.AstGrepFlaggedLOC, r.StructuralRuleLOC = v.AstGrepLOC, v.StructuralLOC
	for _, fl := range v.Flagged {
		r.Flagged = append(r.Flagged, report.FlaggedLines{Path: fl.Path, Lines: fl.Lines})
	}
	return nil
}

// headLines maps each parsed file's path and each callable's start line
// to the callable's head line (source.Callable.HeadLine: its first
// decorator or attribute), for the callables that have headings; of two
// callables on one line, the one with headings is the decorated one.
func headLines(results []Result) map[string]map[int]int {
	heads := map[string]map[int]int{}
	for _, res := range results {
		for _, fn := range res.Fns {
			if fn.HeadLine == 0 || fn.HeadLine == fn.StartLine {
				continue
			}
			if heads[res.File.Path] == nil {
				heads[res.File.Path] = map[int]int{}
			}
			heads[res.File.Path][fn.StartLine] = fn.HeadLine
		}
	}
	return heads
}

// ignoredFromHead reports whether ignored hides the metric finding x of a
// callable: a directive naming its rule targets its first line or, when
// head (its first decorator or attribute line) is set, a line of its
// decorators or attributes, from head on.
func ignoredFromHead(ignored func(finding.Finding) bool, x finding.Finding, head int) bool {
	if head == 0 || head > x.Line {
		head = x.Line
	}
	for line := head; line <= x.Line; line++ {
		at := x
		at.Line = line
		if ignored(at) {
			return true
		}
	}
	return false
}

// markIgnored marks, in r's callables (Assemble's, one file per parsed
// result in order), the complexity findings ignored hides: those of the
// callables over a threshold whose first line, or one of whose decorator
// or attribute lines, an ignore directive naming the rule targets (see
// ignoredFromHead). The directives are keyed by the results' paths.
func markIgnored(r *report.Report, results []Result, ignored func(finding.Finding) bool) {
	k := 0
	for _, res := range results {
		if len(res.Skipped) > 0 || k == len(r.Files) {
			continue
		}
		f := &r.Files[k]
		k++
		heads := headLines([]Result{res})[res.File.Path]
		for i := range f.Callables {
			c := &f.Callables[i]
			for _, m := range []struct {
				kind     finding.Kind
				id       string
				measured int
			}{{finding.Cyclomatic, rules.CyclomaticComplexityID, c.CC}, {finding.Cognitive, rules.CognitiveComplexityID, c.Cog}} {
				if m.measured > report.HighComplexity && ignoredFromHead(ignored, finding.Finding{Kind: m.kind, RuleID: m.id, Path: res.File.Path, Line: c.StartLine}, heads[c.StartLine]) {
					c.Ignored = append(c.Ignored, m.id)
				}
			}
		}
	}
}
