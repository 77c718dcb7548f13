package clones

import (
	"bytes"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"

	"github.com/zeebo/blake3"

	"github.com/scbcheck/scbcheck/source"
)

// Placeholders written into fingerprints in place of normalised tokens.
const (
	strToken = "$STR"
	litToken = "$LIT"
	varToken = "$VAR"
)

// maxFirstLines is how many of a function's first source lines a clone
// block keeps for display.
const maxFirstLines = 3

// Fingerprint returns the token strings of fn's body, one per direct child
// of the body node that produces any tokens. Comments and plain string
// statements are left out at any depth; strings become $STR, other
// literals $LIT, and identifiers $VARn, numbered from 1 by the first
// appearance of their text anywhere in the body. Other leaves keep their
// trimmed text, except the punctuation { } : ; , ( ) [ ]. Tokens are
// concatenated without separators. A callable without a body has an empty
// fingerprint; an expression body (see lang.Spec.BlockBody) is one entry.
func Fingerprint(t *source.Tree, fn source.Callable) []string {
	body := t.ChildByField(fn.Node, t.Grammar.FieldBody)
	if body < 0 {
		return nil
	}
	ids := map[string]int{}
	var out []string
	var sb strings.Builder
	if !t.IsBlockBody(body) {
		writeTokens(t, body, ids, &sb)
		if sb.Len() > 0 {
			out = append(out, sb.String())
		}
		return out
	}
	for _, c := range t.BodyStatements(body) {
		sb.Reset()
		writeTokens(t, c, ids, &sb)
		if sb.Len() > 0 {
			out = append(out, sb.String())
		}
	}
	return out
}

// writeTokens appends the tokens of node root's subtree, walking the flat
// preorder slice with a loop (a skipped subtree is jumped over by its End),
// so arbitrarily deep bodies cannot exhaust the stack.
func writeTokens(t *source.Tree, root int, ids map[string]int, sb *strings.Builder) {
	for j, end := root, int(t.Nodes[root].End); j < end; {
		next := int(t.Nodes[j].End) // skip the subtree unless descending
		class := t.Grammar.ClassOf(t.Nodes[j].Kind)
		switch {
		case class&source.ClassComment != 0:
		case class&source.ClassPlainStatement != 0 && t.IsPlainStringStatement(j, false):
		case class&source.ClassString != 0:
			sb.WriteString(strToken)
		case class&source.ClassLiteral != 0:
			sb.WriteString(litToken)
		case class&source.ClassIdentifier != 0:
			name := t.Text(j)
			n, ok := ids[name]
			if !ok {
				n = len(ids) + 1
				ids[name] = n
			}
			sb.WriteString(varToken)
			sb.WriteString(strconv.Itoa(n))
		case t.IsLeaf(j):
			text := bytes.TrimSpace(t.Bytes(j))
			if len(text) > 0 && !isPunctuation(text) {
				sb.Write(text)
			}
		default:
			next = j + 1
		}
		j = next
	}
}

// isPunctuation reports whether a leaf's text is one of the delimiters
// that produce no token.
func isPunctuation(text []byte) bool {
	if len(text) != 1 {
		return false
	}
	switch text[0] {
	case '{', '}', ':', ';', ',', '(', ')', '[', ']':
		return true
	}
	return false
}

// Candidate is a callable that may take part in a clone group.
type Candidate struct {
	// Path names the file, as the caller gave it.
	Path string
	// StartLine and EndLine are the callable's 1-based span.
	StartLine, EndLine int
	// SLOC is the number of SLOC lines in the span.
	SLOC int
	// Hash is the lowercase hex BLAKE3 hash of the fingerprint's entries
	// joined with "\n"; equal hashes mean clones.
	Hash string
	// FirstLines are the callable's first source lines (at most three, none
	// past its end) as written, without line terminators.
	FirstLines []string
}

