#include "list.h"

int util_sum(const list_t *l); // want status:"used"
