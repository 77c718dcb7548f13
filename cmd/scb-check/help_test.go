package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
)

// optionRow is an option's row of a help text: the option, at least two
// spaces, its description.
var optionRow = regexp.MustCompile(`^(  -\S.*?|      --\S.*?)( {2,})\S`)

// TestHelpAligned: in every help text, each option's description starts
// at the help's one description column (an option too long for it has the
// description on the next line, at that column), and no line is wider
// than 100 columns.
func TestHelpAligned(t *testing.T) {
	helps := map[string]string{
		"main": mainHelp, "check": checkHelp, "dir": dirHelp, "trajectory": trajectoryHelp,
		"batch": batchHelp, "rule": ruleHelp, "rules": rulesHelp, "functions": functionsHelp, "diff": diffHelp,
	}
	for name, help := range helps {
		t.Run(name, func(t *testing.T) {
			column := 0
			inOptions := false
			for _, line := range strings.Split(help, "\n") {
				assert.LessOrEqual(t, len([]rune(line)), 100, "%q", line)
				if line == "Options:" {
					inOptions = true
					continue
				}
				if !inOptions || line == "" {
					inOptions = inOptions && line != ""
					continue
				}
				col := len(line) - len(strings.TrimLeft(line, " "))
				if m := optionRow.FindStringSubmatch(line); m != nil {
					col = len(m[1]) + len(m[2])
				} else if strings.HasPrefix(strings.TrimLeft(line, " "), "-") {
					continue // an option alone on its row
				}
				if column == 0 {
					column = col
				}
				assert.Equal(t, column, col, "description column of %q", line)
			}
			assert.NotZero(t, column, "the help lists options")
		})
	}
}

// TestHelpCommand: help COMMAND prints the command's help, as COMMAND
// --help does, for every command; help alone, and help help, the main
// help; help of no command is a usage error naming the closest one.
func TestHelpCommand(t *testing.T) {
	output := func(args ...string) (string, string, int) {
		var stdout, stderr strings.Builder
		code := run(args, &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			want, _, wantCode := output(name, "--help")
			got, stderr, code := output("help", name)
			assert.Equal(t, 0, wantCode)
			assert.Equal(t, want, got)
			assert.Empty(t, stderr)
			assert.Equal(t, 0, code)
			assert.NotEqual(t, mainHelp, got, "the command's own help")
		})
	}
	for _, args := range [][]string{{"help"}, {"help", "help"}} {
		got, _, code := output(args...)
		assert.Equal(t, mainHelp, got, "%v", args)
		assert.Equal(t, 0, code)
	}
	got, stderr, code := output("help", "chek")
	assert.Empty(t, got)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "error: unrecognized subcommand 'chek'")
	assert.Contains(t, stderr, "did you mean 'check'?")
}

// rowText is the description of option's row in help, its wrapped lines
// joined; "" when help has no such row.
func rowText(help, option string) string {
	lines := strings.Split(help, "\n")
	for i, line := range lines {
		m := optionRow.FindStringSubmatch(line)
		start := regexp.MustCompile(`^ +(-\w, )?` + regexp.QuoteMeta(option) + `( |$)`)
		if !start.MatchString(line) {
			continue
		}
		var text []string
		column := len(line) // an option alone on its row: the description below
		if m != nil {
			column = len(m[1]) + len(m[2])
			text = append(text, line[column:])
		}
		for _, next := range lines[i+1:] {
			trimmed := strings.TrimLeft(next, " ")
			if trimmed == "" || strings.HasPrefix(trimmed, "-") || m == nil && len(text) > 0 && len(next)-len(trimmed) != column {
				break
			}
			if m == nil && len(text) == 0 {
				column = len(next) - len(trimmed)
			}
			text = append(text, trimmed)
		}
		return strings.Join(text, " ")
	}
	return ""
}

// analysingHelps are the helps of the commands that analyse a tree.
var analysingHelps = map[string]*string{
	"check": &checkHelp, "dir": &dirHelp, "functions": &functionsHelp, "trajectory": &trajectoryHelp, "batch": &batchHelp,
}

// The --languages row lists exactly lang's languages, the defaults as
// the default and the others as those it adds; <PATH> names the default
// languages' extensions.
func TestHelpListsTheLanguages(t *testing.T) {
	var defaults, exts []string
	for _, s := range lang.Defaults() {
		defaults = append(defaults, s.Name)
		for _, e := range s.Extensions {
			exts = append(exts, "."+e)
		}
	}
	listed := regexp.MustCompile(`\(comma-separated: (.*), or all\) \[default: (.*)\]$`)
	for name, help := range analysingHelps {
		t.Run(name, func(t *testing.T) {
			m := listed.FindStringSubmatch(rowText(*help, "--languages"))
			require.NotNil(t, m, "the --languages row")
			optIn := strings.Split(m[1], ", ")
			assert.Equal(t, defaults, strings.Split(m[2], ", "), "the defaults")
			assert.ElementsMatch(t, lang.Names(), append(optIn, defaults...), "every language once")
			if strings.Contains(*help, "\n  <PATH>  ") {
				assert.Contains(t, *help, "  <PATH>  File or directory to analyze ("+strings.Join(exts, ", ")+"; more with --languages)\n")
			}
		})
	}
}

