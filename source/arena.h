// Per-file memory arenas for the tree-sitter runtime; see arena.c.
#ifndef SCB_ARENA_H
#define SCB_ARENA_H

#include <stddef.h>

typedef struct scb_chunk scb_chunk;

// scb_arena is one worker's arena. Every allocation tree-sitter makes while
// the arena is entered is carved from its chunks; freeing such memory does
// nothing, and scb_arena_reset drops all of it at once.
typedef struct {
	scb_chunk *head;  // chunk being filled; older chunks follow
	void *last;       // latest block, which realloc may grow in place
} scb_arena;

scb_arena *scb_arena_new(void);
void scb_arena_free(scb_arena *a);
void scb_arena_reset(scb_arena *a);
void scb_arena_enter(scb_arena *a);
void scb_arena_leave(void);
void scb_install_allocator(void);

#endif
