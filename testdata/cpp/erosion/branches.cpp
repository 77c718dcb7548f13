// Branches of C++: C's, plus the range-based for, catch and the `and`/`or`
// spellings of && and ||.
#include <stdexcept>
#include <vector>

// else if nests: cc 1 + 2 if = 3; cog 1 + 2 = 3
int sign(int x) { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
    if (x > 0) {
        return 1;
    } else if (x < 0) {
        return -1;
    } else {
        return 0;
    }
}

// Range-for > if > continue: cc 1 + for + if = 3; cog 1 + 2 + 1 = 4
int positives(const std::vector<int> &xs) { // want name:"positives" cc:"3" cog:"4" sloc:"7" nesting:"2"
    int n = 0;
    for (int v : xs) {
        if (v <= 0) {
            continue;
        }
        n++;
    }
    return n;
}

// Each catch is a handler: cc 1 + 2 catch = 3; cog 1 + 1 = 2; try adds nothing
int parse(const char *s) { // want name:"parse" cc:"3" cog:"2" sloc:"7" nesting:"1"
    try {
        return std::stoi(s);
    } catch (const std::invalid_argument &) {
        return 0;
    } catch (...) {
        throw;
    }
}

// `and` and `or` are boolean operators: cc 1 + if + and + or = 4; cog 3
bool inside(int x, int lo, int hi, bool open) { // want name:"inside" cc:"4" cog:"3" sloc:"4" nesting:"1"
    if (x > lo and x < hi or open) {
        return true;
    }
    return false;
}

// switch: cc 1 + 2 non-default cases = 3; cog switch 1 + 2 breaks = 3;
// the lambda's ternary counts here: cc 4, cog 3 + (1 + 1) = 5 as it is
// inside the switch; sloc 13: all but the two lines holding only `}`
int weight(int kind) { // want name:"weight" cc:"4" cog:"5" sloc:"13" nesting:"2"
    int w = 0;
    switch (kind) {
    case 1:
        w = 10;
        break;
    case 2: {
        auto f = [](int k) { return k > 3 ? k : 3; };
        w = f(kind);
        break;
    }
    default:
        w = 1;
    }
    return w;
}

// while, do-while and goto: cc 1 + while + do + if = 4;
// cog while 1 + do 2 + if 3 + goto 1 = 7
int drain(int n) { // want name:"drain" cc:"4" cog:"7" sloc:"10" nesting:"3"
    while (n > 0) {
        do {
            n--;
            if (n == 7) {
                goto done;
            }
        } while (n % 2);
    }
    return n;
done:
    return -1;
}

// A classic for with a ternary in it: cc 1 + for + ?: = 3; cog 1 + (1 + 1) = 3
int evens(int n) { // want name:"evens" cc:"3" cog:"3" sloc:"5" nesting:"2"
    int k = 0;
    for (int i = 0; i < n; i++) {
        k += i % 2 == 0 ? 1 : 0;
    }
    return k;
}

// __except is a handler, as in C: cc 2, cog 1; sloc 7 (`} __except (1) {` is code)
int guarded(int *p) { // want name:"guarded" cc:"2" cog:"1" sloc:"7" nesting:"1"
    int v = 0;
    __try {
        v = *p;
    } __except (1) {
        v = -1;
    }
    return v;
}

// `#if A && B` and `#elif A || B` are compile-time conditions, not branches
// of the function: their operators add nothing. The runtime `and` inside the
// #if block counts: cc 1 + and = 2, cog 1; sloc: signature, #if, return,
// #elif, return, #endif, return = 7
bool configured(bool a, bool b) { // want name:"configured" cc:"2" cog:"1" sloc:"7" nesting:"0"
#if defined(FAST) && FAST > 1
    return a and b;
#elif defined(SLOW) || !defined(FAST)
    return a;
#endif
    return b;
}
