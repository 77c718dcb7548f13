# Branches: if, elif, else and conditional expressions (spec 7 and 8).
# Every callable states its numbers on its def line; the comments above a
# function show how they were derived. sloc counts the def line and every
# body line holding a token; comments are never SLOC.

THRESHOLD = 3 if True else 4  # module-level code belongs to no function


# cc 1 (no branch); cog 0; nesting 0; sloc: def + return
def straight(x):  # want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return x


# cc: 1 + if = 2
# cog: if 1 (nesting 0)
# nesting: the if's children sit at depth 1
def single_if(x):  # want name:"single_if" cc:"2" cog:"1" sloc:"4" nesting:"1"
    if x:
        return 1
    return 0


# cc: 1 + if = 2 (else adds nothing to cc)
# cog: if 1 + else 2 (else_clause is a child of the if, so it scores 1 + 1)
# nesting: the else's children are two flow breaks deep
def if_else(x):  # want name:"if_else" cc:"2" cog:"3" sloc:"5" nesting:"2"
    if x:
        return 1
    else:
        return 0


# The elif/else nesting quirk (spec 19 item 2): a top-level if/elif/else.
# cc: 1 + if + elif = 3
# cog: if 1 + elif 2 + else 2 = 5 (Sonar would say 3)
def top_level_elif(x):  # want name:"top_level_elif" cc:"3" cog:"5" sloc:"7" nesting:"2"
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


# cc: 1 + if + 3 elif = 5
# cog: if 1 + 3 x elif 2 = 7 (every elif is a child of the one if)
def elif_chain(x):  # want name:"elif_chain" cc:"5" cog:"7" sloc:"10" nesting:"2"
    if x == 1:
        return "one"
    elif x == 2:
        return "two"
    elif x == 3:
        return "three"
    elif x == 4:
        return "four"
    return "many"


# An if inside an elif body sits under two flow breaks (if, elif).
# cc: 1 + if + elif + if = 4
# cog: if 1 + elif 2 + inner if (1 + 2) = 6
def if_inside_elif(x, y):  # want name:"if_inside_elif" cc:"4" cog:"6" sloc:"7" nesting:"3"
    if x:
        return 1
    elif y:
        if x is None:
            return 2
    return 3


# cc: 1 + 3 if = 4
# cog: 1 + 2 + 3 = 6
def nested_ifs(a, b, c):  # want name:"nested_ifs" cc:"4" cog:"6" sloc:"6" nesting:"3"
    if a:
        if b:
            if c:
                return 1
    return 0


# A conditional expression is a branch (cc +1) and a flow break (cog 1 + nesting).
def ternary(x):  # want name:"ternary" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return "yes" if x else "no"


# cc: 1 + if + ternary = 3
# cog: if 1 + ternary inside it (1 + 1) = 3
def ternary_in_if(x, y):  # want name:"ternary_in_if" cc:"3" cog:"3" sloc:"4" nesting:"2"
    if x:
        return y if y else x
    return None


# `a if p else b if q else c` nests the second ternary in the first one.
# cc: 1 + 2 ternaries = 3; cog: 1 + (1 + 1) = 3
def chained_ternary(p, q):  # want name:"chained_ternary" cc:"3" cog:"3" sloc:"2" nesting:"2"
    return "a" if p else "b" if q else "c"


# Deep nesting: for 1, while 2, if 3, if 4, for 5.
# cc: 1 + 5 = 6; cog: 1 + 2 + 3 + 4 + 5 = 15 (above the threshold of 10)
def deep(rows):  # want name:"deep" cc:"6" cog:"15" sloc:"9" nesting:"5"
    for row in rows:
        while row:
            if row[0]:
                if row[1]:
                    for cell in row:
                        print(cell)
            row = row[1:]
    return rows


# Twelve branches: cc 1 + if + 10 elif + 1 and = 13 (> 10, a high-cc function).
# cog: if 1 + 10 x elif 2 + and 1 = 22
# sloc: def + 11 conditions + 11 returns + final return = 24
def many_branches(code, strict):  # want name:"many_branches" cc:"13" cog:"22" sloc:"24" nesting:"2"
    if code == 0:
        return "a"
    elif code == 1:
        return "b"
    elif code == 2:
        return "c"
    elif code == 3:
        return "d"
    elif code == 4:
        return "e"
    elif code == 5:
        return "f"
    elif code == 6:
        return "g"
    elif code == 7:
        return "h"
    elif code == 8:
        return "i"
    elif code == 9:
        return "j"
    elif code == 10 and strict:
        return "k"
    return "z"
