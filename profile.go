package scbcheck

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// Profile is a compatibility profile: the version of scb-check whose
// numbers a run reproduces, and everything that differs with it, chosen
// once in the Settings (Options.Compat, else the configuration's compat
// key). The steps read the profile's values; none tests its name.
type Profile struct {
	// Name is the version reproduced: "0.2.0" (the default) or "0.1.3".
	Name string
	// Default and IncludeAll are the profile's pair of policies: the run's
	// is IncludeAll with Options.IncludeAll, else Default.
	Default, IncludeAll Policy
	// WriteJSON writes the profile's JSON report (--report).
	WriteJSON func(w io.Writer, r *report.Report) error
	// FindingsFail: a check with findings exits 1 (gates aside). 0.1.3
	// exits 0 after any successful check.
	FindingsFail bool
	// FrozenJSON: the profile's JSON report is a released version's,
	// byte for byte, so an output that adds members of its own (check
	// judging a change) nests the report whole instead of extending it.
	FrozenJSON bool
	// ReportExcludesHuman: check's --report together with --output-format
	// human is a usage error (exit 2), as in 0.1.3; else the last of the
	// two given decides the format.
	ReportExcludesHuman bool
	// Languages are the only languages the profile reads, whatever the
	// options and configuration say; nil leaves them to those.
	Languages []*lang.Spec
	// ConfigKeys are the configuration keys the profile accepts (besides
	// compat, which selects it); nil accepts every key of the schema.
	ConfigKeys []string
	// ConfigDiscovery is how the profile searches for a configuration
	// file, when it is chosen before one is read (Options.Compat, the
	// --compat flag, $SCB_CHECK_COMPAT).
	ConfigDiscovery config.Discovery
	// engine is the profile's variant of the per-file and findings steps.
	engine *engine.Profile
	// catalog gives the catalog a run uses from the one loaded (0.1.3's
	// severities); nil keeps it.
	catalog func(*rules.Catalog) *rules.Catalog
}

// DefaultCompat is the default profile's name.
const DefaultCompat = "0.2.0"

var (
	// Profile020 is scb-check 0.2.0, the tool's own numbers.
	Profile020 = &Profile{
		Name: DefaultCompat, Default: DefaultPolicy, IncludeAll: IncludeAllPolicy,
		WriteJSON: report.WriteJSON, FindingsFail: true, engine: engine.DefaultProfile,
	}
	// Profile013 is scb-check 0.1.3, the release SlopCodeBench pins
	// (docs: scb-check-0.1.3): Python only, no ignore files, every rule
	// run (no severity filter), the bundled rules at its severities, its
	// function visitor, its JSON report and exit status. Its include-all
	// touches no discovery and lifts no severity filter: it only keeps
	// what directives, boundaries and thresholds drop, and reads no
	// directive (so a malformed one is no error).
	Profile013 = &Profile{
		Name:         "0.1.3",
		Default:      Policy{MinSeverity: rules.SeverityHint, Suppressions: true, Thresholds: true},
		IncludeAll:   Policy{MinSeverity: rules.SeverityHint, NoDirectiveChecks: true},
		WriteJSON:    compat013.WriteJSON,
		Languages:    []*lang.Spec{lang.Python},
		ConfigKeys:   []string{"exclude", "context"},
		engine:       compat013.Engine,
		catalog:      compat013.Weighed,
		FindingsFail: false,

		ReportExcludesHuman: true,
		FrozenJSON:          true,
		// 0.1.3 stops only at a .git directory (docs: scb-check-0.1.3 §1).
		ConfigDiscovery: config.Discovery{GitDirOnly: true},
	}
)

// profiles are the profiles by name, in config.CompatVersions' order.
var profiles = []*Profile{Profile020, Profile013}

// ProfileNamed returns the profile of a version: one of
// config.CompatVersions; "" is the default.
func ProfileNamed(version string) (*Profile, error) {
	if version == "" {
		return Profile020, nil
	}
	for _, p := range profiles {
		if p.Name == version {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown compat version %q (known: %s)", version, strings.Join(config.CompatVersions, ", "))
}

// WriteReportJSON writes r as the JSON report (--report) of the profile
// that made it (report.Report.Compat): what `check --report` prints for
// it under that profile.
func WriteReportJSON(w io.Writer, r *report.Report) error {
	p, err := ProfileNamed(r.Compat)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return p.WriteJSON(w, r)
}

// checkConfig refuses a configuration setting a key the profile does not
// know, naming the file and the key.
func (p *Profile) checkConfig(cfg *config.Config) error {
	if p.ConfigKeys == nil {
		return nil
	}
	for _, k := range cfg.Keys {
		if k != "compat" && !slices.Contains(p.ConfigKeys, k) {
			return fmt.Errorf("%s: key %q is not a setting of scb-check %s (it reads only %s)",
				cfg.Path, k, p.Name, strings.Join(p.ConfigKeys, " and "))
		}
	}
	return nil
}

// policy is the profile's policy for a run with or without include-all.
func (p *Profile) policy(includeAll bool) Policy {
	if includeAll {
		return p.IncludeAll
	}
	return p.Default
}
