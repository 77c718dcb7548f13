package engine

import (
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/verbosity"
	"github.com/scbcheck/scbcheck/vfs"
)

// Profile is the engine's share of a compatibility profile: the steps
// that differ between the versions of scb-check whose numbers the tool
// reproduces, each a func the steps call instead of testing a flag.
// Settings.Profile is chosen once per run; nil is DefaultProfile.
type Profile struct {
	// Name is the version reproduced ("0.2.0").
	Name string
	// CacheTag, when not empty, is added to every cache key: a profile
	// whose per-file analysis differs files it apart from the default's.
	CacheTag string
	// Discover finds the run's files (path is a file or directory of
	// fsys; data the extensions of the data files DIR reads).
	Discover func(path string, fsys vfs.FS, cfg *config.Config, s *Settings, data []string) (Discovered, error)
	// Decode turns a file's bytes into the text analysed, or says why
	// the file is skipped.
	Decode func(src []byte) (text []byte, skip string)
	// SLOC is the file's SLOC line set; an error skips the file with
	// its text as the reason.
	SLOC func(t *source.Tree) (source.Lines, error)
	// Functions are the file's functions, their SLOC counted against sloc.
	Functions func(t *source.Tree, sloc source.Lines) []source.Callable
	// Clones are the file's clone candidates (grouped across files by
	// Verbosity).
	Clones func(path string, t *source.Tree, fns []source.Callable, sloc source.Lines) []clones.Candidate
	// StructuralFacts, when not nil, reads what 0.2.0's structural rules
	// need of a file (rules.NewFileFacts: its call structure and import
	// bindings) for Verbosity; nil for a profile whose Verbosity reads
	// none, sparing the work.
	StructuralFacts func(path string, t *source.Tree, fns []source.Callable, cx []erosion.Complexity) rules.FileFacts
	// WrapperFacts, when not nil, reads a file's facts for 0.1.3's
	// trivial-wrapper rule from its tree and functions (carried in
	// Result.Wrappers and the cache).
	WrapperFacts func(t *source.Tree, fns []source.Callable) *rules.WrapperFacts013
	// Verbosity is the union step: clone groups, structural rules (the
	// trivial wrappers among them), ast-grep findings and their filters.
	Verbosity func(files []verbosity.File, astGrep []finding.Finding, cat *rules.Catalog, lowUse config.LowUse, policy finding.Policy) (verbosity.Outcome, error)
	// DirectiveIDs, when not nil, are the ids directives may name, from
	// the run's catalog, in place of Settings.RuleIDs.
	DirectiveIDs func(cat *rules.Catalog) []string
}

// DefaultProfile is scb-check 0.2.0's steps, the tool's own.
var DefaultProfile = &Profile{
	Name:      "0.2.0",
	Discover:  discover,
	Decode:    decodeStrict,
	SLOC:      func(t *source.Tree) (source.Lines, error) { return t.SLOC(), nil },
	Functions: func(t *source.Tree, sloc source.Lines) []source.Callable { return t.Callables(sloc) },
	Clones: func(path string, t *source.Tree, fns []source.Callable, _ source.Lines) []clones.Candidate {
		return clones.Candidates(path, t, fns)
	},
	StructuralFacts: func(path string, t *source.Tree, fns []source.Callable, cx []erosion.Complexity) rules.FileFacts {
		return rules.NewFileFacts(path, t, fns, functionMetrics(cx))
	},
	Verbosity: verbosity.Collect,
}

// Profile013 is scb-check 0.1.3's steps (0.1.3 §N in the docs): its
// discovery (§1), reading (§2: UTF-8 with replacement characters and
// universal newlines), tokenize SLOC (§3; a file tokenize rejects is
// skipped with the reason, where 0.1.3 crashes), function visitor (§4),
// block clone candidates (§7) and trivial wrappers as the only structural
// rule (§8), read from WrapperFacts: no 0.2.0 structural facts; its
// directives name only its rules (§11).
var Profile013 = &Profile{
	Name:      "0.1.3",
	CacheTag:  "compat 0.1.3",
	Discover:  discover013,
	Decode:    func(src []byte) ([]byte, string) { return source.PyText(src), "" },
	SLOC:      (*source.Tree).SLOC013,
	Functions: func(t *source.Tree, sloc source.Lines) []source.Callable { return t.VisitorCallables(sloc) },
	Clones: func(path string, t *source.Tree, _ []source.Callable, sloc source.Lines) []clones.Candidate {
		return clones.BlockCandidates013(path, t, sloc)
	},
	WrapperFacts: func(t *source.Tree, fns []source.Callable) *rules.WrapperFacts013 {
		w := rules.NewWrapperFacts013(t, fns)
		return &w
	},
	Verbosity: verbosity.Collect013,
	// 0.1.3's directives name the ids of its rules file (the Python
	// rules) and trivial-wrapper, its one structural rule.
	DirectiveIDs: func(cat *rules.Catalog) []string {
		return append(cat.LanguageIDs(lang.Python), rules.TrivialWrapperID)
	},
}

// profile is the run's profile.
func (s *Settings) profile() *Profile {
	if s.Profile == nil {
		return DefaultProfile
	}
	return s.Profile
}

// decodeStrict is 0.2.0's reading: text that is not valid UTF-8 is
// skipped.
func decodeStrict(src []byte) ([]byte, string) {
	if !utf8.Valid(src) {
		return nil, "stream did not contain valid UTF-8"
	}
	return src, ""
}

// discover013 is 0.1.3's discovery (0.1.3 §1): the Python files, no
// ignore file, its pruned names and its exclude patterns; no data files
// (0.1.3 reports no DIR).
func discover013(path string, fsys vfs.FS, cfg *config.Config, s *Settings, _ []string) (Discovered, error) {
	var out Discovered
	for _, w := range cfg.Warnings {
		out.Warnings = append(out.Warnings, w.Text())
	}
	files, err := source.Discover013(path, source.Discover013Options{
		BaseDir: cfg.BaseDir, Exclude: cfg.Exclude013, Lang: lang.Python, MaxFileSize: s.MaxFileSize, FS: fsys,
	})
	if err != nil {
		return Discovered{}, err
	}
	out.Files = files
	return out, nil
}
