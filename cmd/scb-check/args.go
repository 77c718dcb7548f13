package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/vfs"
)

// checkArgs are the parsed arguments of `scb-check check`.
type checkArgs struct {
	path              string
	format            string // human (also ""), json, sarif or text
	reportGiven       bool   // --report was given
	outputFormat      string // the last --output-format given, "" for none
	includeAll        bool
	disableSG         bool
	configPath        string
	minDuplicateLines int
	verbose           int
	exitZero          bool
	jobs              int
	help              bool
	astGrep           string
	astGrepTimeout    time.Duration
	rules             []string
	catalog           []string
	gates             gateArgs
	mcfFile           string
	parseTimeout      time.Duration
	maxFileSize       int64
	maxConfigSize     int64 // --max-config-size: 0 for the default, vfs.NoLimit for no cap
	languages         []string
	cache             string
	noCache           bool              // --no-cache, not overridden by a later --cache
	maxCacheSize      int64             // --max-cache-size: 0 for the default, vfs.NoLimit for no bound
	color             string            // --color: auto (also ""), always or never
	compat            string            // --compat, then $SCB_CHECK_COMPAT and the config's compat (resolveCompat)
	quiet             bool              // --quiet: no progress line
	htmlSource        report.HTMLSource // --html-source: "" for the default
	change            changeArgs
	markdownFile      string // --write-markdown
	scope             string // --scope: "" for none (all)
	gateScope         string // --gate-scope: "" for none (the --scope)
}

// checkOption is one of check's options: the name of its value ("" for
// a flag) and how it sets the arguments.
type checkOption struct {
	metavar string
	set     func(a *checkArgs, name, value string) error
}

// Makers of check's options: a gate (gates.go), a flag, a plain value.
var (
	gateOption = func(metavar string) checkOption {
		return checkOption{metavar, func(a *checkArgs, name, value string) error { return a.gates.set(name, value) }}
	}
	flagOption = func(set func(a *checkArgs)) checkOption {
		return checkOption{"", func(a *checkArgs, _, _ string) error { set(a); return nil }}
	}
	textOption = func(metavar string, set func(a *checkArgs, value string)) checkOption {
		return checkOption{metavar, func(a *checkArgs, _, value string) error { set(a, value); return nil }}
	}
)

