# A block whose condition is TYPE_CHECKING or typing.TYPE_CHECKING is never
# a candidate, however long; the blocks inside it still are. Any other
# condition is an ordinary candidate.
import typing
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    for name in NAMES:  # want clone:"g1"
        print(name)
        print(name)

if TYPE_CHECKING:
    for name in NAMES:  # want clone:"g1"
        print(name)
        print(name)

if typing.TYPE_CHECKING:
    from a import b
    from c import d

if typing.TYPE_CHECKING:
    from a import b
    from c import d

if not TYPE_CHECKING:  # want clone:"g2"
    from a import b
    from c import d

if not TYPE_CHECKING:  # want clone:"g2"
    from a import b
    from c import d
