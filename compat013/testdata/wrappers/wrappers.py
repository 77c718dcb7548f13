"""0.1.3 trivial-wrapper, single-return functions (0.1.3 §8): the def line of each carries its id."""
from typing import TYPE_CHECKING


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    @property
    def norm(self):  # want "trivial-wrapper"
        return abs(self.x) + abs(self.y)

    def __repr__(self):  # want "trivial-wrapper"
        return f"Point({self.x}, {self.y})"


def stop():  # want "trivial-wrapper"
    return


def documented(value):  # want "trivial-wrapper"
    """The docstring is not a statement, and neither is a comment."""
    # a comment
    return value * 2


def two_statements(value):
    doubled = value * 2
    return doubled


def bytes_first():
    b"a bytes statement counts"
    return 1


def formatted_first(value):
    f"an f-string statement counts {value}"
    return value


def only_docstring():
    """No statement at all."""


def only_pass():
    pass


def conditional(value):
    if value:
        return value


def outer(value):
    def inner():  # want "trivial-wrapper"
        return value

    return inner


def one_liner(value): return value  # want "trivial-wrapper"


def two_on_a_line(value): value += 1; return value


if TYPE_CHECKING:
    def hidden_from_the_finder():  # want "trivial-wrapper"
        return None