// Candidates returns the callables of one file that can be clones: those
// whose span holds at least one SLOC line and whose fingerprint has at
// least two entries. Nested callables are candidates of their own. The
// order follows fns.
func Candidates(path string, t *source.Tree, fns []source.Callable) []Candidate {
	var out []Candidate
	for _, fn := range fns {
		if t.Stopped() {
			break
		}
		if fn.SLOC <= 0 {
			continue
		}
		fp := Fingerprint(t, fn)
		if len(fp) < 2 {
			continue
		}
		out = append(out, Candidate{
			Path:       path,
			StartLine:  fn.StartLine,
			EndLine:    fn.EndLine,
			SLOC:       fn.SLOC,
			Hash:       Hash(fp),
			FirstLines: FirstLines(t, fn.Node, fn.EndLine),
		})
	}
	return out
}

// Hash returns the lowercase hex BLAKE3 hash of a fingerprint's entries
// joined with "\n", the clone group key.
func Hash(fingerprint []string) string {
	sum := blake3.Sum256([]byte(strings.Join(fingerprint, "\n")))
	return hex.EncodeToString(sum[:])
}

// FirstLines returns up to three (maxFirstLines) whole source lines starting with
// the line node i starts on and ending no later than line last, each
// without its "\n" or a trailing "\r".
func FirstLines(t *source.Tree, i, last int) []string {
	src := t.Src
	start := bytes.LastIndexByte(src[:t.Nodes[i].StartByte], '\n') + 1
	var out []string
	for line := t.StartLine(i); line <= last && len(out) < maxFirstLines && start <= len(src); line++ {
		rest := src[start:]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		out = append(out, string(bytes.TrimSuffix(rest[:end], []byte{'\r'})))
		start += end + 1
	}
	return out
}

// Block is one instance of a clone group.
type Block struct {
	// Path, StartLine, EndLine, SLOC and FirstLines are the candidate's.
	Path               string
	StartLine, EndLine int
	SLOC               int
	// Hash identifies the group.
	Hash string
	// Instances is the number of members of the group.
	Instances  int
	FirstLines []string
}

// Detect groups candidates (from any number of files) by hash. Every
// member of a group of two or more becomes a Block; a group may lie in one
// file. Blocks are sorted by path, start line and end line (then hash), so
// the result does not depend on the order of cands.
func Detect(cands []Candidate) []Block {
	size := map[string]int{}
	for _, c := range cands {
		size[c.Hash]++
	}
	var out []Block
	for _, c := range cands {
		if n := size[c.Hash]; n >= 2 {
			out = append(out, Block{
				Path:       c.Path,
				StartLine:  c.StartLine,
				EndLine:    c.EndLine,
				SLOC:       c.SLOC,
				Hash:       c.Hash,
				Instances:  n,
				FirstLines: c.FirstLines,
			})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return blockLess(&out[i], &out[j]) })
	return out
}

// blockLess orders blocks by path, start, end, then the remaining fields,
// so that distinct blocks never tie.
func blockLess(a, b *Block) bool {
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	if a.StartLine != b.StartLine {
		return a.StartLine < b.StartLine
	}
	if a.EndLine != b.EndLine {
		return a.EndLine < b.EndLine
	}
	if a.Hash != b.Hash {
		return a.Hash < b.Hash
	}
	if a.SLOC != b.SLOC {
		return a.SLOC < b.SLOC
	}
	return strings.Join(a.FirstLines, "\n") < strings.Join(b.FirstLines, "\n")
}

// Groups splits blocks into their clone groups in the reference's display
// order. Each group's members are sorted by path, start and end; the
// first is the group's anchor. Groups are ordered by their anchor's path
// and start line (then hash).
func Groups(blocks []Block) [][]Block {
	byHash := map[string][]Block{}
	for _, b := range blocks {
		byHash[b.Hash] = append(byHash[b.Hash], b)
	}
	out := make([][]Block, 0, len(byHash))
	for _, g := range byHash {
		sort.SliceStable(g, func(i, j int) bool { return blockLess(&g[i], &g[j]) })
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := &out[i][0], &out[j][0]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.StartLine != b.StartLine {
			return a.StartLine < b.StartLine
		}
		return a.Hash < b.Hash
	})
	return out
}
