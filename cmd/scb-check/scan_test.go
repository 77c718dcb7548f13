package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScanArgs: the one scanner on a table of a value option (-n, --name),
// a flag (--flag) and what it records, with each policy for unknown
// options and values given to flags.
func TestScanArgs(t *testing.T) {
	scan := func(args []string, policy string) (got, positional, rest []string, err error) {
		rec := func(name, value string) error {
			got = append(got, name+"="+value)
			return nil
		}
		table := optionTable{lookup: byName(map[string]option{
			"-n": {"<N>", rec}, "--name": {"<N>", rec}, "--flag": {"", rec},
		})}
		switch policy {
		case "whole":
			table.wholeArgument = true
		case "pass":
			table.passOn = func(name string) bool { return name == "--other" }
			table.refuse = func(name string) error {
				if name == "--no" {
					return usagef("refused %s", name)
				}
				return nil
			}
		}
		positional, rest, err = scanArgs(args, table)
		return got, positional, rest, err
	}
	tests := []struct {
		name, policy    string
		args            []string
		got, positional []string
		rest            []string
		err             string
	}{
		{"values after = or next, in order", "", []string{"--name=a", "p", "-n", "b", "--flag"},
			[]string{"--name=a", "-n=b", "--flag="}, []string{"p"}, nil, ""},
		{"a one-letter option's value glued", "", []string{"-n4"}, []string{"-n=4"}, nil, nil, ""},
		{"-- ends the options, - is positional", "", []string{"-", "--", "--flag", "-n"},
			nil, []string{"-", "--flag", "-n"}, nil, ""},
		{"a missing value", "", []string{"p", "--name"}, nil, nil, nil,
			"error: a value is required for '--name <N>' but none was supplied"},
		{"a value for a flag", "", []string{"--flag=1"}, nil, nil, nil,
			"error: unexpected value '1' for '--flag' found; no more were expected"},
		{"a value for an unknown option", "", []string{"--what=1"}, nil, nil, nil,
			"error: unexpected value '1' for '--what' found; no more were expected"},
		{"an unknown option", "", []string{"--flag", "--what"}, nil, nil, nil, "error: unexpected argument '--what' found"},
		{"the first mistake wins", "", []string{"--what", "--flag=1"}, nil, nil, nil, "error: unexpected argument '--what' found"},
		{"whole: a value for a flag", "whole", []string{"--flag=1"}, nil, nil, nil, "error: unexpected argument '--flag=1' found"},
		{"whole: a value for an unknown option", "whole", []string{"--what=1"}, nil, nil, nil, "error: unexpected argument '--what=1' found"},
		{"passed on, with the value of one that takes one", "pass", []string{"--other", "v", "--what", "p", "--flag"},
			[]string{"--flag="}, []string{"p"}, []string{"--other", "v", "--what"}, ""},
		{"passed on with its = value", "pass", []string{"--other=v", "p"}, nil, []string{"p"}, []string{"--other=v"}, ""},
		{"refused before its value is read", "pass", []string{"--no=1"}, nil, nil, nil, "refused --no"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, positional, rest, err := scan(tt.args, tt.policy)
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, strings.TrimSuffix(err.Error(), "\n\nFor more information, try '--help'."))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.got, got)
			assert.Equal(t, tt.positional, positional)
			assert.Equal(t, tt.rest, rest)
		})
	}
}

// Check's -v counts every v of one argument; --verbosity counts one.
func TestParseCheckVerbosity(t *testing.T) {
	a, err := parseCheck([]string{"-vv", ".", "-v", "--verbosity"})
	require.NoError(t, err)
	assert.Equal(t, 4, a.verbose)
	_, err = parseCheck([]string{"-vx", "."})
	assert.EqualError(t, err, "error: unexpected argument '-vx' found\n\nFor more information, try '--help'.")
}

// A value option of check's at the end of trajectory's or batch's
// arguments lacks its value.
func TestSplitMissingCheckValue(t *testing.T) {
	_, err := parseTrajectory([]string{"a", "--config"})
	assert.EqualError(t, err, "error: a value is required for '--config <CONFIG>' but none was supplied\n\nFor more information, try '--help'.")
	_, err = parseBatch([]string{"m", "-j"})
	assert.EqualError(t, err, "error: a value is required for '-j <N>' but none was supplied\n\nFor more information, try '--help'.")
}
