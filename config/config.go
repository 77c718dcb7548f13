package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/vfs"
)

// CompatVersions are the values the compat key accepts: the versions of
// scb-check whose numbers the tool reproduces, the default first.
var CompatVersions = []string{"0.2.0", "0.1.3"}

const (
	scbCheckFile  = "scb-check.toml"
	pyprojectFile = "pyproject.toml"
)

// Config is the configuration of one analysis run.
type Config struct {
	// Path is the absolute path of the config file used, "" for defaults.
	Path string
	// BaseDir is the canonical directory exclude patterns are relative to:
	// the config file's directory, or the working directory for defaults.
	BaseDir string
	// Exclude holds the normalised exclude globs, in globset syntax where
	// `*` also matches `/`.
	Exclude []string
	// Tests and Production are the tests and production keys' globs,
	// normalised as Exclude's and, like them, relative to BaseDir: a file
	// matching a Tests glob is test code, else one matching a Production
	// glob is production code, else its language's conventions decide
	// (lang.Spec.IsTest). Nil when the key is absent.
	Tests, Production []string
	// Context is the number of context lines around findings in human
	// output, from 0 to 10000.
	Context int
	// LowUse configures the low-use-short-function rule.
	LowUse LowUse
	// Gates are the CI gates of the [gates] table.
	Gates Gates
	// Languages names the languages enabled besides the default ones
	// (Python and Rust), or "all"; nil when the key is absent.
	Languages []string
	// Compat is the compat key: the version of scb-check whose numbers to
	// reproduce (one of CompatVersions); "" when the key is absent.
	Compat string
	// ExcludeAsWritten is the exclude key's list as written (nil when the
	// key is absent) and ToolExcludes the exclude lists of a
	// pyproject.toml's [tool.ruff] (exclude, extend-exclude) and
	// [tool.ty.src] (exclude) tables as written, in that order: Exclude
	// holds both normalised, and a compatibility profile normalises them
	// its own way (NormalizeExcludesKeeping).
	ExcludeAsWritten, ToolExcludes []string
	// Keys are the top-level settings keys the file set ("context",
	// "gates"), in name order, whether in a scb-check.toml or under
	// tool.scb-check; a compatibility profile checks them against its own
	// schema.
	Keys []string
	// Warnings name the files discovery passed over (not regular files,
	// links leading out of their directory), each with the reason.
	Warnings []Warning
}

// Warning is a file config discovery passed over, and why.
type Warning struct {
	Path string
	// Message names the option that names a configuration file to use.
	Message option.Text
}

// Text is the warning: its path, then its message.
func (w Warning) Text() option.Text {
	return append(option.Text{option.Lit(w.Path + ": ")}, w.Message...)
}

// String is the warning in the library's words.
func (w Warning) String() string { return w.Text().String() }

// LowUse configures the low-use-short-function rule
// ([low-use-short-function] in the config file).
type LowUse struct {
	// Enabled turns the rule on; it is off by default.
	Enabled bool
	// MaxCallSites is max-call-sites (minimum 1).
	MaxCallSites int
	// MaxFunctionSLOC is max-function-sloc (minimum 1).
	MaxFunctionSLOC int
	// MaxInlineCallerSLOC is max-inline-caller-sloc (minimum 1).
	MaxInlineCallerSLOC int
	// MaxInlineCallerComplexity is max-inline-caller-complexity (minimum 1).
	MaxInlineCallerComplexity int
	// MaxInlineCallerCognitive is max-inline-caller-cognitive-complexity
	// (minimum 0).
	MaxInlineCallerCognitive int
	// MaxInlineCallNesting is max-inline-call-nesting (minimum 0).
	MaxInlineCallNesting int
}

// intSetting is one integer key of [low-use-short-function]: its minimum
// and the field it sets.
type intSetting struct {
	key   string
	min   int
	field func(*LowUse) *int
}

