from typing import TypeAlias


class Shape:  # want status:"used"
    pass


Vector: TypeAlias = list  # want status:"used"

type Matrix = list[list[float]]  # want status:"maybe_used"


def area(s):  # want status:"used"
    return 0
