package scbcheck

import (
	"fmt"
	"strconv"
	"time"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// Policy is what a run keeps of what ignore files, severities and the
// code's own directives leave out. Options.IncludeAll chooses between the
// two named policies; every step reads the one chosen, never the flag.
type Policy struct {
	// IgnoreFiles: the walk honours .gitignore and .ignore files.
	IgnoreFiles bool
	// MinSeverity is the lowest severity of the ast-grep rules that run
	// (rules.SeverityWarning or rules.SeverityHint; off never runs).
	MinSeverity string
	// Suppressions: ignore directives and boundaries drop the findings
	// they name.
	Suppressions bool
	// Thresholds: a rule's min_file_count drops its findings in files
	// with fewer.
	Thresholds bool
}

var (
	// DefaultPolicy honours ignore files, runs the warning and error
	// rules, and applies suppressions and thresholds.
	DefaultPolicy = Policy{IgnoreFiles: true, MinSeverity: rules.SeverityWarning, Suppressions: true, Thresholds: true}
	// IncludeAllPolicy is the reference's scoring mode (--include-all):
	// every file walked, every rule run, every finding kept.
	IncludeAllPolicy = Policy{MinSeverity: rules.SeverityHint}
)

// Settings are a session's settings, resolved once from its Options:
// every default applied, the catalog loaded and its active rules chosen.
// Every step of a run, the cache keys, a baseline's recorded settings and
// the catalog's identity derive from them. (A compatibility profile, such
// as scb-check 0.1.3's, is meant to be one more value here, chosen once:
// its SLOC rule, function finder, clone detector, wrapper rule, walker,
// JSON writer and pair of policies.)
type Settings struct {
	// Policy is the run's policy (DefaultPolicy or IncludeAllPolicy).
	Policy Policy
	// engine is what the engine reads; its Languages are each run's.
	engine engine.Settings
	// findings is the finding processors' share of the policy: whether
	// suppressions and thresholds apply, and the label of the lowest
	// severity run as the lowest kept.
	findings finding.Policy
	// languages are Options.Languages: nil leaves them to each run's
	// configuration.
	languages []string
}

// resolve resolves opt's settings: the catalog (loaded unless given),
// the policy, the active rules and every default.
func resolve(opt Options) (Settings, error) {
	cat := opt.Catalog
	if cat == nil {
		var err error
		if cat, err = rules.Load(rules.CatalogOptions{Replace: opt.CatalogPaths, Extra: opt.ExtraRuleFiles, MaxFileSize: opt.MaxConfigSize}); err != nil {
			return Settings{}, mark(ErrCatalog, err)
		}
	}
	policy := DefaultPolicy
	if opt.IncludeAll {
		policy = IncludeAllPolicy
	}
	astGrep := opt.AstGrep
	if astGrep == "" {
		astGrep = "ast-grep"
	}
	return Settings{
		Policy: policy,
		engine: engine.Settings{
			Version: Version, Catalog: cat, Active: cat.Active(policy.MinSeverity), RuleIDs: cat.IDs(),
			IgnoreFiles: policy.IgnoreFiles, MaxFileSize: limit(opt.MaxFileSize, DefaultMaxFileSize),
			MaxConfigSize: vfs.MaxRead(opt.MaxConfigSize), ParseTimeout: limit(opt.ParseTimeout, DefaultParseTimeout),
			Workers: opt.Workers, DisableSG: opt.DisableSG,
			AstGrep: astGrep, AstGrepTimeout: limit(opt.AstGrepTimeout, DefaultAstGrepTimeout),
		},
		findings:  finding.Policy{Suppressions: policy.Suppressions, Thresholds: policy.Thresholds, MinSeverity: rules.SeverityLabel(policy.MinSeverity)},
		languages: opt.Languages,
	}, nil
}

// limit is the bound an option sets: def when it is 0, none (0) when it
// is negative.
func limit[T int64 | time.Duration](option, def T) T {
	switch {
	case option == 0:
		return def
	case option < 0:
		return 0
	}
	return option
}

// forRun completes the settings with what a run's configuration decides:
// the languages, unless Options named them.
func (s Settings) forRun(cfg *config.Config) (Settings, error) {
	names := s.languages
	if names == nil {
		names = cfg.Languages
	}
	var err error
	s.engine.Languages, err = resolveLanguages(names)
	return s, err
}

// CheckLanguages reports the first unknown language of names, which are
// as Options.Languages takes them (names, or "all"); nil when there is
// none.
func CheckLanguages(names []string) error {
	_, err := lang.Resolve(names)
	return err
}

func resolveLanguages(names []string) ([]*lang.Spec, error) {
	specs, err := lang.Resolve(names)
	if err != nil {
		return nil, fmt.Errorf("Options.Languages: %w", err)
	}
	return specs, nil
}

// Recorded are the session's settings a baseline records (besides the
// run's path, ast-grep version and configuration): include_all,
// disable_sg, and rules, the first 16 digits of the catalog's identity.
func (s Settings) Recorded() map[string]string {
	return map[string]string{
		"include_all": strconv.FormatBool(s.Policy == IncludeAllPolicy),
		"disable_sg":  strconv.FormatBool(s.engine.DisableSG),
		"rules":       s.engine.Active.CatalogIdentity()[:16],
	}
}

// Catalog is the rule catalog the runs use.
func (s Settings) Catalog() *rules.Catalog { return s.engine.Catalog }
