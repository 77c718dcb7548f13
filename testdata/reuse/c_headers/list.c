#include <stdlib.h>
#include "list.h"

int list_count = 0;

list_t *list_new(size_t cap) {
    struct list *l = malloc(sizeof *l + cap);
    l->len = 0;
    list_count++;
    return l;
}

void list_sort(list_t *l, enum order o) {
    (void)l;
    (void)o;
}

static int helper(void) { return LIST_MAX; }
