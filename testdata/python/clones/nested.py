# Nested functions are candidates of their own and also part of their
# parent's tokens.


def outer_one(values):  # want clone:"g1"
    def helper(v):  # want clone:"g2"
        doubled = v * 2
        return doubled

    result = helper(values)
    return result


def outer_two(items):  # want clone:"g1"
    def helper(v):  # want clone:"g2"
        doubled = v * 2
        return doubled

    result = helper(items)
    return result


# The nested function differs (+ not *): the parents are not clones, and
# this helper is not a clone of the two above.
def outer_three(items):
    def helper(v):
        doubled = v + 2
        return doubled

    result = helper(items)
    return result


class Shape:
    def area(self):  # want clone:"g3"
        width = self.width
        return width * self.height

    def volume(self):  # want clone:"g3"
        depth = self.depth
        return depth * self.height
