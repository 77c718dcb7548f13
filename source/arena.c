// Per-file arenas for the tree-sitter runtime.
//
// Parsing one file makes millions of small allocations (one per subtree,
// children arrays, parse-stack nodes) and deleting the tree frees each of
// them again: with the C library's allocator that was about a fifth of the
// analysis. A worker instead enters its arena for every call that parses,
// walks or frees a tree; allocations are then cut from large chunks with a
// pointer bump, frees are no-ops, and the next file starts by resetting the
// arena, which drops the previous file's parser and tree at once.
//
// The rule that keeps this sound: inside an arena every object tree-sitter
// touches was allocated in that arena (the parser is created per file,
// inside it), and outside an arena nothing allocated inside one is used.
// So the allocator only has to ask whether the calling thread is in an
// arena, never where a pointer came from. Outside arenas it is the C
// library's allocator, unchanged, which the Go binding relies on when it
// frees runtime memory with free().

#include "arena.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

struct scb_chunk {
	scb_chunk *next;
	size_t size;  // usable bytes after this header
	size_t used;
	size_t pad;   // keeps the data 16-byte aligned
};

// Every arena block is preceded by its capacity, for realloc.
typedef struct {
	size_t cap;
	size_t pad;
} scb_block;

enum {
	SCB_MIN_CHUNK = 1 << 20,   // first chunk of an arena
	SCB_MAX_GROWTH = 64 << 20, // chunks grow with the arena up to this
	SCB_KEEP = 16 << 20,       // the largest chunk up to this survives a reset
};

static __thread scb_arena *scb_current;

static size_t scb_round(size_t n) { return n == 0 ? 16 : (n + 15) & ~(size_t)15; }

static scb_chunk *scb_chunk_new(scb_arena *a, size_t need) {
	size_t total = 0;
	for (scb_chunk *c = a->head; c != NULL; c = c->next) total += c->size;
	size_t size = total < SCB_MIN_CHUNK ? SCB_MIN_CHUNK : total;
	if (size > SCB_MAX_GROWTH) size = SCB_MAX_GROWTH;
	if (size < need) size = need;
	size_t bytes = (size + sizeof(scb_chunk) + 4095) & ~(size_t)4095;
	void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) return NULL;
	scb_chunk *c = m;
	c->next = a->head;
	c->size = bytes - sizeof(scb_chunk);
	c->used = 0;
	a->head = c;
	return c;
}

static void *scb_arena_alloc(scb_arena *a, size_t n) {
	size_t cap = scb_round(n);
	size_t need = sizeof(scb_block) + cap;
	if (cap < n) return NULL;
	scb_chunk *c = a->head;
	if (c == NULL || c->size - c->used < need) {
		c = scb_chunk_new(a, need);
		if (c == NULL) return NULL;
	}
	scb_block *b = (scb_block *)((char *)(c + 1) + c->used);
	c->used += need;
	b->cap = cap;
	a->last = b + 1;
	return b + 1;
}

static void *scb_malloc(size_t n) {
	scb_arena *a = scb_current;
	return a ? scb_arena_alloc(a, n) : malloc(n);
}

static void *scb_calloc(size_t count, size_t size) {
	scb_arena *a = scb_current;
	if (a == NULL) return calloc(count, size);
	if (size != 0 && count > (size_t)-1 / size) return NULL;
	void *p = scb_arena_alloc(a, count * size);
	// Chunks are reused after a reset, so they are not known to be zero.
	if (p != NULL) memset(p, 0, count * size);
	return p;
}

static void *scb_realloc(void *p, size_t n) {
	scb_arena *a = scb_current;
	if (a == NULL) return realloc(p, n);
	if (p == NULL) return scb_arena_alloc(a, n);
	scb_block *b = (scb_block *)p - 1;
	if (n <= b->cap) return p;
	// A growing array is usually the latest block: extend it in place.
	if (a->last == p) {
		size_t extra = scb_round(n) - b->cap;
		scb_chunk *c = a->head;
		if (c->size - c->used >= extra) {
			c->used += extra;
			b->cap += extra;
			return p;
		}
	}
	void *q = scb_arena_alloc(a, n);
	if (q != NULL) memcpy(q, p, b->cap);
	return q;
}

static void scb_free(void *p) {
	scb_arena *a = scb_current;
	if (a == NULL) {
		free(p);
		return;
	}
	// The latest block goes back to its chunk; others wait for the reset.
	if (p != NULL && a->last == p) {
		scb_block *b = (scb_block *)p - 1;
		a->head->used -= sizeof(scb_block) + b->cap;
		a->last = NULL;
	}
}

scb_arena *scb_arena_new(void) { return calloc(1, sizeof(scb_arena)); }

static void scb_unmap(scb_chunk *c) { munmap(c, c->size + sizeof(scb_chunk)); }

void scb_arena_reset(scb_arena *a) {
	scb_chunk *keep = NULL;
	for (scb_chunk *c = a->head, *next; c != NULL; c = next) {
		next = c->next;
		if (c->size <= SCB_KEEP && (keep == NULL || c->size > keep->size)) {
			if (keep != NULL) scb_unmap(keep);
			keep = c;
		} else {
			scb_unmap(c);
		}
	}
	if (keep != NULL) {
		keep->next = NULL;
		keep->used = 0;
	}
	a->head = keep;
	a->last = NULL;
}

void scb_arena_free(scb_arena *a) {
	if (a == NULL) return;
	scb_arena_reset(a);
	if (a->head != NULL) scb_unmap(a->head);
	free(a);
}

void scb_arena_enter(scb_arena *a) { scb_current = a; }

void scb_arena_leave(void) { scb_current = NULL; }

// scb_install_allocator points tree-sitter at the functions above. The Go
// binding installs a callback into Go for every allocation, which costs a
// fifth of the parse time; outside arenas ours is the C library's.
//
// It also caps glibc's per-thread arenas: cgo calls run on many OS threads,
// and each arena kept its own freed memory.
void scb_install_allocator(void) {
	ts_set_allocator(scb_malloc, scb_calloc, scb_realloc, scb_free);
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 2);
#endif
}
