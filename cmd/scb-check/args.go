package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/scbcheck/scbcheck/vfs"
)

// checkArgs are the parsed arguments of `scb-check check`.
type checkArgs struct {
	path              string
	format            string // human (also ""), json, sarif or text
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
	maxConfigSize     int64 // --max-config-size: 0 for the default, -1 for no cap
	languages         []string
	cache             string
}

// usageError is a command-line mistake; it is printed as is, exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...) + "\n\nFor more information, try '--help'."}
}

// valueFlags are the options that take a value, with their value names.
var valueFlags = map[string]string{
	"--output-format":       "<OUTPUT_FORMAT>",
	"--config":              "<CONFIG>",
	"--min-duplicate-lines": "<MIN_DUPLICATE_LINES>",
	"--jobs":                "<N>",
	"-j":                    "<N>",
	"--ast-grep":            "<PATH>",
	"--ast-grep-timeout":    "<DURATION>",
	"--parse-timeout":       "<DURATION>",
	"--max-file-size":       "<SIZE>",
	"--max-config-size":     "<SIZE>",
	"--languages":           "<LANGUAGES>",
	"--rules":               "<FILE>",
	"--catalog":             "<PATH>",
	"--mcf-file":            "<FILE>",
	"--cache":               "<DIR>",

	// Gates and the ratchet (gates.go).
	"--max-erosion":            "<SHARE>",
	"--max-cog-erosion":        "<SHARE>",
	"--max-verbosity":          "<SHARE>",
	"--max-high-cc-functions":  "<N>",
	"--baseline":               "<FILE>",
	"--write-baseline":         "<FILE>",
	"--max-erosion-increase":   "<SHARE>",
	"--max-verbosity-increase": "<SHARE>",
}

// parseCheck parses check's arguments. Options and the path may come in
// any order; `--` ends the options. Of --report and --output-format, the
// last one given decides the format, as in the reference.
func parseCheck(args []string) (*checkArgs, error) {
	a := &checkArgs{}
	var positional []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			positional = append(positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg, "=")
		if strings.HasPrefix(arg, "-j") && len(arg) > 2 && !hasValue {
			name, value, hasValue = "-j", arg[2:], true
		}
		if metavar, ok := valueFlags[name]; ok && !hasValue {
			if i+1 >= len(args) {
				return nil, usagef("error: a value is required for '%s %s' but none was supplied", name, metavar)
			}
			i++
			value, hasValue = args[i], true
		} else if !ok && hasValue {
			return nil, usagef("error: unexpected value '%s' for '%s' found; no more were expected", value, name)
		}
		switch name {
		case "--report":
			a.format = formatJSON
		case "--output-format":
			switch value {
			case formatHuman, formatJSON, formatSARIF, formatText:
				a.format = value
			default:
				return nil, usagef("error: invalid value '%s' for '--output-format <OUTPUT_FORMAT>'\n  [possible values: human, json, sarif, text]", value)
			}
		case "--max-erosion", "--max-cog-erosion", "--max-verbosity", "--max-high-cc-functions",
			"--baseline", "--write-baseline", "--max-erosion-increase", "--max-verbosity-increase":
			if err := a.gates.set(name, value); err != nil {
				return nil, err
			}
		case "--include-all":
			a.includeAll = true
		case "--disable-sg":
			a.disableSG = true
		case "--exit-zero":
			a.exitZero = true
		case "--config":
			a.configPath = value
		case "--min-duplicate-lines":
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, &usageError{msg: "invalid --min-duplicate-lines: " + value}
			}
			if n < 1 {
				return nil, &usageError{msg: "--min-duplicate-lines must be >= 1"}
			}
			a.minDuplicateLines = n
		case "-j", "--jobs":
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 {
				return nil, usagef("error: invalid value '%s' for '--jobs <N>': expected a whole number >= 1", value)
			}
			a.jobs = n
		case "--ast-grep":
			a.astGrep = value
		case "--ast-grep-timeout":
			d, err := time.ParseDuration(value)
			if err != nil || d <= 0 {
				return nil, usagef("error: invalid value '%s' for '--ast-grep-timeout <DURATION>': expected a positive duration such as 90s or 10m", value)
			}
			a.astGrepTimeout = d
		case "--rules":
			a.rules = append(a.rules, value)
		case "--catalog":
			a.catalog = append(a.catalog, value)
		case "--mcf-file":
			a.mcfFile = value
		case "--cache":
			if value == "" {
				return nil, usagef("error: invalid value '' for '--cache <DIR>': expected a directory")
			}
			a.cache = value
		case "--parse-timeout":
			d, err := time.ParseDuration(value)
			if value == "0" {
				d, err = -1, nil
			}
			if err != nil || d == 0 || d < -1 {
				return nil, usagef("error: invalid value '%s' for '--parse-timeout <DURATION>': expected a positive duration such as 30s or 2m, or 0 for none", value)
			}
			a.parseTimeout = d
		case "--languages":
			a.languages = append(a.languages, strings.Split(value, ",")...)
		case "--max-file-size":
			n, err := parseSize(value)
			if err != nil {
				return nil, usagef("error: invalid value '%s' for '--max-file-size <SIZE>': %v", value, err)
			}
			if n == 0 {
				n = -1
			}
			a.maxFileSize = n
		case "--max-config-size":
			n, err := parseSize(value)
			if err != nil {
				return nil, usagef("error: invalid value '%s' for '--max-config-size <SIZE>': %v", value, err)
			}
			if n == 0 {
				n = -1
			}
			a.maxConfigSize = n
		case "--verbosity":
			a.verbose++
		case "-h", "--help":
			a.help = true
		default:
			if len(name) > 1 && strings.Trim(name[1:], "v") == "" && !strings.HasPrefix(name, "--") {
				a.verbose += len(name) - 1
				continue
			}
			return nil, usagef("error: unexpected argument '%s' found", arg)
		}
	}
	if a.help {
		return a, nil
	}
	if err := a.gates.validate(); err != nil {
		return nil, err
	}
	switch len(positional) {
	case 0:
		return nil, usagef("error: the following required arguments were not provided:\n  <PATH>\n\nUsage: scb-check check [OPTIONS] <PATH>")
	case 1:
		a.path = positional[0]
	default:
		return nil, usagef("error: unexpected argument '%s' found", positional[1])
	}
	return a, nil
}

// configCap is the cap on each file other than sources, as the
// configuration and rule loaders take it: 0 for the default, negative for
// none.
func (a *checkArgs) configCap() int64 {
	if a.maxConfigSize == 0 {
		return vfs.DefaultMaxRead
	}
	return a.maxConfigSize
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
