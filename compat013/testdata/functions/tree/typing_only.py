# want read013:"yes" read020:"yes" functions013:"1" functions020:"2"
# A def inside `if TYPE_CHECKING:` is a function for 0.2.0, not for 0.1.3
# (0.1.3 §4): its visitor does not descend into an if body.
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    def only_for_checkers(x):
        return x


def always(x):
    return x + 1
