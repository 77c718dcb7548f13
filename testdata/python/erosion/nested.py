# Nested functions, lambdas and classes count in their parents too
# (spec 19 item 1): cc, cog and SLOC lines are double counted.
import functools


# keep: cc 1 + if = 2; cog 1; sloc 4.
# outer: cc 1 + keep's if + for = 3; cog: if 1 (a def adds no nesting) + for 1 = 2;
# sloc: all 7 lines, keep's included.
def outer(xs):  # want name:"outer" cc:"3" cog:"2" sloc:"7" nesting:"1"
    def keep(x):  # want name:"outer.keep" cc:"2" cog:"1" sloc:"4" nesting:"1"
        if x:
            return x
        return None
    for x in xs:
        keep(x)


# A def inside an if: the inner function's if sits at nesting 1 of the outer.
# factory: cc 1 + 2 if = 3; cog: if 1 + inner if (1 + 1) = 3
def factory(flag):  # want name:"factory" cc:"3" cog:"3" sloc:"8" nesting:"2"
    if flag:
        def pick(x):  # want name:"factory.pick" cc:"2" cog:"1" sloc:"4" nesting:"1"
            if x:
                return 1
            return 0
        return pick
    return None


# Three levels: each level counts everything below it.
# level3: or → cc 2, cog 1
# level2: level3's or + and → cc 3, cog 2
# level1: or + and + ternary → cc 4, cog 3
def level1(a):  # want name:"level1" cc:"4" cog:"3" sloc:"6" nesting:"1"
    def level2(b):  # want name:"level1.level2" cc:"3" cog:"2" sloc:"4" nesting:"0"
        def level3(c):  # want name:"level1.level2.level3" cc:"2" cog:"1" sloc:"2" nesting:"0"
            return c or a
        return level3(b) and b
    return level2(a) if a else None


# A lambda is not a callable; its ternary and `or` count in the parent.
# cc: 1 + ternary + or = 3; cog: ternary 1 + or 1 = 2
def sorter(items):  # want name:"sorter" cc:"3" cog:"2" sloc:"3" nesting:"1"
    key = lambda x: x.name if x else x.id or 0
    return sorted(items, key=key)


# A lambda inside a loop: its ternary sits at nesting 1 → for 1 + ternary 2 = 3.
def scaled(rows):  # want name:"scaled" cc:"3" cog:"3" sloc:"4" nesting:"2"
    for row in rows:
        f = lambda v: v if v > 0 else -v
        print(f(row))


# A class inside a function: its method counts in the function too.
def make():  # want name:"make" cc:"2" cog:"1" sloc:"7" nesting:"1"
    class Local:
        def run(self, x):  # want name:"make.Local.run" cc:"2" cog:"1" sloc:"4" nesting:"1"
            while x:
                x -= 1
            return x
    return Local


# Decorators are outside the span: the decorator's `or` and its line count nowhere.
@functools.lru_cache(maxsize=SIZE or 10)
def cached(x):  # want name:"cached" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return x


# Nested decorated function: the decorator line is in the outer span only.
def wrapper(fn):  # want name:"wrapper" cc:"2" cog:"1" sloc:"7" nesting:"1"
    @functools.wraps(fn)
    def inner(*args):  # want name:"wrapper.inner" cc:"2" cog:"1" sloc:"4" nesting:"1"
        if args:
            return fn(*args)
        return None
    return inner


async def fetch(client, url):  # want name:"fetch" cc:"2" cog:"1" sloc:"4" nesting:"1"
    if url:
        return await client.get(url)
    return None


# Functions defined inside if/else and try/except blocks at module level are
# callables too (the Python-era tool missed them).
if TYPE_CHECKING:
    def typed(x):  # want name:"typed" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return x
else:
    def typed(x):  # want name:"typed" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return x

try:
    def fast(x):  # want name:"fast" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return x
except ImportError:
    def fast(x):  # want name:"fast" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return -x

with open(__file__) as _handle:
    def in_with():  # want name:"in_with" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return None