var lowUseInts = []intSetting{
	{"max-call-sites", 1, func(l *LowUse) *int { return &l.MaxCallSites }},
	{"max-function-sloc", 1, func(l *LowUse) *int { return &l.MaxFunctionSLOC }},
	{"max-inline-caller-sloc", 1, func(l *LowUse) *int { return &l.MaxInlineCallerSLOC }},
	{"max-inline-caller-complexity", 1, func(l *LowUse) *int { return &l.MaxInlineCallerComplexity }},
	{"max-inline-caller-cognitive-complexity", 0, func(l *LowUse) *int { return &l.MaxInlineCallerCognitive }},
	{"max-inline-call-nesting", 0, func(l *LowUse) *int { return &l.MaxInlineCallNesting }},
}

// Default returns the configuration used when no config file is found,
// with baseDir as the directory excludes are relative to.
func Default(baseDir string) *Config {
	return &Config{
		BaseDir: baseDir,
		Exclude: []string{},
		Context: 1,
		LowUse: LowUse{
			MaxCallSites:              2,
			MaxFunctionSLOC:           5,
			MaxInlineCallerSLOC:       50,
			MaxInlineCallerComplexity: 10,
			MaxInlineCallerCognitive:  10,
			MaxInlineCallNesting:      3,
		},
	}
}

// Load returns the configuration of a run started in the directory cwd.
//
// A non-empty explicit path (the --config flag, relative paths taken from
// cwd) must exist; it is read with pyproject rules when its file name is
// exactly pyproject.toml, else as a scb-check.toml. Otherwise the config is
// discovered from the canonical cwd upward: in each directory a regular
// scb-check.toml is taken, else a pyproject.toml having tool.scb-check, a
// tool.ruff table or a tool.ty.src table. The search stops after a
// directory holding a .git entry (a directory, or the file of a worktree
// or submodule; LoadDiscovering can stop only at a directory), or at the
// filesystem root; when nothing is found the
// defaults apply with BaseDir set to the canonical cwd.
//
// A discovered file that is not a regular file (a named pipe, a device, a
// directory) or that is a symbolic link leading out of its directory is
// not read: it is passed over with a warning (Config.Warnings), as
// discovery passes over what is not a regular file. Every file read is
// capped at vfs.DefaultMaxRead bytes (LoadLimit sets another cap). Every
// problem found in the chosen file is returned, joined.
func Load(cwd, explicit string) (*Config, error) {
	return LoadLimit(vfs.OS, cwd, explicit, vfs.DefaultMaxRead)
}

// LoadFS is Load reading the file tree fsys.
func LoadFS(fsys vfs.FS, cwd, explicit string) (*Config, error) {
	return LoadLimit(fsys, cwd, explicit, vfs.DefaultMaxRead)
}

// LoadLimit is LoadFS reading no file larger than max bytes (no cap when
// max <= 0).
func LoadLimit(fsys vfs.FS, cwd, explicit string, max int64) (*Config, error) {
	return LoadDiscovering(fsys, cwd, explicit, max, Discovery{})
}

// Discovery is how Load searches for a configuration file when none is
// named; its zero value is the default search.
type Discovery struct {
	// GitDirOnly: only a .git directory ends the search upward, as in
	// scb-check 0.1.3; else any .git entry does (the .git file of a
	// worktree or a submodule too).
	GitDirOnly bool
}

