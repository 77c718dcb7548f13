/* What is a callable in C, and what adds nothing: prototypes, macros,
   the preprocessor, comments, struct definitions. */
#include <stdarg.h>
#include "local.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#ifdef DEBUG
#define TRACE 1
#endif

struct point {
    int x;
    int y;
};

/* A prototype has no body: not a callable. */
int area(struct point p);

/* Comments and blank lines are not SLOC; the #if lines inside the body
   are code lines but not branches. cc 1, cog 0; sloc: signature, #if,
   return, #else, return, #endif = 6 */
int area(struct point p) { // want name:"area" cc:"1" cog:"0" sloc:"6" nesting:"0"
    /* block comment
       over two lines */

#if TRACE
    return p.x * p.y; // trailing comment
#else
    return p.x * p.y;
#endif
}

/* A macro call's ternary is inside the macro: cc 1, cog 0 */
int bigger(int a, int b) { // want name:"bigger" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return MAX(a, b);
}

/* Variadic: the `...` makes the parameters non-trivial. The for is
   +1 cc and +1 cog. */
static int total(int n, ...) { // want name:"total" cc:"2" cog:"1" sloc:"8" nesting:"1"
    va_list ap;
    int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        s += va_arg(ap, int);
    }
    va_end(ap);
    return s;
}

/* A function returning a function pointer: the name is `getter`, its
   parameters `(void)`. cc 1, cog 0 */
int (*getter(void))(struct point) { // want name:"getter" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return area;
}

/* Microsoft's structured exception handling: __except is a handler, like
   a catch (cc +1, cog +1); __try and __finally add nothing.
   cc 1 + __except = 2; cog 1; sloc 7 (`} __except (1) {` is code) */
int guarded(int *p) { // want name:"guarded" cc:"2" cog:"1" sloc:"7" nesting:"1"
    int v = 0;
    __try {
        v = *p;
    } __except (1) {
        v = -1;
    }
    return v;
}
