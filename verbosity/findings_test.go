package verbosity_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/verbosity"
)

// parseTree parses a file of the language its path names.
func parseTree(t *testing.T, path, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(lang.ForPath(path))
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

// parse gathers what the findings step needs of a Python file.
func parse(t *testing.T, path, src string) verbosity.File {
	t.Helper()
	tree := parseTree(t, path, src)
	sloc := tree.SLOC()
	fns := tree.Callables(sloc)
	ds, err := tree.Directives(path)
	require.NoError(t, err)
	return verbosity.File{
		Path: path, SLOC: sloc, Clones: clones.Candidates(path, tree, fns),
		Facts:      rules.NewFileFacts(path, tree, fns, make([]rules.FunctionMetrics, len(fns))),
		Directives: ds, Callables: fns,
	}
}

// Lines 1-2 and 4-5: two trivial wrappers, the second ignored; lines 7-10:
// a function with a boundary; lines 12-14 and 16-18: a clone group.
const wrappers = `def _a(value):
    return value

def _b(value):  # scbc ignore[trivial-wrapper]
    return value

def generated(items):
    # scbc boundary: generated
    for i in range(len(items)):
        print(items[i])

def one(x):
    y = x + 1
    return y * 2

def two(z):
    w = z + 1
    return w * 2
`

func TestCollect(t *testing.T) {
	file := parse(t, "w.py", wrappers)
	astGrep := []finding.Finding{
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "w.py", Line: 9, EndLine: 10, Col: 5, EndCol: 24},
		{Kind: finding.AstGrep, RuleID: "for-range-len", Severity: finding.Warning, Path: "unparsed.py", Line: 1, EndLine: 1, Col: 1, EndCol: 2},
	}
	wrapperAt := func(line int, name string) finding.Finding {
		return finding.Finding{Kind: finding.Structural, RuleID: rules.TrivialWrapperID, Severity: finding.Warning,
			Message: "`" + name + "` adds no behavior", FixTitle: "Inline or remove `" + name + "`",
			Path: "w.py", Line: line, EndLine: line + 1, Subject: name}
	}
	cases := []struct {
		name         string
		policy       finding.Policy
		want         []finding.Finding
		astGrepLines int
	}{
		{
			name:   "the default policy: the ignored wrapper and the bounded match go, and the match in an unparsed file",
			policy: finding.Policy{Suppressions: true, Thresholds: true, MinSeverity: finding.Warning},
			want:   []finding.Finding{wrapperAt(1, "_a")},
		},
		{
			name:         "include-all: every finding of a parsed file, in report order",
			policy:       finding.Policy{MinSeverity: finding.Info},
			want:         []finding.Finding{wrapperAt(1, "_a"), wrapperAt(4, "_b"), astGrep[0]},
			astGrepLines: 2,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := verbosity.Collect([]verbosity.File{file}, astGrep, nil, config.Default("").LowUse, tc.policy)
			require.NoError(t, err)
			assert.Equal(t, tc.want, out.Findings)
			structural := 0
			for _, f := range tc.want {
				if f.Kind == finding.Structural {
					structural++
				}
			}
			assert.Equal(t, structural, out.Structural)
			require.Len(t, out.Clones, 2, "one and two are one group")
			assert.Equal(t, 6, out.Verbosity.CloneLOC)
			assert.Equal(t, 2*structural, out.Verbosity.StructuralLOC)
			assert.Equal(t, tc.astGrepLines, out.Verbosity.AstGrepLOC)
		})
	}
}

func TestCollectGathersBoundaryErrors(t *testing.T) {
	a := parse(t, "a.py", "# scbc boundary: nothing\nx = 1\n")
	b := parse(t, "b.py", "x = 1\n# scbc boundary: nothing\n")
	_, err := verbosity.Collect([]verbosity.File{a, b}, nil, nil, config.Default("").LowUse, finding.Policy{})
	require.Error(t, err, "boundaries are checked whatever the policy")
	assert.Contains(t, err.Error(), "a.py:1: "+rules.MsgBoundaryOutside)
	assert.Contains(t, err.Error(), "b.py:2: "+rules.MsgBoundaryOutside)
}
