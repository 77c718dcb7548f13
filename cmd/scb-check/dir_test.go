package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dir takes the options its help lists and refuses check's others (the
// findings, gates, baselines, color and the ast-grep run's), each
// naming the option.
func TestDirOptions(t *testing.T) {
	listed := map[string]bool{}
	// A row names an option and its short form; "(--verbosity: the
	// same)" an alias.
	for _, m := range regexp.MustCompile(`(?m)^  (?:(-\w), |    )(--[a-z-]+)|\((--[a-z-]+): the same\)`).FindAllStringSubmatch(dirHelp, -1) {
		for _, name := range m[1:] {
			listed[name] = name != ""
		}
	}
	require.True(t, listed["--mcf-file"] && listed["--languages"], "the help's options were read: %v", listed)
	for _, name := range checkOptionNames() {
		t.Run(name, func(t *testing.T) {
			args := []string{name}
			if checkValue(name) {
				args = append(args, "1")
			}
			_, err := parseDir(append(args, "."))
			refused := err != nil && strings.HasPrefix(err.Error(), "error: '"+name+"' is an option of check, not of dir\n")
			assert.Equal(t, !listed[name], refused, "%s: listed in dir's help %t, error %v", name, listed[name], err)
		})
	}
}
