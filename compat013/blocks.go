package compat013

import (
	"crypto/md5"
	"encoding/hex"
	"math"
	"strconv"
	"sync"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/source"
)

// MinBlockSLOC is the fewest SLOC lines a block candidate of scb-check
// 0.1.3 spans.
const MinBlockSLOC = 3

// Roles a node kind plays in the 0.1.3 serialisation.
const (
	role013Block uint8 = 1 << iota
	role013Identifier
	role013Literal
	role013Comment
	role013ExprStatement
)

// kinds013 is a grammar's node kinds as the 0.1.3 serialisation sees
// them: by name, so that distinct symbols sharing a name (an alias, or a
// keyword and the named node it opens, like lambda) serialise alike.
type kinds013 struct {
	roles source.KindRoles[uint8]
	// name and token are each kind's name and literal placeholder.
	name, token []string
	// condition is the guard field, guards the texts that keep a block
	// out of the candidates (Language).
	condition uint16
	guards    []string
}

// kindTable013 gives each grammar's kinds from its language's
// Compat013 kinds; a language without them plays no role, so its trees
// have no candidates.
var kindTable013 = source.NewTable(func(g *source.Grammar) *kinds013 {
	roles := source.Roles[uint8]{}
	ck := LanguageOf(g.Spec)
	if ck == nil {
		ck = &Language{}
	}
	roles.Add(role013Block, ck.CloneBlocks...)
	roles.Add(role013Identifier, ck.Identifier)
	roles.Add(role013Comment, ck.Comment)
	roles.Add(role013ExprStatement, ck.ExpressionStatement)
	for name := range ck.CloneLiterals {
		roles.Add(role013Literal, name)
	}
	k := &kinds013{roles: roles.ByKind(g), name: make([]string, g.KindCount()),
		token: make([]string, g.KindCount()), condition: g.FieldID(ck.CloneGuardField), guards: ck.CloneGuards}
	for id := range k.name {
		k.name[id] = g.KindName(uint16(id))
		k.token[id] = ck.CloneLiterals[k.name[id]]
	}
	return k
})

// is reports whether a node kind plays role.
func (k *kinds013) is(kind uint16, role uint8) bool { return k.roles.Of(kind)&role != 0 }

// BlockCandidates returns the clone candidates of one file as scb-check
// 0.1.3 finds them (0.1.3 §7), for Detect and Groups to group with those
// of the run's other files. path names the file as its blocks will; sloc
// is the file's SLOC lines as 0.1.3 counts them (they decide the size
// filter and Candidate.SLOC).
//
// The kinds and texts are the language's Language (a tree of a
// language without one has no candidates). For Python, candidates are
// every function_definition, if_statement, for_statement,
// while_statement, with_statement, try_statement and match_statement,
// nested ones included, whose line span holds at least MinBlockSLOC
// SLOC lines, except a node whose condition field's text is exactly
// TYPE_CHECKING or typing.TYPE_CHECKING (the blocks inside it are still
// candidates). Candidates come in preorder.
//
// Candidate.Hash is the first 12 hex digits of the MD5 of the normalised
// text of the node's whole subtree (for a function: name and parameters
// too). In it an identifier is $VARn, n numbering the distinct identifier
// texts of the candidate from 1 in order of first appearance (names,
// parameters, attributes and keyword arguments alike); a string (an
// f-string too, not descended) is $STR, an integer $INT, a float $FLOAT,
// true and false $BOOL, none $NONE. Comments and plain string statements
// (an expression_statement whose one named child is a string whose prefix
// holds no b or f, in either case) are left out at any depth. A node with
// nothing left to write is its kind, which for a keyword, operator or
// punctuation leaf is its text; any other node is kind(child,child,...).
// FirstLines are the node's first three lines, as for Candidates.
func BlockCandidates(path string, t *source.Tree, sloc source.Lines) []clones.Candidate {
	s := newSerializer013(t, sloc)
	defer s.release()
	for i := 0; i < len(t.Nodes); {
		if t.Stopped() {
			break
		}
		if !s.qualifies(i) {
			i++
			continue
		}
		s.serialize(i)
		i = int(t.Nodes[i].End)
	}
	out := make([]clones.Candidate, 0, len(s.recs))
	for k := range s.recs {
		r := &s.recs[k]
		start, end := t.StartLine(r.node), t.EndLine(r.node)
		out = append(out, clones.Candidate{
			Path:       path,
			StartLine:  start,
			EndLine:    end,
			SLOC:       sloc.CountWithin(start, end),
			Hash:       s.key(r),
			FirstLines: clones.FirstLines(t, r.node, end),
		})
	}
	return out
}

