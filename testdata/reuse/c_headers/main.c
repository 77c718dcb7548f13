#include <stdio.h>
#include "util.h"
#include "missing.h"
#include "broken.h"

int main(void) {
    list_t *l = list_new(LIST_MAX);
    printf("%d %d\n", util_sum(l), ASCENDING);
    return 0;
}