// LoadDiscovering is LoadLimit searching for a configuration as d says.
func LoadDiscovering(fsys vfs.FS, cwd, explicit string, max int64, d Discovery) (*Config, error) {
	fsys = vfs.Or(fsys)
	if explicit != "" {
		path := explicit
		if !filepath.IsAbs(path) {
			path = filepath.Join(cwd, path)
		}
		if _, err := fsys.Stat(path); err != nil {
			return nil, &quietError{msg: "config path does not exist: " + explicit, cause: err}
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, fmt.Errorf("failed to resolve %s: %w", explicit, err)
		}
		data, err := vfs.ReadRegular(fsys, abs, max)
		if err != nil {
			return nil, readError(explicit, err)
		}
		doc, err := parseTOML(data, explicit)
		if err != nil {
			return nil, err
		}
		return loadFile(fsys, abs, explicit, filepath.Base(abs) == pyprojectFile, doc)
	}

	start, err := canonical(fsys, cwd)
	if err != nil {
		return nil, fmt.Errorf("failed to resolve %s: %w", cwd, err)
	}
	var warnings []Warning
	// found reads a candidate in dir: nil data when there is none, or
	// when it is passed over (with a warning).
	found := func(dir, name string) (string, []byte, error) {
		path := filepath.Join(dir, name)
		if _, err := fsys.Lstat(path); err != nil {
			return path, nil, nil
		}
		data, err := vfs.ReadRegularIn(fsys, dir, path, max)
		var notRegular *vfs.NotRegularError
		var outside *vfs.OutsideError
		switch {
		case errors.As(err, &notRegular) || errors.As(err, &outside) || errors.Is(err, fs.ErrNotExist):
			warnings = append(warnings, Warning{Path: path, Message: option.Text{
				option.Lit(fmt.Sprintf("%v; not used as the configuration (name a file you trust with ", err)), option.Name(option.ConfigPath), option.Lit(")")}})
			return path, nil, nil
		case err != nil:
			return path, nil, readError(path, err)
		}
		return path, data, nil
	}
	cfg, err := func() (*Config, error) {
		for dir := start; ; {
			path, data, err := found(dir, scbCheckFile)
			if err != nil {
				return nil, err
			}
			if data != nil {
				doc, err := parseTOML(data, path)
				if err != nil {
					return nil, err
				}
				return loadFile(fsys, path, path, false, doc)
			}
			if path, data, err = found(dir, pyprojectFile); err != nil {
				return nil, err
			}
			if data != nil {
				doc, err := parseTOML(data, path)
				if err != nil {
					return nil, err
				}
				if hasScbCheckSettings(doc) {
					return loadFile(fsys, path, path, true, doc)
				}
			}
			if d.repositoryTop(fsys, dir) {
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
		return Default(start), nil
	}()
	if err != nil {
		return nil, err
	}
	cfg.Warnings = warnings
	return cfg, nil
}

// repositoryTop reports whether dir is the top of a repository, where
// the search for a configuration stops.
func (d Discovery) repositoryTop(fsys vfs.FS, dir string) bool {
	info, err := fsys.Lstat(filepath.Join(dir, ".git"))
	if err != nil {
		return false
	}
	// By default the .git file of a worktree or a submodule is a top too.
	return !d.GitDirOnly || info.IsDir()
}

// loadFile decodes the parsed config file doc found at path (absolute).
// display is the path as the user gave it, used in messages.
func loadFile(fsys vfs.FS, path, display string, pyproject bool, doc map[string]any) (*Config, error) {
	base, err := canonical(fsys, filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("%s: failed to resolve config directory: %w", display, err)
	}
	cfg := Default(base)
	cfg.Path = path

	d := &decoder{display: display}
	if !pyproject {
		d.settings(doc, "", cfg)
	} else {
		if v, ok := lookup(doc, "tool", "scb-check"); ok {
			if t, ok := v.(map[string]any); ok {
				d.settings(t, "tool.scb-check.", cfg)
			} else {
				d.typeError("tool.scb-check", "a table", v)
			}
		}
		cfg.ToolExcludes = toolExcludes(doc)
		cfg.Exclude = dedupe(append(cfg.Exclude, normalizeExcludes(cfg.ToolExcludes)...))
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// readError is the error of a config file that could not be read,
// naming it.
func readError(display string, err error) error {
	return fmt.Errorf("%s: failed to read config: %w", display, err)
}

// parseTOML parses a config file's text into a generic document.
func parseTOML(data []byte, display string) (map[string]any, error) {
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%s: failed to read config: invalid UTF-8", display)
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s: failed to parse config: line %d, column %d: %w", display, row, col, err)
		}
		return nil, fmt.Errorf("%s: failed to parse config: %w", display, err)
	}
	if doc == nil {
		doc = map[string]any{}
	}
	return doc, nil
}

// hasScbCheckSettings reports whether a discovered pyproject.toml is a
// config file: it has tool.scb-check (any value), a tool.ruff table or a
// tool.ty.src table.
func hasScbCheckSettings(doc map[string]any) bool {
	if _, ok := lookup(doc, "tool", "scb-check"); ok {
		return true
	}
	if _, ok := table(doc, "tool", "ruff"); ok {
		return true
	}
	_, ok := table(doc, "tool", "ty", "src")
	return ok
}

// toolExcludes are the exclude lists of the ruff and ty tables of a
// pyproject.toml, as written: [tool.ruff] exclude and extend-exclude, then
// [tool.ty.src] exclude, each used only when it is an array made entirely
// of strings.
func toolExcludes(doc map[string]any) []string {
	var out []string
	if ruff, ok := table(doc, "tool", "ruff"); ok {
		for _, key := range []string{"exclude", "extend-exclude"} {
			if list, ok := stringArray(ruff[key]); ok {
				out = append(out, list...)
			}
		}
	}
	if src, ok := table(doc, "tool", "ty", "src"); ok {
		if list, ok := stringArray(src["exclude"]); ok {
			out = append(out, list...)
		}
	}
	return out
}

// decoder checks a settings table against the schema and collects every
// problem instead of stopping at the first.
type decoder struct {
	display  string
	problems []error
}

// settings decodes the top-level scb-check table; prefix is the dotted
// path of that table in the document, used to name keys in messages.
func (d *decoder) settings(t map[string]any, prefix string, cfg *Config) {
	for _, key := range sortedKeys(t) {
		v := t[key]
		cfg.Keys = append(cfg.Keys, key)
		switch key {
		case "exclude":
			list, ok := stringArray(v)
			if !ok {
				d.typeError(prefix+key, "an array of strings", v)
				continue
			}
			cfg.Exclude = normalizeExcludes(list)
			cfg.ExcludeAsWritten = slices.Clone(list)
		case "tests", "production":
			list, ok := stringArray(v)
			if !ok {
				d.typeError(prefix+key, "an array of glob strings", v)
				continue
			}
			if key == "tests" {
				cfg.Tests = normalizeExcludes(list)
			} else {
				cfg.Production = normalizeExcludes(list)
			}
		case "compat":
			version, ok := v.(string)
			if !ok {
				d.typeError(prefix+key, "a version string", v)
				continue
			}
			if !slices.Contains(CompatVersions, version) {
				d.parseError("%s: unknown version %q (known: %s)", prefix+key, version, strings.Join(CompatVersions, ", "))
				continue
			}
			cfg.Compat = version
		case "context":
			n, ok := d.uint(prefix+key, v)
			switch {
			case !ok:
			case n > maxContext:
				d.parseError("key %q must be a number of lines from 0 to %d, found %d", prefix+key, maxContext, n)
			default:
				cfg.Context = n
			}
		case "low-use-short-function":
			sub, ok := v.(map[string]any)
			if !ok {
				d.typeError(prefix+key, "a table", v)
				continue
			}
			d.lowUse(sub, prefix+key+".", &cfg.LowUse)
		case "languages":
			list, ok := stringArray(v)
			if !ok {
				if one, isString := v.(string); isString {
					list, ok = []string{one}, true
				}
			}
			if !ok {
				d.typeError(prefix+key, `an array of language names (or "all")`, v)
				continue
			}
			if _, err := lang.Resolve(list); err != nil {
				d.parseError("%s: %v", prefix+key, err)
				continue
			}
			cfg.Languages = list
		case "gates":
			sub, ok := v.(map[string]any)
			if !ok {
				d.typeError(prefix+key, "a table", v)
				continue
			}
			d.gates(sub, prefix+key+".", &cfg.Gates)
		default:
			d.parseError("unknown key %q", prefix+key)
		}
	}
}

// maxContext is the largest context key: more lines than a finding's
// file could sensibly show, and far from overflowing a line number.
const maxContext = 10000

// lowUse decodes the [low-use-short-function] table.
func (d *decoder) lowUse(t map[string]any, prefix string, l *LowUse) {
	for _, key := range sortedKeys(t) {
		v := t[key]
		if key == "enabled" {
			if b, ok := v.(bool); ok {
				l.Enabled = b
			} else {
				d.typeError(prefix+key, "a boolean", v)
			}
			continue
		}
		i := slices.IndexFunc(lowUseInts, func(s intSetting) bool { return s.key == key })
		if i < 0 {
			d.parseError("unknown key %q", prefix+key)
			continue
		}
		n, ok := d.uint(prefix+key, v)
		if !ok {
			continue
		}
		if spec := lowUseInts[i]; n < spec.min {
			d.problems = append(d.problems, fmt.Errorf("%s: %s must be >= %d", d.display, key, spec.min))
		} else {
			*spec.field(l) = n
		}
	}
}

// uint returns v as a non-negative int, or records a problem.
func (d *decoder) uint(key string, v any) (int, bool) {
	n, ok := v.(int64)
	if !ok || n < 0 || n > math.MaxInt {
		d.typeError(key, "a non-negative integer", v)
		return 0, false
	}
	return int(n), true
}

func (d *decoder) typeError(key, want string, got any) {
	d.parseError("key %q must be %s, found %s", key, want, describe(got))
}

func (d *decoder) parseError(format string, args ...any) {
	d.problems = append(d.problems, fmt.Errorf("%s: failed to parse config: %s", d.display, fmt.Sprintf(format, args...)))
}

func (d *decoder) err() error {
	if len(d.problems) == 1 {
		return d.problems[0]
	}
	return errors.Join(d.problems...)
}

// normalizeExcludes turns user exclude entries into globs: each entry is
// trimmed, gets `/` for `\`, loses one leading "./" and every leading `/`;
// empty entries are dropped; "dir/" becomes "dir/**"; an entry with `*`,
// `?` or `[` is kept as is; any other entry p becomes both p and p/**.
// Duplicates are removed, keeping first occurrences.
func normalizeExcludes(patterns []string) []string {
	return NormalizeExcludesKeeping(patterns, func(p string) bool { return strings.ContainsAny(p, "*?[") })
}

// NormalizeExcludesKeeping is the normalisation of the exclude key's
// entries with asIs telling the entries kept as they are (after trimming
// and the slash rules), for a profile that tells them apart its own way.
// Duplicates are removed, keeping first occurrences.
func NormalizeExcludesKeeping(patterns []string, asIs func(string) bool) []string {
	out := []string{}
	for _, p := range patterns {
		p = strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
		p = strings.TrimLeft(strings.TrimPrefix(p, "./"), "/")
		switch {
		case p == "":
		case strings.HasSuffix(p, "/"):
			out = append(out, p+"**")
		case asIs(p):
			out = append(out, p)
		default:
			out = append(out, p, p+"/**")
		}
	}
	return dedupe(out)
}

// dedupe removes repeated strings, keeping first occurrences.
func dedupe(list []string) []string {
	seen := make(map[string]bool, len(list))
	out := list[:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// lookup follows a dotted key path through nested tables.
func lookup(doc map[string]any, keys ...string) (any, bool) {
	var cur any = doc
	for _, k := range keys {
		t, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = t[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// table is lookup for a value that must itself be a table.
func table(doc map[string]any, keys ...string) (map[string]any, bool) {
	v, _ := lookup(doc, keys...)
	t, ok := v.(map[string]any)
	return t, ok
}

// stringArray returns v as strings when it is an array of strings only.
func stringArray(v any) ([]string, bool) {
	items, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(items))
	for _, item := range items {
		s, ok := item.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func sortedKeys(t map[string]any) []string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// describe names a decoded TOML value's type (and small values) for
// messages.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("string %q", x)
	case int64:
		return fmt.Sprintf("integer %d", x)
	case float64:
		return fmt.Sprintf("float %v", x)
	case bool:
		return fmt.Sprintf("boolean %t", x)
	case []any:
		return "array"
	case map[string]any:
		return "table"
	default:
		return "datetime"
	}
}

func canonical(fsys vfs.FS, path string) (string, error) {
	return vfs.Canonical(fsys, path)
}

// quietError keeps the reference's message text while still exposing its
// cause to errors.Is and errors.As.
type quietError struct {
	msg   string
	cause error
}

func (e *quietError) Error() string { return e.msg }
func (e *quietError) Unwrap() error { return e.cause }