// checkOptions are check's options, the analysis options among them
// shared by dir, trajectory and batch.
var checkOptions = withGateOptions(map[string]checkOption{
	"--report": flagOption(func(a *checkArgs) { a.format, a.reportGiven = formatJSON, true }),
	"--output-format": {"<OUTPUT_FORMAT>", func(a *checkArgs, _, value string) error {
		format, err := checkFormats.parse(value)
		if err != nil {
			return err
		}
		a.format, a.outputFormat = format, format
		return nil
	}},
	"--include-all": flagOption(func(a *checkArgs) { a.includeAll = true }),
	"--compat": {"<VERSION>", func(a *checkArgs, _, value string) error {
		if _, err := scbcheck.ProfileNamed(value); err != nil {
			return usagef("error: invalid value '%s' for '--compat <VERSION>': %v", value, err)
		}
		a.compat = value
		return nil
	}},
	"--disable-sg": flagOption(func(a *checkArgs) { a.disableSG = true }),
	"--exit-zero":  flagOption(func(a *checkArgs) { a.exitZero = true }),
	"--config":     textOption("<CONFIG>", func(a *checkArgs, v string) { a.configPath = v }),
	"--min-duplicate-lines": {"<MIN_DUPLICATE_LINES>", func(a *checkArgs, _, value string) error {
		n, err := strconv.Atoi(value)
		if err != nil {
			return &usageError{msg: "invalid --min-duplicate-lines: " + value}
		}
		if n < 1 {
			return &usageError{msg: "--min-duplicate-lines must be >= 1"}
		}
		a.minDuplicateLines = n
		return nil
	}},
	"--jobs":     jobsOption,
	"-j":         jobsOption,
	"--ast-grep": textOption("<PATH>", func(a *checkArgs, v string) { a.astGrep = v }),
	"--ast-grep-timeout": {"<DURATION>", func(a *checkArgs, _, value string) error {
		d, err := time.ParseDuration(value)
		if err != nil || d <= 0 {
			return usagef("error: invalid value '%s' for '--ast-grep-timeout <DURATION>': expected a positive duration such as 90s or 10m", value)
		}
		a.astGrepTimeout = d
		return nil
	}},
	"--parse-timeout": {"<DURATION>", func(a *checkArgs, _, value string) error {
		d, err := time.ParseDuration(value)
		if value == "0" {
			d, err = vfs.NoLimit, nil
		}
		if err != nil || d == 0 || d < -1 {
			return usagef("error: invalid value '%s' for '--parse-timeout <DURATION>': expected a positive duration such as 30s or 2m, or 0 for none", value)
		}
		a.parseTimeout = d
		return nil
	}},
	"--max-file-size":   sizeOption(func(a *checkArgs) *int64 { return &a.maxFileSize }),
	"--max-config-size": sizeOption(func(a *checkArgs) *int64 { return &a.maxConfigSize }),
	"--languages": {"<LANGUAGES>", func(a *checkArgs, _, value string) error {
		names := strings.Split(value, ",")
		// Checked here, so that the message names the option (the
		// library's names its Options field).
		if err := scbcheck.CheckLanguages(names); err != nil {
			return fmt.Errorf("--languages: %w", err)
		}
		a.languages = append(a.languages, names...)
		return nil
	}},
	"--rules":    textOption("<FILE>", func(a *checkArgs, v string) { a.rules = append(a.rules, v) }),
	"--catalog":  textOption("<PATH>", func(a *checkArgs, v string) { a.catalog = append(a.catalog, v) }),
	"--mcf-file": textOption("<FILE>", func(a *checkArgs, v string) { a.mcfFile = v }),
	"--cache": {"<DIR>", func(a *checkArgs, _, value string) error {
		if value == "" {
			return usagef("error: invalid value '' for '--cache <DIR>': expected a directory")
		}
		a.cache, a.noCache = value, false
		return nil
	}},
	"--html-source": {"<WHICH>", func(a *checkArgs, _, value string) error {
		src := report.HTMLSource(value)
		if !slices.Contains(report.HTMLSources, src) {
			return usagef("error: invalid value '%s' for '--html-source <WHICH>'\n  [possible values: %s]", value, htmlSourceList())
		}
		a.htmlSource = src
		return nil
	}},
	"--no-cache":       flagOption(func(a *checkArgs) { a.cache, a.noCache = "", true }),
	"--max-cache-size": sizeOption(func(a *checkArgs) *int64 { return &a.maxCacheSize }),
	"--color": {"<WHEN>", func(a *checkArgs, _, value string) error {
		switch value {
		case colorAuto, colorAlways, colorNever:
			a.color = value
			return nil
		}
		return usagef("error: invalid value '%s' for '--color <WHEN>'\n  [possible values: auto, always, never]", value)
	}},
	"--scope":      scopeOption(func(a *checkArgs) *string { return &a.scope }),
	"--gate-scope": scopeOption(func(a *checkArgs) *string { return &a.gateScope }),
	"--verbose":    flagOption(func(a *checkArgs) { a.verbose++ }),
	"--verbosity":  flagOption(func(a *checkArgs) { a.verbose++ }),
	"--quiet":      flagOption(func(a *checkArgs) { a.quiet = true }),
	"-q":           flagOption(func(a *checkArgs) { a.quiet = true }),
	"-h":           flagOption(func(a *checkArgs) { a.help = true }),
	"--help":       flagOption(func(a *checkArgs) { a.help = true }),

	// The ratchet's files (gates.go); withGateOptions adds the gates.
	"--baseline":       gateOption("<FILE>"),
	"--write-baseline": gateOption("<FILE>"),

	// What judges a change (changeargs.go).
	flagNewFromRev:       changeOption("<REV>"),
	flagNewFromMergeBase: changeOption("<REF>"),
	flagNewFromPatch:     changeOption("<FILE>"),
	flagStaged:           changeOption(""),
	flagWriteMarkdown:    writeMarkdownOption,
})

