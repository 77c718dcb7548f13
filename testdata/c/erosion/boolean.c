/* Boolean operators: every binary_expression with a direct && or ||
   child is +1 for cc and for cog; other binary operators add nothing. */

/* `a && b || c` is two boolean binary_expressions: cc 3, cog 2 */
int either(int a, int b, int c) { // want name:"either" cc:"3" cog:"2" sloc:"2" nesting:"0"
    return a && b || c;
}

/* Bitwise and comparison operators are not boolean: only the && counts */
int bits(unsigned a, unsigned b) { // want name:"bits" cc:"2" cog:"1" sloc:"2" nesting:"0"
    return ((a & b) | (a ^ b)) > 0 && a == b;
}

/* ! adds nothing: cc 2, cog 1 */
int negate(int a, int b) { // want name:"negate" cc:"2" cog:"1" sloc:"2" nesting:"0"
    return !(a || b);
}

/* A chain over several lines: every line with a token is SLOC */
int spread(int a, int b, int c) { // want name:"spread" cc:"3" cog:"2" sloc:"4" nesting:"0"
    return a
        || b
        || c;
}

/* `#if A && B` and `#elif A || B` are compile-time conditions, not
   branches of the function: their && and || add nothing. The runtime &&
   inside the #if block counts: cc 1 + && = 2, cog 1; sloc: signature,
   #if, return, #elif, return, #endif, return = 7 */
int configured(int a, int b) { // want name:"configured" cc:"2" cog:"1" sloc:"7" nesting:"0"
#if defined(FAST) && FAST > 1
    return a && b;
#elif defined(SLOW) || !defined(FAST)
    return a;
#endif
    return b;
}
