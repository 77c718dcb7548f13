package verbosity

import (
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/source"
)

var _ = flag.Bool("update", false, "rewrite golden files (no golden files in this package)")

func TestUnion(t *testing.T) {
	sloc := map[string]source.Lines{
		"a.py": {1, 2, 3, 5, 6},
		"b.rs": {1, 2},
	}
	cases := []struct {
		name                    string
		clones, ast, structural []Span
		want                    Result
	}{
		{
			name: "nothing flagged gives zero verbosity",
			want: Result{TotalLOC: 7},
		},
		{
			name:   "only SLOC lines inside a span count",
			clones: []Span{{"a.py", 3, 5}},
			want:   Result{CloneLOC: 2, FlaggedLOC: 2, TotalLOC: 7, Verbosity: 2.0 / 7, Flagged: []FileLines{{"a.py", source.Lines{3, 5}}}},
		},
		{
			name:       "overlaps count once in the union but in each source's own count",
			clones:     []Span{{"a.py", 1, 3}, {"a.py", 2, 3}},
			ast:        []Span{{"a.py", 3, 5}},
			structural: []Span{{"b.rs", 1, 9}, {"a.py", 1, 1}},
			want: Result{CloneLOC: 3, AstGrepLOC: 2, StructuralLOC: 3, FlaggedLOC: 6, TotalLOC: 7, Verbosity: 6.0 / 7,
				Flagged: []FileLines{{"a.py", source.Lines{1, 2, 3, 5}}, {"b.rs", source.Lines{1, 2}}}},
		},
		{
			name: "a span over comment lines only adds nothing",
			ast:  []Span{{"a.py", 4, 4}},
			want: Result{TotalLOC: 7},
		},
		{
			name:   "a span in an unknown file adds nothing",
			clones: []Span{{"zzz.py", 1, 3}},
			want:   Result{TotalLOC: 7},
		},
		{
			name:   "everything flagged gives 1.0",
			clones: []Span{{"a.py", 1, 6}, {"b.rs", 1, 2}},
			want: Result{CloneLOC: 7, FlaggedLOC: 7, TotalLOC: 7, Verbosity: 1,
				Flagged: []FileLines{{"a.py", source.Lines{1, 2, 3, 5, 6}}, {"b.rs", source.Lines{1, 2}}}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Union(sloc, tc.clones, tc.ast, tc.structural))
		})
	}
}

func TestUnionWithoutSLOC(t *testing.T) {
	assert.Equal(t, Result{}, Union(nil, []Span{{"a.py", 1, 2}}, nil, nil))
}
