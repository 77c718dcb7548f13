package compat013_test

import (
	"crypto/md5"
	"encoding/hex"
	"github.com/scbcheck/scbcheck/compat013"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/verbosity"
)

// firstOfKind returns the first node of the kind in preorder.
func firstOfKind(t *testing.T, tree *source.Tree, kind string) int {
	t.Helper()
	for i := range tree.Nodes {
		if tree.Kind(i) == kind {
			return i
		}
	}
	require.Failf(t, "no such node", "%s", kind)
	return -1
}

// Every expectation is written out by hand from 0.1.3 §7 and the
// tree-sitter-python node kinds: named leaves are their kind, anonymous
// ones (keywords, operators, punctuation) their text.
func TestSerialize013(t *testing.T) {
	cases := []struct {
		name, src, kind, want string
	}{
		{
			name: "function name and parameters are numbered with the body",
			src:  "def f(a):\n    return a\n",
			kind: "function_definition",
			want: "function_definition(def,$VAR1,parameters((,$VAR2,)),:,block(return_statement(return,$VAR2)))",
		},
		{
			name: "literals by kind; an f-string is not descended, so its names take no number",
			src:  "if x:\n    y = 1.5\n    z = f\"{q}\" + 'a' + q\n    w = None or True or 7\n",
			kind: "if_statement",
			want: "if_statement(if,$VAR1,:,block(" +
				"expression_statement(assignment($VAR2,=,$FLOAT))," +
				"expression_statement(assignment($VAR3,=,binary_operator(binary_operator($STR,+,$STR),+,$VAR4)))," +
				"expression_statement(assignment($VAR5,=,boolean_operator(boolean_operator($NONE,or,$BOOL),or,$INT)))))",
		},
		{
			name: "attribute names and keyword argument names share the numbering",
			src:  "for k in d.items():\n    print(k, sep=d)\n",
			kind: "for_statement",
			want: "for_statement(for,$VAR1,in,call(attribute($VAR2,.,$VAR3),argument_list((,))),:," +
				"block(expression_statement(call($VAR4,argument_list((,$VAR1,,,keyword_argument($VAR5,=,$VAR2),))))))",
		},
		{
			name: "a block left with nothing but dropped children is its bare kind",
			src:  "def g():\n    \"\"\"doc\"\"\"\n    # note\n",
			kind: "function_definition",
			want: "function_definition(def,$VAR1,parameters((,)),:,block)",
		},
		{
			name: "comments and plain string statements go at any depth; b, f and concatenated strings stay",
			src: "while x:\n    # c\n    u'plain'\n    r'raw'\n    b'bytes'\n    F'{x}'\n    'a' 'b'\n" +
				"    if x:\n        'inner'  # trailing\n        pass\n",
			kind: "while_statement",
			want: "while_statement(while,$VAR1,:,block(" +
				"expression_statement($STR),expression_statement($STR)," +
				"expression_statement(concatenated_string($STR,$STR))," +
				"if_statement(if,$VAR1,:,block(pass_statement(pass)))))",
		},
		{
			name: "named leaves are their kind, the lambda keyword and node share a name",
			src:  "with a as b:\n    ...\n    f = lambda: 0\n",
			kind: "with_statement",
			want: "with_statement(with,with_clause(with_item(as_pattern($VAR1,as,as_pattern_target($VAR2)))),:," +
				"block(expression_statement(ellipsis),expression_statement(assignment($VAR3,=,lambda(lambda,:,$INT)))))",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree := parse(t, lang.Python, tc.src)
			assert.Equal(t, tc.want, compat013.Serialize(tree, firstOfKind(t, tree, tc.kind)))
		})
	}
}

// The key of a three-SLOC function, checked against an MD5 worked out
// outside Go: the text below is the function's serialisation by hand, and
//
//	python3 -c 'import hashlib; print(hashlib.md5(b"<text>").hexdigest())'
//
// prints fddf747ddb021bb7880ec26308017bb1, of which the key keeps 12 digits.
func TestBlockCandidates013Key(t *testing.T) {
	src := "def f(a):\n    b = a\n    return b\n"
	tree := parse(t, lang.Python, src)
	text := "function_definition(def,$VAR1,parameters((,$VAR2,)),:," +
		"block(expression_statement(assignment($VAR3,=,$VAR2)),return_statement(return,$VAR3)))"
	require.Equal(t, text, compat013.Serialize(tree, firstOfKind(t, tree, "function_definition")))
	got := compat013.BlockCandidates("a.py", tree, tree.SLOC())
	want := []clones.Candidate{{
		Path: "a.py", StartLine: 1, EndLine: 3, SLOC: 3, Hash: "fddf747ddb02",
		FirstLines: []string{"def f(a):", "    b = a", "    return b"},
	}}
	assert.Equal(t, want, got)
}

