#ifndef LIST_H
#define LIST_H

#include <stddef.h>

#define LIST_MAX 64
#define LIST_EMPTY(l) ((l)->len == 0)

struct list { // want status:"same_module_only"
    int len;
};

typedef struct list list_t; // want status:"used"

enum order { // want status:"same_module_only"
    ASCENDING, // want status:"used"
    DESCENDING // want status:"unused"
};

extern int list_count; // want status:"test_only"

list_t *list_new(size_t cap); // want status:"used"
void list_sort(list_t *l, enum order o); // want status:"unused"

static inline int list_len(const list_t *l) { return l->len; } // want status:"used"

#endif
