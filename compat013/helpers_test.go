package compat013_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// parse parses src as a file of spec's language.
func parse(t *testing.T, spec *lang.Spec, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(spec)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

// slocCase is one source and the SLOC lines expected of it.
type slocCase struct {
	name string
	src  string
	want source.Lines
}

// file is a test file: its path and source.
type file struct{ path, src string }

// brief is each finding as "path:line rule-id".
func brief(fs []finding.Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.RuleID))
	}
	return out
}
