package main

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
)

// helpWidth is the widest line a help text has.
const helpWidth = 100

// helpRow is an option's row of a help text: the option as the help shows
// it ("-j, --jobs <N>", "--report") and its description, unwrapped.
type helpRow struct{ option, text string }

// helpText is a command's help: the text before its options (ending with
// "Options:\n"), the option rows with their descriptions from column
// column, and the text after them.
type helpText struct {
	head   string
	column int
	rows   [][]helpRow
	foot   string
}

// String renders the help: each option indented as clap does (a short
// option at two spaces, a long one at six), its description wrapped at
// helpWidth from the help's column, on the next line when the option
// leaves less than two spaces before it; "[default: X]" is not broken.
func (h helpText) String() string {
	var b strings.Builder
	b.WriteString(h.head)
	pad := strings.Repeat(" ", h.column)
	for _, r := range slices.Concat(h.rows...) {
		line := "      " + r.option
		if !strings.HasPrefix(r.option, "--") {
			line = "  " + r.option
		}
		if utf8.RuneCountInString(line)+2 > h.column {
			b.WriteString(line + "\n")
			line = ""
		}
		line += pad[utf8.RuneCountInString(line):]
		first := true
		// A default stays whole on its line.
		for _, word := range strings.Fields(strings.ReplaceAll(r.text, "[default: ", "[default:\x00")) {
			word = strings.ReplaceAll(word, "\x00", " ")
			if !first && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > helpWidth {
				b.WriteString(line + "\n")
				line, first = pad, true
			}
			if !first {
				line += " "
			}
			line += word
			first = false
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(h.foot)
	return b.String()
}

// oneOf joins names as a help's prose lists alternatives: "a", "a or b",
// "a, b or c".
func oneOf(names []string) string { return joinWords(names, "or") }

// languageNames are the names of specs.
func languageNames(specs []*lang.Spec) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
}

// pathArgument is the <PATH> row of check, dir and functions: the files
// read unless --languages adds others are those of lang's default
// languages.
func pathArgument() string {
	var exts []string
	for _, s := range lang.Defaults() {
		for _, e := range s.Extensions {
			exts = append(exts, "."+e)
		}
	}
	return "  <PATH>  File or directory to analyze (" + strings.Join(exts, ", ") + "; more with --languages)\n"
}

// profileNotes say in a few words what a profile is, for the help's list
// of the profiles (--compat); a profile without one is listed by name.
var profileNotes = map[string]string{"0.1.3": "SlopCodeBench's"}

// profileList names every profile --compat takes (config.CompatVersions,
// which are the registered profiles), the default one said to be.
func profileList() string {
	names := make([]string, len(config.CompatVersions))
	for i, v := range config.CompatVersions {
		note := profileNotes[v]
		if v == scbcheck.DefaultCompat {
			note = strings.TrimPrefix(note+", the default", ", ")
		}
		names[i] = v
		if note != "" {
			names[i] += " (" + note + ")"
		}
	}
	return oneOf(names)
}

// The rows shared by several commands' helps: each written once.
var (
	rowReport    = helpRow{"--report", "Same as --output-format json"}
	rowDisableSG = helpRow{"--disable-sg", "Run no ast-grep rules"}
	rowAstGrep   = helpRow{"--ast-grep <PATH>", "The ast-grep executable (else $SCB_CHECK_AST_GREP, an ast-grep " +
		"beside scb-check, a source checkout's .tools install, the node_modules/.bin beside scb-check or, " +
		"in an npm install, above it, then ast-grep on PATH)"}
	rowAstGrepTimeout = helpRow{"--ast-grep-timeout <DURATION>", "Give up on ast-grep after this long [default: 10m]"}
	rowParseTimeout   = helpRow{"--parse-timeout <DURATION>", "Skip a file whose parse and analysis take longer (0: never) [default: 2m]"}
	rowMaxFileSize    = helpRow{"--max-file-size <SIZE>", "Skip larger files, e.g. 50MB (0: no limit) [default: 20MB]"}
	rowRules          = helpRow{"--rules <FILE>", "Also load this ast-grep rule file (repeatable; added to $SCB_CHECK_EXTRA_SLOP_RULES)"}
	rowCatalog        = helpRow{"--catalog <PATH>", "Replace the bundled ast-grep rules with the rules of this file or " +
		"directory (repeatable; else $SCB_CHECK_SLOP_RULES)"}
	rowConfig  = helpRow{"--config <CONFIG>", "Use this configuration file instead of discovering one"}
	rowMCFFile = helpRow{"--mcf-file <FILE>", "Externally judged MCF scores (JSON); adds mcf and if50"}
	rowJobs    = helpRow{"-j, --jobs <N>", "Files analyzed in parallel [default: all cores]"}
	rowQuiet   = helpRow{"-q, --quiet", "Show no progress line (else shown on stderr when it is a terminal and " +
		"the run takes more than a second)"}
	rowHelp = helpRow{"-h, --help", "Print help"}

	// The options of dir and functions, which list what an analysis
	// finds but run no ast-grep rule.
	rowListIncludeAll = helpRow{"--include-all", "Also walk the files .gitignore and .ignore exclude"}
	rowListCatalog    = helpRow{"--catalog <PATH>", "Replace the bundled rule catalog (for validating directives)"}
	rowListRules      = helpRow{"--rules <FILE>", "Also load this ast-grep rule file (for validating directives)"}
	rowListCache      = helpRow{"--cache <DIR>", "Keep each file's analysis in DIR, filed by content, for later runs"}
	rowNoCache        = helpRow{"--no-cache", "Keep no cache directory, not even the one check --staged keeps by default"}
	rowMaxCacheSize   = helpRow{"--max-cache-size <SIZE>", "Trim the cache directory to this size after each run, " +
		"removing what was used least recently (0: no limit) [default: 1GB]"}
	rowListVerbose = helpRow{"-v, --verbose...", "Log to stderr: -v info, -vv debug (--verbosity: the same)"}
)

// rowLanguages is the --languages row: the languages lang's table makes
// opt-in, and its defaults.
// rowScope is the --scope row.
func rowScope() helpRow {
	return helpRow{"--scope <SCOPE>", "Measure " + scopeList() + ": all the code, the production code alone or the " +
		"test code alone, as if the other files were not in the tree (test files by each language's conventions and " +
		"the tests and production config keys) [default: all]"}
}

func rowLanguages() helpRow {
	var optIn []string
	defaults := languageNames(lang.Defaults())
	for _, name := range lang.Names() {
		if !slices.Contains(defaults, name) {
			optIn = append(optIn, name)
		}
	}
	return helpRow{"--languages <LANGUAGES>", "Also analyse these languages (comma-separated: " +
		strings.Join(optIn, ", ") + ", or all) [default: " + strings.Join(defaults, ", ") + "]"}
}

// rowMaxConfigSize is the --max-config-size row of a command reading the
// files named.
func rowMaxConfigSize(files string) helpRow {
	return helpRow{"--max-config-size <SIZE>", "Refuse larger " + files + " files (0: no limit) [default: 1MB]"}
}

// rowCompat is the --compat row: what the profile chosen does, then the
// registered profiles and where else one is chosen.
func rowCompat(does string) helpRow {
	return helpRow{"--compat <VERSION>", does + ": " + profileList() +
		"; without it, $SCB_CHECK_COMPAT, then the configuration's compat key"}
}

// rowOutputFormat is the --output-format row of a command writing
// formats; more follows the list of formats.
func rowOutputFormat(formats formatChoice, more string) helpRow {
	return helpRow{"--output-format <FORMAT>", formats.describe() + more + " [default: " + formats.formats[0].name + "]"}
}

// analysisRows are check's analysis options, which trajectory and batch
// apply to every snapshot.
func analysisRows() []helpRow {
	return []helpRow{
		{"--include-all", "The reference's scoring mode: also walk the files .gitignore and .ignore exclude, " +
			"run the info-level rules, and apply no ignore directives, boundaries or min_file_count thresholds"},
		rowCompat("Reproduce the numbers of this scb-check release"),
		rowDisableSG, rowAstGrep, rowAstGrepTimeout, rowParseTimeout, rowMaxFileSize,
		rowMaxConfigSize("configuration, ignore, manifest, rule, baseline and score"),
		rowLanguages(), rowScope(), rowRules, rowCatalog,
		{"--cache <DIR>", "Keep each file's analysis and findings in DIR (created when missing), filed by " +
			"content: a file met before (in this run or an earlier one) is read back instead of analysed again"},
		rowNoCache, rowMaxCacheSize,
	}
}
