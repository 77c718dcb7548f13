# Python 3.12+ syntax must parse (PEP 701 f-strings, PEP 695 type
# parameters and aliases) along with match.

type Pair[T] = tuple[T, T]
type Nested = list[Pair[int]] | None


class Box[T]:
    def __init__(self, item: T) -> None:  # want name:"Box.__init__" cc:"1" cog:"0" sloc:"2" nesting:"0"
        self.item = item

    # cc: 1 + ternary = 2; `T | U` is a binary operator, not a boolean one
    def get[U](self, default: U) -> T | U:  # want name:"Box.get" cc:"2" cog:"1" sloc:"2" nesting:"1"
        return self.item if self.item is not None else default


def first[T](items: list[T]) -> T:  # want name:"first" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return items[0]


def bounded[T: (int, float), *Ts, **P](x: T) -> T:  # want name:"bounded" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return x


# PEP 701: the same quote kind inside replacement fields, nested f-strings.
def quote(user):  # want name:"quote" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return f"{user["name"]} said {f"{user["msg"]!r}"}"


# A replacement field spread over lines: a string counts only at its first line.
# The `and` inside it is a real node: cc 2, cog 1.
def report(rows):  # want name:"report" cc:"2" cog:"1" sloc:"2" nesting:"0"
    return f"{
        len(rows) and rows[0]
    } rows"


# match with class patterns and a guard: cc 1 + guard = 2
def area(shape):  # want name:"area" cc:"2" cog:"0" sloc:"7" nesting:"0"
    match shape:
        case {"kind": "square", "side": s} if s > 0:
            return s * s
        case _:
            return 0
    return None
