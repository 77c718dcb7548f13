package engine

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/finding"
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
	// FunctionClones is set when Clones' candidates are functions (a
	// subsequence of fns, one each): the report then gives each callable
	// its candidate's hash (report.Callable.Body).
	FunctionClones bool
	// StructuralFacts, when not nil, reads what 0.2.0's structural rules
	// need of a file (rules.NewFileFacts: its call structure and import
	// bindings) for Verbosity; nil for a profile whose Verbosity reads
	// none, sparing the work.
	StructuralFacts func(path string, t *source.Tree, fns []source.Callable, cx []erosion.Complexity) rules.FileFacts
	// FileData, when not nil, reads what the profile's own steps need of
	// a file from its tree and functions: the profile's per-file slot,
	// carried in Result.ProfileData and the cache, in the profile's
	// encoding, and given to Verbosity in verbosity.File.ProfileData.
	FileData func(t *source.Tree, fns []source.Callable) json.RawMessage
	// Verbosity is the union step: clone groups, structural rules,
	// ast-grep findings and their filters; fsys is the tree the files
	// were read from.
	Verbosity func(fsys vfs.FS, files []verbosity.File, astGrep []finding.Finding, cat *rules.Catalog, lowUse config.LowUse, policy finding.Policy) (verbosity.Outcome, error)
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
	FunctionClones: true,
	StructuralFacts: func(path string, t *source.Tree, fns []source.Callable, cx []erosion.Complexity) rules.FileFacts {
		return rules.NewFileFacts(path, t, fns, functionMetrics(cx))
	},
	Verbosity: func(_ vfs.FS, files []verbosity.File, astGrep []finding.Finding, cat *rules.Catalog, lowUse config.LowUse, policy finding.Policy) (verbosity.Outcome, error) {
		return verbosity.Collect(files, astGrep, cat, lowUse, policy)
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