// serialize013 returns the normalised text of node i's subtree, numbered
// as a candidate's (see BlockCandidates).
func serialize013(t *source.Tree, i int) string {
	s := newSerializer013(t, nil)
	defer s.release()
	s.serialize(i)
	return string(s.text(0, len(s.buf), 0, len(s.idPos)))
}

// truncatedMD5 is 0.1.3's key format: MD5's lowercase hex digest cut to
// 12 digits.
func truncatedMD5(text []byte) string {
	sum := md5.Sum(text)
	return hex.EncodeToString(sum[:6])
}

// serializer013 writes subtrees in 0.1.3's normalised form once per file.
//
// A subtree's text is a contiguous piece of its parent's, except for the
// identifier numbers, which restart with every candidate. So each
// outermost candidate is written once into buf with its identifiers left
// out, their offsets and interned names kept in idPos and idName, and
// every candidate nested in it records its piece of buf; a candidate's
// text is its piece with its own numbers put back in (text). Each node is
// thus visited once, and the work per candidate is a copy and an MD5 of
// its own text.
type serializer013 struct {
	t      *source.Tree
	k      *kinds013
	sloc   source.Lines
	buf    []byte
	idPos  []int
	idName []int32
	names  map[string]int32
	recs   []rec013
	stack  []open013
	// stamp and num number a candidate's names: num[name] is valid when
	// stamp[name] is the candidate's generation gen.
	stamp   []uint32
	num     []int
	gen     uint32
	scratch []byte
}

// rec013 is a candidate's piece of the serializer's buffer.
type rec013 struct {
	node             int
	bufStart, bufEnd int
	idStart, idEnd   int
}

// open013 is a node whose children are being written.
type open013 struct {
	end     int
	rec     int
	written bool
}

// serializers013 keeps serializers, buffers and all, between files.
var serializers013 = sync.Pool{New: func() any { return &serializer013{names: map[string]int32{}} }}

// newSerializer013 returns a serializer for t, from the pool; with no
// SLOC lines no node qualifies as a candidate (serialize013 passes nil).
// Give it back with release.
func newSerializer013(t *source.Tree, sloc source.Lines) *serializer013 {
	s := serializers013.Get().(*serializer013)
	s.t, s.k, s.sloc = t, kindTable013.Of(t.Grammar), sloc
	return s
}

// release empties s and puts it back in the pool.
func (s *serializer013) release() {
	s.t, s.k, s.sloc = nil, nil, nil
	s.buf, s.idPos, s.idName, s.recs = s.buf[:0], s.idPos[:0], s.idName[:0], s.recs[:0]
	clear(s.names)
	serializers013.Put(s)
}

// qualifies reports whether node i is a candidate: a block kind, not a
// TYPE_CHECKING guard, spanning enough SLOC lines.
func (s *serializer013) qualifies(i int) bool {
	t := s.t
	if len(s.sloc) == 0 || !s.k.is(t.Nodes[i].Kind, role013Block) {
		return false
	}
	if c := t.ChildByField(i, s.k.condition); c >= 0 {
		text := t.Bytes(c)
		for _, tc := range s.k.guards {
			if string(text) == tc {
				return false
			}
		}
	}
	return s.sloc.CountWithin(t.StartLine(i), t.EndLine(i)) >= MinBlockSLOC
}

// dropped reports whether node i is left out of its parent's text: a
// comment or a plain string statement.
func (s *serializer013) dropped(i int) bool {
	kind := s.t.Nodes[i].Kind
	switch {
	case s.k.is(kind, role013Comment):
		return true
	case s.k.is(kind, role013ExprStatement):
		return PlainString(s.t, i)
	}
	return false
}

