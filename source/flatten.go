package source

/*
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <malloc.h>

// The subset of the tree-sitter C API used here. The runtime itself is
// compiled and linked by github.com/tree-sitter/go-tree-sitter, which this
// package imports; declaring the few functions we call keeps the flattening
// walk in one C call per file instead of several cgo calls per node.
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct TSLanguage TSLanguage;
typedef struct { uint32_t row; uint32_t column; } TSPoint;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_parser_reset(TSParser *self);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
uint16_t ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSPoint ts_node_start_point(TSNode self);
TSPoint ts_node_end_point(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_extra(TSNode self);
bool ts_node_is_error(TSNode self);
bool ts_node_has_error(TSNode self);
uint32_t ts_node_descendant_count(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

// scb_use_libc_allocator points tree-sitter back at the C library's
// allocator. The Go binding routes every allocation through a callback
// into Go (itself calling C malloc), which costs about a fifth of the parse
// time; memory from either path is plain malloc memory.
//
// It also caps glibc's per-thread arenas: cgo calls run on many OS threads,
// and each arena kept its own freed tree memory, which doubled peak RSS.
static void scb_use_libc_allocator(void) {
	ts_set_allocator(malloc, calloc, realloc, free);
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 2);
#endif
}

typedef struct {
	uint32_t start_byte, end_byte, start_row, end_row;
	int32_t end, parent;
	uint16_t kind, field;
	uint8_t flags;
	uint8_t pad[3];
} scb_node;

enum { SCB_NAMED = 1 };
enum { SCB_SYM_FIELDS = 1, SCB_SYM_NAMED = 2 };
enum { SCB_TRIM_NODES = 200000 };

static TSParser *scb_parser_new(const void *language) {
	TSParser *p = ts_parser_new();
	if (p == NULL) return NULL;
	if (!ts_parser_set_language(p, (const TSLanguage *)language)) {
		ts_parser_delete(p);
		return NULL;
	}
	return p;
}

// scb_parse parses src and reports the tree's node count and whether it
// holds an ERROR or MISSING node. The caller flattens and frees the tree.
static TSTree *scb_parse(TSParser *p, const char *src, uint32_t len, uint32_t *count, int *has_error) {
	TSTree *t = ts_parser_parse_string(p, NULL, src, len);
	if (t == NULL) {
		ts_parser_reset(p);
		return NULL;
	}
	TSNode root = ts_tree_root_node(t);
	*count = ts_node_descendant_count(root);
	*has_error = ts_node_has_error(root) ? 1 : 0;
	return t;
}

// scb_flatten writes the tree in preorder into out (cap entries) and frees
// the tree. Every record holds its parent's index and the index one past
// its last descendant, so Go walks the tree with plain loops.
// sym[symbol] holds SCB_SYM_* bits computed once per grammar, so the walk
// reads them instead of asking tree-sitter for every node.
static uint32_t scb_flatten(TSTree *t, scb_node *out, uint32_t cap, const uint8_t *sym, uint32_t nsym) {
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	uint32_t n = 0;
	int32_t top = -1;
	for (;;) {
		if (n == cap) break;
		TSNode node = ts_tree_cursor_current_node(&c);
		scb_node *r = &out[n];
		TSPoint sp = ts_node_start_point(node), ep = ts_node_end_point(node);
		r->start_byte = ts_node_start_byte(node);
		r->end_byte = ts_node_end_byte(node);
		r->start_row = sp.row;
		r->end_row = ep.row;
		r->parent = top;
		r->kind = ts_node_symbol(node);
		uint8_t bits = r->kind < nsym ? sym[r->kind] : 0;
		// Looking up a field id is one of the dearest steps of the walk;
		// only children of kinds that have fields can carry one.
		r->field = (top >= 0 && out[top].kind < nsym && (sym[out[top].kind] & SCB_SYM_FIELDS))
			? ts_tree_cursor_current_field_id(&c) : 0;
		// Named-ness is the public symbol's (aliases included); trees with
		// ERROR or MISSING nodes are rejected before flattening.
		r->flags = (bits & SCB_SYM_NAMED) ? SCB_NAMED : 0;
		r->end = (int32_t)(n + 1);
		int32_t self = (int32_t)n;
		n++;
		if (ts_tree_cursor_goto_first_child(&c)) {
			top = self;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) goto done;
			out[top].end = (int32_t)n;
			top = out[top].parent;
		}
	}
done:
	ts_tree_cursor_delete(&c);
	ts_tree_delete(t);
	// Hand a large tree's memory back to the system at once rather than
	// keeping it in the allocator's free lists.
	if (n > SCB_TRIM_NODES) malloc_trim(0);
	return n;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scbcheck/scbcheck/lang"
)

// The runtime symbols declared above are defined by the binding's package,
// whose init (run before ours) installs its callback allocator.
var _ = sitter.NewLanguage

func init() { C.scb_use_libc_allocator() }

// flat is the C record layout mirrored in Go; Node must match it byte for
// byte (checked by a test).
type flat = C.scb_node

// Node is one syntax node of a flattened tree, in preorder. The children
// of node i are found by starting at i+1 and jumping to each child's End
// until reaching i's End.
type Node struct {
	StartByte, EndByte uint32
	// StartRow and EndRow are 0-based line numbers.
	StartRow, EndRow uint32
	// End is the index one past this node's last descendant.
	End int32
	// Parent is the parent's index, -1 for the root.
	Parent int32
	// Kind is the grammar's symbol id; see Grammar.KindName.
	Kind uint16
	// Field is the field id under the parent, 0 when none.
	Field uint16
	// Flags holds the FlagNamed bit.
	Flags uint8
	_     [3]uint8
}

// Bits of Grammar.symbols, read by the C walk.
const (
	symFields = C.SCB_SYM_FIELDS
	symNamed  = C.SCB_SYM_NAMED
)

// Node flag bits.
const (
	FlagNamed = C.SCB_NAMED
)

// ErrSyntax reports that a source file does not parse cleanly (its tree
// holds an ERROR or MISSING node).
var ErrSyntax = errors.New("syntax error")

// SyntaxError is the error of a file whose tree holds an ERROR or MISSING
// node; its text is the reference's skip reason.
type SyntaxError struct{ Lang string }

func (e *SyntaxError) Error() string { return "failed to parse " + e.Lang + " source" }

// Is makes errors.Is(err, ErrSyntax) hold.
func (e *SyntaxError) Is(target error) bool { return target == ErrSyntax }

// Parser parses one language. It is not safe for concurrent use; create
// one per worker and Close it when done.
type Parser struct {
	spec    *lang.Spec
	grammar *Grammar
	p       *C.TSParser
}

// NewParser returns a parser for the language.
func NewParser(spec *lang.Spec) (*Parser, error) {
	g := GrammarOf(spec)
	p := C.scb_parser_new(spec.Grammar())
	if p == nil {
		return nil, fmt.Errorf("%s: tree-sitter refused the grammar (ABI mismatch)", spec.Name)
	}
	return &Parser{spec: spec, grammar: g, p: p}, nil
}

// Close frees the parser. It is safe to call more than once.
func (p *Parser) Close() {
	if p.p != nil {
		C.ts_parser_delete(p.p)
		p.p = nil
	}
}

// Parse parses src into a flattened tree. The tree-sitter tree is freed
// before Parse returns. A tree with an ERROR or MISSING node is rejected
// with ErrSyntax, as the reference does.
func (p *Parser) Parse(src []byte) (*Tree, error) {
	var count C.uint32_t
	var hasErr C.int
	var ptr *C.char
	if len(src) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	if uint64(len(src)) > uint64(^uint32(0)) {
		return nil, fmt.Errorf("file too large to parse (%d bytes)", len(src))
	}
	t := C.scb_parse(p.p, ptr, C.uint32_t(len(src)), &count, &hasErr)
	if t == nil {
		return nil, fmt.Errorf("failed to parse %s source", p.spec.Name)
	}
	if hasErr != 0 {
		C.ts_tree_delete(t)
		return nil, &SyntaxError{Lang: p.spec.Name}
	}
	nodes := make([]Node, int(count))
	var n C.uint32_t
	if count > 0 {
		sym := p.grammar.symbols
		n = C.scb_flatten(t, (*flat)(unsafe.Pointer(&nodes[0])), count,
			(*C.uint8_t)(unsafe.Pointer(&sym[0])), C.uint32_t(len(sym)))
	} else {
		C.ts_tree_delete(t)
	}
	return &Tree{Lang: p.spec, Grammar: p.grammar, Src: src, Nodes: nodes[:int(n)]}, nil
}
