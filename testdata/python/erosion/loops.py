# Loops, break and continue, loop else (spec 7 and 8).


# cc: 1 + for = 2; cog: for 1
def simple_for(items):  # want name:"simple_for" cc:"2" cog:"1" sloc:"3" nesting:"1"
    for item in items:
        print(item)


# cc: 1 + while = 2; cog: while 1
def simple_while(n):  # want name:"simple_while" cc:"2" cog:"1" sloc:"4" nesting:"1"
    while n > 0:
        n -= 1
    return n


# break and continue score 1 each, with no nesting increment.
# cc: 1 + for + 2 if = 4 (break and continue add nothing to cc)
# cog: for 1 + if 2 + continue 1 + if 2 + break 1 = 7
def skip_and_stop(items):  # want name:"skip_and_stop" cc:"4" cog:"7" sloc:"7" nesting:"2"
    for item in items:
        if item is None:
            continue
        if item < 0:
            break
        print(item)


# The reference's vector: for > if > while > break.
# cc: 1 + for + if + while = 4; cog: 1 + 2 + 3 + 1 = 7
def search(grid):  # want name:"search" cc:"4" cog:"7" sloc:"5" nesting:"3"
    for row in grid:
        if row:
            while True:
                break


# A for loop's else is an else_clause child of the for: cc 0, cog 1 + 1.
# cc: 1 + for + if = 3; cog: for 1 + if 2 + break 1 + else 2 = 6
def find_first(items, target):  # want name:"find_first" cc:"3" cog:"6" sloc:"7" nesting:"2"
    for item in items:
        if item == target:
            break
    else:
        return None
    return target


# A while loop's else: cc 1 + while = 2; cog: while 1 + else 2 = 3
def countdown(n):  # want name:"countdown" cc:"2" cog:"3" sloc:"6" nesting:"2"
    while n:
        n -= 1
    else:
        n = -1
    return n


# async for is a for_statement: cc 2, cog 1
async def consume(stream):  # want name:"consume" cc:"2" cog:"1" sloc:"3" nesting:"1"
    async for chunk in stream:
        await chunk


# cc: 1 + for + for + if = 4; cog: 1 + 2 + 3 + continue 1 = 7
def pairs(xs, ys):  # want name:"pairs" cc:"4" cog:"7" sloc:"6" nesting:"3"
    for x in xs:
        for y in ys:
            if x == y:
                continue
            yield x, y


# A loop at module level is nobody's complexity.
for _name in ("a", "b"):
    print(_name)
