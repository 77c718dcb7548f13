package source

/*
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "arena.h"

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
typedef struct {
	void *payload;
	const char *(*read)(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read);
	int encoding; // TSInputEncodingUTF8
	void *decode;
} TSInput;
typedef struct { void *payload; uint32_t current_byte_offset; bool has_error; } TSParseState;
typedef struct { void *payload; bool (*progress_callback)(TSParseState *state); } TSParseOptions;
TSTree *ts_parser_parse_with_options(TSParser *self, const TSTree *old_tree, TSInput input, TSParseOptions options);
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
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
typedef struct {
	uint32_t start_byte, end_byte, start_row, end_row;
	int32_t end, parent;
	uint16_t kind, field;
	uint8_t flags;
	uint8_t pad[3];
} scb_node;

enum { SCB_NAMED = 1 };
enum { SCB_SYM_FIELDS = 1, SCB_SYM_NAMED = 2 };

// scb_accepts reports whether this runtime accepts the grammar (its ABI
// version is in the supported range).
static int scb_accepts(const void *language) {
	TSParser *p = ts_parser_new();
	if (p == NULL) return 0;
	int ok = ts_parser_set_language(p, (const TSLanguage *)language);
	ts_parser_delete(p);
	return ok;
}

// scb_source is the one buffer tree-sitter reads, with the flag that
// stops the parse.
typedef struct {
	const char *src;
	uint32_t len;
	const int32_t *halt; // set (atomically, by Go) to stop; NULL for never
	int halted;
} scb_source;

// scb_halted reads the stop flag; the Go side sets it from another thread.
static int scb_halted(const int32_t *halt) {
	return halt != NULL && __atomic_load_n(halt, __ATOMIC_RELAXED) != 0;
}

static const char *scb_read(void *payload, uint32_t byte, TSPoint pos, uint32_t *n) {
	scb_source *s = payload;
	(void)pos;
	if (byte >= s->len) {
		*n = 0;
		return "";
	}
	*n = s->len - byte;
	return s->src + byte;
}

// scb_progress is called by the parser every hundred or so operations;
// returning true cancels the parse.
static bool scb_progress(TSParseState *state) {
	scb_source *s = state->payload;
	if (!scb_halted(s->halt)) return false;
	s->halted = 1;
	return true;
}

// scb_parse parses src in the arena a, with a parser made for this file in
// the same arena, and reports the tree's node count and whether it holds an
// ERROR or MISSING node. The tree lives until the arena is next reset: by
// scb_flatten, or by the next scb_parse. Once *halt is set the parse is
// given up (*halted is set, NULL returned).
static TSTree *scb_parse(scb_arena *a, const void *language, const char *src, uint32_t len,
		const int32_t *halt, uint32_t *count, int *has_error, int *halted) {
	scb_arena_reset(a);
	scb_arena_enter(a);
	scb_source in = {src, len, halt, 0};
	TSTree *t = NULL;
	TSParser *p = ts_parser_new();
	if (p != NULL) {
		if (ts_parser_set_language(p, (const TSLanguage *)language)) {
			TSInput input = {&in, scb_read, 0, NULL};
			TSParseOptions opts = {&in, scb_progress};
			t = ts_parser_parse_with_options(p, NULL, input, opts);
		}
		ts_parser_delete(p);
	}
	*halted = in.halted;
	if (t != NULL) {
		TSNode root = ts_tree_root_node(t);
		*count = ts_node_descendant_count(root);
		*has_error = ts_node_has_error(root) ? 1 : 0;
	}
	scb_arena_leave();
	return t;
}

// scb_flatten writes the tree in preorder into out (cap entries) and frees
// the tree. Every record holds its parent's index and the index one past
// its last descendant, so Go walks the tree with plain loops.
// Resetting the arena frees the tree, the parser and the cursor at once.
// sym[symbol] holds SCB_SYM_* bits computed once per grammar, so the walk
// reads them instead of asking tree-sitter for every node. Once *halt is
// set the walk stops early (*halted is set).
static uint32_t scb_flatten(scb_arena *a, TSTree *t, scb_node *out, uint32_t cap,
		const uint8_t *sym, uint32_t nsym, const int32_t *halt, int *halted) {
	scb_arena_enter(a);
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	uint32_t n = 0;
	int32_t top = -1;
	for (;;) {
		if (n == cap) break;
		if ((n & 4095) == 0 && scb_halted(halt)) {
			*halted = 1;
			break;
		}
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
	scb_arena_leave();
	scb_arena_reset(a);
	return n;
}
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
)

// The runtime symbols declared above are defined by the binding's package,
// whose init (run before ours) installs its callback allocator.
var _ = sitter.NewLanguage

func init() { C.scb_install_allocator() }

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

// ErrTimeout reports that a parse took longer than the parser's Timeout.
var ErrTimeout = errors.New("parse timed out")

// TimeoutError is the error of a parse given up after Parser.Timeout; its
// text is the skipped file's reason.
type TimeoutError struct {
	Lang  string
	After time.Duration
	// Analysis is set when the parse was done in time but the analyses
	// of the tree, counted from the parse's start, were not.
	Analysis bool
}

func (e *TimeoutError) Error() string { return e.OptionText().String() }

// OptionText is the message, naming the option that sets the timeout.
func (e *TimeoutError) OptionText() option.Text {
	what := "parsing"
	if e.Analysis {
		what = "parsing and analysing"
	}
	return option.Text{option.Lit(fmt.Sprintf("%s the %s source took longer than %s; given up (see ", what, e.Lang, e.After)),
		option.Name(option.ParseTimeout), option.Lit(")")}
}

// Is makes errors.Is(err, ErrTimeout) hold.
func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

// Parser parses one language. It is not safe for concurrent use; create
// one per worker and Close it when done.
type Parser struct {
	spec    *lang.Spec
	grammar *Grammar
	arena   *C.scb_arena
	// Timeout bounds each Parse; zero means no bound.
	Timeout time.Duration
}

// NewParser returns a parser for the language.
func NewParser(spec *lang.Spec) (*Parser, error) {
	g := GrammarOf(spec)
	if C.scb_accepts(spec.Grammar()) == 0 {
		return nil, fmt.Errorf("%s: tree-sitter refused the grammar (ABI mismatch)", spec.Name)
	}
	a := C.scb_arena_new()
	if a == nil {
		return nil, fmt.Errorf("%s: out of memory for the parser", spec.Name)
	}
	return &Parser{spec: spec, grammar: g, arena: a}, nil
}

// Close frees the parser and its memory. It is safe to call more than once.
func (p *Parser) Close() {
	if p.arena != nil {
		C.scb_arena_free(p.arena)
		p.arena = nil
	}
}

// Parse parses src into a flattened tree. The tree-sitter tree is freed
// before Parse returns. A tree with an ERROR or MISSING node is rejected
// with ErrSyntax, as the reference does. A parse longer than p.Timeout is
// given up with a TimeoutError.
func (p *Parser) Parse(src []byte) (*Tree, error) {
	if p.Timeout <= 0 {
		return p.ParseContext(context.Background(), src)
	}
	ctx, cancel := context.WithTimeout(context.Background(), p.Timeout)
	defer cancel()
	t, err := p.ParseContext(ctx, src)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, &TimeoutError{Lang: p.spec.Name, After: p.Timeout}
	}
	return t, err
}

// ParseContext is Parse bounded by ctx instead of p.Timeout: once ctx is
// done the parse is given up within a few thousand steps, returning
// ctx's error. The tree returned follows ctx too (see Tree.Stopped), so
// the analyses of one file can share one bound and one cancellation.
func (p *Parser) ParseContext(ctx context.Context, src []byte) (*Tree, error) {
	if p.arena == nil {
		return nil, errors.New("parser used after Close")
	}
	if uint64(len(src)) > uint64(^uint32(0)) {
		return nil, fmt.Errorf("file too large to parse (%d bytes)", len(src))
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("parsing the %s source: %w", p.spec.Name, err)
	}
	var halt *atomic.Int32
	var haltC *C.int32_t
	if ctx.Done() != nil {
		// Go memory holding no pointer, read by C only during the calls
		// below (cgo's rules); each parse has its own flag, so a late
		// AfterFunc of one file cannot stop the next. It stays registered
		// until ctx is done, for the tree: give each file a context that
		// ends with its work.
		halt = new(atomic.Int32)
		haltC = (*C.int32_t)(unsafe.Pointer(halt))
		context.AfterFunc(ctx, func() { halt.Store(1) })
	}
	var count C.uint32_t
	var hasErr C.int
	var ptr *C.char
	if len(src) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	var halted C.int
	t := C.scb_parse(p.arena, p.spec.Grammar(), ptr, C.uint32_t(len(src)), haltC, &count, &hasErr, &halted)
	if t == nil {
		C.scb_arena_reset(p.arena)
		if halted != 0 {
			return nil, fmt.Errorf("parsing the %s source: %w", p.spec.Name, ctx.Err())
		}
		return nil, fmt.Errorf("failed to parse %s source", p.spec.Name)
	}
	if hasErr != 0 {
		C.scb_arena_reset(p.arena)
		return nil, &SyntaxError{Lang: p.spec.Name}
	}
	nodes := make([]Node, int(count))
	var n C.uint32_t
	if count > 0 {
		sym := p.grammar.symbols
		n = C.scb_flatten(p.arena, t, (*flat)(unsafe.Pointer(&nodes[0])), count,
			(*C.uint8_t)(unsafe.Pointer(&sym[0])), C.uint32_t(len(sym)), haltC, &halted)
	} else {
		C.scb_arena_reset(p.arena)
	}
	if halted != 0 {
		return nil, fmt.Errorf("flattening the %s tree: %w", p.spec.Name, ctx.Err())
	}
	return &Tree{Lang: p.spec, Grammar: p.grammar, Src: src, Nodes: nodes[:int(n)], halt: halt}, nil
}
