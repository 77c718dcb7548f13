/* Branches: if, else if, the ternary and switch labels (C section of
   docs/languages.md). Lines holding only closing punctuation (`}`, `};`)
   are not SLOC; `} else {` is. */
#include <stddef.h>

/* cc 1, cog 0; sloc: the signature and the return */
int straight(int x) { // want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return x;
}

/* cc: 1 + if = 2; cog: if 1 (a plain else is free, as in Rust).
   nesting: the else block is a child of the if, one flow break deep */
int if_else(int x) { // want name:"if_else" cc:"2" cog:"1" sloc:"5" nesting:"1"
    if (x > 0) {
        return 1;
    } else {
        return 0;
    }
}

/* else if is an if_statement inside the first one's else_clause:
   cc 1 + 2 = 3; cog if 1 + else-if (1 + 1) = 3 */
int sign(int x) { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
    if (x > 0) {
        return 1;
    } else if (x < 0) {
        return -1;
    } else {
        return 0;
    }
}

/* Nested ifs: cc 1 + 3 = 4; cog 1 + 2 + 3 = 6 */
int nested(int a, int b, int c) { // want name:"nested" cc:"4" cog:"6" sloc:"6" nesting:"3"
    if (a) {
        if (b) {
            if (c) {
                return 3;
            }
        }
    }
    return 0;
}

/* The ternary is a branch and a flow break: cc 2, cog 1; its operands
   are one flow break deep (nesting 1) */
int clamp_low(int x) { // want name:"clamp_low" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return x < 0 ? 0 : x;
}

/* A ternary inside an if is nested: cc 1 + if + ?: = 3; cog 1 + (1 + 1) = 3;
   the ternary's operands are two flow breaks deep */
int pick(int ok, int a, int b) { // want name:"pick" cc:"3" cog:"3" sloc:"4" nesting:"2"
    if (ok) {
        return a > b ? a : b;
    }
    return 0;
}

/* Each non-default case label is +1 for cc; default adds nothing; the
   switch is one flow break for cog. Every break is a jump (+1), the one
   after default too. cc 1 + 3 cases = 4; cog switch 1 + 4 breaks = 5;
   sloc 16: every line but the two holding only `}` */
const char *name(int n) { // want name:"name" cc:"4" cog:"5" sloc:"16" nesting:"1"
    const char *s = NULL;
    switch (n) {
    case 0:
        s = "zero";
        break;
    case 1:
        s = "one";
        break;
    case 2:
        s = "two";
        break;
    default:
        s = "many";
        break;
    }
    return s;
}

/* Fall-through labels count one each; an if inside a case is nested
   under the switch: cc 1 + 2 cases + if = 4; cog switch 1 + if (1 + 1) = 3 */
int vowel(char c, int strict) { // want name:"vowel" cc:"4" cog:"3" sloc:"9" nesting:"2"
    switch (c) {
    case 'a':
    case 'e':
        if (strict) {
            return 2;
        }
        return 1;
    default:
        return 0;
    }
}

/* The pointer declarator: the name is the innermost declarator.
   cc 1 + if + && = 3; cog if 1 + && 1 = 2 */
static int *first_positive(int *a, size_t n) { // want name:"first_positive" cc:"3" cog:"2" sloc:"4" nesting:"1"
    if (n > 0 && a[0] > 0) {
        return a;
    }
    return NULL;
}