// Which nodes are candidates, worked out by hand from each block's span
// and the SLOC lines given.
func TestBlockCandidates013Set(t *testing.T) {
	src := strings.Join([]string{
		/* 1 */ "def f(a):",
		/* 2 */ "    for x in a:",
		/* 3 */ "        while x:",
		/* 4 */ "            with x:",
		/* 5 */ "                try:",
		/* 6 */ "                    x -= 1",
		/* 7 */ "                except E:",
		/* 8 */ "                    pass",
		/* 9 */ "    match a:",
		/* 10 */ "        case 1:",
		/* 11 */ "            pass",
		/* 12 */ "if TYPE_CHECKING:",
		/* 13 */ "    if x:",
		/* 14 */ "        y()",
		/* 15 */ "        y()",
		/* 16 */ "while typing.TYPE_CHECKING:",
		/* 17 */ "    pass",
		/* 18 */ "    pass",
		/* 19 */ "if (TYPE_CHECKING):",
		/* 20 */ "    pass",
		/* 21 */ "    pass",
		/* 22 */ "class C:",
		/* 23 */ "    x = 1",
		/* 24 */ "    y = 2",
		/* 25 */ "lambda: [",
		/* 26 */ "    1,",
		/* 27 */ "]",
		"",
	}, "\n")
	tree := parse(t, lang.Python, src)
	cases := []struct {
		name  string
		sloc  source.Lines
		lines []int
	}{
		{
			// Every block of three lines or more; the TYPE_CHECKING guards
			// (not the parenthesised one) are left out, their inner blocks
			// not; classes and lambdas are not block kinds.
			name:  "every line SLOC",
			sloc:  source.Lines{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27},
			lines: []int{1, 2, 3, 4, 5, 9, 13, 19},
		},
		{
			// The size filter counts the SLOC lines given, not the span.
			name:  "only some lines SLOC",
			sloc:  source.Lines{1, 2, 3, 6, 8, 9, 11, 13, 14},
			lines: []int{1, 2, 3},
		},
		{name: "no SLOC", sloc: source.Lines{}, lines: nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []int
			for _, c := range compat013.BlockCandidates("x.py", tree, tc.sloc) {
				got = append(got, c.StartLine)
				assert.Equal(t, tc.sloc.CountWithin(c.StartLine, c.EndLine), c.SLOC)
			}
			assert.Equal(t, tc.lines, got)
		})
	}
}

// fixtureDir013 holds the 0.1.3 clone fixtures: each .py file is a run of
// its own, each folder one run over its .py files.
var fixtureDir013 = filepath.Join("testdata", "clones")

// run013 is one fixture run: its files' trees and wants by path.
type run013 struct {
	paths []string
	trees map[string]*source.Tree
	wants map[string]testkit.Wants
}

func loadRun013(t *testing.T, p *source.Parser, paths []string) run013 {
	t.Helper()
	r := run013{paths: paths, trees: map[string]*source.Tree{}, wants: map[string]testkit.Wants{}}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		tree, err := p.Parse(src)
		require.NoError(t, err)
		r.trees[path] = tree
		r.wants[path], err = testkit.ParseWants(path, tree)
		require.NoError(t, err)
	}
	return r
}

// blocks detects the run's clones, with today's SLOC (the fixtures hold
// no line on which 0.1.3's SLOC differs from it).
func (r run013) blocks() []clones.Block {
	var cands []clones.Candidate
	for _, path := range r.paths {
		tree := r.trees[path]
		cands = append(cands, compat013.BlockCandidates(path, tree, tree.SLOC())...)
	}
	return clones.Detect(cands)
}

func runs013(t *testing.T) map[string][]string {
	t.Helper()
	entries, err := os.ReadDir(fixtureDir013)
	require.NoError(t, err)
	runs := map[string][]string{}
	for _, e := range entries {
		path := filepath.ToSlash(filepath.Join(fixtureDir013, e.Name()))
		if !e.IsDir() {
			if filepath.Ext(path) == ".py" {
				runs[e.Name()] = []string{path}
			}
			continue
		}
		files, err := filepath.Glob(filepath.Join(path, "*.py"))
		require.NoError(t, err)
		for k := range files {
			files[k] = filepath.ToSlash(files[k])
		}
		runs[e.Name()] = files
	}
	return runs
}

// TestFixtures013 checks every block of each run against the `want
// clone:"gN"` annotation on its first line; groups are g1, g2, ... in
// display order (by their first instance's path and line), across the
// run's files.
func TestFixtures013(t *testing.T) {
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	runs := runs013(t)
	require.Contains(t, runs, "across")
	for name, paths := range runs {
		t.Run(name, func(t *testing.T) {
			r := loadRun013(t, p, paths)
			got := map[string]map[int]map[string]string{}
			for g, group := range clones.Groups(r.blocks()) {
				for _, b := range group {
					require.Equal(t, len(group), b.Instances)
					if got[b.Path] == nil {
						got[b.Path] = map[int]map[string]string{}
					}
					if prev, ok := got[b.Path][b.StartLine]; ok {
						t.Errorf("%s:%d: two clone blocks start on this line (%s)", b.Path, b.StartLine, prev["clone"])
						continue
					}
					got[b.Path][b.StartLine] = map[string]string{"clone": "g" + strconv.Itoa(g+1)}
				}
			}
			for _, path := range paths {
				r.wants[path].CheckValues(t, got[path])
			}
		})
	}
}

