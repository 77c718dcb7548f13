# scb-check 0.1.3's function visitor (0.1.3 §4): it descends only through
# module, class, decorated-definition and block children, and into a
# function's own children. Every function it finds carries a want; a def it
# does not find carries none (the test fails on a function found without
# one), and a comment says why.
import functools
from typing import TYPE_CHECKING


def top():  # want name:"top" sloc:"4"
    def nested():  # want name:"top.nested" sloc:"2"
        return 1
    return nested


class Box:
    @functools.cache
    def cached(self):  # want name:"Box.cached" sloc:"2"
        return 1

    class Inner:
        def deep(self):  # want name:"Box.Inner.deep" sloc:"2"
            return 2


if TYPE_CHECKING:
    # Under an if body: 0.1.3 does not count it (0.2.0 does).
    def hidden():
        return 3

try:
    import fast
except ImportError:
    # Under an except clause: not counted either.
    def fast():
        return 4

for _ in range(1):
    # A for body.
    def looped():
        return 5


def outer():  # want name:"outer" sloc:"5"
    with open("x") as f:
        # A with body inside a function: the visitor stops at the with.
        def inner():
            return f
    return inner


# Python 3.12's tokenize splits a multi-line f-string (0.1.3 §3): its start
# and first piece on the return line, {name} on the next, the piece after it
# starting there too, {n} two lines on, the last piece there and the closing
# quotes on the last line. "plain line" lies inside one piece: not SLOC. So
# the def, return, hello, count and closing lines: 5.
def render(name, n):  # want name:"render" sloc:"5"
    return f"""
hello {name}
plain line
count {n}
"""