// The --compat row names exactly the profiles --compat takes (those of
// the configuration's compat key, which are the registered ones), the
// default one said to be.
func TestHelpListsTheProfiles(t *testing.T) {
	version := regexp.MustCompile(`\b\d+\.\d+\.\d+\b`)
	for name, help := range analysingHelps {
		t.Run(name, func(t *testing.T) {
			text := rowText(*help, "--compat")
			assert.Equal(t, config.CompatVersions, version.FindAllString(text, -1), "%q", text)
			assert.Contains(t, text, scbcheck.DefaultCompat+" (the default)")
		})
	}
	for _, v := range config.CompatVersions {
		_, err := scbcheck.ProfileNamed(v)
		assert.NoError(t, err, "%s is a registered profile", v)
	}
	for v := range profileNotes {
		assert.Contains(t, config.CompatVersions, v, "a note of a profile that exists")
	}
}

// For every command writing formats, a value of --output-format is taken
// exactly when its help names it, and each format the help names writes
// output of its own (no two alike: none falls back to another's writer).
// The values tried are every command's formats and one of none. check's
// markdown shows a change: it is tried with a patch adding a.py.
func TestHelpListsTheFormats(t *testing.T) {
	work := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(work, "a.py"), []byte("def _identity(value):\n    return value\n"), 0o644))
	patch := filepath.Join(t.TempDir(), "a.patch")
	require.NoError(t, os.WriteFile(patch, []byte("--- /dev/null\n+++ a.py\n@@ -0,0 +1,2 @@\n+def _identity(value):\n+    return value\n"), 0o644))
	var values []string
	for _, c := range []formatChoice{checkFormats, dirFormats, functionsFormats, trajectoryFormats, rulesFormats} {
		values = append(values, c.names()...)
	}
	slices.Sort(values)
	values = append(slices.Compact(values), "xml")
	commands := []struct {
		name    string
		help    string
		args    []string
		formats formatChoice // for the number of formats, synonyms aside
		// formatArgs are more arguments a format needs.
		formatArgs map[string][]string
	}{
		{"check", checkHelp, []string{"check", "--disable-sg", work}, checkFormats,
			map[string][]string{formatMarkdown: {"--new-from-patch", patch}}},
		{"dir", dirHelp, []string{"dir", work}, dirFormats, nil},
		{"functions", functionsHelp, []string{"functions", work}, functionsFormats, nil},
		{"trajectory", trajectoryHelp, []string{"trajectory", "--disable-sg", "-q", work, work}, trajectoryFormats, nil},
		{"rules", rulesHelp, []string{"rules"}, rulesFormats, nil},
	}
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			row := rowText(c.help, "--output-format")
			require.NotEmpty(t, row)
			named := regexp.MustCompile(`\b[a-z]+\b`).FindAllString(row, -1)
			outputs := map[string]string{}
			for _, v := range values {
				var stdout, stderr strings.Builder
				code := run(slices.Concat(c.args, []string{"--output-format", v}, c.formatArgs[v]), &stdout, &stderr)
				taken := !strings.Contains(stderr.String(), "invalid value '"+v+"'")
				assert.Equal(t, slices.Contains(named, v), taken, "%s: named in %q, taken %t: %s", v, row, taken, stderr.String())
				if !taken {
					continue
				}
				assert.Contains(t, []int{exitClean, exitFindings}, code, "%s: %s", v, stderr.String())
				assert.NotEmpty(t, stdout.String(), v)
				outputs[v] = stdout.String()
			}
			distinct := map[string]bool{}
			for _, out := range outputs {
				distinct[out] = true
			}
			// A synonym writes what the format it names writes.
			assert.Len(t, distinct, len(c.formats.formats), "each format its own output")
		})
	}
}

// Each analysing command's help has a row for exactly the options it
// takes (-v, read as a run of v's, and --verbosity, named in -v's row, aside).
func TestHelpListsTheOptionsTaken(t *testing.T) {
	listed := regexp.MustCompile(`(?m)^  (?:(-\w), |    )(--[\w-]+)`)
	taken := map[string][]string{
		"check": checkOptionNames(), "dir": dirOptions.names(), "functions": functionsOptions.names(),
		"trajectory": trajectoryOptions.names(), "batch": batchOptions.names(),
	}
	for name, help := range analysingHelps {
		t.Run(name, func(t *testing.T) {
			var rows []string
			for _, m := range listed.FindAllStringSubmatch(*help, -1) {
				rows = append(rows, m[2])
				if m[1] != "" && m[1] != "-v" {
					rows = append(rows, m[1])
				}
			}
			want := slices.DeleteFunc(slices.Clone(taken[name]), func(o string) bool { return o == "--verbosity" })
			slices.Sort(want)
			slices.Sort(rows)
			assert.Equal(t, slices.Compact(want), rows)
		})
	}
}
