package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"kitten", "sitting", 3},
		{"--include-al", "--include-all", 1},
		{"--colour", "--color", 1},
		{"chekc", "check", 1},
		{"--gti", "--git", 1},
		{"ab", "ba", 1},
		{"abc", "ca", 3},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b), "%s %s", tc.a, tc.b)
		assert.Equal(t, tc.want, editDistance(tc.b, tc.a), "symmetric: %s %s", tc.b, tc.a)
	}
}

func TestClosest(t *testing.T) {
	names := checkOptionNames()
	cases := []struct{ name, want string }{
		{"--include-al", "--include-all"},
		{"--includeall", "--include-all"},
		{"--verbos", "--verbose"},
		{"--colour", "--color"},
		{"--max-erosoin", "--max-erosion"},
		{"--output", ""},     // more than two edits from every name
		{"-x", ""},           // one-letter options get no suggestion
		{"--frobnicate", ""}, // nothing near
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, closest(tc.name, names), tc.name)
	}
	assert.Equal(t, "check", closest("chek", mapKeys(commands)))
	assert.Equal(t, "check", closest("chcek", mapKeys(commands)), "a swap is one edit")
	assert.Equal(t, "", closest("--check", mapKeys(commands)), "an option is not a subcommand")
	assert.Equal(t, "--max-erosion", closest("--max-erosio", []string{"--max-erosion", "--max-erosion-increase"}))
}
