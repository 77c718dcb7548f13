# Boolean operators: every boolean_operator node is +1 for cc and for cog,
# at any nesting and whatever its neighbours (spec 19 item 2).


# `a and b and c` is two nested boolean_operator nodes: cc 3, cog 2
def all_three(a, b, c):  # want name:"all_three" cc:"3" cog:"2" sloc:"2" nesting:"0"
    return a and b and c


# `not (a and b) or c`: one and, one or; not adds nothing
def mixed(a, b, c):  # want name:"mixed" cc:"3" cog:"2" sloc:"2" nesting:"0"
    return not (a and b) or c


# The reference's vector: cc 1 + if + and = 3; cog if 1 + and 1 = 2; sloc 4.
# The `and` sits inside the if, so the deepest nesting is 1.
def route(value, fallback=None):  # want name:"route" cc:"3" cog:"2" sloc:"4" nesting:"1"
    if value and fallback:
        return mk(value)
    return fallback


# cc: 1 + if + or + while + and + or = 6
# cog: if 1 + or 1 + while (1 + 1) + and 1 + or 1 = 6
def guarded_loop(a, b, c, d):  # want name:"guarded_loop" cc:"6" cog:"6" sloc:"4" nesting:"2"
    if a or b:
        while c and d or a:
            a = False


# Comparisons, chained comparisons and bitwise operators are not boolean operators.
def compare(a, b, c):  # want name:"compare" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return (a < b < c) == (a & b | c != 0)


# The parameter list is part of the function's subtree: the default's `or` counts.
def with_default(x=DEFAULT or None):  # want name:"with_default" cc:"2" cog:"1" sloc:"2" nesting:"0"
    return x


# A boolean operator spread over several lines: each line with a token is SLOC.
def spread(a, b, c):  # want name:"spread" cc:"3" cog:"2" sloc:"6" nesting:"0"
    return (
        a
        or b
        or c
    )
