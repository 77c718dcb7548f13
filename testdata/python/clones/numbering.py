# Identifiers are numbered by first appearance in the body, one map for
# variables, called names and attribute names alike.


def store(record, value):  # want clone:"g1"
    record.value = value
    return record.value


def keep(box, item):  # want clone:"g1"
    box.item = item
    return box.item


# The attribute name differs from the assigned name here: $VAR3, not $VAR2.
def rename(record, data):
    record.value = data
    return record.value


def first_name(a, b):  # want clone:"g2"
    a = b
    return a


def first_again(x, y):  # want clone:"g2"
    x = y
    return x


# Returns the second name: not a clone of the two above.
def second_name(a, b):
    a = b
    return b
