/* Different names and literal values, the same statements and operators:
   clones (the fingerprint replaces identifiers, numbers and strings). */
#include <stdio.h>

int first(int value) { // want clone:"g1"
    int x = value + 1;
    int y = x * 2;
    return y;
}

int second(int item) { // want clone:"g1"
    int total = item + 7;
    int doubled = total * 3;
    return doubled;
}

/* Comments and a lone string statement are left out of the fingerprint,
   so fourth is a clone of third; type names are kept as they are written
   (`long` differs from `int`), so neither is a clone of first. */
long third(long value) { // want clone:"g2"
    long x = value + 1;
    long y = x * 2;
    return y;
}

long fourth(long item) { // want clone:"g2"
    /* a comment */
    long total = item + 5;
    "a lone string statement";
    long doubled = total * 9; // another
    return doubled;
}

/* Strings become $STR, characters $LIT: a clone of fifth despite the
   different texts. */
void fifth(const char *name) { // want clone:"g3"
    printf("hello %s\n", name);
    putchar('!');
}

void sixth(const char *who) { // want clone:"g3"
    printf("bye %s", who);
    putchar('?');
}

/* One operator differs: not clones. */
int add(int value) {
    int x = value + 1;
    return x;
}

int subtract(int value) {
    int x = value - 1;
    return x;
}

/* A one-statement body is never a clone candidate. */
int one(int v) {
    return v + 1;
}

int other(int w) {
    return w + 1;
}
