package engine

import (
	"time"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
)

// Settings are what the engine's steps read of a run, resolved once (by
// the facade, from its Options and the configuration) and passed to every
// step: every default is applied, and the cache keys derive from these
// values (Version, the active rules' identity). The steps test no flag:
// a variant of a step (a compatibility profile's) belongs here, chosen
// once.
type Settings struct {
	// Version is the tool's version, part of every cache key.
	Version string
	// Catalog is the rule catalog; Active are its rules this run runs
	// (chosen once, by the lowest severity the run's policy runs), and
	// RuleIDs the ids directives may name.
	Catalog *rules.Catalog
	Active  *rules.ActiveRules
	RuleIDs []string
	// Languages are the languages analysed; IgnoreFiles has the walk
	// honour .gitignore and .ignore files.
	Languages   []*lang.Spec
	IgnoreFiles bool
	// MaxFileSize keeps larger files unread; 0 for no limit.
	MaxFileSize int64
	// MaxConfigSize caps each file other than sources that is read; 0 for
	// no cap.
	MaxConfigSize int64
	// ParseTimeout bounds each file's parse and analysis, from the
	// start of its parse; 0 for no bound.
	ParseTimeout time.Duration
	// Workers is the number of files analysed in parallel (all cores when
	// not positive) and ast-grep's thread count (its own choice when not
	// positive).
	Workers int
	// DisableSG runs no ast-grep rules.
	DisableSG bool
	// AstGrep is the ast-grep executable (a path, or a name on PATH).
	AstGrep string
	// AstGrepTimeout bounds the ast-grep scan; 0 for no bound.
	AstGrepTimeout time.Duration
	// Profile is the compatibility profile's steps; nil for
	// DefaultProfile.
	Profile *Profile
	// Scope is the part of the tree measured: the files of the other
	// scope are left out as if they were not in the tree (ScopeAll, or
	// empty, keeps every file).
	Scope lang.Scope
	// Progress receives the run's progress (nil: none). It observes the
	// steps and changes nothing they compute; no cache key holds it.
	Progress *Reporter
}

// scanner is the ast-grep runner of the settings.
func (s *Settings) scanner() rules.Scanner {
	return rules.Scanner{Binary: s.AstGrep, Timeout: s.AstGrepTimeout, Threads: s.Workers}
}
