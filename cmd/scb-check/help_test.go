package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
		"batch": batchHelp, "rule": ruleHelp, "rules": rulesHelp, "functions": functionsHelp,
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
