/* low-use-short-function (spec 12.3) with the default budgets. */
#include <ctype.h>

static int clean(int c) { // want "low-use-short-function"
    int lower = tolower(c);
    return lower == ' ' ? '_' : lower;
}

int route(int c) {
    return clean(c);
}

static void countdown(unsigned n) {
    if (n > 0) {
        countdown(n - 1);
    }
}

// scbc ignore[low-use-short-function]
static int tidy(int c) {
    int upper = toupper(c);
    return upper;
}

int tidy_route(int c) {
    return tidy(c);
}