// withGateOptions adds to options a gate flag per gate of the metric
// table (gates.go).
func withGateOptions(options map[string]checkOption) map[string]checkOption {
	for name, metavar := range gateOptions() {
		options[name] = gateOption(metavar)
	}
	return options
}

var jobsOption = checkOption{"<N>", func(a *checkArgs, _, value string) error {
	n, err := strconv.Atoi(value)
	if err != nil || n < 1 {
		return usagef("error: invalid value '%s' for '--jobs <N>': expected a whole number >= 1", value)
	}
	a.jobs = n
	return nil
}}

// scopeOption reads a scope (lang.Scope) into the field field returns.
func scopeOption(field func(a *checkArgs) *string) checkOption {
	return checkOption{"<SCOPE>", func(a *checkArgs, name, value string) error {
		if _, err := lang.ParseScope(value); err != nil || value == "" {
			return usagef("error: invalid value '%s' for '%s <SCOPE>'\n  [possible values: %s]", value, name, scopeList())
		}
		*field(a) = value
		return nil
	}}
}

// scopeList lists the scopes: "all, production, tests".
func scopeList() string {
	names := make([]string, len(lang.Scopes))
	for i, s := range lang.Scopes {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// sizeOption reads a size into the field field returns, as Options takes
// it: the flag's 0 (no limit) is vfs.NoLimit, as 0 is the default.
func sizeOption(field func(a *checkArgs) *int64) checkOption {
	return checkOption{"<SIZE>", func(a *checkArgs, name, value string) error {
		n, err := parseSize(value)
		if err != nil {
			return usagef("error: invalid value '%s' for '%s <SIZE>': %v", value, name, err)
		}
		if n == 0 {
			n = vfs.NoLimit
		}
		*field(a) = n
		return nil
	}}
}

// checkValue reports whether check's option name takes a value.
func checkValue(name string) bool { return checkOptions[name].metavar != "" }

// options is the table scanArgs reads check's options with, into a: -v
// may be repeated in one argument (-vv).
func (a *checkArgs) options() optionTable {
	return optionTable{lookup: func(name string) (option, bool) {
		if o, ok := checkOptions[name]; ok {
			return option{o.metavar, func(name, value string) error { return o.set(a, name, value) }}, true
		}
		if len(name) > 1 && !strings.HasPrefix(name, "--") && strings.Trim(name[1:], "v") == "" {
			return option{"", func(name, _ string) error { a.verbose += len(name) - 1; return nil }}, true
		}
		return option{}, false
	}, names: checkOptionNames}
}

// checkOptionNames are the names of check's options.
func checkOptionNames() []string { return mapKeys(checkOptions) }

// scanCheck reads check's options out of args, returning the positional
// arguments.
func scanCheck(args []string) (*checkArgs, []string, error) {
	a := &checkArgs{}
	positional, _, err := scanArgs(args, a.options())
	if err != nil {
		return nil, nil, err
	}
	return a, positional, nil
}

// parseCheck parses check's arguments. Options and the path may come in
// any order; `--` ends the options. Of --report and --output-format, the
// last one given decides the format, as in the reference (unless the
// profile forbids the pair: checkFormat).
func parseCheck(args []string) (*checkArgs, error) {
	a, positional, err := scanCheck(args)
	if err != nil {
		return nil, err
	}
	if a.help {
		return a, nil
	}
	if err := a.gates.validate(a.change.hasBase()); err != nil {
		return nil, err
	}
	if err := a.change.validate(a.gates); err != nil {
		return nil, err
	}
	if err := a.validateMarkdown(); err != nil {
		return nil, err
	}
	if err := a.checkGateScope(); err != nil {
		return nil, err
	}
	if a.path, err = onePath(positional, "check"); err != nil {
		return nil, err
	}
	return a, nil
}

// checkGateScope refuses a --gate-scope that names a scope the run does
// not measure: with --scope production or tests the report is that
// scope's alone, and its gates are already on it.
func (a *checkArgs) checkGateScope() error {
	if a.gateScope == "" || a.scope == "" || a.scope == string(lang.ScopeAll) || a.gateScope == a.scope {
		return nil
	}
	return usagef("error: '--gate-scope %s' cannot be used with '--scope %s': the run measures the %s code alone, and its gates apply to it",
		a.gateScope, a.scope, a.scope)
}

// gatedScope is the scope whose numbers the gates and the baseline read:
// --gate-scope, else all (the report's own numbers, whatever --scope
// measured).
func (a *checkArgs) gatedScope() lang.Scope {
	if a.gateScope == "" {
		return lang.ScopeAll
	}
	return lang.Scope(a.gateScope)
}

// resolveCompat settles the compatibility profile: --compat, else
// $SCB_CHECK_COMPAT, else the compat key of cfg (when not nil: the
// configuration of every run), else the default (each run's
// configuration may still choose one).
func (a *checkArgs) resolveCompat(cfg *config.Config) error {
	if _, err := a.knownProfile(); err != nil {
		return err
	}
	if a.compat == "" && cfg != nil {
		a.compat = cfg.Compat
	}
	return nil
}

// knownProfile settles the profile named before any configuration is
// read: --compat, else $SCB_CHECK_COMPAT, else the default (which a
// configuration's compat key may still replace).
func (a *checkArgs) knownProfile() (*scbcheck.Profile, error) {
	if a.compat == "" {
		if env := os.Getenv(envCompat); env != "" {
			if _, err := scbcheck.ProfileNamed(env); err != nil {
				return nil, fmt.Errorf("%s: %w", envCompat, err)
			}
			a.compat = env
		}
	}
	return scbcheck.ProfileNamed(a.compat)
}

// loadConfig loads the configuration of a run started in cwd (--config,
// else the one found from cwd), searching for it as the profile named by
// --compat or $SCB_CHECK_COMPAT does.
func (a *checkArgs) loadConfig(cwd string) (*config.Config, error) {
	p, err := a.knownProfile()
	if err != nil {
		return nil, err
	}
	return config.LoadDiscovering(nil, cwd, a.configPath, a.configCap(), p.ConfigDiscovery)
}

// checkFormat applies the rule of check's profile (its compat settled by
// resolveCompat) to --report and --output-format: under one whose
// ReportExcludesHuman is set, --report with --output-format human is a
// usage error.
func (a *checkArgs) checkFormat() error {
	p, err := scbcheck.ProfileNamed(a.compat)
	if err != nil {
		return err
	}
	if p.ReportExcludesHuman && a.reportGiven && a.outputFormat == formatHuman {
		return usagef("error: the argument '--report' cannot be used with '--output-format human' (compat %s)", p.Name)
	}
	return nil
}

// configCap is the cap on each file other than sources, resolved as the
// configuration and rule loaders take it (vfs.MaxRead): a number of
// bytes, none when not positive.
func (a *checkArgs) configCap() int64 { return vfs.MaxRead(a.maxConfigSize) }

// baselineCap is the cap on the --baseline file: --max-config-size when
// given, else report.DefaultMaxBaseline (a baseline lists every function,
// far more than a configuration).
func (a *checkArgs) baselineCap() int64 {
	if a.maxConfigSize == 0 {
		return report.DefaultMaxBaseline
	}
	return a.configCap()
}

// parseSize reads a byte count with an optional unit: 500000, 512KB, 20MB,
// 1GB (powers of 1024); 0 means no limit.
func parseSize(v string) (int64, error) {
	num, mult := v, int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(strings.ToUpper(v), u.suffix); ok {
			num, mult = rest, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("expected a size such as 20MB, 512KB or 1000000, or 0 for no limit")
	}
	return n * mult, nil
}
