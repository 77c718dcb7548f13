# Identifiers are numbered by their first appearance within the block:
# consistent renaming (function, parameter, attribute names alike) groups,
# a different pattern of repeated names does not.


def scale(values, factor):  # want clone:"g1"
    result = [v * factor for v in values]
    return result


def stretch(items, ratio):  # want clone:"g1"
    out = [x * ratio for x in items]
    return out


def square(values, factor):
    result = [v * v for v in values]
    return result


class Box:
    def get_width(self):  # want clone:"g2"
        value = self.width
        return value

    def get_height(self):  # want clone:"g2"
        value = self.height
        return value