// Nested and overlapping blocks count their lines once per file: in
// nested.py the for loops (lines 6-9, 14-17) hold the grouped if blocks
// (7-9, 15-17), so the clone lines are 6-9 and 14-17, eight of them.
func TestBlockCloneLines013(t *testing.T) {
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	path := filepath.ToSlash(filepath.Join(fixtureDir013, "nested.py"))
	r := loadRun013(t, p, []string{path})
	blocks := r.blocks()
	require.Len(t, blocks, 4)
	var spans []verbosity.Span
	for _, b := range blocks {
		spans = append(spans, verbosity.Span{Path: b.Path, Start: b.StartLine, End: b.EndLine})
	}
	sloc := map[string]source.Lines{path: r.trees[path].SLOC()}
	assert.Equal(t, 8, verbosity.Union(sloc, spans, nil, nil).CloneLOC)
}

// A candidate's key is the MD5 of its own subtree's text, identifiers
// numbered afresh, however deep it sits: the blocks written once into a
// shared buffer hash as if each were written alone.
func TestBlockCandidates013KeysOfNestedBlocks(t *testing.T) {
	src := strings.Join([]string{
		"def outer(a, b):",
		"    for b in a:",
		"        if b.x:",
		"            c = b + a",
		"            print(c, end=a)",
		"        while a:",
		"            a = b.y",
		"            del b",
		"    return b",
		"if q.x:",
		"    r = q + s",
		"    print(r, end=s)",
		"",
	}, "\n")
	tree := parse(t, lang.Python, src)
	cands := compat013.BlockCandidates("x.py", tree, tree.SLOC())
	var starts []int
	byLine := map[int]string{}
	for _, c := range cands {
		starts = append(starts, c.StartLine)
		byLine[c.StartLine] = c.Hash
	}
	require.Equal(t, []int{1, 2, 3, 6, 10}, starts)
	blockKinds := []string{"function_definition", "for_statement", "if_statement", "while_statement"}
	checked := 0
	for i := range tree.Nodes {
		if h, ok := byLine[tree.StartLine(i)]; ok && slices.Contains(blockKinds, tree.Kind(i)) {
			sum := md5.Sum([]byte(compat013.Serialize(tree, i)))
			assert.Equal(t, hex.EncodeToString(sum[:])[:12], h, "line %d", tree.StartLine(i))
			checked++
		}
	}
	assert.Equal(t, len(cands), checked)
	// The inner if numbers b, x, c, a, print, end as the module-level if
	// numbers q, x, r, s, print, end.
	assert.Equal(t, byLine[10], byLine[3])
}

// Deeply nested blocks are each a candidate of their own, keyed as if
// alone: the innermost of 300 nested ifs has the key of the same if at
// top level (the names a and b numbered 1 and 2 in both).
func TestBlockCandidates013DeepNesting(t *testing.T) {
	const depth = 300
	var sb strings.Builder
	for d := 0; d < depth; d++ {
		indent := strings.Repeat(" ", d)
		sb.WriteString(indent + "if a:\n")
		sb.WriteString(indent + " b()\n")
	}
	sb.WriteString(strings.Repeat(" ", depth) + "b()\n")
	sb.WriteString("if a:\n b()\n b()\n")
	tree := parse(t, lang.Python, sb.String())
	cands := compat013.BlockCandidates("deep.py", tree, tree.SLOC())
	require.Len(t, cands, depth+1)
	for d, c := range cands[:depth] {
		assert.Equal(t, 2*d+1, c.StartLine)
		assert.Equal(t, 2*depth+1, c.EndLine)
		assert.Equal(t, 2*(depth-d)+1, c.SLOC)
	}
	inner, top := cands[depth-1], cands[depth]
	assert.Equal(t, 2*depth+2, top.StartLine)
	assert.Equal(t, top.Hash, inner.Hash)
	assert.NotEqual(t, top.Hash, cands[depth-2].Hash)
}

// The serializers are pooled: results do not depend on what ran before,
// nor on other goroutines running at the same time.
func TestBlockCandidates013Reuse(t *testing.T) {
	p, err := source.NewParser(lang.Python)
	require.NoError(t, err)
	defer p.Close()
	var paths []string
	for _, run := range runs013(t) {
		paths = append(paths, run...)
	}
	slices.Sort(paths)
	r := loadRun013(t, p, paths)
	candidates := func(order []string) map[string][]clones.Candidate {
		out := map[string][]clones.Candidate{}
		for _, path := range order {
			out[path] = compat013.BlockCandidates(path, r.trees[path], r.trees[path].SLOC())
		}
		return out
	}
	want := candidates(paths)
	reversed := slices.Clone(paths)
	slices.Reverse(reversed)
	assert.Equal(t, want, candidates(reversed))

	results := make(chan map[string][]clones.Candidate, 4)
	for range cap(results) {
		go func() { results <- candidates(paths) }()
	}
	for range cap(results) {
		assert.Equal(t, want, <-results)
	}
}
