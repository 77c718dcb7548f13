#include "../list.h"

int main(void) { return list_count; }