// firstKept returns node i's first child that is not dropped, or -1.
func (s *serializer013) firstKept(i int) int {
	t := s.t
	for c := i + 1; c < int(t.Nodes[i].End); c = int(t.Nodes[c].End) {
		if !s.dropped(c) {
			return c
		}
	}
	return -1
}

// serialize appends root's text to buf, recording root and every
// candidate inside it. The walk is a loop over the preorder slice with an
// explicit stack, so deep trees cannot exhaust the goroutine stack; the
// buffers are locals while it runs, stored back at the end.
func (s *serializer013) serialize(root int) {
	t, k := s.t, s.k
	nodes := t.Nodes
	buf, idPos, idName, stack := s.buf, s.idPos, s.idName, s.stack[:0]
	closeRec := func(r int) {
		s.recs[r].bufEnd = len(buf)
		s.recs[r].idEnd = len(idPos)
	}
	j := root
	for {
		if n := len(stack); n > 0 {
			if stack[n-1].written {
				buf = append(buf, ',')
			}
			stack[n-1].written = true
		}
		rec := -1
		if s.qualifies(j) {
			rec = len(s.recs)
			s.recs = append(s.recs, rec013{node: j, bufStart: len(buf), idStart: len(idPos)})
		}
		kind := nodes[j].Kind
		next := int(nodes[j].End)
		switch {
		case k.is(kind, role013Identifier):
			idPos = append(idPos, len(buf))
			idName = append(idName, s.intern(t.Bytes(j)))
		case k.is(kind, role013Literal):
			buf = append(buf, k.token[kind]...)
		default:
			buf = append(buf, k.name[kind]...)
			if c := s.firstKept(j); c >= 0 {
				buf = append(buf, '(')
				stack = append(stack, open013{end: next, rec: rec})
				rec = -1
				next = c
			}
		}
		if rec >= 0 {
			closeRec(rec)
		}
		for {
			n := len(stack)
			if n > 0 && next >= stack[n-1].end {
				buf = append(buf, ')')
				if r := stack[n-1].rec; r >= 0 {
					closeRec(r)
				}
				stack = stack[:n-1]
				continue
			}
			if n == 0 {
				s.buf, s.idPos, s.idName, s.stack = buf, idPos, idName, stack
				return
			}
			if !s.dropped(next) {
				break
			}
			next = int(nodes[next].End)
		}
		j = next
	}
}

// intern returns the number of an identifier text within the file.
func (s *serializer013) intern(name []byte) int32 {
	if id, ok := s.names[string(name)]; ok {
		return id
	}
	id := int32(len(s.names))
	s.names[string(name)] = id
	return id
}

// key returns candidate r's clone key.
func (s *serializer013) key(r *rec013) string {
	return truncatedMD5(s.text(r.bufStart, r.bufEnd, r.idStart, r.idEnd))
}

// text returns the piece buf[from:to] with the identifiers idPos[idFrom:
// idTo] written in as $VARn, numbered afresh from 1. The result is valid
// until the next call.
func (s *serializer013) text(from, to, idFrom, idTo int) []byte {
	if len(s.stamp) < len(s.names) {
		s.stamp = make([]uint32, len(s.names))
		s.num = make([]int, len(s.names))
		s.gen = 0
	}
	if s.gen == math.MaxUint32 {
		clear(s.stamp)
		s.gen = 0
	}
	s.gen++
	count := 0
	out := s.scratch[:0]
	pos := from
	for k := idFrom; k < idTo; k++ {
		out = append(out, s.buf[pos:s.idPos[k]]...)
		pos = s.idPos[k]
		name := s.idName[k]
		if s.stamp[name] != s.gen {
			s.stamp[name] = s.gen
			count++
			s.num[name] = count
		}
		out = append(out, "$VAR"...)
		out = strconv.AppendInt(out, int64(s.num[name]), 10)
	}
	out = append(out, s.buf[pos:to]...)
	s.scratch = out
	return out
}
