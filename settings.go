package scbcheck

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// Policy is what a run keeps of what ignore files, severities and the
// code's own directives leave out. Options.IncludeAll chooses between the
// two policies of the run's profile; every step reads the one chosen,
// never the flag.
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
	// NoDirectiveChecks: the code's directives are not read, so their
	// errors (an unknown rule id, a boundary outside a function) do not
	// stop the run (0.1.3's --include-all; 0.2.0 always checks them).
	NoDirectiveChecks bool
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
// every default applied, the compatibility profile chosen, the catalog
// loaded and its active rules chosen. Every step of a run, the cache
// keys, a baseline's recorded settings and the catalog's identity derive
// from them.
type Settings struct {
	// Profile is the compatibility profile (Profile020 unless
	// Options.Compat or the configuration chose another).
	Profile *Profile
	// Policy is the run's policy: the profile's Default or IncludeAll.
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
	// loaded is the catalog loaded, before the profile's changes.
	loaded *rules.Catalog
	// includeAll is Options.IncludeAll; compatSet says Options.Compat
	// chose the profile (else a run's configuration may); scopeSet says
	// Options.Scope named a scope.
	includeAll, compatSet, scopeSet bool
}

// resolve resolves opt's settings: the catalog (loaded unless given),
// the profile, its policy, the active rules and every default.
func resolve(opt Options) (Settings, error) {
	profile, err := ProfileNamed(opt.Compat)
	if err != nil {
		return Settings{}, mark(ErrConfig, option.About(option.Compat, err))
	}
	scope, err := lang.ParseScope(opt.Scope)
	if err != nil {
		return Settings{}, mark(ErrConfig, option.About(option.Scope, err))
	}
	cat := opt.Catalog
	if cat == nil {
		if cat, err = rules.Load(rules.CatalogOptions{Replace: opt.CatalogPaths, Extra: opt.ExtraRuleFiles, MaxFileSize: vfs.MaxRead(opt.MaxConfigSize)}); err != nil {
			return Settings{}, mark(ErrCatalog, err)
		}
	}
	astGrep := opt.AstGrep
	if astGrep == "" {
		astGrep = "ast-grep"
	}
	s := Settings{
		engine: engine.Settings{
			Version: Version, MaxFileSize: limit(opt.MaxFileSize, DefaultMaxFileSize),
			MaxConfigSize: vfs.MaxRead(opt.MaxConfigSize), ParseTimeout: limit(opt.ParseTimeout, DefaultParseTimeout),
			Workers: opt.Workers, DisableSG: opt.DisableSG, Scope: scope,
			AstGrep: astGrep, AstGrepTimeout: limit(opt.AstGrepTimeout, DefaultAstGrepTimeout),
		},
		languages: opt.Languages, loaded: cat, includeAll: opt.IncludeAll, compatSet: opt.Compat != "",
		scopeSet: opt.Scope != "",
	}
	return s.withProfile(profile)
}

// withProfile is s with the profile p and what derives from it: the
// policy, the catalog and its active rules, the engine's steps.
func (s Settings) withProfile(p *Profile) (Settings, error) {
	if p.Languages != nil && s.languages != nil {
		names := make([]string, len(p.Languages))
		for i, spec := range p.Languages {
			names[i] = spec.Name
		}
		return Settings{}, mark(ErrConfig, option.About(option.Languages, fmt.Errorf("scb-check %s reads %s only", p.Name, strings.Join(names, ", "))))
	}
	cat := s.loaded
	if p.catalog != nil {
		cat = p.catalog(cat)
	}
	policy := p.policy(s.includeAll)
	s.Profile, s.Policy = p, policy
	s.engine.Catalog, s.engine.Active, s.engine.RuleIDs = cat, cat.Active(policy.MinSeverity), cat.IDs()
	s.engine.IgnoreFiles, s.engine.Profile = policy.IgnoreFiles, p.engine
	s.findings = finding.Policy{Suppressions: policy.Suppressions, Thresholds: policy.Thresholds, MinSeverity: rules.SeverityLabel(policy.MinSeverity)}
	return s, nil
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
// the profile and the languages, unless Options named them. The
// configuration must hold only keys the profile knows.
func (s Settings) forRun(cfg *config.Config) (Settings, error) {
	if !s.compatSet && cfg.Compat != "" && cfg.Compat != s.Profile.Name {
		p, err := ProfileNamed(cfg.Compat)
		if err != nil {
			return s, fmt.Errorf("%s: compat: %w", cfg.Path, err)
		}
		if s, err = s.withProfile(p); err != nil {
			return s, err
		}
	}
	if err := s.Profile.checkConfig(cfg); err != nil {
		return s, err
	}
	if s.Profile.Languages != nil {
		s.engine.Languages = s.Profile.Languages
		return s, nil
	}
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
		return nil, option.About(option.Languages, err)
	}
	return specs, nil
}

// Recorded are the session's settings a baseline records (besides the
// run's path, ast-grep version and configuration): include_all,
// disable_sg, rules, the first 16 digits of the catalog's identity,
// compat for a profile other than the default, and scope for a scope
// other than all.
func (s Settings) Recorded() map[string]string {
	out := map[string]string{
		"include_all": strconv.FormatBool(s.includeAll),
		"disable_sg":  strconv.FormatBool(s.engine.DisableSG),
		"rules":       s.engine.Active.CatalogIdentity()[:16],
	}
	if s.Profile != Profile020 {
		out["compat"] = s.Profile.Name
	}
	if s.engine.Scope != lang.ScopeAll {
		out["scope"] = string(s.engine.Scope)
	}
	return out
}

// Scope is the part of the tree the runs measure (Options.Scope).
func (s Settings) Scope() lang.Scope { return s.engine.Scope }

// Catalog is the rule catalog the runs use.
func (s Settings) Catalog() *rules.Catalog { return s.engine.Catalog }

// BlobLimit is the largest file whose bytes a tree read from git (a
// commit, the index) needs held: the larger of the two size caps, since a
// file over both is read by nothing (a source file is skipped, any other
// refused); 0 (no limit) when either cap is off.
func (s Settings) BlobLimit() int64 {
	files, other := s.engine.MaxFileSize, s.engine.MaxConfigSize
	if files == 0 || other == 0 {
		return 0
	}
	return max(files, other)
}
