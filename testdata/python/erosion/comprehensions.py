# Comprehensions: each comprehension is +1 for cc, each if_clause +1; extra
# for clauses add nothing; none of them scores cognitive complexity.


# cc: 1 + list comprehension = 2; cog 0
def squares(xs):  # want name:"squares" cc:"2" cog:"0" sloc:"2" nesting:"0"
    return [x * x for x in xs]


# cc: 1 + list comprehension + if_clause = 3
def evens(xs):  # want name:"evens" cc:"3" cog:"0" sloc:"2" nesting:"0"
    return [x for x in xs if x % 2 == 0]


# cc: 1 + set + dict + generator = 4 (a generator as the only call argument too)
def collections(xs):  # want name:"collections" cc:"4" cog:"0" sloc:"5" nesting:"0"
    a = {x for x in xs}
    b = {x: x for x in xs}
    c = sum(x for x in xs)
    return a, b, c


# Two for clauses and two if clauses in one comprehension:
# cc: 1 + comprehension + 2 if_clause = 4 (the second for_in_clause adds nothing)
# sloc: the closing `]` alone on its line is SLOC in Python
def cross(xs, ys):  # want name:"cross" cc:"4" cog:"0" sloc:"8" nesting:"0"
    return [
        (x, y)
        for x in xs
        if x
        for y in ys
        if y
    ]


# A comprehension inside a comprehension: cc 1 + 2 = 3
def flatten(rows):  # want name:"flatten" cc:"3" cog:"0" sloc:"2" nesting:"0"
    return [[c for c in row] for row in rows]


# A ternary inside a comprehension: cc 1 + comprehension + ternary = 3; cog: ternary 1
def labels(xs):  # want name:"labels" cc:"3" cog:"1" sloc:"2" nesting:"1"
    return ["pos" if x > 0 else "neg" for x in xs]


# cc: 1 + set comprehension + if_clause + and = 4; cog: and 1
def both(xs):  # want name:"both" cc:"4" cog:"1" sloc:"2" nesting:"0"
    return {x for x in xs if x and x > 1}


# A comprehension under an if scores no cognitive complexity at any depth.
# cc: 1 + if + comprehension + if_clause = 4; cog: if 1
def maybe(xs):  # want name:"maybe" cc:"4" cog:"1" sloc:"4" nesting:"1"
    if xs:
        return [x for x in xs if x]
    return []


# Async comprehension: still one list_comprehension; cc 2
async def gather(stream):  # want name:"gather" cc:"2" cog:"0" sloc:"2" nesting:"0"
    return [x async for x in stream]
